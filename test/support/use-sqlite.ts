// Jest setup for the e2e-sqlite project: each test file gets its own SQLite file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

delete process.env.DATABASE_URL;
process.env.TEST_DATABASE_KIND = 'sqlite';
process.env.SQLITE_PATH = join(mkdtempSync(join(tmpdir(), 'dms-test-e2e-')), 'docs.sqlite');
process.env.SEED_DEMO_USER = 'false';
process.env.LOG_LEVEL = 'error';
// Rate limits have their own tests (rate-limits.e2e-spec.ts); elsewhere they would only get in
// the way of suites that send hundreds of requests.
process.env.RATE_LIMIT_PER_TOKEN = '0';
process.env.RATE_LIMIT_PER_ADDRESS = '0';
delete process.env.REDIS_URL;
// The purge job runs when a test runs it (an automatic run could purge what a test looks at).
process.env.PURGE_INTERVAL_MS = '0';
// One process per service the tests start, unless a test asks for workers.
delete process.env.WEB_CONCURRENCY;
// Webhook dispatchers run where a test turns them on (the webhook suites), not in every app.
process.env.WEBHOOKS_DELIVER = 'false';
// Every statement the service sends must be in its catalogue (src/queries/): one that is not
// fails (see src/database/statement-catalogue.ts).
process.env.DMS_CHECK_STATEMENT_CATALOGUE ??= '1';
