// A fresh database per run, MySQL (dms_bench_<time>) or a SQLite file, behind one small
// interface over mysql2 and better-sqlite3 for seeding, EXPLAIN and the webhook counts.
'use strict';

const { mkdtempSync, rmSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');

async function openMysql(stamp) {
  const mysql = require('mysql2/promise');
  const server = process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306';
  const name = `dms_bench_${stamp}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  const admin = await mysql.createConnection({ uri: server });
  const [[{ version }]] = await admin.query('SELECT VERSION() AS version');
  await admin.query(
    `CREATE DATABASE ${admin.escapeId(name)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
  );
  let connection;
  return {
    kind: 'mysql',
    version,
    env: { DATABASE_URL: url.toString() },
    insertIgnore: 'INSERT IGNORE',
    async connect() {
      connection = await mysql.createConnection({ uri: url.toString(), timezone: 'Z' });
    },
    async run(sql, params = []) {
      const [result] = await connection.query(sql, params);
      return result;
    },
    async all(sql, params = []) {
      const [rows] = await connection.query(sql, params);
      return rows;
    },
    async explain(sql, params) {
      const [rows] = await connection.query(`EXPLAIN ${sql}`, params);
      return rows;
    },
    async analyze() {
      await connection.query(
        'ANALYZE TABLE docs, user_docs, user_doc_counts, folders, search_terms, search_postings, search_rare_postings',
      );
    },
    async close(keep) {
      await connection?.end();
      if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeId(name)}`);
      await admin.end();
      return keep ? `kept the database ${name}` : undefined;
    },
  };
}

async function openSqlite() {
  const Database = require('better-sqlite3');
  const dir = mkdtempSync(join(os.tmpdir(), 'dms-bench-'));
  const path = join(dir, 'docs.sqlite');
  let db;
  return {
    kind: 'sqlite',
    version: `SQLite ${new Database(':memory:').prepare('SELECT sqlite_version() AS v').get().v}`,
    env: { SQLITE_PATH: path },
    insertIgnore: 'INSERT OR IGNORE',
    async connect() {
      db = new Database(path, { timeout: 5000 });
    },
    async run(sql, params = []) {
      return db.prepare(sql).run(...params);
    },
    async all(sql, params = []) {
      return db.prepare(sql).all(...params);
    },
    async explain(sql, params) {
      return db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params);
    },
    // No ANALYZE: the service never runs it, so its databases have no statistics. With them
    // (sqlite_stat4), SQLite 3.53 prepares a statement again at each run whose parameters it
    // compares with an indexed column: a member's list page took 0.44 ms instead of 0.26.
    async analyze() {},
    async close(keep) {
      db?.close();
      if (keep) return `kept the database ${path}`;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { openMysql, openSqlite };
