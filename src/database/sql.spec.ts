import Database from 'better-sqlite3';
import { sqliteStatementText } from './sql';

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
