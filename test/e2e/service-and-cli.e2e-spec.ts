import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { databaseKind, dropTestDatabase } from '../support/test-app';
import { buildIfNeeded, runCli, RunningService, startBuiltService } from '../support/built-service';

const TOKEN_LINE = /^dms_[A-Za-z0-9_-]{43}$/;

async function get(service: RunningService, path: string, token?: string) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), text };
}

function lastLine(text: string): string {
  return text.trimEnd().split('\n').at(-1)!;
}

describe(`the built service and its CLI (${databaseKind})`, () => {
  let service: RunningService;

  beforeAll(async () => {
    buildIfNeeded();
    service = await startBuiltService({ SEED_DEMO_USER: 'true' });
  }, 60000);
  afterAll(async () => {
    await service.stop();
    await dropTestDatabase();
  });

  if (databaseKind === 'sqlite') {
    it('writes a working demo token beside the database on the first start, never to the log', async () => {
      const file = join(dirname(process.env.SQLITE_PATH!), 'demo-token.txt');
      expect(service.output()).toContain(`its API token is in ${file}`);
      const token = readFileSync(file, 'utf8').trim();
      expect(token).toMatch(TOKEN_LINE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(service.output()).not.toContain(token);
      const list = await get(service, '/api/v1/docs', token);
      expect(list.status).toBe(200);
    });
  } else {
    it('makes no demo user on MySQL', () => {
      expect(service.output()).not.toContain('demo');
    });
  }

  describe('CLI', () => {
    const email = `cli-${Date.now()}@example.com`;

    it('creates a user and prints it as JSON', async () => {
      const result = await runCli([
        ...['users', 'create', '--email', ` ${email.toUpperCase()} `],
        ...['--fname', 'Ada', '--lname', 'Lovelace'],
      ]);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(result.stdout)).toEqual({
        id: expect.any(Number),
        fname: 'Ada',
        lname: 'Lovelace',
        email,
        avatar_url: expect.stringMatching(
          /^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?d=identicon$/,
        ),
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
    });

    it.each([
      ['a duplicate e-mail', ['--email', email, '--fname', 'A', '--lname', 'B'], 'already exists'],
      ['an invalid e-mail', ['--email', 'not-an-email', '--fname', 'A', '--lname', 'B'], 'email'],
      [
        'an empty first name',
        ['--email', 'x@example.com', '--fname', ' ', '--lname', 'B'],
        'fname',
      ],
      [
        'a non-http avatar',
        ['--email', 'y@example.com', '--fname', 'A', '--lname', 'B', '--avatar-url', 'ftp://x'],
        'avatar_url',
      ],
      ['a missing last name', ['--email', 'z@example.com', '--fname', 'A'], 'lname'],
    ])('refuses %s with a non-zero exit and a message on stderr', async (_case, args, words) => {
      const result = await runCli(['users', 'create', ...args]);
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(words);
    });

    it('issues a token (last line of stdout) that the server accepts, until it is revoked', async () => {
      const issued = await runCli(['tokens', 'create', '--email', email, '--name', 'laptop']);
      expect(issued.code).toBe(0);
      const token = lastLine(issued.stdout);
      expect(token).toMatch(TOKEN_LINE);

      expect((await get(service, '/api/v1/docs', token)).status).toBe(200);

      const revoked = await runCli(['tokens', 'revoke', '--token', token]);
      expect(revoked).toMatchObject({ code: 0, stderr: '' });
      const after = await get(service, '/api/v1/docs', token);
      expect(after.status).toBe(401);
      expect(JSON.parse(after.text)).toEqual({ error: 'bearer token has been revoked' });
    });

    it('issues expiring tokens', async () => {
      const issued = await runCli(['tokens', 'create', '--email', email, '--expires-in-days', '7']);
      expect(issued.code).toBe(0);
      expect(issued.stdout).toContain('expires ');
      expect((await get(service, '/api/v1/docs', lastLine(issued.stdout))).status).toBe(200);
    });

    it.each([
      ['an unknown e-mail', ['tokens', 'create', '--email', 'nobody@example.com'], 'no user'],
      ['a bad expiry', ['tokens', 'create', '--email', email, '--expires-in-days', 'soon'], 'days'],
      [
        'a zero expiry',
        ['tokens', 'create', '--email', email, '--expires-in-days', '0'],
        'expires-in-days',
      ],
      ['revoking an unknown token', ['tokens', 'revoke', '--token', 'dms_nope'], 'no such token'],
      ['an unknown command', ['users', 'delete'], 'unknown command'],
    ])('refuses %s', async (_case, args, words) => {
      const result = await runCli(args);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain(words);
    });
  });

  describe('Swagger', () => {
    it('serves Swagger UI at /api without a token', async () => {
      const page = await get(service, '/api');
      expect(page.status).toBe(200);
      expect(page.type).toContain('text/html');
      expect(page.text).toContain('swagger-ui');
    });

    it('serves the OpenAPI 3 document at /api-json with the spec’s fields', async () => {
      const response = await get(service, '/api-json');
      expect(response.status).toBe(200);
      const document = JSON.parse(response.text);
      expect(document.openapi).toMatch(/^3\./);
      expect(document.info.version).toBe('1.1.0');
      expect(document.components.securitySchemes.bearer).toMatchObject({
        type: 'http',
        scheme: 'bearer',
      });

      const schemas = document.components.schemas;
      const fields = (name: string) => Object.keys(schemas[name].properties).sort();
      expect(fields('CreateDocDto')).toEqual(['html', 'path', 'title']);
      expect(schemas.CreateDocDto.required).toEqual(['title']);
      expect(fields('UpdateDocDto')).toEqual(['html', 'title']);
      expect(fields('CreatedDocDto')).toEqual(['uuid']);
      expect(fields('DocListDto')).toEqual(['docs', 'pagination']);
      expect(fields('DocListItemDto')).toEqual([
        'created_at',
        'id',
        'path',
        'role',
        'title',
        'updated_at',
        'user_docs',
        'uuid',
        'version',
      ]);
      expect(fields('UserDocDto')).toEqual(['user']);
      expect(fields('AddDocUserDto')).toEqual(['email', 'role']);
      expect(fields('DocUserDto')).toEqual(['added_at', 'role', 'user']);
      expect(fields('UserDetailsDto')).toEqual(['avatar_url', 'email', 'fname', 'id', 'lname']);
      expect(fields('PaginationDto')).toEqual([
        'current_page',
        'next_page',
        'prev_page',
        'total_count',
        'total_pages',
      ]);
      expect(fields('ErrorResponseDto')).toEqual(['error']);

      const operations = [
        ['post', '/api/v1/docs'],
        ['get', '/api/v1/docs'],
        ['get', '/api/v1/docs/{uuid}'],
        ['put', '/api/v1/docs/{uuid}'],
        ['delete', '/api/v1/docs/{uuid}'],
        ['get', '/api/v1/folders'],
      ];
      for (const [method, path] of operations) {
        const operation = document.paths[path][method];
        expect(operation.summary).toEqual(expect.any(String));
        expect(operation.security).toEqual([{ bearer: [] }]);
        const unauthorized = operation.responses['401'].content['application/json'];
        expect(unauthorized.schema).toEqual({ $ref: '#/components/schemas/ErrorResponseDto' });
        expect(unauthorized.example).toEqual({ error: expect.any(String) });
      }
      expect(Object.keys(document.paths['/api/v1/docs/{uuid}'].put.responses).sort()).toEqual([
        '204',
        '400',
        '401',
        '403',
        '404',
        '412',
        '413',
        '429',
        '500',
        '503',
      ]);
      expect(document.paths['/health'].get.security).toEqual([]);
    });

    it('serves exactly the committed openapi.json', async () => {
      const served = JSON.parse((await get(service, '/api-json')).text);
      const committed = JSON.parse(
        readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'),
      );
      if (!isDeepStrictEqual(served, committed)) {
        throw new Error(
          'openapi.json differs from the document the code serves: run `npm run openapi` and commit it.',
        );
      }
    });
  });
});
