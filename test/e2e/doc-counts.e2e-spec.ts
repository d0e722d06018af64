import request from 'supertest';
import { givenDoc, givenUser, TestUser } from '../support/builders';
import { withListeningServer } from '../support/listening-server';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/**
 * `total_count` comes from counts kept by the write transactions (`user_doc_counts`, several
 * slots per user), not from counting rows: it must stay exact under concurrent writes.
 */
describe(`document counts under concurrent writes (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  async function totalCount(user: TestUser, query: Record<string, string> = {}) {
    const response = await request(test.http)
      .get('/api/v1/docs')
      .query(query)
      .set(user.auth)
      .expect(200);
    return (response.body as { pagination: { total_count: number } }).pagination.total_count;
  }

  async function storedCounts(user: TestUser) {
    const [docs] = await test.dataSource.query<{ n: number | string }[]>(
      'SELECT COUNT(*) AS n FROM docs WHERE owner_id = ?',
      [user.id],
    );
    const slots = await test.dataSource.query<{ doc_count: number | string }[]>(
      'SELECT doc_count FROM user_doc_counts WHERE user_id = ?',
      [user.id],
    );
    return {
      rows: Number(docs.n),
      sum: slots.reduce((total, slot) => total + Number(slot.doc_count), 0),
      slots: slots.length,
    };
  }

  it('stays exact through parallel creates, deletes and repeated deletes', async () => {
    const owner = await givenUser(test);
    const bystander = await givenUser(test);
    await givenDoc(test, bystander);

    const created = await withListeningServer(test, (base) =>
      Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          request(base)
            .post('/api/v1/docs')
            .set(owner.auth)
            .send({ title: `Count ${index}`, ...(index % 2 === 0 && { path: '~/counted' }) }),
        ),
      ),
    );
    expect(created.map((response) => response.status)).toEqual(Array(24).fill(201));
    expect(await totalCount(owner)).toBe(24);
    expect(await totalCount(owner, { path: '~/counted' })).toBe(12);
    const afterCreates = await storedCounts(owner);
    expect(afterCreates).toEqual({ rows: 24, sum: 24, slots: expect.any(Number) });
    // Spread over several rows (all 24 in one of 16 slots has odds of 16^-23).
    expect(afterCreates.slots).toBeGreaterThan(1);

    const uuids = created.map((response) => (response.body as { uuid: string }).uuid);
    const doomed = uuids.slice(0, 12);
    const deletedTwice = doomed.slice(0, 4);
    const results = await withListeningServer(test, (base) =>
      Promise.all([
        ...[...doomed, ...deletedTwice].map((uuid) =>
          request(base).delete(`/api/v1/docs/${uuid}`).set(owner.auth),
        ),
        ...Array.from({ length: 12 }, (_, index) =>
          request(base)
            .post('/api/v1/docs')
            .set(owner.auth)
            .send({ title: `Again ${index}` }),
        ),
      ]),
    );
    const statuses = results.map((response) => response.status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(12);
    expect(statuses.filter((status) => status === 404)).toHaveLength(4);
    expect(statuses.filter((status) => status === 201)).toHaveLength(12);

    expect(await totalCount(owner)).toBe(24);
    expect(await storedCounts(owner)).toEqual({ rows: 24, sum: 24, slots: expect.any(Number) });
    expect(await totalCount(bystander)).toBe(1);
  });

  it('a new user starts at zero with no count rows', async () => {
    const user = await givenUser(test);
    expect(await totalCount(user)).toBe(0);
    expect(await storedCounts(user)).toEqual({ rows: 0, sum: 0, slots: 0 });
  });
});

describe(`parallel creates into new sibling folders (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  it('all succeed, with one parent folder and every child once', async () => {
    const owner = await givenUser(test);
    const responses = await withListeningServer(test, (base) =>
      Promise.all(
        Array.from({ length: 32 }, (_, index) =>
          request(base)
            .post('/api/v1/docs')
            .set(owner.auth)
            .send({ title: `Sibling ${index}`, path: `~/parent/child-${index % 16}` }),
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(32).fill(201));
    const folders = await request(test.http).get('/api/v1/folders').set(owner.auth).expect(200);
    expect((folders.body as unknown[]).length).toBe(17);
  });
});
