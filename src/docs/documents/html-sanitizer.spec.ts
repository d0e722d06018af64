import { textOfHtml } from '../../common/text/html-text';
import { countTerms, indexTerms } from '../../common/text/search-terms';
import { InvalidInput } from '../../common/errors/domain-errors';
import { sanitizeDocumentHtml } from './html-policy';
import { HtmlSanitizer, INLINE_SANITIZING_LIMIT } from './html-sanitizer';

// Large documents are sanitised by the worker pool (from the build: `npm test` builds first).
describe('HtmlSanitizer', () => {
  const sanitizer = new HtmlSanitizer();
  afterAll(() => sanitizer.onModuleDestroy());

  const large = (unit: string) =>
    unit.repeat(Math.ceil((INLINE_SANITIZING_LIMIT + 1) / unit.length));

  it.each([
    ['small, on the event loop', '<p id="x" onclick="a()">small <script>x</script></p>'],
    ['large, in a worker thread', large('<p id="x" onclick="a()">big <script>x</script></p>')],
  ])('%s: the policy applies, and the terms are those of the text', async (_label, html) => {
    const { html: sanitized, searchTerms, termCounts } = await sanitizer.sanitize(html);
    expect(sanitized).toEqual((sanitizeDocumentHtml(html) as { html: string }).html);
    expect(sanitized).not.toMatch(/id=|onclick|script/);
    expect(searchTerms).toEqual(indexTerms(textOfHtml(sanitized)));
    expect(searchTerms.startsWith(html.length > 100 ? 'xxbig xxbig' : 'xxsmall')).toBe(true);
    expect(termCounts).toEqual(countTerms(searchTerms));
    expect(await sanitizer.withSearchTerms(sanitized)).toEqual({
      html: sanitized,
      searchTerms,
      termCounts,
    });
  });

  it.each([
    ['short, on the event loop', 'xxa xxb xxa'],
    ['long, in a worker thread', large('xxa xxb xxa xxq4e2d ')],
  ])('counts stored terms, %s', async (_label, terms) => {
    expect(await sanitizer.countTerms(terms)).toEqual(countTerms(terms));
  });

  it.each([
    ['small', '<b>'.repeat(129)],
    ['large', '<b>'.repeat(129) + large('<i></i>')],
  ])('%s and nested too deep: InvalidInput', async (_label, html) => {
    const refusal = sanitizer.sanitize(html);
    await expect(refusal).rejects.toBeInstanceOf(InvalidInput);
    await expect(refusal).rejects.toThrow('html must not nest elements more than 128 deep');
  });
});
