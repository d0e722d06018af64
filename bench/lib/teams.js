// Teams (issue 37, `--teams`): a member of 50 groups who reaches the other users' documents
// through folders shared with those groups, beside the reader, who has the same documents shared
// with them directly (the baseline, in the same run); and a group of 1,000 users given a folder
// of 10,000 documents, and members added to and removed from such groups, timed request by
// request.
'use strict';

const { createHash, randomBytes, randomUUID } = require('node:crypto');
const http = require('node:http');

const GROUPS = 50;
const DEPARTMENT_USERS = 1000;
const DEPARTMENT_DOCS = 10_000;
const SEARCH_DOCS_PER_OWNER = 25;
const SEARCH_WORD = 'quillwort';
const UPDATE_TARGETS = 1000;
const TIMED_REPEATS = 15;

const sqlTime = (ms) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
const hash = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A user with a read-write token, inserted directly. */
async function insertUser(db, email, now) {
  await db.run(
    'INSERT INTO users (email, fname, lname, avatar_url, created_at) VALUES (?, ?, ?, NULL, ?)',
    [email, 'Team', 'User', now],
  );
  const [{ id }] = await db.all('SELECT id FROM users WHERE email = ?', [email]);
  return { id: Number(id), token: await insertToken(db, Number(id), now) };
}

async function insertToken(db, userId, now) {
  const token = `dms_${randomBytes(32).toString('base64url')}`;
  await db.run(
    'INSERT INTO api_tokens (user_id, name, token_hash, token_prefix, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [userId, 'bench', hash(token), token.slice(0, 8), 'docs:read docs:write', now],
  );
  return token;
}

async function insertGroup(db, name, managerId, memberIds, now) {
  await db.run(
    'INSERT INTO user_groups (name, name_key, description, member_count, manager_count, created_at) VALUES (?, ?, NULL, 0, 0, ?)',
    [name, name.toLowerCase(), now],
  );
  const [{ id }] = await db.all('SELECT id FROM user_groups WHERE name_key = ?', [
    name.toLowerCase(),
  ]);
  const rows = [[managerId, 'manager'], ...memberIds.map((member) => [member, 'member'])];
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    await db.run(
      `INSERT INTO group_members (group_id, user_id, role, created_at) VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')}`,
      batch.flatMap(([user, role]) => [id, user, role, now]),
    );
  }
  return Number(id);
}

async function insertFolder(db, userId, path, now) {
  await db.run(
    `${db.insertIgnore} INTO folders (user_id, path, path_hash, created_at) VALUES (?, ?, ?, ?)`,
    [userId, path, hash(path), now],
  );
  const [{ id }] = await db.all('SELECT id FROM folders WHERE user_id = ? AND path_hash = ?', [
    userId,
    hash(path),
  ]);
  return Number(id);
}

/**
 * One request to the service, its status, body and time, on a connection of its own (the
 * seeding between requests can outlast the server's keep-alive, and a POST is not retried).
 */
function call(baseUrl, token, method, path, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            body: text ? JSON.parse(text) : undefined,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      },
    );
    request.on('error', (error) => reject(new Error(`${method} ${path}: ${error.message}`)));
    request.end(payload);
  });
}

function expectStatus(answer, status, what) {
  if (answer.status !== status) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * After `seedDocs`: the other users' documents go into 50 folders (each owner's share of
 * them), each folder shared with one of the member's 50 groups (as an editor), through the
 * service; the reader's direct shares become editor ones. Then the department: a group of
 * 1,000 users and a folder of 10,000 documents of a lead, shared and unshared, and members
 * added and removed, each timed.
 */
