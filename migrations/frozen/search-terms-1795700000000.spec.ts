import { indexTerms, reindexDocuments, textOfHtml } from './search-terms-1795700000000';

/**
 * The frozen copy the Search migrations write terms with is version 1.2's tokenizer. The expected
 * terms below were computed once with the live code of commit 93c2d44 (1.2.0), `indexTerms(title)`
 * and `indexTerms(textOfHtml(html))` from `src/common/text/`, and recorded here: this spec does not
 * import live code, and it must not be updated when the live tokenizer changes (the frozen copy
 * does not change either). Text in scripts written without spaces is split by `Intl.Segmenter`,
 * so those cases use common words ICU's dictionaries split alike across Node.js versions.
 */
describe('frozen search terms of the Search migration (1795700000000, tokenizer of 1.2)', () => {
  const titles: [title: string, terms: string][] = [
    [
      "Quarterly report: Q3 2030 — don't panic",
      'xxq0035uarterly xxreport xxq00353 xx2030 xxdont xxpanic',
    ],
    ['Quiz of the day, e.g. 3.14 and x_y', 'xxq0035uiz xxof xxthe xxday xxeg xx314 xxand xxxy'],
    ['Café NAÏVE Ｆｕｌｌ ﬁle Straße', 'xxcafe xxnaive xxfull xxfile xxstraq0067e'],
    [
      'ΣΟΦΊΑ σοφία Ёлка',
      'xxq00qrq00qnq00quq00qhq00q9 xxq00qrq00qnq00quq00qhq00q9 xxq00txq00u3q00u2q00ts',
    ],
    ['我们讨论数据库迁移', 'xxq0jddq0fl8 xxq0rl4q0rlm xxq0k1cq0jn2 xxq0ioj xxq0se9q0o3f'],
    [
      '東京都の天気 データベース ﾃﾞｰﾀ',
      'xxq0kflq0fjg xxq0sn1 xxq09ke xxq0hm1q0lcn xxq09mvq09ocq09mnq09ndq09ocq09mh xxq09mvq09ocq09mn',
    ],
    ['서울에서 만나요 ㈜회사', 'xxq1258q1394q132oq1258 xxq10p8q0yvsq1384 xxq16doq1224'],
    ['ภาษาไทย', 'xxq02sgq02syq02spq02sy xxq02tgq02s7q02si'],
    ['DB数据库 Ｔｉｍｅ', 'xxdb xxq0k1cq0jn2 xxq0ioj xxtime'],
    // Longer than 84 characters: cut, for an escaped term at a character's boundary.
    [
      'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(2),
      'xxpneumonoultramicroscopicsilicovolcanoconiosispneumonoultramicroscopicsilicovolcano',
    ],
    [
      'σοφία'.repeat(4),
      'xxq00qrq00qnq00quq00qhq00q9q00qrq00qnq00quq00qhq00q9q00qrq00qnq00quq00qhq00q9q00qr',
    ],
    ['😀 — ... & <b>', 'xxb'],
    ['', ''],
  ];

  const bodies: [html: string, terms: string][] = [
    ['', ''],
    [' \n\t ', ''],
    ['<p>kept from before</p>', 'xxkept xxfrom xxbefore'],
    ['<p>我们讨论数据库迁移</p>', 'xxq0jddq0fl8 xxq0rl4q0rlm xxq0k1cq0jn2 xxq0ioj xxq0se9q0o3f'],
    [
      '<h1>Title</h1><p>one<br>two</p><ul><li>first</li><li>second</li></ul>' +
        '<table><tr><td>cell</td><td>next</td></tr></table>',
      'xxtitle xxone xxtwo xxfirst xxsecond xxcell xxnext',
    ],
    [
      '<p>bold<b>in</b>line and <a href="https://example.com/hidden">a link</a></p>',
      'xxboldinline xxand xxa xxlink',
    ],
    [
      '<p>caf&eacute; &amp; cr&egrave;me br&ucirc;l&eacute;e &#x6771;&#20140; &lt;tag&gt;</p>',
      'xxcafe xxcreme xxbrulee xxq0kflq0fjg xxtag',
    ],
    [
      '<script>var hidden = 1;</script><style>p { color: red }</style><p>visible</p>' +
        '<noscript>fallback</noscript><template>later</template>',
      'xxvisible',
    ],
    [
      '<p>東京都の天気は<strong>晴れ</strong>です。</p><p>서울에서 <em>만나요</em></p>' +
        '<p>Mixed English text, 3.14 and e.g. x_y</p>',
      'xxq0kflq0fjg xxq0sn1 xxq09ke xxq0hm1q0lcn xxq09kf xxq0k8kq09l8 xxq09k7q09jt ' +
        'xxq1258q1394q132oq1258 xxq10p8q0yvsq1384 xxmixed xxenglish xxtext xx314 xxand xxeg xxxy',
    ],
    ['plain  text\nwith\tspaces, no markup', 'xxplain xxtext xxwith xxspaces xxno xxmarkup'],
    ['<img alt="not text" src="x.png">after<hr>end<!-- a comment -->', 'xxafter xxend'],
    ['<div><p>unclosed <b>bold', 'xxunclosed xxbold'],
    [
      '<pre>Ｆｕｌｌ-width ﬁle ΣΟΦΊΑ</pre><blockquote>Straße Ёлка</blockquote>',
      'xxfull xxwidth xxfile xxq00qrq00qnq00quq00qhq00q9 xxstraq0067e xxq00txq00u3q00u2q00ts',
    ],
  ];

  it.each(titles)('writes the terms 1.2 wrote for the title %j', (title, terms) => {
    expect(indexTerms(title)).toBe(terms);
  });

  it.each(bodies)('writes the terms 1.2 wrote for the HTML %j', (html, terms) => {
    expect(indexTerms(textOfHtml(html))).toBe(terms);
  });

  it("rebuilds every document in 1.2's batches and statements", async () => {
    const docs = Array.from({ length: 201 }, (_, i) => ({
      id: 2 * i + 1,
      version: 3,
      title: i === 200 ? '我们讨论数据库迁移' : `Old note ${i}`,
      html: '<p>kept from before</p>',
    }));
    const statements: [string, unknown[]][] = [];
    const batches: number[] = [];
    const written = await reindexDocuments(
      (sql, parameters) => {
        statements.push([sql, parameters]);
        if (!sql.startsWith('SELECT')) return Promise.resolve([]);
        const [after, limit] = parameters as [number, number];
        // MySQL gives BIGINT ids as strings: the copy reads them with Number, as 1.2 did.
        const rows = docs.filter((doc) => doc.id > after).slice(0, limit);
        return Promise.resolve(rows.map((doc) => ({ ...doc, id: String(doc.id) })));
      },
      (count) => batches.push(count),
    );

    expect(written).toBe(201);
    expect(batches).toEqual([200, 201]);
    const select = 'SELECT id, version, title, html FROM docs WHERE id > ? ORDER BY id LIMIT ?';
    const update = 'UPDATE docs SET search_title = ?, search_body = ? WHERE id = ? AND version = ?';
    const reads = statements.filter(([sql]) => sql === select).map(([, parameters]) => parameters);
    expect(reads).toEqual([
      [0, 200],
      [399, 200],
      [401, 200],
    ]);
    const writes = statements.filter(([sql]) => sql === update).map(([, parameters]) => parameters);
    expect(writes).toHaveLength(201);
    expect(statements).toHaveLength(reads.length + writes.length);
    expect(writes[0]).toEqual(['xxold xxnote xx0', 'xxkept xxfrom xxbefore', '1', 3]);
    expect(writes[200]).toEqual([
      'xxq0jddq0fl8 xxq0rl4q0rlm xxq0k1cq0jn2 xxq0ioj xxq0se9q0o3f',
      'xxkept xxfrom xxbefore',
      '401',
      3,
    ]);
  });
});
