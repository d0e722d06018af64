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
// applied here too (token checks, pagination, folder paths, the HTML sanitiser and the
// response mappers from dist/), so both do the same work per request apart from the framework.
'use strict';

// =============================================================================================
// SQL: the service's own statements, read from its build (dist/): the repositories export them
// (docsSql, docListSql, docAccessSql, tokensSql, insertMissingFoldersSql), so the reference cannot drift from them. What
// TypeORM itself sends around a transaction is written here.
// =============================================================================================

const BEGIN_READ_COMMITTED = [
  'SET TRANSACTION ISOLATION LEVEL READ COMMITTED',
  'START TRANSACTION',
];
const CONFLICT_ATTEMPTS = 5;
const LAST_USED_RESOLUTION_MS = 60_000;

const cluster = require('node:cluster');
const { createHash, randomUUID } = require('node:crypto');
const http = require('node:http');
const { join } = require('node:path');
const mysql = require('mysql2');

const dist = join(__dirname, '..', 'dist', 'src');
const BODY_LIMIT_BYTES = 5 * 1024 * 1024;
const TOKEN = /^dms_[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^[0-9]+$/;

const { docsSql, moveToTrashSql } = require(join(dist, 'docs', 'documents', 'docs.statements.js'));
const { docListSql } = require(join(dist, 'docs', 'access', 'doc-list.statements.js'));
const { docAccessSql } = require(join(dist, 'docs', 'access', 'doc-access.repository.js'));
const { docWaysSql } = require(join(dist, 'docs', 'access', 'doc-ways.repository.js'));
const { revisionsSql } = require(join(dist, 'docs', 'revisions', 'revisions.repository.js'));
const { trashSql } = require(join(dist, 'docs', 'trash', 'trash.repository.js'));
const { tokensSql } = require(join(dist, 'auth', 'api-tokens.repository.js'));
const { insertMissingFoldersSql } = require(join(dist, 'folders', 'folders.repository.js'));
const { pageWindow } = require(join(dist, 'docs', 'access', 'page-window.js'));

// ---------------------------------------------------------------------------------------------
// Database

function createPool() {
  return mysql.createPool({
    uri: process.env.DATABASE_URL,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    supportBigNumbers: true,
    connectionLimit: Number(process.env.DB_POOL_SIZE || 10),
  });
}

/**
 * One prepared statement on the pool or a connection (as the service runs its own): rows, or
 * the result header of a write.
 */
function query(target, sql, params) {
  return new Promise((resolve, reject) => {
    target.execute(sql, params, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Transaction control, as TypeORM sends it (not prepared). */
function control(conn, sql) {
  return new Promise((resolve, reject) => {
    conn.query(sql, (error, result) => (error ? reject(error) : resolve(result)));
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
      for (const sql of BEGIN_READ_COMMITTED) await control(conn, sql);
      const result = await work(conn);
      await control(conn, 'COMMIT');
      return result;
    } catch (error) {
      await control(conn, 'ROLLBACK').catch(() => undefined);
      if (error.errno !== 1213 || attempt >= CONFLICT_ATTEMPTS) throw error;
    } finally {
      conn.release();
    }
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
  }
}

/** Work on one connection, outside a transaction (the service's `oneConnection`). */
async function onOneConnection(pool, work) {
  const conn = await connection(pool);
  try {
    return await work(conn);
  } finally {
    conn.release();
  }
}

const sqlTime = (date) => date.toISOString().slice(0, 23).replace('T', ' ');

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

/**
 * The endpoints' work on their own, without HTTP: what the reference serves, and what
 * card-floor-server.js serves through the design card's framework.
 */
function createEndpoints(pool) {
  const { HtmlSanitizer } = require(join(dist, 'docs', 'documents', 'html-sanitizer.js'));
  const { indexTerms } = require(join(dist, 'common', 'text', 'search-terms.js'));
  // The service's own mappers: the same fields in the same order, at the same cost.
  const { toDocDetail, toDocListItems } = require(join(dist, 'docs', 'documents', 'doc.mapper.js'));
  const { toRevisionListItem } = require(join(dist, 'docs', 'revisions', 'revision.mapper.js'));
  const { paginate } = require(join(dist, 'common', 'pagination.js'));
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
    const [row] = await query(pool, tokensSql.findWithUser, [hash]);
    if (!row) throw unauthorized('invalid bearer token');
    const now = new Date();
    if (row.revoked_at) throw unauthorized('bearer token has been revoked');
    if (row.expires_at && row.expires_at <= now) throw unauthorized('bearer token has expired');
    const tokenId = Number(row.token_id);
    const stale = (at) => at === undefined || now - at >= LAST_USED_RESOLUTION_MS;
    if (stale(row.last_used_at?.getTime()) && stale(lastRecorded.get(tokenId))) {
      lastRecorded.set(tokenId, now.getTime());
      await query(pool, tokensSql.recordUse, [
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
      scopes: String(row.scopes).split(' '),
    };
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
    const folder = path === null ? undefined : parsePath(path);
    const filter =
      folder === undefined
        ? undefined
        : folder.segments.length === 0
          ? { home: true }
          : { folderPathHash: folder.hash };
    const folderParams = filter?.folderPathHash ? [user.id, filter.folderPathHash] : [];
    // As the service does: each page statement also counts the total; only a later page is
    // counted first, to pick the end of the index to read it from. (The service reads a page
    // again when its total changed meanwhile; nothing changes the list during the benchmark.)
    const offset = (page - 1) * perPage;
    const totalParams = [user.id, ...folderParams];
    let total;
    if (offset > 0) {
      const [{ n }] = await query(
        pool,
        filter === undefined ? docListSql.total : docListSql.folderTotal(filter),
        totalParams,
      );
      total = Number(n);
    }
    let rows = [];
    if (total === undefined || offset < total) {
      const window =
        total === undefined
          ? { from: 'newest-first', offset, limit: perPage }
          : pageWindow(offset, perPage, total);
      const sql =
        filter === undefined
          ? docListSql.page(window.from)
          : docListSql.folderPage(filter, window.from);
      rows = await query(pool, sql, [...totalParams, ...totalParams, window.limit, window.offset]);
      total = rows.length > 0 ? Number(rows[0].total_count) : (total ?? 0);
    }
    const totalPages = Math.ceil(total / perPage);
    return {
      docs: toDocListItems(rows, user.id),
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
    const rows = await query(pool, docsSql.detail, [user.id, uuid]);
    if (rows.length === 0) throw new HttpError(404, 'document not found');
    return toDocDetail(rows, user.id);
  }

  function requireWrite(user) {
    if (!user.scopes.includes('docs:write')) {
      throw new HttpError(403, 'insufficient scope: writing needs a token with docs:write', {
        'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="docs:write"',
      });
    }
  }

  /** A write matched nothing: not a user of the document (404) or a role that may not (403). */
  async function whyNot(user, uuid, allowed) {
    const [access] = await query(pool, docAccessSql.access, [user.id, uuid]);
    if (!access) return new HttpError(404, 'document not found');
    if (!allowed.includes(access.role)) return new HttpError(403, `you are a ${access.role}`);
    return new HttpError(503, 'the document changed while it was being written; try again');
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
    const { html, searchTerms } = await sanitizer.sanitize(body.html ?? '');
    const searchTitle = indexTerms(title);
    const uuid = randomUUID();
    const at = sqlTime(new Date());
    if (folder.segments.length === 0) {
      // One statement; triggers add the owner's row and count.
      await query(pool, docsSql.insertHome, [
        ...[uuid, user.id, title, html, searchTitle, searchTerms],
        ...[at, at, user.id],
      ]);
      return uuid;
    }
    await transaction(pool, async (conn) => {
      const chain = folder.segments.map((_, i) => pathOf(folder.segments.slice(0, i + 1)));
      await query(conn, insertMissingFoldersSql('mysql', chain.length), [
        user.id,
        at,
        ...chain.flatMap((path) => [path, hashOf(path)]),
        user.id,
      ]);
      const inserted = await query(conn, docsSql.insertInFolder, [
        uuid,
        user.id,
        title,
        html,
        searchTitle,
        searchTerms,
        at,
        at,
        user.id,
        user.id,
        folder.hash,
      ]);
      if (inserted.affectedRows !== 1) throw new Error('the document’s folder is missing');
    });
    return uuid;
  }

  /** `options.sanitized`: the HTML is stored HTML already (a restored version). */
  async function update(user, uuid, body, options = {}) {
    if (body === null || typeof body !== 'object')
      throw new HttpError(400, 'body must be an object');
    const values = [];
    if (body.title !== undefined) {
      const title = typeof body.title === 'string' ? body.title.trim() : '';
      if (title.length === 0 || [...title].length > 255) {
        throw new HttpError(400, 'title must be 1 to 255 characters');
      }
      values.push(title, indexTerms(title));
    }
    if (body.html !== undefined) {
      if (typeof body.html !== 'string') throw new HttpError(400, 'html must be a string');
      const stored = options.sanitized
        ? { html: body.html, searchTerms: await sanitizer.searchTerms(body.html) }
        : await sanitizer.sanitize(body.html);
      values.push(stored.html, stored.searchTerms);
    }
    if (values.length === 0) {
      throw new HttpError(400, 'at least one of title or html must be given');
    }
    const fields = { title: body.title !== undefined, html: body.html !== undefined };
    const at = sqlTime(new Date());
    const version = await onOneConnection(pool, async (conn) => {
      const result = await query(conn, docsSql.updateMysql(fields, false), [
        user.id,
        ...values,
        at,
        user.id,
        at,
        uuid,
      ]);
      if (result.affectedRows === 0) return null;
      const [row] = await query(conn, docsSql.newVersion, []);
      return Number(row.version);
    });
    if (version === null) throw await whyNot(user, uuid, ['owner', 'editor']);
    return version;
  }

  /** Delete: to the trash, with the members, in one transaction (the service's statements). */
  async function remove(user, uuid) {
    const at = sqlTime(new Date());
    const trashed = await transaction(pool, async (conn) => {
      const [doc] = await query(conn, moveToTrashSql.findToTrash('mysql', false), [uuid, user.id]);
      if (!doc) return false;
      await query(conn, moveToTrashSql.markTrashed, [at, doc.id]);
      await query(conn, moveToTrashSql.insertTrash, [doc.id, user.id, at]);
      await query(conn, docWaysSql.lockMembers, [doc.id]);
      await query(conn, docWaysSql.keepMembers, [doc.id]);
      await query(conn, docWaysSql.removeMembers, [doc.id]);
      return true;
    });
    if (!trashed) throw await whyNot(user, uuid, ['owner']);
  }

  async function restoreFromTrash(user, uuid) {
    const restored = await transaction(pool, async (conn) => {
      const [doc] = await query(conn, trashSql.findTrashed(true), [uuid, user.id]);
      if (!doc) return false;
      await query(conn, trashSql.markRestored, [doc.id]);
      await query(conn, trashSql.deleteTrash, [doc.id]);
      await query(conn, docWaysSql.restoreMembers, [doc.id]);
      await query(conn, docWaysSql.forgetMembers, [doc.id]);
      return true;
    });
    if (!restored) throw new HttpError(404, 'document not found in your trash');
    return get(user, uuid);
  }

  /** The newest REVISIONS_KEEP (100) versions are kept. */
  const oldestKept = (version) => Math.max(1, version - 100 + 1);

  async function listRevisions(user, uuid, params) {
    const page = Number(params.get('page') ?? 1);
    const perPage = Number(params.get('per_page') ?? 20);
    if (!(Number.isInteger(page) && page >= 1 && Number.isInteger(perPage) && perPage >= 1)) {
      throw new HttpError(400, 'page and per_page must be positive integers');
    }
    const [access] = await query(pool, docAccessSql.access, [user.id, uuid]);
    if (!access) throw new HttpError(404, 'document not found');
    const oldest = oldestKept(Number(access.version));
    const rows = await query(pool, revisionsSql.page, [
      access.doc_id,
      oldest,
      access.doc_id,
      access.doc_id,
      oldest,
      perPage,
      (page - 1) * perPage,
    ]);
    let total = rows.length > 0 ? Number(rows[0].total_count) : undefined;
    if (total === undefined) {
      const [counted] = await query(pool, revisionsSql.countEarlier, [access.doc_id, oldest]);
      total = Number(counted.n) + 1;
    }
    return {
      revisions: rows.map(toRevisionListItem),
      pagination: paginate(page, perPage, total),
    };
  }

  async function restoreRevision(user, uuid, version) {
    const [access] = await query(pool, docAccessSql.access, [user.id, uuid]);
    if (!access) throw new HttpError(404, 'document not found');
    if (access.role === 'viewer') throw new HttpError(403, 'you are a viewer');
    const [revision] = await query(pool, revisionsSql.one, [
      access.doc_id,
      access.doc_id,
      oldestKept(Number(access.version)),
      version,
    ]);
    if (!revision) throw new HttpError(404, 'version not kept');
    await update(user, uuid, { title: revision.title, html: revision.html }, { sanitized: true });
    return get(user, uuid);
  }

  return {
    authenticate,
    list,
    get,
    requireWrite,
    create,
    update,
    remove,
    restoreFromTrash,
    listRevisions,
    restoreRevision,
  };
}

function createApp(pool) {
  const endpoints = createEndpoints(pool);
  const { authenticate, list, get, requireWrite, create, update, remove } = endpoints;

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
        requireWrite(user);
        const uuid = await create(user, await readJson(request));
        return send(response, 201, { uuid }, { Location: `/api/v1/docs/${uuid}` });
      }
    }
    const revisions = REVISIONS_ROUTE.exec(pathname);
    if (revisions) {
      const [, uuid, version, restore] = revisions;
      const user = await authenticate(request);
      if (version === undefined && method === 'GET') {
        return send(response, 200, await endpoints.listRevisions(user, uuid, url.searchParams));
      }
      if (restore && method === 'POST') {
        requireWrite(user);
        const doc = await endpoints.restoreRevision(user, uuid, Number(version));
        return send(response, 200, doc, { ETag: `"${doc.version}"` });
      }
    }
    const trashed = TRASH_RESTORE_ROUTE.exec(pathname);
    if (trashed && method === 'POST') {
      const user = await authenticate(request);
      requireWrite(user);
      const doc = await endpoints.restoreFromTrash(user, trashed[1]);
      return send(response, 200, doc, { ETag: `"${doc.version}"` });
    }
    if (pathname.startsWith('/api/v1/docs/')) {
      const uuid = pathname.slice('/api/v1/docs/'.length);
      const user = await authenticate(request);
      if (!UUID.test(uuid)) throw new HttpError(400, 'uuid must be a UUID');
      if (method === 'GET') {
        const doc = await get(user, uuid);
        return send(response, 200, doc, { ETag: `"${doc.version}"` });
      }
      if (method === 'PUT') {
        requireWrite(user);
        const version = await update(user, uuid, await readJson(request));
        return send(response, 204, undefined, { ETag: `"${version}"` });
      }
      if (method === 'DELETE') {
        requireWrite(user);
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

const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const REVISIONS_ROUTE = new RegExp(
  `^/api/v1/docs/(${UUID_SOURCE})/revisions(?:/([1-9][0-9]{0,9})(/restore)?)?$`,
);
const TRASH_RESTORE_ROUTE = new RegExp(`^/api/v1/trash/(${UUID_SOURCE})/restore$`);

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
  const pool = createPool();
  const server = http.createServer(createApp(pool));
  server.keepAliveTimeout = 5000;
  server.listen(Number(process.env.PORT || 3100), process.env.HOST || '127.0.0.1');
  const stop = () => server.close(() => pool.end(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (require.main === module) main();

module.exports = { createPool, createEndpoints, HttpError };
