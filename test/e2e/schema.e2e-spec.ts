import request from 'supertest';
import { EVENT_BITS, TRIGGER_EVENT_TYPES } from '../../src/events/event-map';
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

  it('writes each document event from a trigger with the type and bit of the event map', async () => {
    const triggers: { name: string; statement: string }[] = await test.dataSource.query(
      databaseKind === 'mysql'
        ? 'SELECT TRIGGER_NAME AS name, ACTION_STATEMENT AS statement FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()'
        : "SELECT name, sql AS statement FROM sqlite_master WHERE type = 'trigger'",
    );
    // Each event is written with its type, then tested against the webhook's mask with its bit;
    // one trigger may write several events (on MySQL), and tests no bit of another.
    const bitsOf = (statement: string) =>
      [...new Set([...statement.matchAll(/& (\d+)\)/g)].map((match) => Number(match[1])))].sort();
    const written = triggers
      .filter((trigger) => /webhook_events/.test(trigger.statement))
      .map(({ statement }) => ({
        events: [...statement.matchAll(/'(document\.[a-z]+)'[^]*?& (\d+)\)/g)].map((match) => ({
          type: match[1] as (typeof TRIGGER_EVENT_TYPES)[number],
          bit: Number(match[2]),
        })),
        bits: bitsOf(statement),
      }));
    const events = written.flatMap((trigger) => trigger.events);
    expect(events.map(({ type }) => type).sort()).toEqual([...TRIGGER_EVENT_TYPES].sort());
    for (const { type, bit } of events) {
      expect({ type, bit }).toEqual({ type, bit: EVENT_BITS[type] });
    }
    for (const trigger of written) {
      expect(trigger.bits).toEqual([...new Set(trigger.events.map(({ bit }) => bit))].sort());
    }
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
      // The entities' tables and migration_steps (the migration runner's record).
      expect(rows.length).toBe(27);
      for (const row of rows) expect(row.TABLE_COLLATION).toBe('utf8mb4_unicode_ci');
    });
  } else {
    it("gives the service's SQLite connection a page cache of 128 MiB (SQLITE_CACHE_MB unset)", async () => {
      expect(await test.dataSource.query('PRAGMA cache_size')).toEqual([
        { cache_size: -128 * 1024 },
      ]);
    });
  }
});
