import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { TokenScopes1795361263481 } from '../../migrations/mysql/1795361263481-TokenScopes';
import { TokenScopes1795361261478 } from '../../migrations/sqlite/1795361261478-TokenScopes';
import { databaseBefore } from '../support/earlier-schema';
import { buildIfNeeded, runCli } from '../support/built-service';
import { ISO_UTC_MS } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/**
 * A database made by 1.0 with a user and a token in it, then opened by this version: the token
 * keeps working with both scopes, and `tokens list` shows it honestly (no prefix was kept).
 */
describe(`upgrading 1.0 tokens to scoped tokens (${databaseKind})`, () => {
  const token = `dms_${randomBytes(32).toString('base64url')}`;
  const email = 'before-scopes@example.com';
  const createdAt = '2030-01-02 03:04:05.678';
  let test: TestApp;

  beforeAll(async () => {
    const old = await databaseBefore({
      mysql: TokenScopes1795361263481,
      sqlite: TokenScopes1795361261478,
    });
    await old.query(
      'INSERT INTO users (email, fname, lname, avatar_url, created_at) VALUES (?, ?, ?, NULL, ?)',
      [email, 'Old', 'Timer', createdAt],
    );
    await old.query(
      'INSERT INTO api_tokens (user_id, name, token_hash, created_at) SELECT id, ?, ?, ? FROM users WHERE email = ?',
      ['from 1.0', createHash('sha256').update(token).digest('hex'), createdAt, email],
    );
    await old.destroy();
    test = await startTestApp();
  });
  afterAll(() => test.close());

  it('ran the scoped-token migration on the existing database', async () => {
    expect(await test.dataSource.showMigrations()).toBe(false);
    const rows: { scopes: string; token_prefix: string | null }[] = await test.dataSource.query(
      'SELECT scopes, token_prefix FROM api_tokens',
    );
    expect(rows).toEqual([{ scopes: 'docs:read docs:write', token_prefix: null }]);
  });

  it('the existing token still reads and writes', async () => {
    const auth = { Authorization: `Bearer ${token}` };
    const created = await request(test.http)
      .post('/api/v1/docs')
      .set(auth)
      .send({ title: 'After the upgrade' })
      .expect(201);
    await request(test.http).get(`/api/v1/docs/${created.body.uuid}`).set(auth).expect(200);
    await request(test.http).delete(`/api/v1/docs/${created.body.uuid}`).set(auth).expect(204);
  });

  it('tokens list shows it with both scopes and a null prefix', async () => {
    buildIfNeeded();
    const result = await runCli(['tokens', 'list', '--email', email]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual([
      {
        id: expect.any(Number),
        name: 'from 1.0',
        prefix: null,
        scopes: ['docs:read', 'docs:write'],
        source: 'cli',
        created_at: '2030-01-02T03:04:05.678Z',
        last_used_at: expect.stringMatching(ISO_UTC_MS),
        expires_at: null,
        revoked_at: null,
      },
    ]);
  });
});
