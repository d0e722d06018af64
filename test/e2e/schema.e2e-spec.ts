import request from 'supertest';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

describe(`database schema and health (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  it('has run every migration, and the entities need no further migration', async () => {
    const pending = await test.dataSource.showMigrations();
    expect(pending).toBe(false);
    const drift = await test.dataSource.driver.createSchemaBuilder().log();
    expect(drift.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('GET /health answers 200 without a token when the database answers', async () => {
    const response = await request(test.http).get('/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
  });

  if (databaseKind === 'mysql') {
    it('stores text as utf8mb4', async () => {
      const rows: { TABLE_NAME: string; TABLE_COLLATION: string }[] = await test.dataSource.query(
        'SELECT TABLE_NAME, TABLE_COLLATION FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME <> ?',
        ['migrations'],
      );
      expect(rows.length).toBe(15);
      for (const row of rows) expect(row.TABLE_COLLATION).toBe('utf8mb4_unicode_ci');
    });
  }
});
