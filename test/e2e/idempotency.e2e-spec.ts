// Idempotent creates: POST /docs with an Idempotency-Key creates at most one document per user
// and key within 24 hours, replays the first answer, and never leaves a key blocked for good.
import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { QueryFailedError } from 'typeorm';
import { Clock } from '../../src/common/clock';
import { toSqlTimestamp } from '../../src/database/sql-values';
import { TransactionRunner } from '../../src/database/transaction-runner';
import { DocsRepository } from '../../src/docs/documents/docs.repository';
import { IdempotencySweeper, SWEEP_BATCH } from '../../src/idempotency/idempotency-sweeper';
import { hashIdempotencyKey } from '../../src/idempotency/idempotency-key';
import {
  deleteExpiredStatement,
  IdempotencyRepository,
} from '../../src/idempotency/idempotency.repository';
import { requestFingerprint } from '../../src/idempotency/request-fingerprint';
import { givenDoc, givenUser, TestUser } from '../support/builders';
import { tableCounts, UUID } from '../support/expectations';
import { withListeningServer } from '../support/listening-server';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const DOCS = '/api/v1/docs';
const DAY_MS = 24 * 60 * 60 * 1000;
const LEASE_MS = 30_000;
const INVALID_KEY =
  'Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces), as in a UUID';
