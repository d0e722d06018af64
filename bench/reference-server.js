#!/usr/bin/env node
// The raw reference for `npm run bench -- --reference`: the document endpoints on node:http and
// mysql2 alone, sending the same SQL statements, in the same transactions, as the service does
// on MySQL. No framework, no validation library, no logging, no rate limits, no security
// headers: the ratio service / reference is then the price of everything the service adds.
//
//   DATABASE_URL=mysql://root@127.0.0.1:3306/dms node bench/reference-server.js
//
// Environment: DATABASE_URL (a database the service has migrated), HOST (127.0.0.1), PORT
// (3100), REFERENCE_WORKERS (1; more forks that many processes with node:cluster),
// DB_POOL_SIZE (10, mysql2's default, which the service's TypeORM pool also uses).
// Endpoints: GET /health, POST /api/v1/docs, GET /api/v1/docs (page, per_page, path),
// GET, PUT and DELETE /api/v1/docs/:uuid. The business rules the service applies are
// applied here too (token checks, pagination, folder paths, the HTML sanitiser from dist/),
// so both do the same work per request apart from the framework.
'use strict';

// =============================================================================================
// SQL: the statements the service sends, copied from
//   src/auth/api-tokens.repository.ts    (authentication, last-used write)
//   src/docs/docs.repository.ts          (list count and page, detail, insert, update, delete)
//   src/folders/folders.repository.ts    (the folder chain on create)
//   src/database/transaction-runner.ts   (TypeORM's transaction statements at READ COMMITTED)
// Keep this block in step with them. Where the built service exports a statement, the
// reference checks at start that its copy is the same (see checkAgainstBuiltService).
// =============================================================================================

const SQL = {
  /** One indexed lookup: the token and its user. */
  auth: `SELECT t.id AS token_id, t.expires_at AS expires_at,
  t.revoked_at AS revoked_at, t.last_used_at AS last_used_at, u.id AS user_id, u.email AS email,
  u.fname AS fname, u.lname AS lname, u.avatar_url AS avatar_url
FROM api_tokens t JOIN users u ON u.id = t.user_id
WHERE t.token_hash = ?`,
  /** At most once a minute per token. */
  recordUse:
    'UPDATE api_tokens SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)',

  total: 'SELECT COALESCE(SUM(doc_count), 0) AS n FROM user_doc_counts WHERE user_id = ?',
  /** `?path=`: the count on the folder's list-order index. */
  folderTotal: (condition) => `SELECT COUNT(*) AS n FROM docs WHERE owner_id = ?${condition}`,
  page: (condition, from) => {
    const direction = from === 'newest-first' ? 'DESC' : 'ASC';
    return `SELECT ${DOC_USER_COLUMNS}
FROM (SELECT id, updated_at FROM docs WHERE owner_id = ?${condition}
      ORDER BY updated_at ${direction}, id ${direction} LIMIT ? OFFSET ?) page
JOIN docs d ON d.id = page.id
LEFT JOIN folders f ON f.id = d.folder_id
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id
ORDER BY page.updated_at DESC, page.id DESC, ${MEMBERS_ORDER}`;
  },
  homeCondition: ' AND folder_id IS NULL',
  folderCondition: ' AND folder_id = (SELECT id FROM folders WHERE user_id = ? AND path_hash = ?)',

  detail: () => `SELECT ${DOC_USER_COLUMNS}, d.html AS html
FROM docs d
JOIN user_docs me ON me.doc_id = d.id AND me.user_id = ?
LEFT JOIN folders f ON f.id = d.folder_id
JOIN user_docs m ON m.doc_id = d.id
JOIN users u ON u.id = m.user_id
WHERE d.uuid = ?
ORDER BY ${MEMBERS_ORDER}`,

  beginReadCommitted: ['SET TRANSACTION ISOLATION LEVEL READ COMMITTED', 'START TRANSACTION'],
  commit: 'COMMIT',
  rollback: 'ROLLBACK',

  /** The folder chain of a create into a folder, in one statement (one row per folder). */
  insertFolders: (count) => {
    const rows = Array.from({ length: count }, () => 'SELECT ? AS path, ? AS path_hash');
    return `INSERT IGNORE INTO folders (user_id, path, path_hash, created_at)
SELECT ?, chain.path, chain.path_hash, ? FROM (${rows.join(' UNION ALL ')}) chain
WHERE NOT EXISTS (SELECT 1 FROM folders f WHERE f.user_id = ? AND f.path_hash = chain.path_hash)`;
  },
  insertHomeDoc:
    'INSERT INTO docs (uuid, owner_id, folder_id, title, html, created_at, updated_at) VALUES (?, ?, NULL, ?, ?, ?, ?)',
  insertFolderDoc: `INSERT INTO docs (uuid, owner_id, folder_id, title, html, created_at, updated_at)
SELECT ?, ?, f.id, ?, ?, ?, ? FROM folders f WHERE f.user_id = ? AND f.path_hash = ?`,
  insertOwner:
    "INSERT INTO user_docs (user_id, doc_id, role, created_at) VALUES (?, ?, 'owner', ?)",
  countBump:
    'INSERT INTO user_doc_counts (user_id, slot, doc_count) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE doc_count = doc_count + ?',

  /** Built per request from the fields given, as the service does. */
  update: (assignments) =>
    `UPDATE docs SET ${assignments.join(', ')} WHERE uuid = ? AND owner_id = ?`,
  deleteOwned: 'DELETE FROM docs WHERE uuid = ? AND owner_id = ?',
};

