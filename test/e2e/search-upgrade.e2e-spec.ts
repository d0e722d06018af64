import request from 'supertest';
import { Search1795700000000 as MysqlSearch } from '../../migrations/mysql/1795700000000-Search';
import { Search1795700000000 as SqliteSearch } from '../../migrations/sqlite/1795700000000-Search';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { databaseBefore } from '../support/earlier-schema';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/** A database written before search (documents without terms) upgraded by starting the service. */
describe(`search: upgrading a database written before it (${databaseKind})`, () => {
  let test: TestApp;
  let auth: { Authorization: string };

  beforeAll(async () => {
    const old = await databaseBefore({ mysql: MysqlSearch, sqlite: SqliteSearch });
    const at = '2030-02-03 04:05:06.789';
    await old.query(
      "INSERT INTO users (email, fname, lname, created_at) VALUES ('old@example.com', 'Old', 'Timer', ?)",
      [at],
    );
    // More documents than one batch of the migration's rebuild.
    for (let i = 0; i < 205; i++) {
      await old.query(
        `INSERT INTO docs (uuid, owner_id, folder_id, title, html, created_at, updated_at, version)
         SELECT ?, id, NULL, ?, ?, ?, ?, 1 FROM users`,
        [
          `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          `Old note ${i}`,
          i === 204 ? '<p>我们讨论数据库迁移</p>' : '<p>kept from before</p>',
          at,
          at,
        ],
      );
    }
    // And one in a later bucket of the index (ids 3,072 to 4,095: PostingsByBucket).
    await old.query(
      `INSERT INTO docs (id, uuid, owner_id, folder_id, title, html, created_at, updated_at, version)
       SELECT 3500, ?, id, NULL, 'Old note far', '<p>written far along</p>', ?, ?, 1 FROM users`,
      ['00000000-0000-4000-8000-000000003500', at, at],
    );
    await old.destroy();
    test = await startTestApp();
    const { token } = await test.app.get(ApiTokensService).issue({ email: 'old@example.com' });
    auth = { Authorization: `Bearer ${token}` };
  });
  afterAll(() => test.close());

  it('finds every document written before, by its title and its text', async () => {
    const search = async (q: string) =>
      (await request(test.http).get('/api/v1/search').query({ q }).set(auth).expect(200)).body as {
        results: { title: string }[];
        pagination: { total_count: number };
      };
    expect((await search('kept before')).pagination.total_count).toBe(204);
    expect((await search('note')).pagination.total_count).toBe(206);
    expect((await search('far along')).results.map((result) => result.title)).toEqual([
      'Old note far',
    ]);
    expect((await search('数据库')).results.map((result) => result.title)).toEqual([
      'Old note 204',
    ]);
  });
});
