import request from 'supertest';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { Clock } from '../../src/common/clock';
import { Sql } from '../../src/database/sql';
import { PurgeJob } from '../../src/docs/trash/purge-job';
import { trashSql } from '../../src/docs/trash/trash.repository';
import {
  expectedUserDetails,
  givenDoc,
  givenSharedDoc,
  givenUser,
  TestUser,
} from '../support/builders';
import { ISO_UTC_MS } from '../support/expectations';
import { indexedTermsOfId } from '../support/search-index';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const NOT_FOUND = { error: 'document not found' };
const NOT_IN_TRASH = { error: 'document not found in your trash' };
const DAY_MS = 24 * 60 * 60 * 1000;

interface ListBody {
  docs: { uuid: string }[];
  pagination: { total_count: number };
}

describe(`trash (${databaseKind})`, () => {
  let test: TestApp;
  let owner: TestUser;
  let editor: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    test = await startTestApp();
    owner = await givenUser(test);
    editor = await givenUser(test);
    stranger = await givenUser(test);
  });
  afterAll(() => test.close());
  afterEach(() => jest.restoreAllMocks());

  const remove = (user: TestUser, uuid: string) =>
    request(test.http).delete(`/api/v1/docs/${uuid}`).set(user.auth);
  const restore = (user: TestUser | null, uuid: string) => {
    const call = request(test.http).post(`/api/v1/trash/${uuid}/restore`);
    return user ? call.set(user.auth) : call;
  };
  const purge = (user: TestUser | null, uuid: string) => {
    const call = request(test.http).delete(`/api/v1/trash/${uuid}`);
    return user ? call.set(user.auth) : call;
  };
  const trashOf = async (user: TestUser, query: object = {}) => {
    const response = await request(test.http).get('/api/v1/trash').query(query).set(user.auth);
    expect(response.status).toBe(200);
    return response.body as ListBody & {
      docs: { uuid: string; title: string; path: string; deleted_at: string; purge_at: string }[];
    };
  };
  const listOf = async (user: TestUser, query: object = {}) =>
    (await request(test.http).get('/api/v1/docs').query(query).set(user.auth).expect(200))
      .body as ListBody;
  const status = async (call: request.Test) => (await call).status;
  const rowCount = async (table: string, docUuid: string) => {
    const rows: { n: number | string }[] = await test.dataSource.query(
      `SELECT COUNT(*) AS n FROM ${table} WHERE doc_id = (SELECT id FROM docs WHERE uuid = ?)`,
      [docUuid],
    );
    return Number(rows[0].n);
  };

  /** A document of the owner's in ~/kept, shared with the editor, updated once by the editor. */
  async function givenSharedHistory(): Promise<string> {
    const uuid = await givenSharedDoc(test, owner, editor, 'editor', {
      title: 'Kept',
      html: '<p>one</p>',
      path: '~/kept',
    });
    await request(test.http)
      .put(`/api/v1/docs/${uuid}`)
      .set(editor.auth)
      .send({ html: '<p>two</p>' })
      .expect(204);
    return uuid;
  }

  describe('DELETE /docs/{uuid} moves the document to the trash', () => {
    it('from then on it is 404 on every document route, for every member', async () => {
      const uuid = await givenSharedHistory();
      expect((await remove(owner, uuid)).status).toBe(204);
      for (const user of [owner, editor]) {
        const routes = [
          request(test.http).get(`/api/v1/docs/${uuid}`),
          request(test.http).put(`/api/v1/docs/${uuid}`).send({ title: 'x' }),
          request(test.http).delete(`/api/v1/docs/${uuid}`),
          request(test.http).get(`/api/v1/docs/${uuid}/users`),
          request(test.http).post(`/api/v1/docs/${uuid}/users`).send({ email: stranger.email }),
          request(test.http).get(`/api/v1/docs/${uuid}/revisions`),
          request(test.http).get(`/api/v1/docs/${uuid}/revisions/1`),
          request(test.http).post(`/api/v1/docs/${uuid}/revisions/1/restore`),
        ];
        for (const route of routes) {
          const response = await route.set(user.auth);
          expect({ status: response.status, body: response.body }).toEqual({
            status: 404,
            body: NOT_FOUND,
          });
        }
      }
    });

    it('is in no list, and every total stays exact', async () => {
      const before = { owner: await listOf(owner), editor: await listOf(editor) };
      const inFolder = (await listOf(owner, { path: '~/kept' })).pagination.total_count;
      const uuid = await givenSharedHistory();
      expect((await listOf(owner)).pagination.total_count).toBe(
        before.owner.pagination.total_count + 1,
      );
      expect((await remove(owner, uuid)).status).toBe(204);
      const after = { owner: await listOf(owner), editor: await listOf(editor) };
      expect(after.owner.pagination.total_count).toBe(before.owner.pagination.total_count);
      expect(after.editor.pagination.total_count).toBe(before.editor.pagination.total_count);
      expect(after.owner.docs.map((doc) => doc.uuid)).not.toContain(uuid);
      expect(after.editor.docs.map((doc) => doc.uuid)).not.toContain(uuid);
      const folder = await listOf(owner, { path: '~/kept' });
      expect(folder.pagination.total_count).toBe(inFolder);
      expect(folder.docs.map((doc) => doc.uuid)).not.toContain(uuid);
      expect((await listOf(editor, { role: 'editor' })).docs.map((doc) => doc.uuid)).not.toContain(
        uuid,
      );
    });

    it('403 for an editor and 404 for a stranger: nothing is trashed', async () => {
      const uuid = await givenSharedHistory();
      expect((await remove(editor, uuid)).status).toBe(403);
      expect((await remove(stranger, uuid)).status).toBe(404);
      expect((await trashOf(owner)).docs.map((doc) => doc.uuid)).not.toContain(uuid);
      expect(await status(request(test.http).get(`/api/v1/docs/${uuid}`).set(editor.auth))).toBe(
        200,
      );
    });

    it('a second DELETE is 404', async () => {
      const uuid = await givenDoc(test, owner);
      expect((await remove(owner, uuid)).status).toBe(204);
      expect((await remove(owner, uuid)).body).toEqual(NOT_FOUND);
    });
  });

  describe('GET /trash', () => {
    it('401 without a token', async () => {
      expect((await request(test.http).get('/api/v1/trash')).status).toBe(401);
    });

    it("the caller's own trashed documents, most recently deleted first", async () => {
      const user = await givenUser(test);
      const first = await givenDoc(test, user, { title: 'First gone', path: '~/a/b' });
      const second = await givenDoc(test, user, { title: 'Second gone' });
      await givenDoc(test, user, { title: 'Still here' });
      expect((await remove(user, first)).status).toBe(204);
      expect((await remove(user, second)).status).toBe(204);
      const body = await trashOf(user);
      expect(body).toEqual({
        docs: [
          {
            uuid: second,
            title: 'Second gone',
            path: '~',
            deleted_at: expect.stringMatching(ISO_UTC_MS),
            purge_at: expect.stringMatching(ISO_UTC_MS),
          },
          {
            uuid: first,
            title: 'First gone',
            path: '~/a/b',
            deleted_at: expect.stringMatching(ISO_UTC_MS),
            purge_at: expect.stringMatching(ISO_UTC_MS),
          },
        ],
        pagination: {
          current_page: 1,
          next_page: null,
          prev_page: null,
          total_pages: 1,
          total_count: 2,
        },
      });
      for (const item of body.docs) {
        expect(Date.parse(item.purge_at) - Date.parse(item.deleted_at)).toBe(30 * DAY_MS);
      }
      expect(Date.parse(body.docs[0].deleted_at)).toBeGreaterThan(
        Date.parse(body.docs[1].deleted_at),
      );
      const page2 = await trashOf(user, { page: 2, per_page: 1 });
      expect(page2.docs.map((doc) => doc.uuid)).toEqual([first]);
      expect(page2.pagination).toEqual({
        current_page: 2,
        next_page: null,
        prev_page: 1,
        total_pages: 2,
        total_count: 2,
      });
      // Nobody else's trash has them, not even a member's.
      expect((await trashOf(editor)).docs.map((doc) => doc.uuid)).not.toContain(first);
    });

    it('400 for per_page over 100', async () => {
      const response = await request(test.http).get('/api/v1/trash?per_page=101').set(owner.auth);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 400,
        body: { error: 'per_page must be an integer between 1 and 100' },
      });
    });
  });

  describe('POST /trash/{uuid}/restore', () => {
    it('401 without a token', async () => {
      const uuid = await givenDoc(test, owner);
      await remove(owner, uuid).expect(204);
      expect((await restore(null, uuid)).status).toBe(401);
    });

    it('brings it back as it was: version, versions, members, folder; 200 with the document', async () => {
      const uuid = await givenSharedHistory();
      const before = (await request(test.http).get(`/api/v1/docs/${uuid}`).set(owner.auth)).body;
      const editorList = await listOf(editor);
      await remove(owner, uuid).expect(204);
      const response = await restore(owner, uuid);
      expect(response.status).toBe(200);
      expect(response.headers.etag).toBe('"2"');
      expect(response.body).toEqual(before);
      expect(response.body).toMatchObject({
        path: '~/kept',
        version: 2,
        user_docs: [{ user: expectedUserDetails(owner) }, { user: expectedUserDetails(editor) }],
      });
      expect(await listOf(editor)).toEqual(editorList);
      const revisions = await request(test.http)
        .get(`/api/v1/docs/${uuid}/revisions`)
        .set(editor.auth);
      expect((revisions.body as ListBody).pagination.total_count).toBe(2);
      expect((await trashOf(owner)).docs.map((doc) => doc.uuid)).not.toContain(uuid);
      // The editor may write again.
      await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(editor.auth)
        .send({ title: 'Back' })
        .expect(204);
    });

    it('404 for a member who is not the owner, for a live document, and twice', async () => {
      const uuid = await givenSharedHistory();
      expect((await restore(owner, uuid)).body).toEqual(NOT_IN_TRASH);
      await remove(owner, uuid).expect(204);
      const byEditor = await restore(editor, uuid);
      expect({ status: byEditor.status, body: byEditor.body }).toEqual({
        status: 404,
        body: NOT_IN_TRASH,
      });
      expect((await restore(owner, uuid)).status).toBe(200);
      expect((await restore(owner, uuid)).status).toBe(404);
    });

    it('403 for a read-only token', async () => {
      const uuid = await givenDoc(test, owner);
      await remove(owner, uuid).expect(204);
      const { token } = await test.app
        .get(ApiTokensService)
        .issue({ email: owner.email, scopes: ['docs:read'] });
      const response = await request(test.http)
        .post(`/api/v1/trash/${uuid}/restore`)
        .set('Authorization', `Bearer ${token}`);
      expect(response.status).toBe(403);
      expect((await trashOf(owner)).docs.map((doc) => doc.uuid)).toContain(uuid);
    });

    it('400 for a uuid that is not one', async () => {
      expect((await restore(owner, 'nope')).body).toEqual({ error: 'uuid must be a UUID' });
    });
  });

  describe('DELETE /trash/{uuid}', () => {
    it('401 without a token', async () => {
      const uuid = await givenDoc(test, owner);
      await remove(owner, uuid).expect(204);
      expect((await purge(null, uuid)).status).toBe(401);
    });

    it('deletes it for good, with its versions and members: 204, then it cannot be restored', async () => {
      const uuid = await givenSharedHistory();
      await remove(owner, uuid).expect(204);
      expect(await rowCount('doc_revisions', uuid)).toBe(1);
      expect(await rowCount('trashed_doc_members', uuid)).toBe(2);
      const response = await purge(owner, uuid);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect((await restore(owner, uuid)).body).toEqual(NOT_IN_TRASH);
      const rows: unknown[] = await test.dataSource.query('SELECT id FROM docs WHERE uuid = ?', [
        uuid,
      ]);
      expect(rows).toEqual([]);
      for (const table of ['doc_revisions', 'trashed_doc_members', 'trash']) {
        const left: { n: number | string }[] = await test.dataSource.query(
          `SELECT COUNT(*) AS n FROM ${table} WHERE doc_id NOT IN (SELECT id FROM docs)`,
        );
        expect(Number(left[0].n)).toBe(0);
      }
    });

    it('404 for a live document (delete it first), and for a member who is not the owner', async () => {
      const uuid = await givenSharedHistory();
      expect((await purge(owner, uuid)).body).toEqual(NOT_IN_TRASH);
      await remove(owner, uuid).expect(204);
      expect((await purge(editor, uuid)).status).toBe(404);
      expect((await trashOf(owner)).docs.map((doc) => doc.uuid)).toContain(uuid);
    });
  });

  describe('an Idempotency-Key replay', () => {
    it('of a create whose document is in the trash still answers the first 201', async () => {
      const key = `trash-${Date.now()}`;
      const body = { title: 'Made once' };
      const first = await request(test.http)
        .post('/api/v1/docs')
        .set(owner.auth)
        .set('Idempotency-Key', key)
        .send(body)
        .expect(201);
      const uuid = (first.body as { uuid: string }).uuid;
      await remove(owner, uuid).expect(204);
      const again = await request(test.http)
        .post('/api/v1/docs')
        .set(owner.auth)
        .set('Idempotency-Key', key)
        .send(body);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotency-replayed']).toBe('true');
    });
  });

  describe('the purge job', () => {
    /** Runs the job as if `days` had passed. */
    async function runJobAfter(days: number) {
      const now = Date.now() + days * DAY_MS;
      jest.spyOn(test.app.get(Clock), 'now').mockImplementation(() => new Date(now));
      return test.app.get(PurgeJob).run();
    }

    it('deletes what was trashed more than TRASH_RETENTION_DAYS ago, and nothing newer', async () => {
      const expired = await givenSharedHistory();
      const [{ id }] = await test.dataSource.query<{ id: number }[]>(
        'SELECT id FROM docs WHERE uuid = ?',
        [expired],
      );
      expect((await indexedTermsOfId(test, Number(id))).postings).not.toEqual([]);
      await remove(owner, expired).expect(204);
      expect(await runJobAfter(29)).toMatchObject({ ran: true });
      expect((await trashOf(owner)).docs.map((doc) => doc.uuid)).toContain(expired);
      const outcome = await runJobAfter(31);
      expect(outcome.ran).toBe(true);
      expect(outcome.purgedDocs).toBeGreaterThanOrEqual(1);
      expect((await trashOf(owner)).docs.map((doc) => doc.uuid)).not.toContain(expired);
      expect((await restore(owner, expired)).status).toBe(404);
      expect(await indexedTermsOfId(test, Number(id))).toEqual({ postings: [], rare: [] });
    });

    it('never deletes a document restored while it runs', async () => {
      const uuid = await givenDoc(test, owner, { title: 'Saved in time' });
      await remove(owner, uuid).expect(204);
      const [{ id }] = await test.dataSource.query<{ id: number }[]>(
        'SELECT id FROM docs WHERE uuid = ?',
        [uuid],
      );
      // The job finds it expired; the owner restores it before the job's DELETE runs.
      const sql = test.app.get(Sql);
      const rows = sql.rows.bind(sql);
      jest.spyOn(sql, 'rows').mockImplementation(async (statement, parameters, manager) => {
        if (statement !== trashSql.expired) return rows(statement, parameters, manager);
        await test.dataSource.query('UPDATE docs SET deleted_at = NULL WHERE id = ?', [id]);
        return [{ doc_id: id }] as never;
      });
      const outcome = await runJobAfter(31);
      expect(outcome).toMatchObject({ ran: true, purgedDocs: 0 });
      const left: unknown[] = await test.dataSource.query('SELECT id FROM docs WHERE id = ?', [id]);
      expect(left).toHaveLength(1);
    });

    it('runs on one instance at a time: not while another holds the lease, then once it expires', async () => {
      const uuid = await givenDoc(test, owner);
      await remove(owner, uuid).expect(204);
      const future = new Date(Date.now() + 40 * DAY_MS)
        .toISOString()
        .replace('T', ' ')
        .replace('Z', '');
      await test.dataSource.query(
        "UPDATE job_leases SET holder = 'another instance', expires_at = ? WHERE name = 'purge'",
        [future],
      );
      expect(await runJobAfter(31)).toEqual({ ran: false, purgedDocs: 0, prunedDocs: 0 });
      expect((await trashOf(owner)).docs.map((doc) => doc.uuid)).toContain(uuid);
      // That instance died: its lease runs out, and this one takes over.
      const outcome = await runJobAfter(41);
      expect(outcome.ran).toBe(true);
      expect((await trashOf(owner)).docs.map((doc) => doc.uuid)).not.toContain(uuid);
      const [lease] = await test.dataSource.query<{ holder: string | null }[]>(
        "SELECT holder FROM job_leases WHERE name = 'purge'",
      );
      expect(lease.holder).toBeNull();
    });
  });
});
