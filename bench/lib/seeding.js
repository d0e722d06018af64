// Seeding: the benchmark's user, a reader and the other users, and their documents.
'use strict';

const { createHash, randomBytes, randomUUID } = require('node:crypto');

const OTHER_USERS = 4;
const INSERT_BATCH = 1000;

const sqlTime = (ms) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

/** The benchmark's user with a token, and the other users whose documents share the tables. */
async function seedUsers(db) {
  const now = sqlTime(Date.now());
  const token = `dms_${randomBytes(32).toString('base64url')}`;
  const readerToken = `dms_${randomBytes(32).toString('base64url')}`;
  const emails = [`bench-${Date.now()}@example.com`, `reader-${Date.now()}@example.com`];
  for (let i = 1; i <= OTHER_USERS; i++) emails.push(`other${i}-${Date.now()}@example.com`);
  for (const email of emails) {
    await db.run(
      'INSERT INTO users (email, fname, lname, avatar_url, created_at) VALUES (?, ?, ?, NULL, ?)',
      [email, 'Bench', 'User', now],
    );
  }
  const users = await db.all(
    `SELECT id FROM users WHERE email IN (${emails.map(() => '?').join(', ')}) ORDER BY id`,
    emails,
  );
  const [user, reader, ...others] = users.map((row) => Number(row.id));
  for (const [owner, secret] of [
    [user, token],
    [reader, readerToken],
  ]) {
    await db.run(
      'INSERT INTO api_tokens (user_id, name, token_hash, token_prefix, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      [
        owner,
        'bench',
        createHash('sha256').update(secret).digest('hex'),
        secret.slice(0, 8),
        'docs:read docs:write',
        now,
      ],
    );
  }
  await db.run(
    `${db.insertIgnore} INTO folders (user_id, path, path_hash, created_at) VALUES (?, ?, ?, ?)`,
    [user, '~/projects', createHash('sha256').update('~/projects').digest('hex'), now],
  );
  const [folder] = await db.all('SELECT id FROM folders WHERE user_id = ? AND path = ?', [
    user,
    '~/projects',
  ]);
  return {
    user,
    others,
    token,
    reader: { id: reader, token: readerToken },
    folderId: Number(folder.id),
    seeded: 0,
    clock: Date.now() - 1e9,
  };
}

/**
 * Adds documents until the user has `target` (and the other users as many again between
 * them), interleaved so that ids and times of different owners are mixed, with multi-row
 * INSERTs (the database's triggers add each owner's row and count). The other users' documents
 * are all shared with the reader, who then has `target` documents shared with them.
 */
async function seedDocs(db, seed, target) {
  const startedAt = Date.now();
  const missing = target - seed.seeded;
  if (missing <= 0) return 0;
  const [{ maxId }] = await db.all('SELECT COALESCE(MAX(id), 0) AS maxId FROM docs');
  const total = missing * 2;
  for (let start = 0; start < total; start += INSERT_BATCH) {
    const rows = [];
    const params = [];
    for (let i = start; i < Math.min(start + INSERT_BATCH, total); i++) {
      const mine = i % 2 === 0;
      const owner = mine ? seed.user : seed.others[(i >> 1) % seed.others.length];
      const number = seed.seeded + (i >> 1) + 1;
      seed.clock += 7;
      const at = sqlTime(seed.clock);
      rows.push('(?, ?, ?, ?, ?, ?, ?)');
      params.push(
        randomUUID(),
        owner,
        mine && number % 10 === 0 ? seed.folderId : null,
        `Document ${number}`,
        `<h1>Document ${number}</h1><p>Some <b>small</b> body text.</p>`,
        at,
        at,
      );
    }
    await db.run(
      `INSERT INTO docs (uuid, owner_id, folder_id, title, html, created_at, updated_at) VALUES ${rows.join(', ')}`,
      params,
    );
  }
  await db.run(
    `INSERT INTO user_docs (user_id, doc_id, role, created_at, doc_updated_at)
     SELECT ?, id, 'viewer', updated_at, updated_at FROM docs WHERE id > ? AND owner_id <> ?`,
    [seed.reader.id, maxId, seed.user],
  );
  await db.analyze();
  seed.seeded = target;
  return Date.now() - startedAt;
}

module.exports = { seedUsers, seedDocs };
