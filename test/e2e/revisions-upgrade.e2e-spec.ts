import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Revisions1795600922647 } from '../../migrations/mysql/1795600922647-Revisions';
import { Revisions1795600931957 } from '../../migrations/sqlite/1795600931957-Revisions';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { databaseBefore } from '../support/earlier-schema';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/** A database of 1.1 (documents with versions, no revisions) upgraded by starting the service. */
describe(`revisions: upgrading a 1.1 database (${databaseKind})`, () => {
  let test: TestApp;
  let auth: { Authorization: string };
  const uuid = randomUUID();
  const updatedAt = '2030-02-03T04:05:06.789Z';

  beforeAll(async () => {
    const old = await databaseBefore({
      mysql: Revisions1795600922647,
      sqlite: Revisions1795600931957,
    });
    const at = updatedAt.replace('T', ' ').replace('Z', '');
    await old.query(
      "INSERT INTO users (email, fname, lname, created_at) VALUES ('old@example.com', 'Old', 'Timer', ?)",
      [at],
    );
    // Version 4 of a document: its earlier versions were never kept.
    await old.query(
      `INSERT INTO docs (uuid, owner_id, folder_id, title, html, created_at, updated_at, version)
       SELECT ?, id, NULL, 'Kept as it is', '<p>four</p>', ?, ?, 4 FROM users`,
      [uuid, at, at],
    );
    await old.destroy();
    test = await startTestApp();
    const { token } = await test.app.get(ApiTokensService).issue({ email: 'old@example.com' });
    auth = { Authorization: `Bearer ${token}` };
  });
  afterAll(() => test.close());

  it('lists the current version alone, written by someone unknown', async () => {
    const response = await request(test.http).get(`/api/v1/docs/${uuid}/revisions`).set(auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      revisions: [{ version: 4, title: 'Kept as it is', created_at: updatedAt, user: null }],
      pagination: {
        current_page: 1,
        next_page: null,
        prev_page: null,
        total_pages: 1,
        total_count: 1,
      },
    });
  });

  it('keeps versions from the first update on: 4 is then a revision, 3 never was', async () => {
    await request(test.http)
      .put(`/api/v1/docs/${uuid}`)
      .set(auth)
      .send({ title: 'Changed' })
      .expect(204);
    const four = await request(test.http).get(`/api/v1/docs/${uuid}/revisions/4`).set(auth);
    expect(four.body).toEqual({
      version: 4,
      title: 'Kept as it is',
      html: '<p>four</p>',
      created_at: updatedAt,
      user: null,
    });
    const three = await request(test.http).get(`/api/v1/docs/${uuid}/revisions/3`).set(auth);
    expect(three.status).toBe(404);
  });
});
