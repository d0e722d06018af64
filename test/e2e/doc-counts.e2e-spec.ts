import request from 'supertest';
import { givenDoc, givenUser, TestUser } from '../support/builders';
import { withListeningServer } from '../support/listening-server';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/**
 * `total_count` comes from counts kept by triggers (`user_doc_counts`, several slots per user
 * and role), not from counting rows: it must stay exact under concurrent writes.
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
      'SELECT COUNT(*) AS n FROM docs WHERE owner_id = ? AND deleted_at IS NULL',
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
    if (databaseKind === 'mysql') {
      // Spread over several rows (all 24 in one of 16 slots has odds of 16^-23).
      expect(afterCreates.slots).toBeGreaterThan(1);
    } else {
      // SQLite has one writer at a time: one row per role.
      expect(afterCreates.slots).toBe(1);
    }

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

  /** Every document of the user's list, page by page, as `uuid → role`; fails on a repeat. */
  async function everyListed(user: TestUser, query: Record<string, string> = {}) {
    const listed = new Map<string, string>();
    for (let page = 1; ; page++) {
      const response = await request(test.http)
        .get('/api/v1/docs')
        .query({ ...query, page: String(page), per_page: '7' })
        .set(user.auth)
        .expect(200);
      const docs = (response.body as { docs: { uuid: string; role: string }[] }).docs;
      for (const doc of docs) {
        expect(listed.has(doc.uuid)).toBe(false);
        listed.set(doc.uuid, doc.role);
      }
      if (docs.length === 0) return listed;
    }
  }

  /** The user's `user_docs` rows by role, counted in the table itself. */
  async function membershipRows(user: TestUser) {
    const rows = await test.dataSource.query<{ role: string; n: number | string }[]>(
      'SELECT role, COUNT(*) AS n FROM user_docs WHERE user_id = ? GROUP BY role',
      [user.id],
    );
    return Object.fromEntries(rows.map((row) => [row.role, Number(row.n)]));
  }

  it('stays exact per user and role through concurrent shares, unshares, role changes, deletes and creates', async () => {
    const owner = await givenUser(test);
    const editor = await givenUser(test);
    const viewer = await givenUser(test);
    const uuids: string[] = [];
    for (let i = 0; i < 20; i++) uuids.push(await givenDoc(test, owner, { title: `Shared ${i}` }));
    const doomed = new Set(uuids.slice(0, 5));
    const unshared = new Set(uuids.slice(3, 9));
    const promoted = new Set(uuids.slice(7, 12));

    type Outcome = { kind: string; uuid?: string; status: number };
    const outcomes: Outcome[] = await withListeningServer(test, (base) => {
      const send = (kind: string, uuid: string | undefined, call: request.Test) =>
        call.then((response) => ({ kind, uuid, status: response.status }));
      const share = (uuid: string, who: TestUser, role: string) =>
        request(base)
          .post(`/api/v1/docs/${uuid}/users`)
          .set(owner.auth)
          .send({ email: who.email, role });
      return Promise.all([
        ...uuids.map((uuid) => send('share editor', uuid, share(uuid, editor, 'editor'))),
        ...uuids.map((uuid) => send('share viewer', uuid, share(uuid, viewer, 'viewer'))),
        ...[...promoted].map((uuid) => send('promote viewer', uuid, share(uuid, viewer, 'editor'))),
        ...[...unshared].map((uuid) =>
          send(
            'unshare editor',
            uuid,
            request(base).delete(`/api/v1/docs/${uuid}/users/${editor.id}`).set(owner.auth),
          ),
        ),
        ...[...doomed].map((uuid) =>
          send('delete', uuid, request(base).delete(`/api/v1/docs/${uuid}`).set(owner.auth)),
        ),
        ...Array.from({ length: 8 }, (_, i) =>
          send(
            'create',
            undefined,
            request(base)
              .post('/api/v1/docs')
              .set(owner.auth)
              .send({ title: `New ${i}` }),
          ),
        ),
        ...Array.from({ length: 4 }, (_, i) =>
          send(
            'create',
            undefined,
            request(base)
              .post('/api/v1/docs')
              .set(editor.auth)
              .send({ title: `Own ${i}` }),
          ),
        ),
        ...Array.from({ length: 6 }, () =>
          send('list', undefined, request(base).get('/api/v1/docs').set(viewer.auth)),
        ),
      ]);
    });
    // Every request had an answer the rules allow; none failed.
    for (const outcome of outcomes) {
      expect([200, 201, 204, 404]).toContain(outcome.status);
    }
    const statusOf = (kind: string, uuid: string) =>
      outcomes.find((outcome) => outcome.kind === kind && outcome.uuid === uuid)?.status;

    // What each user must have, worked out from the answers.
    const alive = uuids.filter((uuid) => !doomed.has(uuid) || statusOf('delete', uuid) !== 204);
    expect(alive).toEqual(uuids.slice(5));
    const editorHas = alive.filter(
      (uuid) => statusOf('share editor', uuid) === 201 && statusOf('unshare editor', uuid) !== 204,
    );
    // Of a share and a role change of the same user, the later one holds: it answered 200.
    const viewerRoles = new Map(
      alive.map(
        (uuid) =>
          [
            uuid,
            promoted.has(uuid) && statusOf('promote viewer', uuid) === 200 ? 'editor' : 'viewer',
          ] as const,
      ),
    );
    const viewerEditing = [...viewerRoles.values()].filter((role) => role === 'editor').length;

    const ownerList = await everyListed(owner);
    expect(ownerList.size).toBe(15 + 8);
    expect(await totalCount(owner)).toBe(23);
    expect(await totalCount(owner, { role: 'owner' })).toBe(23);

    const editorList = await everyListed(editor);
    expect(
      [...editorList]
        .filter(([, role]) => role === 'editor')
        .map(([uuid]) => uuid)
        .sort(),
    ).toEqual([...editorHas].sort());
    expect(await totalCount(editor)).toBe(editorHas.length + 4);
    expect(await totalCount(editor, { role: 'editor' })).toBe(editorHas.length);
    expect(await totalCount(editor, { role: 'owner' })).toBe(4);
    expect(await membershipRows(editor)).toEqual({ editor: editorHas.length, owner: 4 });

    const viewerList = await everyListed(viewer);
    expect(new Map([...viewerList].sort())).toEqual(new Map([...viewerRoles].sort()));
    expect(await totalCount(viewer)).toBe(viewerRoles.size);
    expect(await totalCount(viewer, { role: 'viewer' })).toBe(viewerRoles.size - viewerEditing);
    expect(await totalCount(viewer, { role: 'editor' })).toBe(viewerEditing);
    expect(await membershipRows(viewer)).toEqual({
      viewer: viewerRoles.size - viewerEditing,
      ...(viewerEditing > 0 && { editor: viewerEditing }),
    });
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
