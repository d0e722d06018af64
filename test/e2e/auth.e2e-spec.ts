import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { expectedUserDetails, givenDoc, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const MISSING_TOKEN = 'missing bearer token: send the header Authorization: Bearer <token>';

/** A protected endpoint, with a request body where it needs one. */
interface Endpoint {
  name: string;
  method: 'get' | 'post' | 'put' | 'delete';
  url: (uuid: string) => string;
  body?: Record<string, unknown>;
}

const endpoints: Endpoint[] = [
  {
    name: 'POST /api/v1/docs',
    method: 'post',
    url: () => '/api/v1/docs',
    body: { title: 'made without valid credentials' },
  },
  { name: 'GET /api/v1/docs', method: 'get', url: () => '/api/v1/docs' },
  { name: 'GET /api/v1/docs/{uuid}', method: 'get', url: (uuid) => `/api/v1/docs/${uuid}` },
  {
    name: 'PUT /api/v1/docs/{uuid}',
    method: 'put',
    url: (uuid) => `/api/v1/docs/${uuid}`,
    body: { title: 'changed without valid credentials', html: '<p>changed</p>' },
  },
  { name: 'DELETE /api/v1/docs/{uuid}', method: 'delete', url: (uuid) => `/api/v1/docs/${uuid}` },
  { name: 'GET /api/v1/folders', method: 'get', url: () => '/api/v1/folders' },
];

/** Credentials that must be refused, resolved once the users and tokens exist. */
interface BadCredentials {
  name: string;
  headers: () => Record<string, string>;
  query?: () => Record<string, string>;
  error: string;
  /** A bearer token was sent: RFC 6750 wants `error="invalid_token"` in WWW-Authenticate. */
  tokenOffered: boolean;
  /** Nothing at all was sent: RFC 6750 wants no error code in WWW-Authenticate. */
  nothingSent?: boolean;
}

/** A token of the service's shape (`dms_` and 43 base64url characters) that was never issued. */
function unissuedToken(): string {
  return `dms_${randomBytes(32).toString('base64url')}`;
}

/** Moves a token's expiry into the past, straight in the database. */
async function expireToken(test: TestApp, tokenId: number): Promise<void> {
  const past = new Date(Date.now() - 60_000).toISOString().replace('T', ' ').replace('Z', '');
  await test.dataSource.query('UPDATE api_tokens SET expires_at = ? WHERE id = ?', [past, tokenId]);
}

function expectUnauthorized(response: request.Response, error: string, tokenOffered: boolean) {
  expect(response.status).toBe(401);
  expect(response.body).toEqual({ error });
  expect(response.headers['content-type']).toMatch(/^application\/json\b/);
  const challenge = response.headers['www-authenticate'];
  expect(challenge).toMatch(/^Bearer( |$)/);
  if (tokenOffered) expect(challenge).toContain('error="invalid_token"');
}

describe(`bearer authentication (${databaseKind})`, () => {
  let test: TestApp;
  let owner: TestUser;
  let docUuid: string;
  let revokedToken: string;
  let expiredToken: string;

  beforeAll(async () => {
    test = await startTestApp();
    owner = await givenUser(test);
    docUuid = await givenDoc(test, owner, { title: 'Protected', html: '<p>original</p>' });

    const tokens = test.app.get(ApiTokensService);
    revokedToken = (await tokens.issue({ email: owner.email, name: 'to revoke' })).token;
    await request(test.http)
      .get('/api/v1/docs')
      .set('Authorization', `Bearer ${revokedToken}`)
      .expect(200);
    await tokens.revoke(revokedToken);

    const expiring = await tokens.issue({
      email: owner.email,
      name: 'to expire',
      expiresInDays: 1,
    });
    expiredToken = expiring.token;
    await request(test.http)
      .get('/api/v1/docs')
      .set('Authorization', `Bearer ${expiredToken}`)
      .expect(200);
    await expireToken(test, expiring.id);
  });
  afterAll(() => test.close());

  const badCredentials: BadCredentials[] = [
    {
      name: 'no Authorization header',
      headers: () => ({}),
      error: MISSING_TOKEN,
      tokenOffered: false,
      nothingSent: true,
    },
    {
      name: 'the Basic scheme',
      headers: () => ({
        Authorization: `Basic ${Buffer.from(`${owner.email}:secret`).toString('base64')}`,
      }),
      error: MISSING_TOKEN,
      tokenOffered: false,
    },
    {
      name: '`Bearer` with no token',
      headers: () => ({ Authorization: 'Bearer' }),
      error: 'malformed bearer token',
      tokenOffered: false,
    },
    {
      name: 'an unknown token',
      headers: () => ({ Authorization: 'Bearer not-a-token-of-ours' }),
      error: 'invalid bearer token',
      tokenOffered: true,
    },
    {
      name: 'a well-shaped token that was never issued',
      headers: () => ({ Authorization: `Bearer ${unissuedToken()}` }),
      error: 'invalid bearer token',
      tokenOffered: true,
    },
    {
      name: 'a revoked token',
      headers: () => ({ Authorization: `Bearer ${revokedToken}` }),
      error: 'bearer token has been revoked',
      tokenOffered: true,
    },
    {
      name: 'an expired token',
      headers: () => ({ Authorization: `Bearer ${expiredToken}` }),
      error: 'bearer token has expired',
      tokenOffered: true,
    },
    {
      name: 'a valid token in the access_token query parameter only',
      headers: () => ({}),
      query: () => ({ access_token: owner.token }),
      error: MISSING_TOKEN,
      tokenOffered: false,
      nothingSent: true,
    },
  ];

  describe.each(endpoints)('$name', (endpoint) => {
    it.each(badCredentials)('401 for $name', async (credentials) => {
      const agent = request(test.http);
      let call = agent[endpoint.method](endpoint.url(docUuid))
        .set(credentials.headers())
        .query(credentials.query?.() ?? {});
      if (endpoint.body) call = call.send(endpoint.body);
      const response = await call;
      expectUnauthorized(response, credentials.error, credentials.tokenOffered);
      if (credentials.nothingSent) {
        expect(response.headers['www-authenticate']).not.toContain('error=');
      }
    });
  });

  it('the refused requests changed nothing: the document is unchanged and alone', async () => {
    const detail = await request(test.http)
      .get(`/api/v1/docs/${docUuid}`)
      .set(owner.auth)
      .expect(200);
    expect(detail.body).toEqual({
      id: expect.any(Number),
      uuid: docUuid,
      title: 'Protected',
      html: '<p>original</p>',
      path: '~',
      created_at: expect.stringMatching(ISO_UTC_MS),
      updated_at: detail.body.created_at,
      version: 1,
      role: 'owner',
      user_docs: [{ user: expectedUserDetails(owner) }],
    });
    const list = await request(test.http).get('/api/v1/docs').set(owner.auth).expect(200);
    expect(list.body.pagination.total_count).toBe(1);
    const folders = await request(test.http).get('/api/v1/folders').set(owner.auth).expect(200);
    expect(folders.body).toEqual([]);
  });

  it('the same valid token is accepted in the Authorization header', async () => {
    await request(test.http).get('/api/v1/docs').set(owner.auth).expect(200);
    await request(test.http).get('/api/v1/folders').set(owner.auth).expect(200);
    await request(test.http).get(`/api/v1/docs/${docUuid}`).set(owner.auth).expect(200);
  });

  describe('revocation', () => {
    it('takes effect at once: a token that just worked gets 401 on its next request', async () => {
      const user = await givenUser(test);
      const tokens = test.app.get(ApiTokensService);
      const other = await tokens.issue({ email: user.email, name: 'kept' });

      await request(test.http).get('/api/v1/docs').set(user.auth).expect(200);
      await tokens.revoke(user.token);

      const refused = await request(test.http).get('/api/v1/docs').set(user.auth);
      expectUnauthorized(refused, 'bearer token has been revoked', true);
      const refusedCreate = await request(test.http)
        .post('/api/v1/docs')
        .set(user.auth)
        .send({ title: 'after revocation' });
      expectUnauthorized(refusedCreate, 'bearer token has been revoked', true);

      // The user's other token is not affected, and nothing was created.
      const list = await request(test.http)
        .get('/api/v1/docs')
        .set('Authorization', `Bearer ${other.token}`)
        .expect(200);
      expect(list.body.pagination.total_count).toBe(0);
    });
  });

  describe('expiry', () => {
    it('a token is accepted until its expiry, and refused once it has passed', async () => {
      const user = await givenUser(test);
      const issued = await test.app
        .get(ApiTokensService)
        .issue({ email: user.email, expiresInDays: 30 });
      const auth = { Authorization: `Bearer ${issued.token}` };

      await request(test.http).get('/api/v1/folders').set(auth).expect(200);
      await expireToken(test, issued.id);

      const refused = await request(test.http).get('/api/v1/folders').set(auth);
      expectUnauthorized(refused, 'bearer token has expired', true);
    });
  });

  describe('public routes need no token', () => {
    it('GET /health answers 200 JSON', async () => {
      const response = await request(test.http).get('/health');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json\b/);
      expect(response.body).toEqual({ status: 'ok', database: 'up' });
      expect(response.headers['www-authenticate']).toBeUndefined();
    });

    it('GET /api serves the Swagger UI as HTML', async () => {
      const response = await request(test.http).get('/api');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html\b/);
      expect(response.text).toContain('swagger-ui');
      expect(response.headers['www-authenticate']).toBeUndefined();
    });

    it('GET /api-json serves the OpenAPI 3 document as JSON', async () => {
      const response = await request(test.http).get('/api-json');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json\b/);
      expect(response.body.openapi).toMatch(/^3\./);
      expect(response.body.info.version).toBe('1.4.0');
      expect(Object.keys(response.body.paths)).toEqual(
        expect.arrayContaining(['/api/v1/docs', '/api/v1/docs/{uuid}', '/api/v1/folders']),
      );
      expect(response.headers['www-authenticate']).toBeUndefined();
    });
  });
});
