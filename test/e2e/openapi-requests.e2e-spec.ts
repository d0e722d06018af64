// The committed openapi.json as a promise about requests, as a property-based tester generating
// requests from /api-json reads it: what a schema lets a client send, the service takes; what
// it refuses, the service refuses (400). And a documented example body succeeds.
import fc from 'fast-check';
import request from 'supertest';
import { givenUser, TestUser } from '../support/builders';
import { onlyPage } from '../support/expectations';
import { fuzzParameters } from '../support/hostile-input';
import { openapi, RequestSchemas } from '../support/openapi-contract';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const SEARCH = '/api/v1/search';
const WEBHOOKS = '/api/v1/webhooks';
const WEBHOOK = '/api/v1/webhooks/{id}';

/**
 * Names the public DNS answers for: IANA keeps `example.com` and `www.example.com` for examples
 * (RFC 2606) and serves addresses for them. This machine has no DNS, so `lookup` answers as the
 * public DNS would for these names, with a public address, and finds no other name, as the
 * public DNS finds no `hooks.example.com`.
 */
const PUBLIC_NAMES = new Set(['example.com', 'www.example.com']);

/** The module itself (an `import * as` would be a copy), whose `lookup` the service calls. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dns = require('node:dns/promises') as typeof import('node:dns/promises');

function exampleOf(schemaName: string): Record<string, unknown> {
  const schema = openapi.components.schemas[schemaName] as {
    properties: Record<string, { example?: unknown }>;
  };
  return Object.fromEntries(
    Object.entries(schema.properties).map(([name, property]) => [name, property.example]),
  );
}

describe(`requests the OpenAPI document allows are the ones the service takes (${databaseKind})`, () => {
  let test: TestApp;
  let user: TestUser;
  const schemas = new RequestSchemas();

  beforeAll(async () => {
    test = await startTestApp();
    user = await givenUser(test);
  });
  afterAll(() => test.close());
  afterEach(() => jest.restoreAllMocks());

  describe('GET /search: q', () => {
    const search = (q: string) => request(test.http).get(SEARCH).query({ q }).set(user.auth);
    const allowed = (q: string) => schemas.accepts('get', SEARCH, { parameter: 'q' }, q);

    it.each([
      ['a C1 control character (%C2%89)', '\u0089', 400],
      ['punctuation alone', ' !!! -- ', 400],
      ['a control character and a word', '\u0089report', 200],
      ['a word', 'report', 200],
      ['a Thai vowel sign alone (no word: nothing found)', '\u0e31', 200],
      ['々 alone', '々', 200],
    ])('%s: %s', async (_name, q, status) => {
      expect(allowed(q)).toBe(status === 200);
      const response = await search(q);
      expect({ status: response.status, body: response.body as unknown }).toEqual(
        status === 200
          ? {
              status: 200,
              body: {
                results: [],
                pagination: onlyPage(0),
              },
            }
          : {
              status: 400,
              body: { error: 'q must contain a word to search for (letters or digits)' },
            },
      );
    });

    it('random q: 200 exactly when the schema allows it, else 400', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), async (q) => {
          const response = await search(q);
          expect({ q, status: response.status }).toEqual({ q, status: allowed(q) ? 200 : 400 });
        }),
        fuzzParameters(100),
      );
    });
  });

  describe('PATCH /webhooks/{id}: the body', () => {
    let path: string;

    beforeAll(async () => {
      const created = await request(test.http)
        .post(WEBHOOKS)
        .set(user.auth)
        .send({ url: 'https://93.184.216.34/hook', events: ['document.created'] });
      expect(created.status).toBe(201);
      path = `${WEBHOOKS}/${(created.body as { id: string }).id}`;
    });

    it.each([
      [{ '': null }, 'at least one of url, events or active must be given'],
      [{}, 'at least one of url, events or active must be given'],
      [{ description: 'not changeable' }, 'at least one of url, events or active must be given'],
      [{ url: null }, 'url must be a string'],
      [{ events: [] }, expect.stringMatching(/^events must be a non-empty list of /)],
      [{ active: 'yes' }, 'active must be true or false'],
    ])('%j: refused by the schema and by the service', async (body, error) => {
      expect(schemas.accepts('patch', WEBHOOK, 'body', body)).toBe(false);
      const response = await request(test.http).patch(path).set(user.auth).send(body);
      expect({ status: response.status, body: response.body as unknown }).toEqual({
        status: 400,
        body: { error },
      });
    });

    it.each([[{ active: true, '': null }], [{ events: ['*'] }], [{ active: false }]])(
      '%j: allowed by the schema, 200',
      async (body) => {
        expect(schemas.accepts('patch', WEBHOOK, 'body', body)).toBe(true);
        const response = await request(test.http).patch(path).set(user.auth).send(body);
        expect(response.status).toBe(200);
      },
    );
  });

  describe('the bodies of groups and folder shares', () => {
    const GROUPS = '/api/v1/groups';
    const GROUP = '/api/v1/groups/{id}';
    const SHARES = '/api/v1/folders/shares';
    let groupPath: string;
    let groupId: number;
    let grace: TestUser;

    beforeAll(async () => {
      grace = await givenUser(test);
      const created = await request(test.http)
        .post(GROUPS)
        .set(user.auth)
        .send({ name: `Schema ${Date.now()}` });
      expect(created.status).toBe(201);
      groupId = (created.body as { id: number }).id;
      groupPath = `${GROUPS}/${groupId}`;
    });

    it.each([
      ['post', GROUPS, { name: ' ' }, 'name must not be empty'],
      ['patch', GROUP, {}, 'at least one of name or description must be given'],
      ['patch', GROUP, { name: '\t ' }, 'name must not be empty'],
      [
        'post',
        SHARES,
        { path: '~/q3', email: 'x@example.com', group_id: 1 },
        'give either email (a user) or group_id (a group), not both',
      ],
      [
        'post',
        SHARES,
        { path: '~/q3' },
        'give email (a user) or group_id (a group) to share the folder with',
      ],
    ] as const)(
      '%s %s %j: refused by the schema and by the service',
      async (method, path, body, error) => {
        expect(schemas.accepts(method, path, 'body', body)).toBe(false);
        const url = path === GROUP ? groupPath : path;
        const response = await request(test.http)[method](url).set(user.auth).send(body);
        expect({ status: response.status, body: response.body as unknown }).toEqual({
          status: 400,
          body: { error },
        });
      },
    );

    it('allowed by the schema: 200 and 201', async () => {
      const rename = { name: ' Renamed ' };
      expect(schemas.accepts('patch', GROUP, 'body', rename)).toBe(true);
      await request(test.http).patch(groupPath).set(user.auth).send(rename).expect(200);
      const describe = { description: null };
      expect(schemas.accepts('patch', GROUP, 'body', describe)).toBe(true);
      await request(test.http).patch(groupPath).set(user.auth).send(describe).expect(200);
      for (const body of [
        { path: '~/q3', group_id: groupId },
        { path: '~/q4', email: grace.email, role: 'editor' },
      ]) {
        expect(schemas.accepts('post', SHARES, 'body', body)).toBe(true);
        await request(test.http).post(SHARES).set(user.auth).send(body).expect(201);
      }
    });
  });

  describe('the documented examples of the webhook bodies', () => {
    beforeEach(() => {
      jest.spyOn(dns, 'lookup').mockImplementation(((hostname: string) =>
        PUBLIC_NAMES.has(hostname)
          ? Promise.resolve([{ address: '93.184.216.34', family: 4 }])
          : Promise.reject(
              Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
                code: 'ENOTFOUND',
              }),
            )) as unknown as typeof dns.lookup);
    });

    it('POST /webhooks with the example: 201; PATCH with the example: 200', async () => {
      const body = exampleOf('CreateWebhookDto');
      expect(schemas.accepts('post', WEBHOOKS, 'body', body)).toBe(true);
      const created = await request(test.http).post(WEBHOOKS).set(user.auth).send(body);
      expect({ status: created.status, error: (created.body as { error?: string }).error }).toEqual(
        { status: 201, error: undefined },
      );
      expect(created.body).toMatchObject(body);

      const change = exampleOf('UpdateWebhookDto');
      expect(schemas.accepts('patch', WEBHOOK, 'body', change)).toBe(true);
      const updated = await request(test.http)
        .patch(`${WEBHOOKS}/${(created.body as { id: string }).id}`)
        .set(user.auth)
        .send(change);
      expect({ status: updated.status, error: (updated.body as { error?: string }).error }).toEqual(
        { status: 200, error: undefined },
      );
      expect(updated.body).toMatchObject(change);
    });
  });
});
