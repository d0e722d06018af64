import { textOfHtml, textOfHtmlUntil } from './html-text';

describe('textOfHtmlUntil', () => {
  it('read to the end: the same text as textOfHtml, whitespace runs across every kilobyte', () => {
    for (let pad = 1000; pad < 1060; pad++) {
      for (const gap of [' ', '\n \t', '</p>\n<p>', ' <br> ', '&nbsp; ']) {
        const html = `${' '.repeat(pad % 7)}<p>${'x'.repeat(pad)}${gap}y ${'z'.repeat(pad)}${gap}</p>${' '.repeat(1100)}`;
        expect(textOfHtmlUntil(html, () => false)).toBe(textOfHtml(html));
      }
    }
  });

  it('whitespace and empty blocks over the first kilobytes: the text starts with its first word', () => {
    const html = `${'<p> </p>\n'.repeat(400)}<p>first words</p>${'<p>more text</p>'.repeat(200)}`;
    expect(textOfHtmlUntil(html, () => false)).toBe(textOfHtml(html));
    expect(textOfHtmlUntil(html, (read) => read.length > 0).startsWith('first words')).toBe(true);
  });

  it('stopped early: whole words only, the beginning of the whole text', () => {
    const html = `<p>${'one two three '.repeat(300)}</p>`;
    const seen: string[] = [];
    const read = textOfHtmlUntil(html, (text) => seen.push(text) === 2);
    expect(read).toBe(seen[1]);
    expect(read.length).toBeGreaterThan(1024);
    expect(textOfHtml(html).startsWith(`${read} `)).toBe(true);
    expect(read.endsWith(' ')).toBe(false);
  });
});
