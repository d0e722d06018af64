// Databases an operator made by hand (`CREATE DATABASE docs CHARACTER SET ...`) rather than the
// service: their default character set and collation are not the service's. Each suite below
// makes one with such a default, under its own dms_test_e2e_* name, and runs the service on it:
// a new install, and the upgrade of a database 1.2 made there (1.2 created its revisions, trash
// and webhook tables in the database's default).
process.env.WEBHOOKS_DELIVER = 'true';
process.env.WEBHOOKS_ALLOW_HTTP = 'true';
process.env.WEBHOOKS_ALLOW_PRIVATE = 'true';
process.env.WEBHOOKS_POLL_MS = '20';

import { Connection, createConnection, RowDataPacket } from 'mysql2/promise';
import request from 'supertest';
import { SearchPostings1795740000000 } from '../../migrations/mysql/1795740000000-SearchPostings';
import { Groups1795750000000 } from '../../migrations/mysql/1795750000000-Groups';
import { DocGrants1795760000000 } from '../../migrations/mysql/1795760000000-DocGrants';
import { GrantsInWebhookAudience1795770000000 } from '../../migrations/mysql/1795770000000-GrantsInWebhookAudience';
import { FolderShares1795780000000 } from '../../migrations/mysql/1795780000000-FolderShares';
import { TeamWebhookEvents1795790000000 } from '../../migrations/mysql/1795790000000-TeamWebhookEvents';
import { TextInOneCollation1795730000000 } from '../../migrations/mysql/1795730000000-TextInOneCollation';
import { UserRolesAndTokenSources1795830000000 } from '../../migrations/mysql/1795830000000-UserRolesAndTokenSources';
import { SignIn1795840000000 } from '../../migrations/mysql/1795840000000-SignIn';
import { RareTermPostings1795850000000 } from '../../migrations/mysql/1795850000000-RareTermPostings';
import { PostingsWithTheirDocument1795860000000 } from '../../migrations/mysql/1795860000000-PostingsWithTheirDocument';
import { WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher';
import {
  expectedUserDetails,
  givenDoc,
  givenGroup,
  givenUser,
  TestUser,
} from '../support/builders';
import { startAppBefore } from '../support/earlier-schema';
import { ISO_UTC_MS, onlyPage, waitFor } from '../support/expectations';
import { dropTestDatabase, startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const COLLATION = 'utf8mb4_unicode_ci';
const SERVER_URL = process.env.DATABASE_URL!;

/** The defaults operators give a database, and text each can hold (latin1 is Windows-1252). */
const DATABASE_DEFAULTS = [
  {
    made: 'CHARACTER SET latin1 (a server whose default is still latin1)',
    clause: 'CHARACTER SET latin1',
    collation: 'latin1_swedish_ci',
    suffix: 'latin1',
    text: {
      title: 'Crème brûlée — 5 €',
      html: '<p>Ølfestival i Århus, «très» bien</p>',
      edited: 'Café ½ Straße',
      description: 'Benachrichtigung für Öl & Côte',
      folder: '~/dossier-été',
    },
  },
  {
    made: 'CHARACTER SET utf8mb4 (collation utf8mb4_general_ci)',
    clause: 'CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci',
    collation: 'utf8mb4_general_ci',
    suffix: 'general',
    text: {
      title: '数据库 plan',
      html: '<p>日本語の文書と한국어 문서</p>',
      edited: '東京 会議',
      description: '通知 フック 알림',
      folder: '~/資料',
    },
  },
];

/** Makes the database by hand, as an operator would, and points the service at it. */
async function databaseMadeByHand(suffix: string, clause: string): Promise<void> {
  const url = new URL(SERVER_URL);
  const name = `${decodeURIComponent(url.pathname.slice(1))}_${suffix}`;
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  const connection = await serverConnection();
  await connection.query(`CREATE DATABASE ${connection.escapeId(name)} ${clause}`);
  await connection.end();
}

/** A connection of its own: to the server, or (`database`) to the test's database. */
function serverConnection(database = false): Promise<Connection> {
  const url = new URL(database ? process.env.DATABASE_URL! : SERVER_URL);
  if (!database) url.pathname = '/';
  return createConnection({ uri: url.toString(), charset: COLLATION, dateStrings: true });
}

/** Every table and text column whose collation is not the service's, and the session's. */
async function collations(test: TestApp) {
  const tables: { name: string; collation: string }[] = await test.dataSource.query(
    'SELECT TABLE_NAME AS name, TABLE_COLLATION AS collation FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME',
  );
  const columns: { name: string; collation: string }[] = await test.dataSource.query(
    `SELECT CONCAT(TABLE_NAME, '.', COLUMN_NAME) AS name, COLLATION_NAME AS collation FROM information_schema.COLUMNS
     WHERE TABLE_SCHEMA = DATABASE() AND COLLATION_NAME IS NOT NULL AND COLLATION_NAME <> ? ORDER BY 1`,
    [COLLATION],
  );
  const [session]: { connection: string; client: string; results: string }[] =
    await test.dataSource.query(
      'SELECT @@collation_connection AS connection, @@character_set_client AS client, @@character_set_results AS results',
    );
  return {
    tables: tables.length,
    otherTables: tables.filter((table) => table.collation !== COLLATION),
    otherColumns: columns,
    session,
  };
}

const EXPECTED_COLLATIONS = {
  tables: 28,
  otherTables: [],
  // Compared and ordered by code point on purpose (a group name folded to lower case).
  otherColumns: [
    { name: 'sign_in_identities.issuer', collation: 'utf8mb4_bin' },
    { name: 'sign_in_identities.subject', collation: 'utf8mb4_bin' },
    { name: 'user_groups.name_key', collation: 'utf8mb4_bin' },
  ],
  session: { connection: COLLATION, client: 'utf8mb4', results: 'utf8mb4' },
};

/** The events received, each once, as `type title`. */
function receivedEvents(receiver: WebhookReceiver): string[] {
  const seen = new Map<string, string>();
  for (const event of receiver.events()) {
    seen.set(event.id, `${event.type} ${event.document?.title}`);
  }
  return [...seen.values()].sort();
}

describe.each(DATABASE_DEFAULTS)('a new install on a database made with $made', (defaults) => {
  let test: TestApp;
  let receiver: WebhookReceiver;
  let owner: TestUser;
  let editor: TestUser;

  beforeAll(async () => {
    await databaseMadeByHand(defaults.suffix, defaults.clause);
    test = await startTestApp();
    receiver = await new WebhookReceiver().start();
    owner = await givenUser(test);
    editor = await givenUser(test);
  }, 60_000);
  afterAll(async () => {
    await receiver?.stop();
    await (test ? test.close() : dropTestDatabase());
  });

  it('every table and text column, and every session, is utf8mb4_unicode_ci', async () => {
    expect(await collations(test)).toEqual(EXPECTED_COLLATIONS);
    expect(await test.dataSource.showMigrations()).toBe(false);
    const drift = await test.dataSource.driver.createSchemaBuilder().log();
    expect(drift.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('a document in Chinese, Japanese and Korean goes through every table', async () => {
    const http = request(test.http);
    const hook = await http
      .post('/api/v1/webhooks')
      .set(owner.auth)
      .send({ url: receiver.url, events: ['*'], description: '通知 フック 알림' })
      .expect(201);
    const webhookId = (hook.body as { id: string }).id;

    const created = await http
      .post('/api/v1/docs')
      .set(owner.auth)
      .set('Idempotency-Key', 'create-cjk-1')
      .send({ title: '数据库 plan', html: '<p>日本語の文書と한국어 문서</p>', path: '~/資料' })
      .expect(201);
    const { uuid } = created.body as { uuid: string };
    const docPath = `/api/v1/docs/${uuid}`;
    await http
      .post(`${docPath}/users`)
      .set(owner.auth)
      .send({ email: editor.email, role: 'editor' })
      .expect(201);
    await http
      .put(docPath)
      .set(editor.auth)
      .send({ title: '数据库 计划', html: '<p>東京で会議</p>' })
      .expect(204);

    const revisions = await http.get(`${docPath}/revisions`).set(owner.auth);
    expect({ status: revisions.status, body: revisions.body }).toEqual({
      status: 200,
      body: {
        revisions: [
          {
            version: 2,
            title: '数据库 计划',
            created_at: expect.stringMatching(ISO_UTC_MS),
            user: expectedUserDetails(editor),
          },
          {
            version: 1,
            title: '数据库 plan',
            created_at: expect.stringMatching(ISO_UTC_MS),
            user: expectedUserDetails(owner),
          },
        ],
        pagination: onlyPage(2),
      },
    });
    const first = await http.get(`${docPath}/revisions/1`).set(editor.auth);
    expect({ status: first.status, body: first.body }).toEqual({
      status: 200,
      body: {
        version: 1,
        title: '数据库 plan',
        html: '<p>日本語の文書と한국어 문서</p>',
        created_at: expect.stringMatching(ISO_UTC_MS),
        user: expectedUserDetails(owner),
      },
    });
    const restored = await http.post(`${docPath}/revisions/1/restore`).set(owner.auth);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: '数据库 plan', version: 3 });

    const found = await http.get('/api/v1/search').query({ q: '한국어' }).set(editor.auth);
    expect({ status: found.status, body: found.body }).toEqual({
      status: 200,
      body: {
        results: [
          {
            uuid,
            title: '数据库 plan',
            path: null,
            role: 'editor',
            updated_at: expect.stringMatching(ISO_UTC_MS),
            version: 3,
            snippet: '日本語の文書と<mark>한국어</mark> 문서',
          },
        ],
        pagination: onlyPage(1),
      },
    });

    await http.delete(docPath).set(owner.auth).expect(204);
    const trash = await http.get('/api/v1/trash').set(owner.auth);
    expect({ status: trash.status, body: trash.body }).toEqual({
      status: 200,
      body: {
        docs: [
          {
            uuid,
            title: '数据库 plan',
            path: '~/資料',
            deleted_at: expect.stringMatching(ISO_UTC_MS),
            purge_at: expect.stringMatching(ISO_UTC_MS),
          },
        ],
        pagination: onlyPage(1),
      },
    });
    await http.post(`/api/v1/trash/${uuid}/restore`).set(owner.auth).expect(200);
    // The member came back from trashed_doc_members with the document.
    await http.put(docPath).set(editor.auth).send({ title: '数据库 最终' }).expect(204);
    await http.delete(docPath).set(owner.auth).expect(204);
    await http.delete(`/api/v1/trash/${uuid}`).set(owner.auth).expect(204);

    const expected = [
      'document.created 数据库 plan',
      'member.added 数据库 plan',
      'document.updated 数据库 计划',
      'document.updated 数据库 plan',
      'document.deleted 数据库 plan',
      'document.restored 数据库 plan',
      'document.updated 数据库 最终',
      'document.deleted 数据库 最终',
      'document.purged 数据库 最终',
    ].sort();
    await receiver.waitFor(() => receivedEvents(receiver).length >= expected.length);
    expect(receivedEvents(receiver)).toEqual(expected);
    const dispatcher = test.app.get(WebhookDispatcher);
    await waitFor(() => Promise.resolve(dispatcher.deliveriesUnderWay === 0));

    const webhook = await http.get(`/api/v1/webhooks/${webhookId}`).set(owner.auth).expect(200);
    expect(webhook.body).toMatchObject({ description: '通知 フック 알림' });
    const log = await http
      .get(`/api/v1/webhooks/${webhookId}/deliveries`)
      .set(owner.auth)
      .expect(200);
    const attempts = (log.body as { deliveries: { status_code: number }[] }).deliveries;
    expect(attempts.map((attempt) => attempt.status_code)).toEqual(expected.map(() => 200));
  }, 30_000);

  it("a group's member lists the documents of a folder shared with the group, by role too", async () => {
    const http = request(test.http);
    const member = await givenUser(test);
    const groupId = await givenGroup(test, owner, [member]);
    const older = await givenDoc(test, owner, { title: defaults.text.title, path: '~/team' });
    const newer = await givenDoc(test, owner, { title: defaults.text.edited, path: '~/team' });
    await http
      .post('/api/v1/folders/shares')
      .set(owner.auth)
      .send({ path: '~/team', group_id: groupId, role: 'editor' })
      .expect(201);

    const all = await http.get('/api/v1/docs').set(member.auth);
    expect(all.status).toBe(200);
    const listed = all.body as { docs: { uuid: string; role: string }[]; pagination: unknown };
    expect(listed.docs.map(({ uuid, role }) => ({ uuid, role }))).toEqual([
      { uuid: newer, role: 'editor' },
      { uuid: older, role: 'editor' },
    ]);
    expect(listed.pagination).toEqual(onlyPage(2));
    // A role filter reads every way of the member, the group's sources as a JSON table.
    const editing = await http.get('/api/v1/docs').query({ role: 'editor' }).set(member.auth);
    expect({ status: editing.status, body: editing.body }).toEqual({ status: 200, body: all.body });
    const viewing = await http.get('/api/v1/docs').query({ role: 'viewer' }).set(member.auth);
    expect({ status: viewing.status, body: viewing.body }).toEqual({
      status: 200,
      body: { docs: [], pagination: onlyPage(0) },
    });
  });
});

describe.each(DATABASE_DEFAULTS)('upgrading 1.2 on a database made with $made', (defaults) => {
  const { text } = defaults;
  let test: TestApp;
  let receiver: WebhookReceiver;
  let owner: TestUser;
  let editor: TestUser;
  let edited: string;
  let trashed: string;
  let webhookId: string;
  /** The rows of 1.2's tables before the upgrade. */
  let before: Record<string, unknown[]>;
  /** The collation of each table 1.2 left in another one than the service's. */
  let collationsBefore: Record<string, string>;

  const TABLES_OF_1_2 = [
    'doc_revisions',
    'trash',
    'trashed_doc_members',
    'job_leases',
    'webhooks',
    'webhook_events',
    'webhook_deliveries',
    'webhook_attempts',
  ];

  async function rowsOf1_2Tables(): Promise<Record<string, unknown[]>> {
    const connection = await serverConnection(true);
    try {
      const rows: Record<string, unknown[]> = {};
      for (const table of TABLES_OF_1_2) {
        const [result] = await connection.query<RowDataPacket[]>(
          `SELECT * FROM \`${table}\` ORDER BY 1, 2`,
        );
        rows[table] = result;
      }
      return rows;
    } finally {
      await connection.end();
    }
  }

  async function tablesNotInServiceCollation(): Promise<Record<string, string>> {
    const connection = await serverConnection(true);
    try {
      const [rows] = await connection.query<RowDataPacket[]>(
        'SELECT TABLE_NAME AS name, TABLE_COLLATION AS collation FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_COLLATION <> ? ORDER BY 1',
        [COLLATION],
      );
      return Object.fromEntries(rows.map((row) => [row.name as string, row.collation as string]));
    } finally {
      await connection.end();
    }
  }

  beforeAll(async () => {
    await databaseMadeByHand(`${defaults.suffix}_up`, defaults.clause);
    // 1.2 writes every table; its webhook receiver answers 503, so each event waits for a retry.
    receiver = await new WebhookReceiver().start();
    receiver.answer = () => 503;
    process.env.WEBHOOKS_RETRY_SCHEDULE = '1h';
    // Today's code writes search postings and reads groups and grants, and its outbox takes
    // events of no document: their tables and columns (utf8mb4 whatever the default) and
    // triggers come first.
    const old = await startAppBefore(TextInOneCollation1795730000000, [
      SearchPostings1795740000000,
      Groups1795750000000,
      DocGrants1795760000000,
      GrantsInWebhookAudience1795770000000,
      FolderShares1795780000000,
      TeamWebhookEvents1795790000000,
      UserRolesAndTokenSources1795830000000,
      SignIn1795840000000,
      RareTermPostings1795850000000,
      PostingsWithTheirDocument1795860000000,
    ]);
    try {
      owner = await givenUser(old);
      editor = await givenUser(old);
      const http = request(old.http);
      const hook = await http
        .post('/api/v1/webhooks')
        .set(owner.auth)
        .send({ url: receiver.url, events: ['*'], description: text.description })
        .expect(201);
      webhookId = (hook.body as { id: string }).id;
      const create = async (title: string) => {
        const response = await http
          .post('/api/v1/docs')
          .set(owner.auth)
          .send({ title, html: text.html, path: text.folder })
          .expect(201);
        const { uuid } = response.body as { uuid: string };
        await http
          .post(`/api/v1/docs/${uuid}/users`)
          .set(owner.auth)
          .send({ email: editor.email, role: 'editor' })
          .expect(201);
        return uuid;
      };
      edited = await create(text.title);
      await http
        .put(`/api/v1/docs/${edited}`)
        .set(editor.auth)
        .send({ title: text.edited })
        .expect(204);
      trashed = await create(text.title);
      await http.delete(`/api/v1/docs/${trashed}`).set(owner.auth).expect(204);
      // Six events: two created, two member.added, one updated, one deleted; each tried once.
      await receiver.waitFor((requests) => requests.length >= 6);
      const dispatcher = old.app.get(WebhookDispatcher);
      await waitFor(() => Promise.resolve(dispatcher.deliveriesUnderWay === 0));
    } finally {
      await old.app.close();
    }
    delete process.env.WEBHOOKS_RETRY_SCHEDULE;

    before = await rowsOf1_2Tables();
    collationsBefore = await tablesNotInServiceCollation();
    // The upgrade: the service of this version starts on that database. It delivers nothing
    // yet, so that the rows can be compared as the migration left them.
    process.env.WEBHOOKS_DELIVER = 'false';
    test = await startTestApp();
    process.env.WEBHOOKS_DELIVER = 'true';
  }, 60_000);
  afterAll(async () => {
    await receiver?.stop();
    await (test ? test.close() : dropTestDatabase());
  });

  it('1.2 had left its eight tables, and TypeORM its own, in the database default', () => {
    expect(collationsBefore).toEqual(
      Object.fromEntries(
        [...TABLES_OF_1_2, 'migrations'].sort().map((t) => [t, defaults.collation]),
      ),
    );
  });

  it('converts every table to utf8mb4_unicode_ci, every row and its text intact', async () => {
    expect(await collations(test)).toEqual(EXPECTED_COLLATIONS);
    expect(await rowsOf1_2Tables()).toEqual(before);
    const drift = await test.dataSource.driver.createSchemaBuilder().log();
    expect(drift.upQueries.map((query) => query.query)).toEqual([]);
  });

  it("reads 1.2's revisions, trash and webhooks", async () => {
    const http = request(test.http);
    const revisions = await http.get(`/api/v1/docs/${edited}/revisions`).set(owner.auth);
    expect({ status: revisions.status, body: revisions.body }).toEqual({
      status: 200,
      body: {
        revisions: [
          {
            version: 2,
            title: text.edited,
            created_at: expect.stringMatching(ISO_UTC_MS),
            user: expectedUserDetails(editor),
          },
          {
            version: 1,
            title: text.title,
            created_at: expect.stringMatching(ISO_UTC_MS),
            user: expectedUserDetails(owner),
          },
        ],
        pagination: onlyPage(2),
      },
    });
    const first = await http.get(`/api/v1/docs/${edited}/revisions/1`).set(editor.auth);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ title: text.title, html: text.html });

    const trash = await http.get('/api/v1/trash').set(owner.auth);
    expect({ status: trash.status, body: trash.body }).toEqual({
      status: 200,
      body: {
        docs: [
          {
            uuid: trashed,
            title: text.title,
            path: text.folder,
            deleted_at: expect.stringMatching(ISO_UTC_MS),
            purge_at: expect.stringMatching(ISO_UTC_MS),
          },
        ],
        pagination: onlyPage(1),
      },
    });
    const webhook = await http.get(`/api/v1/webhooks/${webhookId}`).set(owner.auth);
    expect(webhook.status).toBe(200);
    expect(webhook.body).toMatchObject({ url: receiver.url, description: text.description });
    const log = await http.get(`/api/v1/webhooks/${webhookId}/deliveries`).set(owner.auth);
    expect(log.status).toBe(200);
    const attempts = (log.body as { deliveries: { status_code: number; error: string }[] })
      .deliveries;
    expect(attempts.map(({ status_code, error }) => [status_code, error])).toEqual(
      Array(6).fill([503, null]),
    );
  });

  it('takes CJK text in every table from now on, and delivers what 1.2 left waiting', async () => {
    await test.app.close();
    receiver.answer = () => 200;
    receiver.requests.length = 0;
    test = await startTestApp();
    // The waiting deliveries' retries are an hour away: that hour has passed.
    await test.dataSource.query('UPDATE webhook_deliveries SET next_attempt_at = UTC_TIMESTAMP(3)');
    const http = request(test.http);
    await http
      .put(`/api/v1/docs/${edited}`)
      .set(editor.auth)
      .send({ title: '数据库 plan', html: '<p>한국어</p>' })
      .expect(204);
    const revisions = await http.get(`/api/v1/docs/${edited}/revisions`).set(owner.auth);
    expect(revisions.status).toBe(200);
    expect(
      (revisions.body as { revisions: { title: string }[] }).revisions.map((r) => r.title),
    ).toEqual(['数据库 plan', text.edited, text.title]);
    await http.post(`/api/v1/trash/${trashed}/restore`).set(owner.auth).expect(200);
    await http
      .put(`/api/v1/docs/${trashed}`)
      .set(editor.auth)
      .send({ title: '東京 会議' })
      .expect(204);

    const expected = [
      `document.created ${text.title}`,
      `document.created ${text.title}`,
      `member.added ${text.title}`,
      `member.added ${text.title}`,
      `document.updated ${text.edited}`,
      `document.deleted ${text.title}`,
      'document.updated 数据库 plan',
      `document.restored ${text.title}`,
      'document.updated 東京 会議',
    ].sort();
    await receiver.waitFor(() => receivedEvents(receiver).length >= expected.length);
    expect(receivedEvents(receiver)).toEqual(expected);
  });
});
