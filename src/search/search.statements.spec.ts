import {
  searchCountStatement,
  searchPageStatement,
  searchShapes,
  searchStatements,
  searchTermsStatement,
} from './search.statements';

const questionMarks = (sql: string) => (sql.match(/\?/g) ?? []).length;

describe('search statements', () => {
  it.each(['mysql', 'sqlite'] as const)(
    'name a parameter for every ? of every shape (%s)',
    (dialect) => {
      for (const shape of searchShapes()) {
        for (const statement of [
          searchPageStatement(dialect, shape),
          searchCountStatement(dialect, shape),
        ]) {
          expect([shape, questionMarks(statement.sql)]).toEqual([
            shape,
            statement.parameters.length,
          ]);
        }
      }
    },
  );

  it('have a text per shape, whatever the query (its words, prefixes and phrases are JSON)', () => {
    const shapes = searchShapes();
    // 2 starts (the caller's documents, the words') x 8 groupings (one group: of one term, of
    // several; groups: the first of one term, every one of one term, the first of several; the
    // last three with phrases or without) x (4 filters of user_docs + 2 of every way).
    expect(shapes).toHaveLength(96);
    const texts = (start: string) =>
      new Set(
        shapes
          .filter((shape) => shape.start === start)
          .map((shape) => searchPageStatement('mysql', shape).sql),
      );
    // From the caller's, through every way, one group is read as groups are (a document has a
    // row per way); from the words, every shape has its own text.
    expect(texts('caller').size).toBe(44);
    expect(texts('word').size).toBe(48);
  });

  it('look terms up with the words padded to a power of two, and a prefix or none', () => {
    const names = Object.keys(searchStatements('sqlite')).filter((name) =>
      name.startsWith('terms.'),
    );
    expect(names).toHaveLength(13);
    expect(searchTermsStatement('mysql', 2, true)).toMatch(/term IN \(\?, \?\) OR term LIKE \?$/);
    expect(searchTermsStatement('sqlite', 0, true)).toMatch(/WHERE term GLOB \?$/);
  });
});
