import { INestApplication } from '@nestjs/common';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import type { App } from 'supertest/types';

export const databaseKind = process.env.TEST_DATABASE_KIND as 'sqlite' | 'mysql';

export interface TestApp {
  app: INestApplication;
  http: App;
  dataSource: DataSource;
  close(): Promise<void>;
}

/**
 * The application as served (same factory as main.ts) on this test file's own database,
 * with migrations run. `close()` also removes the database.
 */
export async function startTestApp(): Promise<TestApp> {
  const app = await createApp('error');
  await app.init();
  return {
    app,
    http: app.getHttpServer() as App,
    dataSource: app.get(DataSource),
    close: async () => {
      await app.close();
      await dropTestDatabase();
    },
  };
}

/** Starts the app with these variables set (a feature's settings), then puts the environment back. */
export async function startTestAppWith(env: Record<string, string>): Promise<TestApp> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await startTestApp();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

export async function dropTestDatabase(): Promise<void> {
  if (databaseKind === 'sqlite') {
    rmSync(dirname(process.env.SQLITE_PATH!), { recursive: true, force: true });
    return;
  }
  const url = new URL(process.env.DATABASE_URL!);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name.startsWith('dms_test_')) throw new Error(`refusing to drop ${name}`);
  url.pathname = '/';
  const connection = await createConnection({ uri: url.toString() });
  await connection.query(`DROP DATABASE IF EXISTS ${connection.escapeId(name)}`);
  await connection.end();
}
