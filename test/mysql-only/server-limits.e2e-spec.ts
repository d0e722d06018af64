import { INestApplication } from '@nestjs/common';
import { createConnection } from 'mysql2/promise';
import request from 'supertest';
import type { App } from 'supertest/types';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { Sql } from '../../src/database/sql';
import { givenGroup, givenUser, TestUser } from '../support/builders';
import { startTestApp, TestApp } from '../support/test-app';

/** The parts of a mysql2 pool read here (not its public interface). */
interface MysqlPool {
  _allConnections: { length: number; get(index: number): { _statements: { size: number } } };
}

/**
 * The server's limits that a user's data could reach ("Database resources"): with the server
 * refusing every new prepared statement (`max_prepared_stmt_count`), and with MariaDB cutting a
 * JSON aggregate short (`group_concat_max_len`), a second instance of the service on the same
 * database answers every request as the first one did. Each test lowers the server's global
 * setting, starts the instance (whose new sessions take it) and restores the setting.
 */
describe('server limits (mysql)', () => {
  let test: TestApp;
  let owner: TestUser;
  let reader: TestUser;
  let someDoc: string;

  const server = () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = '/';
    return createConnection({ uri: url.toString() });
  };

  /** Runs `work` with a global variable of the server set to `value`, then restores it. */
  async function withGlobal<T>(name: string, value: number, work: () => Promise<T>): Promise<T> {
    const connection = await server();
    try {
      const [rows] = await connection.query(`SELECT @@GLOBAL.${name} AS value`);
      const original = Number((rows as { value: number }[])[0].value);
      await connection.query(`SET GLOBAL ${name} = ?`, [value]);
      try {
        return await work();
      } finally {
        await connection.query(`SET GLOBAL ${name} = ?`, [original]);
      }
    } finally {
      await connection.end();
    }
  }

  /**
   * An instance of the service on the same database (new sessions, nothing prepared). Each is
   * closed before the next starts: instances in one process share passport's strategies, so a
   * closed one's would answer for the others.
   */
  async function withInstance<T>(work: (app: INestApplication, http: App) => Promise<T>) {
    const app = await createApp('error');
    await app.init();
    try {
      return await work(app, app.getHttpServer());
    } finally {
      await app.close();
    }
  }

  /** What the reader sees: lists (first, last, by role), one document and a search. */
  async function readerView(http: App) {
    const get = async (path: string, query: Record<string, unknown> = {}) => {
      const response = await request(http).get(path).query(query).set(reader.auth);
      return { status: response.status, body: response.body as unknown };
    };
    return {
      first: await get('/api/v1/docs', { per_page: 5 }),
      again: await get('/api/v1/docs', { per_page: 5 }),
      last: await get('/api/v1/docs', { per_page: 5, page: 5 }),
      viewer: await get('/api/v1/docs', { role: 'viewer', per_page: 5, page: 2 }),
      editor: await get('/api/v1/docs', { role: 'editor' }),
      one: await get(`/api/v1/docs/${someDoc}`),
      search: await get('/api/v1/search', { q: 'quarterly' }),
    };
  }

  beforeAll(async () => {
    test = await startTestApp();
    owner = await givenUser(test);
    reader = await givenUser(test);
    // Twelve folders, each shared with a group of the reader's (editor and viewer in turn), two
    // documents in each, and one of them also shared with its group directly: 12 folder shares
    // and 12 groups with documents of their own, some 1.5 KB of sources as JSON.
    for (let index = 0; index < 12; index++) {
      const group = await givenGroup(test, owner, [reader]);
      const path = `~/team-${index}`;
      const uuids: string[] = [];
      for (let doc = 0; doc < 2; doc++) {
        const response = await request(test.http)
          .post('/api/v1/docs')
          .set(owner.auth)
          .send({ title: `Report ${index}.${doc}`, html: '<p>quarterly figures</p>', path })
          .expect(201);
        uuids.push((response.body as { uuid: string }).uuid);
      }
      await request(test.http)
        .post('/api/v1/folders/shares')
        .set(owner.auth)
        .send({ path, group_id: group, role: index % 2 === 0 ? 'editor' : 'viewer' })
        .expect(201);
      await request(test.http)
        .post(`/api/v1/docs/${uuids[0]}/groups`)
        .set(owner.auth)
        .send({ group_id: group, role: 'viewer' })
        .expect(201);
      someDoc = uuids[1];
    }
  });
  afterAll(() => test.close());

  it('answers every request as before when the server refuses to prepare statements', async () => {
    const expected = await withInstance((_app, http) => readerView(http));
    expect(expected.first.status).toBe(200);
    expect((expected.last.body as { docs: unknown[] }).docs).toHaveLength(4);
    await withGlobal('max_prepared_stmt_count', 0, () =>
      withInstance(async (app, http) => {
        expect(await readerView(http)).toEqual(expected);
        const created = await request(http)
          .post('/api/v1/docs')
          .set(owner.auth)
          .send({ title: 'Written unprepared', path: '~/team-0' })
          .expect(201);
        const uuid = (created.body as { uuid: string }).uuid;
        await request(http)
          .put(`/api/v1/docs/${uuid}`)
          .set(reader.auth)
          .set('If-Match', '"1"')
          .send({ html: '<p>quarterly, edited</p>' })
          .expect(204);
        await request(http)
          .post(`/api/v1/docs/${uuid}/users`)
          .set(owner.auth)
          .send({ email: reader.email, role: 'viewer' })
          .expect(201);
        // Every statement of the service went the unprepared way.
        expect(app.get(Sql).unpreparedRuns).toBeGreaterThan(20);
      }),
    );
  });

  it('keeps at most DB_PREPARED_STATEMENTS prepared on each connection', async () => {
    const expected = await withInstance((_app, http) => readerView(http));
    process.env.DB_PREPARED_STATEMENTS = '3';
    try {
      await withInstance(async (app, http) => {
        expect(await readerView(http)).toEqual(expected);
        // mysql2's own cache of each pooled connection (it closes on the server what it drops).
        const pool = (app.get(DataSource).driver as unknown as { pool: MysqlPool }).pool;
        const connections = pool._allConnections;
        const kept = Array.from({ length: connections.length }, (_, i) => connections.get(i));
        const sizes = kept.map((connection) => connection._statements.size);
        expect(sizes.length).toBeGreaterThan(0);
        expect(Math.max(...sizes)).toBe(3);
      });
    } finally {
      delete process.env.DB_PREPARED_STATEMENTS;
    }
  });

  it('reads the whole list when the sources read in one statement are cut short', async () => {
    const expected = await withInstance((_app, http) => readerView(http));
    expect(expected.first.status).toBe(200);
    await withGlobal('group_concat_max_len', 256, () =>
      withInstance(async (_app, http) => {
        expect(await readerView(http)).toEqual(expected);
      }),
    );
  });
});