async function seedTeams(db, seed, baseUrl) {
  const now = sqlTime(Date.now());
  const stamp = Date.now().toString(36);
  const timings = {};
  const ownerTokens = new Map();
  for (const owner of seed.others) ownerTokens.set(owner, await insertToken(db, owner, now));
  const member = await insertUser(db, `member-${stamp}@example.com`, now);

  // The member's groups, each managed by an owner; one folder of an owner per group.
  const teams = [];
  for (let k = 0; k < GROUPS; k++) {
    const owner = seed.others[k % seed.others.length];
    const groupId = await insertGroup(db, `Team ${k} ${stamp}`, owner, [member.id], now);
    const folderId = await insertFolder(db, owner, `~/team-${k}`, now);
    teams.push({ k, owner, groupId, folderId, path: `~/team-${k}` });
  }
  for (const owner of seed.others) {
    const folders = teams.filter((team) => team.owner === owner).map((team) => team.folderId);
    const ids = (await db.all('SELECT id FROM docs WHERE owner_id = ? ORDER BY id', [owner])).map(
      (row) => Number(row.id),
    );
    for (let f = 0; f < folders.length; f++) {
      const mine = ids.filter((_id, index) => index % folders.length === f);
      for (let start = 0; start < mine.length; start += 1000) {
        const batch = mine.slice(start, start + 1000);
        await db.run(
          `UPDATE docs SET folder_id = ? WHERE id IN (${batch.map(() => '?').join(', ')})`,
          [folders[f], ...batch],
        );
      }
    }
  }
  const shareMs = [];
  for (const team of teams) {
    const answer = await call(
      baseUrl,
      ownerTokens.get(team.owner),
      'POST',
      '/api/v1/folders/shares',
      {
        path: team.path,
        group_id: team.groupId,
        role: 'editor',
      },
    );
    expectStatus(answer, 201, `sharing ${team.path}`);
    shareMs.push(answer.ms);
  }
  timings.shareTeamFolderMs = { median: median(shareMs), max: Math.max(...shareMs) };
  await db.run("UPDATE user_docs SET role = 'editor' WHERE user_id = ? AND role = 'viewer'", [
    seed.reader.id,
  ]);

  // A few documents with one rare word, made through the service (so they are indexed), in
  // the shared folders and shared with the reader: search compares like with like.
  for (const team of teams.slice(0, seed.others.length)) {
    const token = ownerTokens.get(team.owner);
    for (let i = 0; i < SEARCH_DOCS_PER_OWNER; i++) {
      const made = await call(baseUrl, token, 'POST', '/api/v1/docs', {
        title: `Minutes ${i}`,
        html: `<p>The ${SEARCH_WORD} survey, part ${i}.</p>`,
        path: team.path,
      });
      expectStatus(made, 201, 'a searchable document');
      const shared = await call(baseUrl, token, 'POST', `/api/v1/docs/${made.body.uuid}/users`, {
        email: (await db.all('SELECT email FROM users WHERE id = ?', [seed.reader.id]))[0].email,
        role: 'editor',
      });
      expectStatus(shared, 201, 'sharing a searchable document with the reader');
    }
  }

  // The same documents, reached two ways: the targets of get one and update.
  const targets = (
    await db.all(
      `SELECT d.uuid AS uuid FROM docs d JOIN user_docs m ON m.doc_id = d.id AND m.user_id = ?
       ORDER BY d.id LIMIT ?`,
      [seed.reader.id, UPDATE_TARGETS],
    )
  ).map((row) => row.uuid);

  // The department: a lead's folder of 10,000 documents and a group of 1,000 users.
  const lead = await insertUser(db, `lead-${stamp}@example.com`, now);
  const deptFolder = await insertFolder(db, lead.id, '~/dept', now);
  let clock = Date.now() - 5e8;
  for (let start = 0; start < DEPARTMENT_DOCS; start += 1000) {
    const rows = [];
    const params = [];
    for (let i = start; i < Math.min(start + 1000, DEPARTMENT_DOCS); i++) {
      clock += 7;
      rows.push('(?, ?, ?, ?, ?, ?, ?)');
      params.push(
        randomUUID(),
        lead.id,
        deptFolder,
        `Dept ${i}`,
        '<p>Dept.</p>',
        sqlTime(clock),
        sqlTime(clock),
      );
    }
    await db.run(
      `INSERT INTO docs (uuid, owner_id, folder_id, title, html, created_at, updated_at) VALUES ${rows.join(', ')}`,
      params,
    );
  }
  const staff = [];
  for (let start = 0; start < DEPARTMENT_USERS; start += 500) {
    const emails = [];
    for (let i = start; i < Math.min(start + 500, DEPARTMENT_USERS); i++) {
      emails.push(`staff${i}-${stamp}@example.com`);
    }
    await db.run(
      `INSERT INTO users (email, fname, lname, avatar_url, created_at) VALUES ${emails.map(() => '(?, ?, ?, NULL, ?)').join(', ')}`,
      emails.flatMap((email) => [email, 'Staff', 'Member', now]),
    );
    const ids = await db.all(
      `SELECT id FROM users WHERE email IN (${emails.map(() => '?').join(', ')})`,
      emails,
    );
    staff.push(...ids.map((row) => Number(row.id)));
  }
  const department = await insertGroup(db, `Department ${stamp}`, lead.id, staff, now);
  const staffToken = await insertToken(db, staff[0], now);
  await db.analyze();

  const deptShare = await call(baseUrl, lead.token, 'POST', '/api/v1/folders/shares', {
    path: '~/dept',
    group_id: department,
    role: 'viewer',
  });
  expectStatus(deptShare, 201, 'sharing the department folder');
  const seen = await call(baseUrl, staffToken, 'GET', '/api/v1/docs?per_page=1');
  expectStatus(seen, 200, "a department member's list");
  timings.departmentShare = {
    ms: deptShare.ms,
    totalCountRightAfter: seen.body.pagination.total_count,
  };

  // Adding a user to a group and removing them: the department (1,000 users, 10,000
  // documents) and one of the member's teams (2,000 documents), each timed in turn.
  const newcomer = await insertUser(db, `newcomer-${stamp}@example.com`, now);
  const newcomerEmail = `newcomer-${stamp}@example.com`;
  for (const [name, group, token] of [
    ['department', department, lead.token],
    ['team', teams[0].groupId, ownerTokens.get(teams[0].owner)],
  ]) {
    const add = [];
    const remove = [];
    for (let i = 0; i < TIMED_REPEATS; i++) {
      const added = await call(baseUrl, token, 'POST', `/api/v1/groups/${group}/members`, {
        email: newcomerEmail,
      });
      expectStatus(added, 201, `adding to the ${name}`);
      add.push(added.ms);
      const removed = await call(
        baseUrl,
        token,
        'DELETE',
        `/api/v1/groups/${group}/members/${newcomer.id}`,
      );
      expectStatus(removed, 204, `removing from the ${name}`);
      remove.push(removed.ms);
    }
    timings[`${name}AddMemberMs`] = median(add);
    timings[`${name}RemoveMemberMs`] = median(remove);
  }
  const unshare = await call(
    baseUrl,
    lead.token,
    'DELETE',
    `/api/v1/folders/shares/${deptShare.body.id}`,
  );
  expectStatus(unshare, 204, 'unsharing the department folder');
  timings.departmentUnshareMs = unshare.ms;
  // Shared again, so the department's grants count in the rows below.
  expectStatus(
    await call(baseUrl, lead.token, 'POST', '/api/v1/folders/shares', {
      path: '~/dept',
      group_id: department,
      role: 'viewer',
    }),
    201,
    'sharing the department folder again',
  );

  const [{ n: grants }] = await db.all('SELECT COUNT(*) AS n FROM doc_grants');
  const [{ n: memberships }] = await db.all('SELECT COUNT(*) AS n FROM group_members');
  const [{ n: shares }] = await db.all('SELECT COUNT(*) AS n FROM folder_shares');
  timings.rows = {
    doc_grants: Number(grants),
    group_members: Number(memberships),
    folder_shares: Number(shares),
  };
  return { member, targets, timings };
}

