import request from 'supertest';
import { PurgeJob } from '../../src/docs/trash/purge-job';
import { givenDoc, givenUser, TestUser } from '../support/builders';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

describe(`revisions: REVISIONS_KEEP=3 (${databaseKind})`, () => {
  let test: TestApp;
  let owner: TestUser;
  const before = process.env.REVISIONS_KEEP;

  beforeAll(async () => {
    process.env.REVISIONS_KEEP = '3';
    test = await startTestApp();
    owner = await givenUser(test);
  });
  afterAll(async () => {
    await test.close();
    if (before === undefined) delete process.env.REVISIONS_KEEP;
    else process.env.REVISIONS_KEEP = before;
  });

  async function givenVersions(count: number): Promise<string> {
    const uuid = await givenDoc(test, owner, { title: 'v1' });
    for (let version = 2; version <= count; version++) {
      await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(owner.auth)
        .send({ title: `v${version}` })
        .expect(204);
    }
    return uuid;
  }

  it('lists the newest three versions, the current one first', async () => {
    const uuid = await givenVersions(5);
    const response = await request(test.http).get(`/api/v1/docs/${uuid}/revisions`).set(owner.auth);
    expect(response.status).toBe(200);
    const body = response.body as {
      revisions: { version: number; title: string }[];
      pagination: { total_count: number };
    };
    expect(body.revisions.map(({ version, title }) => [version, title])).toEqual([
      [5, 'v5'],
      [4, 'v4'],
      [3, 'v3'],
    ]);
    expect(body.pagination.total_count).toBe(3);
  });

  it('a version that fell out is 404, and cannot be restored', async () => {
    const uuid = await givenVersions(5);
    const gone = { error: 'version 2 of this document does not exist or is no longer kept' };
    const read = await request(test.http).get(`/api/v1/docs/${uuid}/revisions/2`).set(owner.auth);
    expect({ status: read.status, body: read.body }).toEqual({ status: 404, body: gone });
    const restore = await request(test.http)
      .post(`/api/v1/docs/${uuid}/revisions/2/restore`)
      .set(owner.auth);
    expect({ status: restore.status, body: restore.body }).toEqual({ status: 404, body: gone });
    const kept = await request(test.http).get(`/api/v1/docs/${uuid}/revisions/3`).set(owner.auth);
    expect(kept.body).toMatchObject({ version: 3, title: 'v3' });
  });

  it('the purge job deletes the rows of versions no longer kept, and nothing the API shows', async () => {
    const uuid = await givenVersions(6);
    const stored = async () =>
      (
        await test.dataSource.query<{ version: number | string }[]>(
          'SELECT version FROM doc_revisions WHERE doc_id = (SELECT id FROM docs WHERE uuid = ?) ORDER BY version',
          [uuid],
        )
      ).map((row) => Number(row.version));
    expect(await stored()).toEqual([1, 2, 3, 4, 5]);
    const before = await request(test.http).get(`/api/v1/docs/${uuid}/revisions`).set(owner.auth);
    const outcome = await test.app.get(PurgeJob).run();
    expect(outcome.ran).toBe(true);
    expect(outcome.prunedDocs).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([4, 5]);
    const after = await request(test.http).get(`/api/v1/docs/${uuid}/revisions`).set(owner.auth);
    expect(after.body).toEqual(before.body);
  });
});
