import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ISO_UTC_MS } from '../support/expectations';
import { databaseKind, dropTestDatabase } from '../support/test-app';
import { buildIfNeeded, runCli, RunningService, startBuiltService } from '../support/built-service';
import { WebhookReceiver } from '../support/webhook-receiver';

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
    // Webhooks to a receiver on 127.0.0.1: an event a CLI command writes is delivered.
    service = await startBuiltService({
      SEED_DEMO_USER: 'true',
      WEBHOOKS_DELIVER: 'true',
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_POLL_MS: '50',
    });
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

    it('creates the SQLite file and its new folders readable by their owner only', async () => {
      const scratch = mkdtempSync(join(tmpdir(), 'dms-test-e2e-modes-'));
      try {
        const path = join(scratch, 'new', 'data', 'docs.sqlite');
        const made = await runCli(
          ['users', 'create', '--email', 'modes@example.com', '--fname', 'M', '--lname', 'O'],
          {
            SQLITE_PATH: path,
            LOG_LEVEL: 'error',
          },
        );
        expect(made.code).toBe(0);
        const modes = Object.fromEntries(
          [path, dirname(path), dirname(dirname(path))]
            .filter((file) => existsSync(file))
            .map((file) => [file.slice(scratch.length), statSync(file).mode & 0o777]),
        );
        expect(modes).toEqual({
          '/new/data/docs.sqlite': 0o600,
          '/new/data': 0o700,
          '/new': 0o700,
        });
        // The running service's database and its write-ahead log (gone once a CLI exits).
        const running = process.env.SQLITE_PATH!;
        expect([running, `${running}-wal`].map((file) => statSync(file).mode & 0o777)).toEqual([
          0o600, 0o600,
        ]);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
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
        role: 'member',
        active: true,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
    });

    it('makes a user an admin and a member again; only an admin gets a token with the admin scope', async () => {
      const refused = await runCli(['tokens', 'create', '--email', email, '--scope', 'admin']);
      expect(refused).toMatchObject({ code: 1, stdout: '' });
      expect(refused.stderr).toContain(`the admin scope is for admins only; ${email} is a member`);
      const promoted = await runCli(['users', 'set-role', '--email', email, '--role', 'admin']);
      expect(promoted).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(promoted.stdout)).toMatchObject({ email, role: 'admin', active: true });
      const issued = await runCli(['tokens', 'create', '--email', email, '--scope', 'admin']);
      expect(issued).toMatchObject({ code: 0, stderr: '' });
      expect(issued.stdout).toContain('(admin; never expires)');
      const demoted = await runCli(['users', 'set-role', '--email', email, '--role', 'member']);
      expect(JSON.parse(demoted.stdout)).toMatchObject({ email, role: 'member' });
    }, 30_000);

    it('refuses an unknown role before opening the database', async () => {
      const result = await runCli(['users', 'set-role', '--email', email, '--role', 'owner'], {
        DATABASE_URL: 'mysql://nobody@127.0.0.1:1/none',
      });
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toContain("option '--role <role>' argument 'owner' is invalid");
      expect(result.stderr).toContain('must be member or admin');
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

    describe('a bad argument is answered before Nest or the database is loaded', () => {
      const files = mkdtempSync(join(tmpdir(), 'cli-args-'));
      afterAll(() => rmSync(files, { recursive: true, force: true }));
      const badImport = join(files, 'bad.csv');
      const unreachable = {
        DATABASE_URL: 'mysql://nobody@127.0.0.1:1/none',
        NODE_OPTIONS: `--require ${join(__dirname, '..', 'support', 'forbid-nest.js')}`,
      };

      it.each([
        [
          ['users', 'create', '--email', 'nope', '--fname', 'A', '--lname', 'B'],
          'error: email must be a valid e-mail address',
        ],
        [
          ['users', 'set-role', '--email', 'nope', '--role', 'admin'],
          'error: email must be a valid e-mail address',
        ],
        [['users', 'import', '--file', badImport], 'error: line 3: role must be member or admin'],
        [
          ['tokens', 'create', '--email', 'a@example.com', '--scope', 'docs:admin'],
          'error: unknown scope "docs:admin"',
        ],
        [
          ['tokens', 'create', '--email', 'a@example.com', '--name', ' '],
          'error: name must be 1 to 100 characters',
        ],
        [
          ['tokens', 'create', '--email', 'a@example.com', '--expires-in-days', '0'],
          'error: expires-in-days must be an integer between 1 and 3650',
        ],
        [['tokens', 'list', '--email', 'nope'], 'error: email must be a valid e-mail address'],
        [['tokens', 'revoke', '--token', 'abc'], 'error: not a token of this service'],
        [
          ['groups', 'create', '--name', ' ', '--manager', 'a@example.com'],
          'error: name must not be empty',
        ],
        [
          ['groups', 'add', '--group', 'g', '--email', 'a@example.com', '--role', 'owner'],
          'error: role must be member or manager',
        ],
      ])('%j', async (args, message) => {
        writeFileSync(
          badImport,
          'email,fname,lname,role\na@example.com,A,B,admin\nb@example.com,B,C,boss\n',
        );
        const result = await runCli(args, unreachable);
        expect(result).toMatchObject({ code: 1, stdout: '' });
        expect(result.stderr).toContain(message);
      });

      it('the checks would see Nest loaded: a good argument gets as far as loading it', async () => {
        const result = await runCli(['users', 'list'], unreachable);
        expect(result.code).toBe(99);
        expect(result.stderr).toMatch(/^loaded @nestjs\//);
      });
    });

    describe('users import', () => {
      const files = mkdtempSync(join(tmpdir(), 'cli-import-'));
      afterAll(() => rmSync(files, { recursive: true, force: true }));
      const tag = `imp${Date.now()}`;
      const listed = async () =>
        (
          JSON.parse((await runCli(['users', 'list'])).stdout) as { email: string; role: string }[]
        ).filter((user) => user.email.startsWith(tag));

      it('makes the users of a CSV file, skipping e-mails that exist, and says how many of each', async () => {
        const csv = join(files, 'people.csv');
        writeFileSync(
          csv,
          `email,fname,lname,role\n${tag}-a@example.com,Ada,Lovelace,admin\n` +
            `${tag}-b@example.com,"Grace ""G""",Hopper,\n`,
        );
        const first = await runCli(['users', 'import', '--file', csv]);
        expect(first).toMatchObject({ code: 0, stderr: '' });
        expect(JSON.parse(first.stdout)).toEqual({ created: 2, existing: 0 });
        const jsonl = join(files, 'more.jsonl');
        writeFileSync(
          jsonl,
          `{"email":"${tag}-B@example.com","fname":"G","lname":"H"}\n` +
            `{"email":"${tag}-c@example.com","fname":"C","lname":"D"}\n`,
        );
        const second = await runCli(['users', 'import', '--file', jsonl]);
        expect(JSON.parse(second.stdout)).toEqual({ created: 1, existing: 1 });
        expect(await listed()).toEqual([
          expect.objectContaining({ email: `${tag}-a@example.com`, role: 'admin', fname: 'Ada' }),
          expect.objectContaining({
            email: `${tag}-b@example.com`,
            role: 'member',
            fname: 'Grace "G"',
          }),
          expect.objectContaining({ email: `${tag}-c@example.com`, role: 'member' }),
        ]);
      }, 30_000);

      it('writes nothing of a file with a bad line, and names the line', async () => {
        const csv = join(files, 'bad.csv');
        writeFileSync(
          csv,
          `email,fname,lname\n${tag}-d@example.com,D,E\n${tag}-e@example.com,,F\n`,
        );
        const before = await listed();
        const result = await runCli(['users', 'import', '--file', csv]);
        expect(result).toEqual({
          code: 1,
          stdout: '',
          stderr: 'error: line 3: fname must not be empty\n',
        });
        expect(await listed()).toEqual(before);
      }, 30_000);
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

    describe('scopes', () => {
      async function send(method: 'GET' | 'POST', path: string, token: string) {
        const response = await fetch(`${service.baseUrl}${path}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          ...(method === 'POST' ? { body: JSON.stringify({ title: 'From the CLI test' }) } : {}),
        });
        return {
          status: response.status,
          challenge: response.headers.get('www-authenticate'),
          body: await response.json(),
        };
      }

      it('--scope docs:read makes a token that reads (200) and may not write (403)', async () => {
        const issued = await runCli(['tokens', 'create', '--email', email, '--scope', 'docs:read']);
        expect(issued).toMatchObject({ code: 0, stderr: '' });
        expect(issued.stdout).toContain('(docs:read; never expires)');
        const token = lastLine(issued.stdout);
        expect(token).toMatch(TOKEN_LINE);

        expect((await send('GET', '/api/v1/docs', token)).status).toBe(200);
        expect(await send('POST', '/api/v1/docs', token)).toEqual({
          status: 403,
          challenge: 'Bearer error="insufficient_scope", scope="docs:write"',
          body: {
            error:
              'insufficient scope: writing needs a token with docs:write; this token has docs:read',
          },
        });
      });

      it.each([
        ['no --scope', []],
        ['--scope docs:write', ['--scope', 'docs:write']],
        ['a comma-separated list', ['--scope', 'docs:read,docs:write']],
        ['the option repeated', ['--scope', 'docs:read', '--scope', ' docs:write ']],
      ])('%s makes a token that reads and writes', async (_case, args) => {
        const issued = await runCli(['tokens', 'create', '--email', email, ...args]);
        expect(issued).toMatchObject({ code: 0, stderr: '' });
        expect(issued.stdout).toContain('(docs:read, docs:write; never expires)');
        const token = lastLine(issued.stdout);
        expect((await send('POST', '/api/v1/docs', token)).status).toBe(201);
        expect((await send('GET', '/api/v1/docs', token)).status).toBe(200);
      });
    });

    describe('tokens list', () => {
      const owner = `list-${Date.now()}@example.com`;

      it("prints each of the user's tokens, oldest first, with no more than 8 of its characters", async () => {
        await runCli(['users', 'create', '--email', owner, '--fname', 'Lis', '--lname', 'Ter']);
        const make = async (...args: string[]) => {
          const result = await runCli(['tokens', 'create', '--email', owner, ...args]);
          expect(result.code).toBe(0);
          return lastLine(result.stdout);
        };
        const used = await make('--name', 'laptop');
        const reader = await make('--name', 'reader', '--scope', 'docs:read');
        const expiring = await make('--name', 'ci', '--expires-in-days', '7');
        const revoked = await make('--name', 'old');
        expect((await get(service, '/api/v1/docs', used)).status).toBe(200);
        expect((await runCli(['tokens', 'revoke', '--token', revoked])).code).toBe(0);

        const result = await runCli(['tokens', 'list', '--email', ` ${owner.toUpperCase()} `]);
        expect(result).toMatchObject({ code: 0, stderr: '' });
        const listed = JSON.parse(result.stdout) as Record<string, unknown>[];
        const time = expect.stringMatching(ISO_UTC_MS);
        const both = ['docs:read', 'docs:write'];
        expect(listed).toEqual([
          { ...row('laptop', used, both), last_used_at: time },
          row('reader', reader, ['docs:read']),
          { ...row('ci', expiring, both), expires_at: time },
          { ...row('old', revoked, both), revoked_at: time },
        ]);
        const ids = listed.map((token) => token.id as number);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        const created = Date.parse(listed[2].created_at as string);
        expect(Date.parse(listed[2].expires_at as string) - created).toBe(7 * 24 * 3600 * 1000);
        expect(Date.parse(listed[3].revoked_at as string)).toBeGreaterThanOrEqual(
          Date.parse(listed[3].created_at as string),
        );
        for (const token of [used, reader, expiring, revoked]) {
          expect(result.stdout).not.toContain(token.slice(0, 9));
        }

        function row(name: string, token: string, scopes: string[]) {
          return {
            id: expect.any(Number),
            name,
            prefix: token.slice(0, 8),
            scopes,
            source: 'cli',
            created_at: time,
            last_used_at: null,
            expires_at: null,
            revoked_at: null,
          };
        }
      }, 60_000); // eight CLI runs, each starting the application

      it('prints [] for a user without tokens', async () => {
        const lonely = `lonely-${Date.now()}@example.com`;
        await runCli(['users', 'create', '--email', lonely, '--fname', 'No', '--lname', 'Token']);
        const result = await runCli(['tokens', 'list', '--email', lonely]);
        expect(result).toMatchObject({ code: 0, stderr: '' });
        expect(JSON.parse(result.stdout)).toEqual([]);
      });
    });

    it('trash purge runs the purge job once and prints what it did', async () => {
      const token = lastLine(
        (await runCli(['tokens', 'create', '--email', email, '--name', 'binner'])).stdout,
      );
      const call = (method: string, path: string, body?: object) =>
        fetch(`${service.baseUrl}${path}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      const created = (await (await call('POST', '/api/v1/docs', { title: 'Binned' })).json()) as {
        uuid: string;
      };
      expect((await call('DELETE', `/api/v1/docs/${created.uuid}`)).status).toBe(204);
      const kept = await runCli(['trash', 'purge']);
      expect(kept).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(kept.stdout)).toEqual({ ran: true, purgedDocs: 0, prunedDocs: 0 });
      const purged = await runCli(['trash', 'purge'], { TRASH_RETENTION_DAYS: '0' });
      expect(purged).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(purged.stdout)).toMatchObject({ ran: true, purgedDocs: 1 });
      const trash = (await (await call('GET', '/api/v1/trash')).json()) as { docs: unknown[] };
      expect(trash.docs).toEqual([]);
    });

    it('search reindex writes every document again and prints how many', async () => {
      const result = await runCli(['search', 'reindex']);
      expect(result.code).toBe(0);
      const { reindexed } = JSON.parse(result.stdout) as { reindexed: number };
      expect(reindexed).toBeGreaterThanOrEqual(1);
      expect(result.stderr).toContain(`${reindexed} documents…`);
    });

    it('groups create makes a group with its manager; groups add adds a user with a role, and its event has no actor', async () => {
      const name = `CLI team ${Date.now()}`;
      const receiver = await new WebhookReceiver().start();
      const token = lastLine((await runCli(['tokens', 'create', '--email', email])).stdout);
      const hook = await fetch(`${service.baseUrl}/api/v1/webhooks`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, events: ['group.member_added'] }),
      });
      expect(hook.status).toBe(201);
      const created = await runCli(['groups', 'create', '--name', name, '--manager', email]);
      expect(created).toMatchObject({ code: 0, stderr: '' });
      const group = JSON.parse(created.stdout) as { id: number };
      expect(group).toEqual({
        id: expect.any(Number),
        name,
        description: null,
        created_at: expect.stringMatching(ISO_UTC_MS),
        role: 'manager',
        member_count: 1,
        managed_by: 'service',
      });
      const memberEmail = `member-${Date.now()}@example.com`;
      await runCli(['users', 'create', '--email', memberEmail, '--fname', 'M', '--lname', 'E']);
      const added = await runCli([
        ...['groups', 'add', '--group', name.toUpperCase(), '--email', memberEmail],
        ...['--role', 'manager'],
      ]);
      expect(added).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(added.stdout)).toMatchObject({
        user: { email: memberEmail },
        role: 'manager',
      });
      await receiver.waitForCount(1).finally(() => receiver.stop());
      const [event] = receiver.events();
      expect(event).toMatchObject({
        type: 'group.member_added',
        actor: null,
        group: { id: group.id, name },
        member: { role: 'manager' },
      });
      const unknown = await runCli(['groups', 'add', '--group', 'no such group', '--email', email]);
      expect(unknown).toMatchObject({
        code: 1,
        stdout: '',
        stderr: 'error: no group named "no such group"\n',
      });
    }, 60_000); // six CLI runs, each starting the application

    it('users list prints every user as JSON, ordered by id, as users create printed them', async () => {
      const made = [];
      for (const name of ['Grace', 'Alan']) {
        const result = await runCli([
          ...['users', 'create', '--email', `${name.toLowerCase()}-${Date.now()}@example.com`],
          ...['--fname', name, '--lname', 'Listed'],
        ]);
        made.push(JSON.parse(result.stdout));
      }
      const result = await runCli(['users', 'list']);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      const listed = JSON.parse(result.stdout) as { id: number }[];
      expect(listed.slice(-2)).toEqual(made);
      const ids = listed.map((user) => user.id);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      expect(listed).toContainEqual(expect.objectContaining({ email, fname: 'Ada' }));
      for (const user of listed) {
        expect(Object.keys(user).sort()).toEqual([
          'active',
          'avatar_url',
          'created_at',
          'email',
          'fname',
          'id',
          'lname',
          'role',
        ]);
      }
    });

    it.each([
      ['an unknown e-mail', ['tokens', 'create', '--email', 'nobody@example.com'], 'no user'],
      [
        'an unknown scope',
        ['tokens', 'create', '--email', email, '--scope', 'docs:admin'],
        'error: unknown scope "docs:admin": scope must be one of docs:read, docs:write',
      ],
      [
        'an unknown scope in a list',
        ['tokens', 'create', '--email', email, '--scope', 'docs:read,superuser'],
        'unknown scope "superuser"',
      ],
      ['an empty scope', ['tokens', 'create', '--email', email, '--scope', ''], 'unknown scope ""'],
      [
        '--scope without a value',
        ['tokens', 'create', '--email', email, '--scope'],
        "option '--scope <scope>' argument missing",
      ],
      [
        'listing the tokens of an unknown e-mail',
        ['tokens', 'list', '--email', 'no@example.com'],
        'no user',
      ],
      ['listing tokens without --email', ['tokens', 'list'], "required option '--email <email>'"],
      ['a bad expiry', ['tokens', 'create', '--email', email, '--expires-in-days', 'soon'], 'days'],
      [
        'a zero expiry',
        ['tokens', 'create', '--email', email, '--expires-in-days', '0'],
        'expires-in-days',
      ],
      [
        'revoking an unknown token',
        ['tokens', 'revoke', '--token', `dms_${'x'.repeat(43)}`],
        'no such token',
      ],
      ['revoking what is no token', ['tokens', 'revoke', '--token', 'dms_nope'], 'not a token'],
      ['an unknown command', ['users', 'delete'], 'unknown command'],
    ])('refuses %s', async (_case, args, words) => {
      const result = await runCli(args);
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
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
      expect(document.info.version).toBe('1.4.0');
      expect(document.components.securitySchemes.bearer).toMatchObject({
        type: 'http',
        scheme: 'bearer',
      });

      const schemas = document.components.schemas;
      const fields = (name: string) => Object.keys(schemas[name].properties).sort();
      expect(fields('CreateDocDto')).toEqual(['html', 'path', 'title']);
      expect(schemas.CreateDocDto.required).toEqual(['title']);
      expect(fields('UpdateDocDto')).toEqual(['html', 'path', 'title']);
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
        '415',
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
