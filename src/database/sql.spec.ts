import Database from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { Sql, SQLITE_STATEMENTS_KEPT, sqliteStatementText } from './sql';
import { SqliteTurn } from './sqlite-turn';

describe('sqliteStatementText', () => {
  it('makes each LIMIT and OFFSET parameter an expression, and nothing else', () => {
    expect(sqliteStatementText('SELECT id FROM t WHERE a = ? ORDER BY id LIMIT ? OFFSET ?')).toBe(
      'SELECT id FROM t WHERE a = ? ORDER BY id LIMIT (? + 0) OFFSET (? + 0)',
    );
    expect(sqliteStatementText('SELECT 1 FROM t LIMIT 1 OFFSET ?')).toBe(
      'SELECT 1 FROM t LIMIT 1 OFFSET (? + 0)',
    );
  });

  it('reads the same rows as the text it was made from', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)');
    const insert = db.prepare('INSERT INTO t (id) VALUES (?)');
    for (let id = 1; id <= 10; id++) insert.run(id);
    const sql = 'SELECT id FROM t ORDER BY id DESC LIMIT ? OFFSET ?';
    for (const [limit, offset] of [
      [3, 0],
      [3, 8],
      [0, 2],
      [-1, 7],
    ]) {
      expect(db.prepare(sqliteStatementText(sql)).all(limit, offset)).toEqual(
        db.prepare(sql).all(limit, offset),
      );
    }
    db.close();
  });
});

describe('Sql on SQLite', () => {
  let dataSource: DataSource;
  let sql: Sql;

  beforeAll(async () => {
    dataSource = new DataSource({ type: 'better-sqlite3', database: ':memory:' });
    await dataSource.initialize();
    sql = new Sql(dataSource, new SqliteTurn());
  });
  afterAll(() => dataSource.destroy());

  it('keeps the statements used most recently when its cache is full', async () => {
    const hot = 'SELECT 1 AS one';
    await sql.rows(hot, []);
    const before = sql.sqlitePrepares;
    // Twice the cache's size of other statements, the hot one between each.
    for (let index = 0; index < 2 * SQLITE_STATEMENTS_KEPT; index++) {
      await sql.rows(`SELECT ${index} AS n`, []);
      expect(await sql.rows(hot, [])).toEqual([{ one: 1 }]);
    }
    // Each other statement prepared once; the hot one never again.
    expect(sql.sqlitePrepares - before).toBe(2 * SQLITE_STATEMENTS_KEPT);
    // The least recently used were dropped: the first of the others is prepared again.
    await sql.rows('SELECT 0 AS n', []);
    expect(sql.sqlitePrepares - before).toBe(2 * SQLITE_STATEMENTS_KEPT + 1);
  });
});
