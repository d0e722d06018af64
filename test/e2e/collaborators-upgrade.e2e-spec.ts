import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Collaborators1795361290648 } from '../../migrations/mysql/1795361290648-Collaborators';
import { Collaborators1795361292561 } from '../../migrations/sqlite/1795361292561-Collaborators';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { databaseBefore } from '../support/earlier-schema';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

/**
 * A database written by 1.0 (documents with their owner rows and counts), then opened by this
 * version: every document is its owner's, version 1, listed in the same order with the same
 * count, and can be shared at once.
 */
describe(`upgrading 1.0 documents to shared documents (${databaseKind})`, () => {
  let test: TestApp;
  const emails = ['upgrade-ada@example.com', 'upgrade-bob@example.com'];
  /** Ada's documents, oldest update first. */
  const adaDocs = [
    { uuid: randomUUID(), folder: null, updated: '2030-01-01 00:00:00.001' },
    { uuid: randomUUID(), folder: '~/old', updated: '2030-01-01 00:00:00.002' },
    { uuid: randomUUID(), folder: null, updated: '2030-01-01 00:00:00.003' },
  ];

  beforeAll(async () => {
    const old = await databaseBefore({
      mysql: Collaborators1795361290648,
      sqlite: Collaborators1795361292561,
    });
    const created = '2030-01-01 00:00:00.000';
    for (const email of emails) {
      await old.query(
        'INSERT INTO users (email, fname, lname, avatar_url, created_at) VALUES (?, ?, ?, NULL, ?)',
        [email, 'Old', 'Timer', created],
      );
    }
    const [{ id: ada }] = await old.query<{ id: number }[]>(
      'SELECT id FROM users WHERE email = ?',
      [emails[0]],
    );
    await old.query(
      "INSERT INTO folders (user_id, path, path_hash, created_at) VALUES (?, '~/old', ?, ?)",
      [ada, 'f'.repeat(64), created],
    );
    for (const doc of adaDocs) {
      await old.query(
        `INSERT INTO docs (uuid, owner_id, folder_id, title, html, created_at, updated_at)
         VALUES (?, ?, ${doc.folder ? '(SELECT id FROM folders WHERE user_id = ?)' : 'NULL'}, ?, '', ?, ?)`,
        [doc.uuid, ada, ...(doc.folder ? [ada] : []), `Old ${doc.uuid}`, created, doc.updated],
      );
      await old.query(
        "INSERT INTO user_docs (user_id, doc_id, role, created_at) SELECT owner_id, id, 'owner', created_at FROM docs WHERE uuid = ?",
        [doc.uuid],
      );
    }
    // 1.0 kept the count in slots (here two of them).
    await old.query(
      'INSERT INTO user_doc_counts (user_id, slot, doc_count) VALUES (?, 3, 2), (?, 9, 1)',
      [ada, ada],
    );
    await old.destroy();
    test = await startTestApp();
  });
  afterAll(() => test.close());

  async function tokenOf(email: string) {
    const { token } = await test.app.get(ApiTokensService).issue({ email });
    return { Authorization: `Bearer ${token}` };
  }

  it('ran every migration, and the schema matches the entities', async () => {
    expect(await test.dataSource.showMigrations()).toBe(false);
    const drift = await test.dataSource.driver.createSchemaBuilder().log();
    expect(drift.upQueries).toEqual([]);
  });

  it("lists the owner's documents as before: role owner, version 1, same order and count", async () => {
    const ada = await tokenOf(emails[0]);
    const response = await request(test.http).get('/api/v1/docs').set(ada).expect(200);
    expect(
      response.body.docs.map(
        (doc: { uuid: string; role: string; version: number; path: string }) => [
          doc.uuid,
          doc.role,
          doc.version,
          doc.path,
        ],
      ),
    ).toEqual([
      [adaDocs[2].uuid, 'owner', 1, '~'],
      [adaDocs[1].uuid, 'owner', 1, '~/old'],
      [adaDocs[0].uuid, 'owner', 1, '~'],
    ]);
    expect(response.body.pagination.total_count).toBe(3);
    const owned = await request(test.http).get('/api/v1/docs?role=owner').set(ada).expect(200);
    expect(owned.body.pagination.total_count).toBe(3);
  });

  it('copied each document’s updated_at to its owner row', async () => {
    const rows = await test.dataSource.query<{ n: number | string }[]>(
      'SELECT COUNT(*) AS n FROM user_docs m JOIN docs d ON d.id = m.doc_id WHERE m.doc_updated_at = d.updated_at',
    );
    expect(Number(rows[0].n)).toBe(3);
  });

  it('shares an upgraded document at once, and counts it for the new user', async () => {
    const ada = await tokenOf(emails[0]);
    const bob = await tokenOf(emails[1]);
    await request(test.http)
      .post(`/api/v1/docs/${adaDocs[0].uuid}/users`)
      .set(ada)
      .send({ email: emails[1], role: 'editor' })
      .expect(201);
    const list = await request(test.http).get('/api/v1/docs').set(bob).expect(200);
    expect(list.body.pagination.total_count).toBe(1);
    expect(list.body.docs[0]).toEqual(
      expect.objectContaining({ uuid: adaDocs[0].uuid, role: 'editor', path: null }),
    );
  });
});