/** Each case twice: as the reader (direct shares) and as the member (50 groups' folders). */
function teamCases(seed, teams, total) {
  const lastPage = Math.max(1, Math.ceil(total / 20));
  let next = 0;
  const ways = [
    ['direct', seed.reader.token],
    ['member', teams.member.token],
  ];
  const cases = [];
  const each = (name, make) => {
    for (const [way, token] of ways) cases.push({ name: `${name} (${way})`, token, ...make() });
  };
  each('teams list page 1', () => ({ method: 'GET', path: '/api/v1/docs' }));
  // A page in the middle: the furthest from both ends, read through every grant in list order.
  const middlePage = Math.max(1, Math.ceil(lastPage / 2));
  each(`teams list middle page (${middlePage})`, () => ({
    method: 'GET',
    path: `/api/v1/docs?page=${middlePage}`,
  }));
  each(`teams list last page (${lastPage})`, () => ({
    method: 'GET',
    path: `/api/v1/docs?page=${lastPage}`,
  }));
  each('teams get one', () => ({
    method: 'GET',
    path: `/api/v1/docs/${teams.targets[teams.targets.length >> 1]}`,
  }));
  each('teams update', () => ({
    method: 'PUT',
    path: `/api/v1/docs/${teams.targets[0]}`,
    setup: (request) => {
      next = (next + 1) % teams.targets.length;
      return {
        ...request,
        path: `/api/v1/docs/${teams.targets[next]}`,
        body: JSON.stringify({ title: `Updated ${next}` }),
      };
    },
  }));
  each('teams search', () => ({ method: 'GET', path: `/api/v1/search?q=${SEARCH_WORD}` }));
  return cases;
}

module.exports = { seedTeams, teamCases };