const DOC_USER_COLUMNS = `d.id AS doc_id, d.uuid AS uuid, d.title AS title, f.path AS path,
  d.created_at AS created_at, d.updated_at AS updated_at, u.id AS user_id, u.fname AS fname,
  u.lname AS lname, u.email AS email, u.avatar_url AS avatar_url`;
const MEMBERS_ORDER = `CASE WHEN m.role = 'owner' THEN 0 ELSE 1 END, m.created_at, m.user_id`;

/** The user's document count is spread over this many rows (src/docs/docs.repository.ts). */
const DOC_COUNT_SLOTS = 16;
const DEADLOCK_ATTEMPTS = 5;
const LAST_USED_RESOLUTION_MS = 60_000;

// =============================================================================================

const cluster = require('node:cluster');
const { createHash, randomInt, randomUUID } = require('node:crypto');
const http = require('node:http');
const { join } = require('node:path');
const mysql = require('mysql2');

const dist = join(__dirname, '..', 'dist', 'src');
const BODY_LIMIT_BYTES = 5 * 1024 * 1024;
const TOKEN = /^dms_[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^[0-9]+$/;

/** Fails loudly when the built service's list statements differ from the copies above. */
function checkAgainstBuiltService() {
  let built;
  try {
    built = require(join(dist, 'docs', 'docs.repository.js')).listQueries;
  } catch {
    return; // not built, or the export is gone: nothing to compare with
  }
  if (!built) return;
  const differs = [];
  if (built.total !== undefined && built.total !== SQL.total) differs.push('total');
  for (const from of ['newest-first', 'oldest-first']) {
    if (typeof built.page === 'function' && built.page(from) !== SQL.page('', from)) {
      differs.push(`page (${from})`);
    }
  }
  if (differs.length > 0) {
    console.error(
      `reference-server: the built service's SQL differs from the reference's copy (${differs.join(', ')}); ` +
        'update the SQL block at the top of bench/reference-server.js',
    );
    process.exit(2);
  }
}

// ---------------------------------------------------------------------------------------------
// Database

function createPool() {
  return mysql.createPool({
    uri: process.env.DATABASE_URL,
    charset: 'utf8mb4',
    timezone: 'Z',
    supportBigNumbers: true,
    connectionLimit: Number(process.env.DB_POOL_SIZE || 10),
  });
}

/** One statement on the pool or a connection: rows, or the result header of a write. */
function query(target, sql, params) {
  return new Promise((resolve, reject) => {
    target.query(sql, params, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function connection(pool) {
  return new Promise((resolve, reject) => {
    pool.getConnection((error, conn) => (error ? reject(error) : resolve(conn)));
  });
}

/** READ COMMITTED transaction, run again when InnoDB picks it as a deadlock victim. */
async function transaction(pool, work) {
  for (let attempt = 1; ; attempt++) {
    const conn = await connection(pool);
    try {
      for (const sql of SQL.beginReadCommitted) await query(conn, sql, []);
      const result = await work(conn);
      await query(conn, SQL.commit, []);
      return result;
    } catch (error) {
      await query(conn, SQL.rollback, []).catch(() => undefined);
      if (error.errno !== 1213 || attempt >= DEADLOCK_ATTEMPTS) throw error;
    } finally {
      conn.release();
    }
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
  }
}

const sqlTime = (date) => date.toISOString().slice(0, 23).replace('T', ' ');
const iso = (value) => (value instanceof Date ? value : new Date(`${value}Z`)).toISOString();

// ---------------------------------------------------------------------------------------------
// HTTP

class HttpError extends Error {
  constructor(status, message, headers = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

function send(response, status, body, headers) {
  if (body === undefined) {
    response.writeHead(status, headers);
    response.end();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

function readJson(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > BODY_LIMIT_BYTES) {
        reject(new HttpError(413, 'request body is larger than the 5 MiB limit'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new HttpError(400, 'request body is not valid JSON'));
      }
    });
    request.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------
// The endpoints

function createApp(pool) {
  const { HtmlSanitizer } = require(join(dist, 'docs', 'html-sanitizer.js'));
  const { gravatarUrl } = require(join(dist, 'users', 'user.mapper.js'));
  const sanitizer = new HtmlSanitizer();
  const lastRecorded = new Map();

  async function authenticate(request) {
    const header = request.headers.authorization;
    const match = header && /^Bearer +(\S+)$/i.exec(header);
    const unauthorized = (message) =>
      new HttpError(401, message, { 'WWW-Authenticate': 'Bearer realm="api"' });
    if (!match) throw unauthorized('missing bearer token');
    const token = match[1];
    if (!TOKEN.test(token)) throw unauthorized('invalid bearer token');
    const hash = createHash('sha256').update(token, 'utf8').digest('hex');
    const [row] = await query(pool, SQL.auth, [hash]);
    if (!row) throw unauthorized('invalid bearer token');
    const now = new Date();
    if (row.revoked_at) throw unauthorized('bearer token has been revoked');
    if (row.expires_at && row.expires_at <= now) throw unauthorized('bearer token has expired');
    const tokenId = Number(row.token_id);
    const stale = (at) => at === undefined || now - at >= LAST_USED_RESOLUTION_MS;
    if (stale(row.last_used_at?.getTime()) && stale(lastRecorded.get(tokenId))) {
      lastRecorded.set(tokenId, now.getTime());
      await query(pool, SQL.recordUse, [
        sqlTime(now),
        tokenId,
        sqlTime(new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
      ]);
    }
    return {
      id: Number(row.user_id),
      email: row.email,
      fname: row.fname,
      lname: row.lname,
      avatarUrl: row.avatar_url,
    };
  }

  function listItems(rows) {
    const items = new Map();
    for (const row of rows) {
      const id = Number(row.doc_id);
      let item = items.get(id);
      if (!item) {
        item = {
          id,
          uuid: row.uuid,
          title: row.title,
          path: row.path ?? '~',
          created_at: iso(row.created_at),
          updated_at: iso(row.updated_at),
          user_docs: [],
        };
        items.set(id, item);
      }
      item.user_docs.push({
        user: {
          id: Number(row.user_id),
          fname: row.fname,
          lname: row.lname,
          email: row.email,
          avatar_url: row.avatar_url ?? gravatarUrl(row.email),
        },
      });
    }
    return [...items.values()];
  }

  function positive(params, name, fallback, max, rule) {
    const text = params.get(name);
    if (text === null) return fallback;
    const value = DIGITS.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(value) || value < 1 || value > max) throw new HttpError(400, rule);
    return value;
  }

  async function list(user, params) {
    const page = positive(
      params,
      'page',
      1,
      Number.MAX_SAFE_INTEGER,
      'page must be an integer of at least 1',
    );
    const perPage = positive(
      params,
      'per_page',
      20,
      100,
      'per_page must be an integer between 1 and 100',
    );
    const path = params.get('path');
    let condition = '';
    let conditionParams = [];
    if (path !== null) {
      const folder = parsePath(path);
      if (folder.segments.length === 0) condition = SQL.homeCondition;
      else {
        condition = SQL.folderCondition;
        conditionParams = [user.id, folder.hash];
      }
    }
    const [{ n }] =
      path === null
        ? await query(pool, SQL.total, [user.id])
        : await query(pool, SQL.folderTotal(condition), [user.id, ...conditionParams]);
    const total = Number(n);
    const offset = (page - 1) * perPage;
    let rows = [];
    if (offset < total) {
      // A page in the second half of the list is read from the oldest end (pageWindow).
      const end = Math.min(offset + perPage, total);
      const fromOldest = total - end;
      const window =
        fromOldest >= offset
          ? { from: 'newest-first', offset, limit: perPage }
          : { from: 'oldest-first', offset: fromOldest, limit: end - offset };
      rows = await query(pool, SQL.page(condition, window.from), [
        user.id,
        ...conditionParams,
        window.limit,
        window.offset,
      ]);
    }
    const totalPages = Math.ceil(total / perPage);
    return {
      docs: listItems(rows),
      pagination: {
        current_page: page,
        next_page: page < totalPages ? page + 1 : null,
        prev_page: page > 1 && page <= totalPages ? page - 1 : null,
        total_pages: totalPages,
        total_count: total,
      },
    };
  }

  async function get(user, uuid) {
    const rows = await query(pool, SQL.detail(), [user.id, uuid]);
    if (rows.length === 0) throw new HttpError(404, 'document not found');
    const [{ id, uuid: docUuid, title, path, created_at, updated_at, user_docs }] = listItems(rows);
    const html = rows[0].html ?? '';
    return { id, uuid: docUuid, title, html, path, created_at, updated_at, user_docs };
  }

  async function create(user, body) {
    if (body === null || typeof body !== 'object')
      throw new HttpError(400, 'body must be an object');
    const title = typeof body.title === 'string' ? body.title.trim() : undefined;
    if (title === undefined) throw new HttpError(400, 'title must be a string');
    if (title.length === 0 || [...title].length > 255) {
      throw new HttpError(400, 'title must be 1 to 255 characters');
    }
    if (body.html !== undefined && typeof body.html !== 'string') {
      throw new HttpError(400, 'html must be a string');
    }
    const folder = body.path === undefined ? { segments: [] } : parsePath(body.path);
    const html = sanitizer.sanitize(body.html ?? '');
    const uuid = randomUUID();
    await transaction(pool, async (conn) => {
      const at = sqlTime(new Date());
      if (folder.segments.length > 0) {
        const chain = folder.segments.map((_, i) => pathOf(folder.segments.slice(0, i + 1)));
        await query(conn, SQL.insertFolders(chain.length), [
          user.id,
          at,
          ...chain.flatMap((path) => [path, hashOf(path)]),
          user.id,
        ]);
      }
      const inserted =
        folder.segments.length === 0
          ? await query(conn, SQL.insertHomeDoc, [uuid, user.id, title, html, at, at])
          : await query(conn, SQL.insertFolderDoc, [
              uuid,
              user.id,
              title,
              html,
              at,
              at,
              user.id,
              folder.hash,
            ]);
      if (inserted.affectedRows !== 1) throw new Error('the document’s folder is missing');
      await query(conn, SQL.insertOwner, [user.id, inserted.insertId, at]);
      await query(conn, SQL.countBump, [user.id, randomInt(DOC_COUNT_SLOTS), 1, 1]);
    });
    return uuid;
  }

  async function update(user, uuid, body) {
    if (body === null || typeof body !== 'object')
      throw new HttpError(400, 'body must be an object');
    const assignments = [];
    const params = [];
    if (body.title !== undefined) {
      const title = typeof body.title === 'string' ? body.title.trim() : '';
      if (title.length === 0 || [...title].length > 255) {
        throw new HttpError(400, 'title must be 1 to 255 characters');
      }
      assignments.push('title = ?');
      params.push(title);
    }
    if (body.html !== undefined) {
      if (typeof body.html !== 'string') throw new HttpError(400, 'html must be a string');
      assignments.push('html = ?');
      params.push(sanitizer.sanitize(body.html));
    }
    if (assignments.length === 0) {
      throw new HttpError(400, 'at least one of title or html must be given');
    }
    assignments.push('updated_at = ?');
    params.push(sqlTime(new Date()), uuid, user.id);
    const result = await query(pool, SQL.update(assignments), params);
    if (result.affectedRows === 0) throw new HttpError(404, 'document not found');
  }

  async function remove(user, uuid) {
    const deleted = await transaction(pool, async (conn) => {
      const result = await query(conn, SQL.deleteOwned, [uuid, user.id]);
      if (result.affectedRows === 0) return false;
      await query(conn, SQL.countBump, [user.id, randomInt(DOC_COUNT_SLOTS), -1, -1]);
      return true;
    });
    if (!deleted) throw new HttpError(404, 'document not found');
  }

  async function route(request, response) {
    const url = new URL(request.url, 'http://reference');
    const { pathname } = url;
    const method = request.method;
    if (pathname === '/health' && method === 'GET') {
      await query(pool, 'SELECT 1', []);
      return send(response, 200, { status: 'ok', database: 'up' });
    }
    if (pathname === '/api/v1/docs') {
      if (method === 'GET') {
        const user = await authenticate(request);
        return send(response, 200, await list(user, url.searchParams));
      }
      if (method === 'POST') {
        const user = await authenticate(request);
        const uuid = await create(user, await readJson(request));
        return send(response, 201, { uuid }, { Location: `/api/v1/docs/${uuid}` });
      }
    }
    if (pathname.startsWith('/api/v1/docs/')) {
      const uuid = pathname.slice('/api/v1/docs/'.length);
      const user = await authenticate(request);
      if (!UUID.test(uuid)) throw new HttpError(400, 'uuid must be a UUID');
      if (method === 'GET') return send(response, 200, await get(user, uuid));
      if (method === 'PUT') {
        await update(user, uuid, await readJson(request));
        return send(response, 204);
      }
      if (method === 'DELETE') {
        await remove(user, uuid);
        return send(response, 204);
      }
    }
    throw new HttpError(404, `no route ${method} ${pathname}`);
  }

  return (request, response) => {
    route(request, response).catch((error) => {
      if (response.headersSent) return;
      if (error instanceof HttpError) {
        send(response, error.status, { error: error.message }, error.headers);
      } else {
        console.error(error);
        send(response, 500, { error: 'internal server error' });
      }
    });
  };
}

/** `~`, `~/a/b`: the folder names, and the hash the unique index keys paths by. */
function parsePath(input) {
  if (typeof input !== 'string') throw new HttpError(400, 'path must be a string');
  const [root, ...rest] = input.split('/');
  if (root.trim() !== '~') throw new HttpError(400, 'path must be "~" or start with "~/"');
  const segments = rest.map((raw) => raw.trim());
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new HttpError(400, 'path has an empty, "." or ".." folder name');
  }
  return { segments, hash: hashOf(pathOf(segments)) };
}

const pathOf = (segments) => ['~', ...segments].join('/');
const hashOf = (path) => createHash('sha256').update(path, 'utf8').digest('hex');

// ---------------------------------------------------------------------------------------------

function main() {
  if (!process.env.DATABASE_URL) {
    console.error('reference-server: DATABASE_URL is required (a mysql:// URL)');
    process.exit(2);
  }
  const workers = Number(process.env.REFERENCE_WORKERS || 1);
  if (workers > 1 && cluster.isPrimary) {
    checkAgainstBuiltService();
    for (let i = 0; i < workers; i++) cluster.fork();
    cluster.on('exit', (worker, code, signal) => {
      if (!worker.exitedAfterDisconnect) {
        console.error(`reference-server: a worker stopped (${signal ?? code})`);
        process.exit(1);
      }
    });
    const stop = () => {
      for (const worker of Object.values(cluster.workers)) worker.process.kill('SIGTERM');
      process.exit(0);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    return;
  }
  if (cluster.isPrimary) checkAgainstBuiltService();
  const pool = createPool();
  const server = http.createServer(createApp(pool));
  server.keepAliveTimeout = 5000;
  server.listen(Number(process.env.PORT || 3100), process.env.HOST || '127.0.0.1');
  const stop = () => server.close(() => pool.end(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
