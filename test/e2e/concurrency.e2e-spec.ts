import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { givenDoc, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS, UUID } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const NOT_FOUND = { error: 'document not found' };

interface DocState {
  title: string;
  html: string;
  updated_at: string;
}

const time = (iso: string) => Date.parse(iso);

describe(`integrity under concurrency (${databaseKind})`, () => {
  let test: TestApp;
  let server: Server;
  /** Base URL of one listening server, so parallel requests really share it. */
  let base: string;

  beforeAll(async () => {
    test = await startTestApp();
    server = createServer(test.app.getHttpAdapter().getInstance());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await test.close();
  });

  async function stateOf(user: TestUser, uuid: string): Promise<DocState> {
    const response = await request(base).get(`/api/v1/docs/${uuid}`).set(user.auth);
    expect(response.status).toBe(200);
    const { title, html, updated_at } = response.body as DocState;
    return { title, html, updated_at };
  }

  describe('50 parallel updates of one document', () => {
    type Kind = 'title' | 'html' | 'both';
    const kinds: Kind[] = Array.from({ length: 50 }, (_, i) =>
      i % 3 === 0 ? 'title' : i % 3 === 1 ? 'html' : 'both',
    );
    const titleOf = (i: number) => `Title ${i}`;
    const htmlOf = (i: number) => `<p>Html ${i}</p>`;
    const bodyOf = (i: number) => ({
      ...(kinds[i] !== 'html' && { title: titleOf(i) }),
      ...(kinds[i] !== 'title' && { html: htmlOf(i) }),
    });

    /** Which submission set each field of a state; fails the test on a value nobody sent. */
    function writers(state: DocState): { title: number; html: number } {
      const title = /^Title (\d+)$/.exec(state.title);
      const html = /^<p>Html (\d+)<\/p>$/.exec(state.html);
      expect(title).not.toBeNull();
      expect(html).not.toBeNull();
      const t = Number(title![1]);
      const h = Number(html![1]);
      expect(kinds[t]).not.toBe('html');
      expect(kinds[h]).not.toBe('title');
      return { title: t, html: h };
    }

    /**
     * Some serial order of the writes ends in this state: the last writer of the title and the
     * last writer of the html cannot be two different requests that both set both fields.
     */
    function expectSerialisable(state: DocState) {
      const { title, html } = writers(state);
      if (kinds[title] === 'both' && kinds[html] === 'both') expect(title).toBe(html);
    }

    it('leave it equal to one serial order of the submissions, updated_at that of the last write', async () => {
      const owner = await givenUser(test);
      const uuid = await givenDoc(test, owner, { title: 'Start', html: '<p>start</p>' });
      const created = await stateOf(owner, uuid);
      const createdAt = (
        (await request(base).get(`/api/v1/docs/${uuid}`).set(owner.auth)).body as {
          created_at: string;
        }
      ).created_at;
      expect(createdAt).toBe(created.updated_at);
      const observed: DocState[] = [];

      let writesDone = false;
      const writes = Promise.all(
        kinds.map(async (_kind, i) => {
          const response = await request(base)
            .put(`/api/v1/docs/${uuid}`)
            .set(owner.auth)
            .send(bodyOf(i));
          // Read back at once: this state is at least as new as this request's write.
          observed.push(await stateOf(owner, uuid));
          return response.status;
        }),
      ).finally(() => {
        writesDone = true;
      });
      // A reader polling throughout, between and during the writes.
      const reader = (async () => {
        while (!writesDone) observed.push(await stateOf(owner, uuid));
      })();
      const statuses = await writes;
      await reader;
      expect(statuses).toEqual(kinds.map(() => 204));

      const final = await stateOf(owner, uuid);
      expectSerialisable(final);
      for (const state of observed) {
        // Never the creation state once a write was acknowledged, never a torn mix.
        expect(time(state.updated_at)).toBeGreaterThan(time(created.updated_at));
        expectSerialisable(state);
      }

      // One timestamp, one write: a state seen twice with the same updated_at is the same state.
      const byTime = new Map<string, string>();
      for (const state of [...observed, final]) {
        const content = JSON.stringify([state.title, state.html]);
        expect(byTime.get(state.updated_at) ?? content).toBe(content);
        byTime.set(state.updated_at, content);
      }
      expect(byTime.size).toBeLessThanOrEqual(kinds.length);

      // The final updated_at is that of the last committed write: nothing observed is newer.
      const newestSeen = Math.max(...observed.map((state) => time(state.updated_at)));
      expect(final.updated_at).toMatch(ISO_UTC_MS);
      expect(time(final.updated_at)).toBeGreaterThanOrEqual(newestSeen);
      expect(byTime.get(final.updated_at)).toBe(JSON.stringify([final.title, final.html]));

      // The rest of the document is untouched, and the list agrees.
      const detail = await request(base).get(`/api/v1/docs/${uuid}`).set(owner.auth);
      expect(detail.body).toEqual(
        expect.objectContaining({ uuid, path: '~', created_at: createdAt }),
      );
      const list = await request(base).get('/api/v1/docs').set(owner.auth).expect(200);
      expect(list.body.docs).toEqual([
        expect.objectContaining({ uuid, title: final.title, updated_at: final.updated_at }),
      ]);
      // Exactly one owner link remains, and the stored row is what the API showed.
      const rows: { updated_at: Date | string; links: number | string }[] =
        await test.dataSource.query(
          'SELECT d.updated_at, (SELECT COUNT(*) FROM user_docs ud WHERE ud.doc_id = d.id) AS links FROM docs d WHERE d.uuid = ?',
          [uuid],
        );
      expect(rows).toHaveLength(1);
      expect(Number(rows[0].links)).toBe(1);
      const stored = rows[0].updated_at;
      const storedIso =
        stored instanceof Date
          ? stored.toISOString()
          : new Date(`${String(stored).replace(' ', 'T')}Z`).toISOString();
      expect(storedIso).toBe(final.updated_at);
    });
  });

  describe('parallel creates into one new nested folder', () => {
    it('30 creates into ~/a/b/c (spelled with and without spaces) make one folder chain', async () => {
      const owner = await givenUser(test);
      const neighbour = await givenUser(test);
      const spellings = ['~/a/b/c', ' ~ / a / b / c ', '~/a /b/ c'];
      const [mine, theirs] = await Promise.all([
        Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            request(base)
              .post('/api/v1/docs')
              .set(owner.auth)
              .send({ title: `Racer ${i}`, path: spellings[i % spellings.length] }),
          ),
        ),
        // Another user creating the same path at the same time gets a chain of their own.
        Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            request(base)
              .post('/api/v1/docs')
              .set(neighbour.auth)
              .send({ title: `Neighbour ${i}`, path: '~/a/b/c' }),
          ),
        ),
      ]);
      expect(mine.map((response) => response.status)).toEqual(Array(30).fill(201));
      expect(theirs.map((response) => response.status)).toEqual(Array(10).fill(201));
      const uuids = mine.map((response) => (response.body as { uuid: string }).uuid);
      expect(new Set(uuids).size).toBe(30);
      for (const uuid of uuids) expect(uuid).toMatch(UUID);

      for (const [user, count] of [
        [owner, 30],
        [neighbour, 10],
      ] as const) {
        const rows: { path: string }[] = await test.dataSource.query(
          'SELECT path FROM folders WHERE user_id = ? ORDER BY path',
          [user.id],
        );
        expect(rows.map((row) => row.path)).toEqual(['~/a', '~/a/b', '~/a/b/c']);
        const folders = await request(base).get('/api/v1/folders').set(user.auth).expect(200);
        expect((folders.body as { path: string }[]).map((folder) => folder.path)).toEqual([
          '~/a',
          '~/a/b',
          '~/a/b/c',
        ]);
        const inFolder = await request(base)
          .get('/api/v1/docs?path=~/a/b/c&per_page=100')
          .set(user.auth)
          .expect(200);
        expect(inFolder.body.pagination.total_count).toBe(count);
        const listed = (inFolder.body.docs as { uuid: string; path: string }[]).map((doc) => {
          expect(doc.path).toBe('~/a/b/c');
          return doc.uuid;
        });
        expect(listed).toHaveLength(count);
        if (user === owner) expect(new Set(listed)).toEqual(new Set(uuids));
        for (const parent of ['~/a', '~/a/b', '~']) {
          const empty = await request(base)
            .get(`/api/v1/docs?path=${encodeURIComponent(parent)}`)
            .set(user.auth)
            .expect(200);
          expect(empty.body.pagination.total_count).toBe(0);
        }
      }
    });
    // Found by the isolation test below: on MySQL, parallel creates that make sibling folders
    // under one new parent sometimes fail with 500 (InnoDB deadlock on the folders insert).
    it('30 creates into 30 new sibling folders all succeed, each folder made once', async () => {
      const owner = await givenUser(test);
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          request(base)
            .post('/api/v1/docs')
            .set(owner.auth)
            .send({ title: `Sibling ${i}`, path: `~/siblings/${i}` }),
        ),
      );
      // Whatever failed left nothing behind: one document per 201, none for anything else.
      const createdCount = responses.filter((response) => response.status === 201).length;
      const list = await request(base).get('/api/v1/docs').set(owner.auth).expect(200);
      expect(list.body.pagination.total_count).toBe(createdCount);
      expect(responses.map((response) => response.status)).toEqual(Array(30).fill(201));
      const rows: { path: string }[] = await test.dataSource.query(
        'SELECT path FROM folders WHERE user_id = ?',
        [owner.id],
      );
      expect(rows.map((row) => row.path).sort()).toEqual(
        ['~/siblings', ...Array.from({ length: 30 }, (_, i) => `~/siblings/${i}`)].sort(),
      );
    });
  });

  describe("one user's documents while another user probes them", () => {
    it('are never visible to, nor changed by, the other user at any moment', async () => {
      const alice = await givenUser(test);
      const bob = await givenUser(test);
      // Alice's documents, known to Bob as soon as they exist (as if he had guessed them).
      const known: string[] = [];
      for (let i = 0; i < 4; i++) {
        known.push(await givenDoc(test, alice, { title: `Old ${i}`, path: '~/private' }));
      }
      const expected = new Map<string, { title: string; html: string } | 'deleted'>();
      for (const uuid of known)
        expected.set(uuid, { title: `Old ${known.indexOf(uuid)}`, html: '' });

      const bobSaw: { what: string; status: number; body: unknown }[] = [];
      let aliceDone = false;

      async function aliceChain(i: number) {
        const created = await request(base)
          .post('/api/v1/docs')
          .set(alice.auth)
          .send({ title: `Alice ${i}`, html: `<p>${i}</p>`, path: '~/private' });
        expect(created.status).toBe(201);
        const uuid = (created.body as { uuid: string }).uuid;
        known.push(uuid);
        const steps: Record<string, string>[] = [
          { title: `Alice ${i} v2` },
          { html: `<p>${i} v3</p>` },
          { title: `Alice ${i} final`, html: `<p>${i} final</p>` },
        ];
        for (const body of steps) {
          const updated = await request(base)
            .put(`/api/v1/docs/${uuid}`)
            .set(alice.auth)
            .send(body);
          expect(updated.status).toBe(204);
        }
        if (i % 4 === 0) {
          await request(base).delete(`/api/v1/docs/${uuid}`).set(alice.auth).expect(204);
          expected.set(uuid, 'deleted');
        } else {
          expected.set(uuid, { title: `Alice ${i} final`, html: `<p>${i} final</p>` });
        }
      }

      async function aliceOldDocs() {
        for (const [index, uuid] of known.slice(0, 4).entries()) {
          if (index % 2 === 0) {
            await request(base).delete(`/api/v1/docs/${uuid}`).set(alice.auth).expect(204);
            expected.set(uuid, 'deleted');
          } else {
            await request(base)
              .put(`/api/v1/docs/${uuid}`)
              .set(alice.auth)
              .send({ html: `<p>old ${index}</p>` })
              .expect(204);
            expected.set(uuid, { title: `Old ${index}`, html: `<p>old ${index}</p>` });
          }
        }
      }

      async function bobRound() {
        const probes: [string, request.Test][] = [
          ['list', request(base).get('/api/v1/docs?per_page=100').set(bob.auth)],
          ['list ~/private', request(base).get('/api/v1/docs?path=~/private').set(bob.auth)],
          ['folders', request(base).get('/api/v1/folders').set(bob.auth)],
        ];
        for (const uuid of [...known]) {
          probes.push(
            [`get ${uuid}`, request(base).get(`/api/v1/docs/${uuid}`).set(bob.auth)],
            [
              `put ${uuid}`,
              request(base)
                .put(`/api/v1/docs/${uuid}`)
                .set(bob.auth)
                .send({ title: 'Bob was here', html: '<p>bob</p>' }),
            ],
            [`delete ${uuid}`, request(base).delete(`/api/v1/docs/${uuid}`).set(bob.auth)],
          );
        }
        const answers = await Promise.all(probes.map(([, probe]) => probe));
        answers.forEach((response, index) =>
          bobSaw.push({ what: probes[index][0], status: response.status, body: response.body }),
        );
      }

      const alicesWork = Promise.all([
        ...Array.from({ length: 12 }, (_, i) => aliceChain(i)),
        aliceOldDocs(),
      ]).finally(() => {
        aliceDone = true;
      });
      let rounds = 0;
      const bobsWork = (async () => {
        while (!aliceDone || rounds < 3) {
          await bobRound();
          rounds += 1;
        }
      })();
      await Promise.all([alicesWork, bobsWork]);

      expect(rounds).toBeGreaterThanOrEqual(3);
      for (const seen of bobSaw) {
        if (seen.what === 'list' || seen.what === 'list ~/private') {
          expect(seen).toEqual({
            what: seen.what,
            status: 200,
            body: {
              docs: [],
              pagination: {
                current_page: 1,
                next_page: null,
                prev_page: null,
                total_pages: 0,
                total_count: 0,
              },
            },
          });
        } else if (seen.what === 'folders') {
          expect(seen).toEqual({ what: 'folders', status: 200, body: [] });
        } else {
          expect(seen).toEqual({ what: seen.what, status: 404, body: NOT_FOUND });
        }
      }

      // Alice's documents are exactly what her own requests made of them.
      let surviving = 0;
      for (const [uuid, state] of expected) {
        const response = await request(base).get(`/api/v1/docs/${uuid}`).set(alice.auth);
        if (state === 'deleted') {
          expect({ uuid, status: response.status }).toEqual({ uuid, status: 404 });
        } else {
          surviving += 1;
          expect(response.status).toBe(200);
          expect(response.body).toEqual(expect.objectContaining({ uuid, ...state }));
        }
      }
      expect(expected.size).toBe(16);
      const list = await request(base).get('/api/v1/docs?per_page=100').set(alice.auth);
      expect(list.body.pagination.total_count).toBe(surviving);
      const bobs: { n: number | string }[] = await test.dataSource.query(
        "SELECT COUNT(*) AS n FROM docs WHERE owner_id = ? OR title = 'Bob was here' OR html = '<p>bob</p>'",
        [bob.id],
      );
      expect(Number(bobs[0].n)).toBe(0);
      const bobLinks: { n: number | string }[] = await test.dataSource.query(
        'SELECT COUNT(*) AS n FROM user_docs WHERE user_id = ?',
        [bob.id],
      );
      expect(Number(bobLinks[0].n)).toBe(0);
    });
  });
});
