// Jest setup for the e2e-sqlite project: each test file gets its own SQLite file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

delete process.env.DATABASE_URL;
process.env.TEST_DATABASE_KIND = 'sqlite';
process.env.SQLITE_PATH = join(mkdtempSync(join(tmpdir(), 'dms-test-e2e-')), 'docs.sqlite');
process.env.SEED_DEMO_USER = 'false';
process.env.LOG_LEVEL = 'error';
