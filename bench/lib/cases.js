// The benchmark's cases, in the order they run: the requests each sends, on the seeded data.
'use strict';

const { randomUUID } = require('node:crypto');

const UPDATE_TARGETS = 1000;

/** The list's first and last page: of the user's own documents, and of the reader's shared ones. */
function listCases(total, seed) {
  const lastPage = Math.max(1, Math.ceil(total / 20));
  const reader = { token: seed.reader.token };
  return [
    { name: 'list page 1', method: 'GET', path: '/api/v1/docs' },
    { name: `list last page (${lastPage})`, method: 'GET', path: `/api/v1/docs?page=${lastPage}` },
    { name: 'shared list page 1', method: 'GET', path: '/api/v1/docs', ...reader },
    {
      name: `shared list last page (${lastPage})`,
      method: 'GET',
      path: `/api/v1/docs?page=${lastPage}`,
      ...reader,
    },
  ];
}

/** The first document of the search benchmark's corpus in that language. */
function corpusDocument(language) {
  const { documentNumber } = require('../search-corpus');
  for (let n = 1; ; n++) {
    const doc = documentNumber(n);
    if (doc.language === language) return { title: doc.title, html: doc.html };
  }
}

async function allCases(db, seed) {
  const ownDocs = async (offset) =>
    (
      await db.all('SELECT uuid FROM docs WHERE owner_id = ? ORDER BY id LIMIT ? OFFSET ?', [
        seed.user,
        UPDATE_TARGETS,
        offset,
      ])
    ).map((row) => row.uuid);
  const targets = await ownDocs(0);
  // Documents no other case writes: the restore case restores their version 1.
  const untouched = await ownDocs(UPDATE_TARGETS);
  const restoreTargets = untouched.length > 0 ? untouched : targets;
  let nextRestore = 0;
  let nextTrash = 0;
  let next = 0;
  let nextEdit = 0;
  let folder = 0;
  const runId = Date.now().toString(36);
  return [
    ...listCases(seed.seeded, seed),
    { name: 'list per_page=100', method: 'GET', path: '/api/v1/docs?per_page=100' },
    { name: 'get one', method: 'GET', path: `/api/v1/docs/${targets[targets.length >> 1]}` },
    {
      // Every update keeps the version it replaces (a trigger, in the update's statement).
      name: 'update (with revision)',
      method: 'PUT',
      path: `/api/v1/docs/${targets[0]}`,
      setup: (request) => {
        next = (next + 1) % targets.length;
        return {
          ...request,
          path: `/api/v1/docs/${targets[next]}`,
          body: JSON.stringify({ title: `Updated ${next}`, html: `<p>Revision ${next}</p>` }),
        };
      },
    },
    {
      // Version 1 of each of 1,000 documents in turn (no other case writes them): a document
      // gets one more version per 1,000 requests, so version 1 stays among the 100 kept.
      name: 'restore',
      method: 'POST',
      path: `/api/v1/docs/${restoreTargets[0]}/revisions/1/restore`,
      setup: (request) => ({
        ...request,
        path: `/api/v1/docs/${restoreTargets[nextRestore++ % restoreTargets.length]}/revisions/1/restore`,
      }),
    },
    { name: 'revisions list', method: 'GET', path: `/api/v1/docs/${targets[0]}/revisions` },
    {
      name: 'create',
      method: 'POST',
      path: '/api/v1/docs',
      body: JSON.stringify({ title: 'Bench', html: '<p>A <b>small</b> new document.</p>' }),
    },
    {
      // What search indexing costs a real document: 5 KB of HTML to sanitise and index.
      name: 'create (5 KB, English)',
      method: 'POST',
      path: '/api/v1/docs',
      body: JSON.stringify(corpusDocument('english')),
    },
    {
      name: 'create (5 KB, Chinese)',
      method: 'POST',
      path: '/api/v1/docs',
      body: JSON.stringify(corpusDocument('chinese')),
    },
    {
      // 5 KB of English, a few words different from the version before: 50 documents in
      // turn (of those the small update writes too), so after the first 50 each update
      // changes only the last paragraph's words.
      name: 'update (5 KB, a few words changed)',
      method: 'PUT',
      path: `/api/v1/docs/${targets[0]}`,
      setup: (request) => {
        nextEdit++;
        const word = ['alpha', 'beta', 'gamma'][Math.floor(nextEdit / 50) % 3];
        const { title, html } = corpusDocument('english');
        return {
          ...request,
          path: `/api/v1/docs/${targets[nextEdit % Math.min(50, targets.length)]}`,
          body: JSON.stringify({ title, html: `${html}<p>Edited: ${word} ${word}s</p>` }),
        };
      },
    },
    {
      // A new Idempotency-Key per request: the key's INSERT and its completion on top.
      name: 'create with Idempotency-Key',
      method: 'POST',
      path: '/api/v1/docs',
      body: JSON.stringify({ title: 'Bench', html: '<p>A <b>small</b> new document.</p>' }),
      setup: (request) => ({
        ...request,
        headers: { ...request.headers, 'idempotency-key': randomUUID() },
      }),
    },
    {
      // One key for every request: after the first, each is a replay (2 statements).
      name: 'create replayed (one Idempotency-Key)',
      method: 'POST',
      path: '/api/v1/docs',
      body: JSON.stringify({ title: 'Bench', html: '<p>A <b>small</b> new document.</p>' }),
      setup: (request) => ({
        ...request,
        headers: { ...request.headers, 'idempotency-key': `bench-replay-${runId}` },
      }),
    },
    {
      name: 'create in a new folder',
      method: 'POST',
      path: '/api/v1/docs',
      setup: (request) => {
        folder += 1;
        return {
          ...request,
          body: JSON.stringify({
            title: 'Bench',
            html: '<p>A <b>small</b> new document.</p>',
            path: `~/bench-${runId}/f${folder}`,
          }),
        };
      },
    },
    {
      // Last: a run that ends between the two leaves a document in the trash, and the next
      // lap's DELETE of it answers 404 (at most one per connection and run). Autocannon gives
      // each lap through the two requests a fresh context: each pair takes the next document.
      name: 'delete + restore',
      requests: [
        {
          method: 'DELETE',
          setupRequest: (request, context) => {
            context.doc ??= targets[nextTrash++ % targets.length];
            return { ...request, path: `/api/v1/docs/${context.doc}` };
          },
        },
        {
          method: 'POST',
          setupRequest: (request, context) => ({
            ...request,
            path: `/api/v1/trash/${context.doc}/restore`,
          }),
        },
      ],
    },
  ];
}

module.exports = { listCases, allCases };