const OTHER_BODY = 'this Idempotency-Key was already used with a different request body';
const IN_PROGRESS = 'a request with this Idempotency-Key is still in progress; retry in 30 s';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe(`POST /api/v1/docs with an Idempotency-Key (${databaseKind})`, () => {
  let test: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    user = await givenUser(test);
  });
  afterAll(() => test.close());
  afterEach(() => jest.restoreAllMocks());

  function create(body: object, key?: string, who: TestUser = user, base: unknown = test.http) {
    let pending = request(base as string)
      .post(DOCS)
      .set(who.auth);
    if (key !== undefined) pending = pending.set('Idempotency-Key', key);
    return pending.send(body);
  }

  async function docsOf(who: TestUser): Promise<string[]> {
    const rows = await test.dataSource.query<{ uuid: string }[]>(
      'SELECT uuid FROM docs WHERE owner_id = ? ORDER BY id',
      [who.id],
    );
    return rows.map((row) => row.uuid);
  }

  async function keyRows(who: TestUser) {
    return test.dataSource.query<{ n: number | string }[]>(
      'SELECT COUNT(*) AS n FROM idempotency_keys WHERE user_id = ?',
      [who.id],
    );
  }

  /** The server's clock stands still at `at` (until the test moves it). */
  function freezeClock(at: number) {
    const clock = { at };
    jest.spyOn(test.app.get(Clock), 'now').mockImplementation(() => new Date(clock.at));
    return clock;
  }

  /**
   * The next transaction (a create's, after its key is stored) waits until released: the
   * request is then deterministically "still running". `holding` resolves once it waits.
   */
  function holdNextTransaction() {
    const runner = test.app.get(TransactionRunner);
    const run = runner.run.bind(runner);
    const holding = deferred();
    const release = deferred();
    jest.spyOn(runner, 'run').mockImplementationOnce(async (work) => {
      holding.resolve();
      await release.promise;
      return run(work);
    });
    return { holding: holding.promise, release: release.resolve };
  }

  /** Expects the first answer again: same status, body and Location, marked as a replay. */
  function expectReplay(response: request.Response, first: request.Response) {
    expect(response.status).toBe(201);
    expect(response.body).toEqual(first.body);
    expect(response.headers.location).toBe(first.headers.location);
    expect(response.headers['idempotency-replayed']).toBe('true');
  }

  describe('a repeat with the same key and body', () => {
    it('gets the first 201 again, with Idempotency-Replayed: true, and creates nothing', async () => {
      const owner = await givenUser(test);
      const body = { title: 'Invoice 42', html: '<p>Total: 12 €</p>', path: '~/invoices' };
      const first = await create(body, 'order-42', owner);
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ uuid: expect.stringMatching(UUID) });
      expect(first.headers.location).toBe(`${DOCS}/${first.body.uuid}`);
      expect(first.headers['idempotency-replayed']).toBeUndefined();
      const before = await tableCounts(test);

      for (let i = 0; i < 3; i++) expectReplay(await create(body, 'order-42', owner), first);
      expect(await tableCounts(test)).toEqual(before);
      expect(await docsOf(owner)).toEqual([first.body.uuid]);
      const list = await request(test.http).get(DOCS).set(owner.auth).expect(200);
      expect(list.body.pagination.total_count).toBe(1);
    });

    it('is recognised whatever the order of the fields and the whitespace the API trims', async () => {
      const owner = await givenUser(test);
      const first = await create({ title: 'Plan', path: '~/a/b' }, 'same-meaning', owner);
      expect(first.status).toBe(201);
      for (const body of [
        { path: '~/a/b', title: 'Plan' },
        { title: '  Plan ', path: ' ~ / a /b ', html: '', ignored: 'unknown fields are ignored' },
      ]) {
        expectReplay(await create(body, 'same-meaning', owner), first);
      }
      expect(await docsOf(owner)).toHaveLength(1);
    });

    it('replays the first answer even after the document was deleted (in the trash, then for good)', async () => {
      const owner = await givenUser(test);
      const first = await create({ title: 'Short-lived' }, 'then-deleted', owner).expect(201);
      await request(test.http).delete(`${DOCS}/${first.body.uuid}`).set(owner.auth).expect(204);
      expectReplay(await create({ title: 'Short-lived' }, 'then-deleted', owner), first);
      await request(test.http)
        .delete(`/api/v1/trash/${first.body.uuid}`)
        .set(owner.auth)
        .expect(204);
      expectReplay(await create({ title: 'Short-lived' }, 'then-deleted', owner), first);
      expect(await docsOf(owner)).toEqual([]);
    });
  });

  describe('the same key with another body', () => {
    it('is 422 and changes nothing; the first body still replays', async () => {
      const owner = await givenUser(test);
      const first = await create({ title: 'Original' }, 'reused', owner).expect(201);
      const before = await tableCounts(test);
      for (const body of [
        { title: 'Different' },
        { title: 'Original', html: '<p>more</p>' },
        { title: 'Original', path: '~/elsewhere' },
      ]) {
        const response = await create(body, 'reused', owner);
        expect(response.status).toBe(422);
        expect(response.headers['content-type']).toMatch(/^application\/json\b/);
        expect(response.body).toEqual({ error: OTHER_BODY });
      }
      expect(await tableCounts(test)).toEqual(before);
      expectReplay(await create({ title: 'Original' }, 'reused', owner), first);
    });
  });

  describe('keys', () => {
    it.each([
      ['empty', ''],
      ['256 characters', 'k'.repeat(256)],
      ['with a space', 'two words'],
      ['with a tab', 'a\tb'],
      ['not ASCII', 'clé'],
    ])('400 for a key %s, and nothing stored', async (_case, key) => {
      const owner = await givenUser(test);
      const before = await tableCounts(test);
      const response = await create({ title: 'x' }, key, owner);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: INVALID_KEY });
      expect(await tableCounts(test)).toEqual(before);
      expect(await keyRows(owner)).toEqual([{ n: expect.anything() }]);
      expect(Number((await keyRows(owner))[0].n)).toBe(0);
    });

    it('accepts 255 visible ASCII characters, punctuation included', async () => {
      const owner = await givenUser(test);
      const key = `${'!~"#$%&()*+,-./:;<=>?@[\\]^_{|}'}${'k'.repeat(225)}`;
      expect(key).toHaveLength(255);
      const first = await create({ title: 'x' }, key, owner).expect(201);
      expectReplay(await create({ title: 'x' }, key, owner), first);
    });

    it('tells keys apart by case', async () => {
      const owner = await givenUser(test);
      const lower = await create({ title: 'x' }, 'abc', owner).expect(201);
      const upper = await create({ title: 'x' }, 'ABC', owner).expect(201);
      expect(upper.body.uuid).not.toBe(lower.body.uuid);
      expect(upper.headers['idempotency-replayed']).toBeUndefined();
    });

    it('are per user: the same key from another user creates that user’s own document', async () => {
      const [ada, bob] = [await givenUser(test), await givenUser(test)];
      const first = await create({ title: 'Shared key' }, 'k-1', ada).expect(201);
      const other = await create({ title: 'Shared key' }, 'k-1', bob).expect(201);
      expect(other.body.uuid).not.toBe(first.body.uuid);
      expect(other.headers['idempotency-replayed']).toBeUndefined();
      // Another body from another user is not a reuse either.
      await create({ title: 'Other body' }, 'k-1', await givenUser(test)).expect(201);
      expect(await docsOf(ada)).toEqual([first.body.uuid]);
      expect(await docsOf(bob)).toEqual([other.body.uuid]);
    });

    it('a body the API refuses is 400 and does not use up the key', async () => {
      const owner = await givenUser(test);
      const refused = await create({ title: '' }, 'fix-and-retry', owner);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'title must not be empty' });
      await create({ title: 'Fixed' }, 'fix-and-retry', owner).expect(201);
    });

    it('without the header, every create makes a document, as in 1.0', async () => {
      const owner = await givenUser(test);
      const first = await create({ title: 'Twice' }, undefined, owner).expect(201);
      const second = await create({ title: 'Twice' }, undefined, owner).expect(201);
      expect(second.body.uuid).not.toBe(first.body.uuid);
      expect(second.headers['idempotency-replayed']).toBeUndefined();
      expect(await docsOf(owner)).toHaveLength(2);
      expect(Number((await keyRows(owner))[0].n)).toBe(0);
    });
  });

  describe('while the first request is still running', () => {
    it('a repeat is 409 with Retry-After; once it is done, the repeat replays it', async () => {
      const owner = await givenUser(test);
      freezeClock(Date.parse('2031-03-04T05:06:07.000Z'));
      // The first request stops right before its create's transaction, holding the key.
      const { holding, release } = holdNextTransaction();

      await withListeningServer(test, async (base) => {
        const firstPending = create({ title: 'Slow' }, 'slow', owner, base).then((r) => r);
        await holding;

        const repeat = await create({ title: 'Slow' }, 'slow', owner, base);
        expect(repeat.status).toBe(409);
        expect(repeat.headers['retry-after']).toBe('30');
        expect(repeat.body).toEqual({ error: IN_PROGRESS });
        // Another body is refused as such even while the first runs.
        const other = await create({ title: 'Fast' }, 'slow', owner, base);
        expect(other.status).toBe(422);
        expect(await docsOf(owner)).toEqual([]);

        release();
        const first = await firstPending;
        expect(first.status).toBe(201);
        expectReplay(await create({ title: 'Slow' }, 'slow', owner, base), first);
        expect(await docsOf(owner)).toEqual([first.body.uuid]);
      });
    });

    it('100 concurrent requests with one key create one document; each gets 201 or 409', async () => {
      const owner = await givenUser(test);
      const body = { title: 'Once', html: '<p>only once</p>', path: '~/once' };
      const responses = await withListeningServer(test, (base) =>
        Promise.all(Array.from({ length: 100 }, () => create(body, 'crowd', owner, base))),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
      const created = responses.filter((response) => response.status === 201);
      const originals = created.filter((r) => r.headers['idempotency-replayed'] === undefined);
      expect(originals).toHaveLength(1);
      const [original] = originals;
      for (const response of created) {
        expect(response.body).toEqual(original.body);
        expect(response.headers.location).toBe(original.headers.location);
      }
      for (const response of responses.filter((r) => r.status === 409)) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(response.body).toEqual({ error: expect.stringMatching(/still in progress/) });
      }
      expect(await docsOf(owner)).toEqual([original.body.uuid]);
      const list = await request(test.http).get(DOCS).set(owner.auth).expect(200);
      expect(list.body.pagination.total_count).toBe(1);
      expectReplay(await create(body, 'crowd', owner), original);
    });
  });

  describe('a create that fails', () => {
    it('releases its key, so a retry at once creates the document (no 409)', async () => {
      const owner = await givenUser(test);
      jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      jest
        .spyOn(test.app.get(DocsRepository), 'insert')
        .mockRejectedValueOnce(new Error('simulated failure'));
      const failed = await create({ title: 'Retry me' }, 'after-500', owner);
      expect(failed.status).toBe(500);
      expect(await docsOf(owner)).toEqual([]);
      const retry = await create({ title: 'Retry me' }, 'after-500', owner);
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotency-replayed']).toBeUndefined();
      expect(await docsOf(owner)).toEqual([retry.body.uuid]);
    });
  });

  describe('a key stored whose answer was lost (the database node died right after the commit)', () => {
    it('is 503, and the retry with the same key creates the document at once (no 409)', async () => {
      const owner = await givenUser(test);
      const repository = test.app.get(IdempotencyRepository);
      const insertKey = repository.insertIfAbsent.bind(repository);
      jest.spyOn(repository, 'insertIfAbsent').mockImplementationOnce(async (manager, key) => {
        await insertKey(manager, key);
        // What mysql2 reports when the server goes away before answering.
        throw new QueryFailedError(
          'INSERT INTO idempotency_keys ...',
          [],
          Object.assign(new Error('Connection lost: The server closed the connection.'), {
            code: 'PROTOCOL_CONNECTION_LOST',
            fatal: true,
          }),
        );
      });
      const failed = await create({ title: 'Lost answer' }, 'lost-answer', owner);
      expect({ status: failed.status, body: failed.body as unknown }).toEqual({
        status: 503,
        body: { error: 'database is unavailable' },
      });
      expect(Number((await keyRows(owner))[0].n)).toBe(0);
      const retry = await create({ title: 'Lost answer' }, 'lost-answer', owner);
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotency-replayed']).toBeUndefined();
      expect(await docsOf(owner)).toEqual([retry.body.uuid]);
    });
  });

  describe('a key left pending by a server that was killed', () => {
    const body = { title: 'Orphan' };
    const fingerprint = requestFingerprint({ title: 'Orphan', html: '', path: '~' });

    /** The row a server leaves when it dies after storing the key, as the service writes it. */
    async function pendingKey(owner: TestUser, key: string, leaseUntil: number, uuid: string) {
      const createdAt = leaseUntil - LEASE_MS;
      await test.dataSource.query(
        `INSERT INTO idempotency_keys (user_id, key_hash, fingerprint, resource_id, attempt,
          lease_until, response, completed_at, created_at, expires_at)
         VALUES (?, ?, ?, ?, 1, ?, NULL, NULL, ?, ?)`,
        [
          owner.id,
          hashIdempotencyKey(key),
          fingerprint,
          uuid,
          toSqlTimestamp(new Date(leaseUntil)),
          toSqlTimestamp(new Date(createdAt)),
          toSqlTimestamp(new Date(createdAt + DAY_MS)),
        ],
      );
    }

    it('blocks a retry only until its lease runs out; the retry then creates the document', async () => {
      const owner = await givenUser(test);
      const clock = freezeClock(Date.parse('2031-03-04T05:06:07.000Z'));
      const reserved = randomUUID();
      await pendingKey(owner, 'died-early', clock.at + 5000, reserved);

      const blocked = await create(body, 'died-early', owner);
      expect(blocked.status).toBe(409);
      expect(blocked.headers['retry-after']).toBe('5');

      clock.at += 5000;
      const retry = await create(body, 'died-early', owner);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual({ uuid: reserved });
      expect(retry.headers.location).toBe(`${DOCS}/${reserved}`);
      expect(await docsOf(owner)).toEqual([reserved]);
      expectReplay(await create(body, 'died-early', owner), retry);
    });

    it('when the document was created but the key not completed: the retry replays it', async () => {
      const owner = await givenUser(test);
      const uuid = await givenDoc(test, owner, body);
      await pendingKey(owner, 'died-late', Date.now() - 1, uuid);

      const retry = await create(body, 'died-late', owner);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual({ uuid });
      expect(retry.headers.location).toBe(`${DOCS}/${uuid}`);
      expect(retry.headers['idempotency-replayed']).toBe('true');
      expect(await docsOf(owner)).toEqual([uuid]);
      expectReplay(await create(body, 'died-late', owner), retry);
    });

    it('a request that outlived its lease cannot commit after another took the key over', async () => {
      const owner = await givenUser(test);
      const clock = freezeClock(Date.parse('2031-03-04T05:06:07.000Z'));
      const { holding, release } = holdNextTransaction();

      const taker = await withListeningServer(test, async (base) => {
        const stuck = create(body, 'outlived', owner, base).then((r) => r);
        await holding;
        clock.at += LEASE_MS;
        const took = await create(body, 'outlived', owner, base);
        expect(took.status).toBe(201);
        expect(took.headers['idempotency-replayed']).toBeUndefined();

        release();
        // The stuck request's transaction is refused; it answers with the taker's document.
        expectReplay(await stuck, took);
        return took;
      });
      expect(await docsOf(owner)).toEqual([taker.body.uuid]);
    });
  });

  describe('expiry after 24 hours', () => {
    it('a key is honoured until 24 h after its first use, then ignored', async () => {
      const owner = await givenUser(test);
      const start = Date.parse('2031-06-01T00:00:00.000Z');
      const clock = freezeClock(start);
      const first = await create({ title: 'Daily' }, 'daily', owner).expect(201);
      await create({ title: 'Once' }, 'then-other', owner).expect(201);

      clock.at = start + DAY_MS - 1;
      expectReplay(await create({ title: 'Daily' }, 'daily', owner), first);
      expect((await create({ title: 'Other' }, 'then-other', owner)).status).toBe(422);

      clock.at = start + DAY_MS;
      const again = await create({ title: 'Daily' }, 'daily', owner);
      expect(again.status).toBe(201);
      expect(again.headers['idempotency-replayed']).toBeUndefined();
      expect(again.body.uuid).not.toBe(first.body.uuid);
      await create({ title: 'Other' }, 'then-other', owner).expect(201);
      // The key now stands for the new document, for another 24 hours.
      expectReplay(await create({ title: 'Daily' }, 'daily', owner), again);
      expect(await docsOf(owner)).toHaveLength(4);
    });

    it('expired keys are deleted by the sweeper in batches, live ones kept', async () => {
      const owner = await givenUser(test);
      const now = Date.parse('2031-07-01T00:00:00.000Z');
      const expired = SWEEP_BATCH + 250;
      const rows = [
        ...Array.from({ length: expired }, (_, i) => now - 1 - i),
        now + 1,
        now + DAY_MS,
      ];
      for (let i = 0; i < rows.length; i += 400) {
        const chunk = rows.slice(i, i + 400);
        await test.dataSource.query(
          `INSERT INTO idempotency_keys (user_id, key_hash, fingerprint, resource_id, attempt,
            lease_until, response, completed_at, created_at, expires_at) VALUES ${chunk
              .map(() => "(?, ?, ?, ?, 1, NULL, '{}', ?, ?, ?)")
              .join(', ')}`,
          chunk.flatMap((expiresAt, j) => [
            owner.id,
            hashIdempotencyKey(`sweep-${i + j}`),
            'f'.repeat(64),
            randomUUID(),
            toSqlTimestamp(new Date(expiresAt - DAY_MS)),
            toSqlTimestamp(new Date(expiresAt - DAY_MS)),
            toSqlTimestamp(new Date(expiresAt)),
          ]),
        );
      }
      freezeClock(now);
      expect(await test.app.get(IdempotencySweeper).sweep()).toBeGreaterThanOrEqual(expired);
      const left = await test.dataSource.query<{ expires_at: Date | string }[]>(
        'SELECT expires_at FROM idempotency_keys WHERE user_id = ? ORDER BY expires_at',
        [owner.id],
      );
      expect(left).toHaveLength(2);
      expect(await test.app.get(IdempotencySweeper).sweep()).toBe(0);
    });

    it('the sweeper finds expired rows on the expires_at index, not by a table scan', async () => {
      const at = toSqlTimestamp(new Date());
      if (databaseKind === 'mysql') {
        const [plan] = await test.dataSource.query<{ key: string | null; type: string }[]>(
          `EXPLAIN ${deleteExpiredStatement('mysql')}`,
          [at, SWEEP_BATCH],
        );
        expect(plan).toMatchObject({ key: 'IDX_idempotency_keys_expires_at', type: 'range' });
      } else {
        const plan = await test.dataSource.query<{ detail: string }[]>(
          `EXPLAIN QUERY PLAN ${deleteExpiredStatement('sqlite')}`,
          [at, SWEEP_BATCH],
        );
        expect(plan.map((step) => step.detail).join('\n')).toMatch(
          /USING (COVERING )?INDEX IDX_idempotency_keys_expires_at \(expires_at<\?\)/,
        );
      }
    });
  });

  describe('CORS', () => {
    let browserApp: TestApp;

    beforeAll(async () => {
      process.env.CORS_ORIGINS = 'https://app.example.com';
      browserApp = await startTestApp();
      delete process.env.CORS_ORIGINS;
    });
    // The same database as `test`: only the app is closed here.
    afterAll(() => browserApp.app.close());

    it('lets browsers send Idempotency-Key and read Idempotency-Replayed', async () => {
      const preflight = await request(browserApp.http)
        .options(DOCS)
        .set('Origin', 'https://app.example.com')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-headers']).toMatch(/\bIdempotency-Key\b/);
      const created = await request(browserApp.http)
        .post(DOCS)
        .set('Origin', 'https://app.example.com')
        .set(user.auth)
        .set('Idempotency-Key', 'from-a-browser')
        .send({ title: 'x' });
      expect(created.status).toBe(201);
      expect(created.headers['access-control-expose-headers']).toMatch(/\bIdempotency-Replayed\b/);
    });
  });
});
