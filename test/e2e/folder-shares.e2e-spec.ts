import request from 'supertest';
import {
  expectedUserDetails,
  givenDoc,
  givenGroup,
  givenSharedDoc,
  givenUser,
  TestUser,
} from '../support/builders';
import { ISO_UTC_MS } from '../support/expectations';
import { recordStatements } from '../support/statement-log';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

type Role = 'owner' | 'editor' | 'viewer';

interface ListBody {
  docs: { uuid: string; role: Role; title: string }[];
  pagination: { total_count: number; total_pages: number };
}

interface ShareBody {
  id: number;
  path: string;
  role: string;
  created_at: string;
}

/**
 * Folders shared with a user or a group ("Sharing with groups and folders"): what a share
 * gives on the documents in the folder and below it, now and later, and how a move, the trash,
 * leaving a group or removing the share ends it.
 */
describe(`folder shares (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  const SHARES = '/api/v1/folders/shares';
  const shareFolder = (caller: TestUser, body: Record<string, unknown>) =>
    request(test.http).post(SHARES).set(caller.auth).send(body);
  const removeShare = (caller: TestUser, id: number | string) =>
    request(test.http).delete(`${SHARES}/${id}`).set(caller.auth);
  const getDoc = (caller: TestUser, uuid: string) =>
    request(test.http).get(`/api/v1/docs/${uuid}`).set(caller.auth);
  const putDoc = (caller: TestUser, uuid: string, body: Record<string, unknown>) =>
    request(test.http).put(`/api/v1/docs/${uuid}`).set(caller.auth).send(body);

  async function list(caller: TestUser, query: Record<string, unknown> = {}): Promise<ListBody> {
    const response = await request(test.http)
      .get('/api/v1/docs')
      .query(query)
      .set(caller.auth)
      .expect(200);
    return response.body as ListBody;
  }
  const titles = async (caller: TestUser, query: Record<string, unknown> = {}) =>
    (await list(caller, query)).docs.map((doc) => doc.title);

  async function shared(
    owner: TestUser,
    body: Record<string, unknown>,
    status = 201,
  ): Promise<ShareBody> {
    const response = await shareFolder(owner, body);
    expect(response.status).toBe(status);
    return response.body as ShareBody;
  }

  describe('POST /api/v1/folders/shares', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).post(SHARES).send({ path: '~', group_id: 1 });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: 'missing bearer token: send the header Authorization: Bearer <token>',
      });
    });

    it('shares with a user: 201 with the share, again 200 with the new role', async () => {
      const owner = await givenUser(test);
      const grace = await givenUser(test);
      const before = Date.now();
      const added = await shareFolder(owner, {
        path: ' ~ / projects / q3 ',
        email: grace.email.toUpperCase(),
      });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        id: expect.any(Number) as number,
        path: '~/projects/q3',
        user: expectedUserDetails(grace),
        role: 'viewer',
        created_at: expect.stringMatching(ISO_UTC_MS) as string,
      });
      const first = added.body as ShareBody;
      expect(Date.parse(first.created_at)).toBeGreaterThanOrEqual(before);
      const changed = await shareFolder(owner, {
        path: '~/projects/q3',
        email: grace.email,
        role: 'editor',
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ ...first, role: 'editor' });
    });

    it('shares with a group the owner is not in: 201 with the group', async () => {
      const owner = await givenUser(test);
      const manager = await givenUser(test);
      const groupId = await givenGroup(test, manager, [], `Folder readers ${Date.now()}`);
      const added = await shareFolder(owner, { path: '~', group_id: groupId, role: 'editor' });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        id: expect.any(Number) as number,
        path: '~',
        group: { id: groupId, name: expect.stringMatching(/^Folder readers /) as string },
        role: 'editor',
        created_at: expect.stringMatching(ISO_UTC_MS) as string,
      });
    });

    it('answers 400 for bad input and the owner themselves, 404 for an unknown user or group', async () => {
      const owner = await givenUser(test);
      const grace = await givenUser(test);
      for (const [body, error] of [
        [{ path: '~' }, 'give email (a user) or group_id (a group) to share the folder with'],
        [
          { path: '~', email: grace.email, group_id: 1 },
          'give either email (a user) or group_id (a group), not both',
        ],
        [
          { path: 'projects', email: grace.email },
          'path must be "~" or start with "~/", as in "~/projects/2024"',
        ],
        [{ email: grace.email }, 'path must be a string'],
        [
          { path: '~', email: grace.email, role: 'owner' },
          'role must be editor or viewer (a document has exactly one owner)',
        ],
        [{ path: '~', group_id: '1' }, 'group_id must be a positive integer'],
        [{ path: '~', email: 'not-an-address' }, 'email must be a valid e-mail address'],
        [
          { path: '~/a', email: owner.email },
          'you own this folder: share it with another user or a group',
        ],
      ] as const) {
        const response = await shareFolder(owner, body);
        expect({ body, status: response.status, answer: response.body as unknown }).toEqual({
          body,
          status: 400,
          answer: { error },
        });
      }
      const unknownUser = await shareFolder(owner, { path: '~', email: 'nobody@example.com' });
      expect(unknownUser.status).toBe(404);
      expect(unknownUser.body).toEqual({ error: 'no user with e-mail nobody@example.com' });
      const unknownGroup = await shareFolder(owner, { path: '~', group_id: 2147483647 });
      expect(unknownGroup.status).toBe(404);
      expect(unknownGroup.body).toEqual({ error: 'group not found' });
      const body = await request(test.http).get(SHARES).set(owner.auth).expect(200);
      expect(body.body).toEqual({ shares: [] });
    });
  });

  describe('GET /api/v1/folders/shares', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).get(SHARES);
      expect(response.status).toBe(401);
    });

    it("lists the caller's shares by path; with a path, that folder's and its ancestors'", async () => {
      const owner = await givenUser(test);
      const grace = await givenUser(test);
      const manager = await givenUser(test);
      const groupId = await givenGroup(test, manager);
      const deep = await shared(owner, { path: '~/a/b', email: grace.email });
      const home = await shared(owner, { path: '~', group_id: groupId });
      const sibling = await shared(owner, { path: '~/a b', email: grace.email });
      const a = await shared(owner, { path: '~/a', group_id: groupId, role: 'editor' });
      const all = await request(test.http).get(SHARES).set(owner.auth);
      expect(all.status).toBe(200);
      expect((all.body as { shares: ShareBody[] }).shares).toEqual([home, a, sibling, deep]);
      const reaching = await request(test.http)
        .get(SHARES)
        .query({ path: '~/a/b/c' })
        .set(owner.auth)
        .expect(200);
      expect(reaching.body).toEqual({ shares: [home, a, deep] });
      // Nobody else sees them, the grantee included.
      const byGrantee = await request(test.http).get(SHARES).set(grace.auth).expect(200);
      expect(byGrantee.body).toEqual({ shares: [] });
      const bad = await request(test.http).get(SHARES).query({ path: '~/../x' }).set(owner.auth);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'path must not contain "." or ".." as a folder name' });
    });
  });

  describe('DELETE /api/v1/folders/shares/{id}', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).delete(`${SHARES}/1`);
      expect(response.status).toBe(401);
    });

    it('removes the share (204): the grantee loses its documents at once; 404 after, and for others', async () => {
      const owner = await givenUser(test);
      const grace = await givenUser(test);
      const uuid = await givenDoc(test, owner, { title: 'Plan', path: '~/team' });
      const share = await shared(owner, { path: '~/team', email: grace.email });
      expect((await getDoc(grace, uuid)).status).toBe(200);
      const byGrantee = await removeShare(grace, share.id);
      expect(byGrantee.status).toBe(404);
      expect(byGrantee.body).toEqual({ error: 'folder share not found' });
      expect((await removeShare(owner, share.id)).status).toBe(204);
      expect((await getDoc(grace, uuid)).status).toBe(404);
      expect(await list(grace)).toMatchObject({ docs: [], pagination: { total_count: 0 } });
      const again = await removeShare(owner, share.id);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ error: 'folder share not found' });
      const bad = await removeShare(owner, 'abc');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'id must be a positive integer' });
    });
  });

  describe('what a folder share gives', () => {
    it('every document in the folder and below it, not beside it, now and later', async () => {
      const owner = await givenUser(test);
      const grace = await givenUser(test);
      await givenDoc(test, owner, { title: 'in home' });
      await givenDoc(test, owner, { title: 'in q3', path: '~/projects/q3' });
      await givenDoc(test, owner, { title: 'deeper', path: '~/projects/q3/drafts' });
      await givenDoc(test, owner, { title: 'in q30', path: '~/projects/q30' });
      await givenDoc(test, owner, { title: 'other case', path: '~/projects/Q3' });
      await shared(owner, { path: '~/projects/q3', email: grace.email });
      expect(await titles(grace)).toEqual(['deeper', 'in q3']);
      await givenDoc(test, owner, { title: 'later', path: '~/projects/q3/new/folder' });
      await givenDoc(test, owner, { title: 'later beside', path: '~/projects' });
      const listed = await list(grace);
      expect(listed.docs.map((doc) => [doc.title, doc.role])).toEqual([
        ['later', 'viewer'],
        ['deeper', 'viewer'],
        ['in q3', 'viewer'],
      ]);
      expect(listed.pagination.total_count).toBe(3);
      // The owner's own list is unchanged; a folder need not exist to be shared.
      expect((await list(owner)).pagination.total_count).toBe(7);
      await shared(owner, { path: '~/not/yet', email: grace.email });
      const planned = await givenDoc(test, owner, { title: 'planned', path: '~/not/yet' });
      expect((await getDoc(grace, planned)).body).toMatchObject({ role: 'viewer', path: null });
    });

    it('a move in gives the document, a move out takes it; only the owner moves', async () => {
      const owner = await givenUser(test);
      const grace = await givenUser(test);
      await shared(owner, { path: '~/shared', email: grace.email, role: 'editor' });
      const uuid = await givenDoc(test, owner, { title: 'Mover', path: '~/private' });
      expect((await getDoc(grace, uuid)).status).toBe(404);
      await putDoc(owner, uuid, { path: '~/shared/sub' }).expect(204);
      expect((await getDoc(grace, uuid)).body).toMatchObject({ role: 'editor' });
      const moved = await putDoc(grace, uuid, { path: '~/elsewhere' });
      expect(moved.status).toBe(403);
      expect(moved.body).toEqual({
        error: 'only the owner may move this document; you are an editor',
      });
      expect((await putDoc(grace, uuid, { title: 'Edited by Grace' })).status).toBe(204);
      await putDoc(owner, uuid, { path: '~' }).expect(204);
      expect((await getDoc(grace, uuid)).status).toBe(404);
      expect(await list(grace)).toMatchObject({ docs: [], pagination: { total_count: 0 } });
      expect((await putDoc(grace, uuid, { title: 'Too late' })).status).toBe(404);
    });

    it('a group folder share: members have it while in the group; the best role of every way', async () => {
      const owner = await givenUser(test);
      const manager = await givenUser(test);
      const member = await givenUser(test);
      const groupId = await givenGroup(test, manager, [member]);
      const viewed = await givenSharedDoc(test, owner, member, 'viewer', {
        title: 'direct viewer',
        path: '~/team',
      });
      const plain = await givenDoc(test, owner, { title: 'team doc', path: '~/team/notes' });
      await shared(owner, { path: '~/team', group_id: groupId, role: 'editor' });
      // Nested shares of the same group: each document still listed once.
      await shared(owner, { path: '~/team/notes', group_id: groupId });
      await shared(owner, { path: '~', email: member.email });
      const listed = await list(member);
      expect(listed.docs.map((doc) => [doc.title, doc.role])).toEqual([
        ['team doc', 'editor'],
        ['direct viewer', 'editor'],
      ]);
      expect(listed.pagination.total_count).toBe(2);
      expect((await list(member, { role: 'editor' })).pagination.total_count).toBe(2);
      expect((await list(member, { role: 'viewer' })).pagination.total_count).toBe(0);
      expect((await getDoc(manager, plain)).body).toMatchObject({ role: 'editor' });
      const members = await request(test.http).get(`/api/v1/docs/${viewed}/users`).set(member.auth);
      expect((members.body as { role: Role }[]).map((m) => m.role)).toEqual(['owner', 'viewer']);
      // Leaving the group: the share with the member themselves (a viewer) and the direct one stay.
      await request(test.http)
        .delete(`/api/v1/groups/${groupId}/members/${member.id}`)
        .set(member.auth)
        .expect(204);
      const after = await list(member);
      expect(after.docs.map((doc) => [doc.title, doc.role])).toEqual([
        ['team doc', 'viewer'],
        ['direct viewer', 'viewer'],
      ]);
      // The group deleted: its shares go with it.
      await request(test.http).delete(`/api/v1/groups/${groupId}`).set(manager.auth).expect(204);
      expect((await getDoc(manager, plain)).status).toBe(404);
      const shares = await request(test.http).get(SHARES).set(owner.auth).expect(200);
      expect((shares.body as { shares: { path: string }[] }).shares.map((s) => s.path)).toEqual([
        '~',
      ]);
    });

    it('the trash: a trashed document gives nothing, and again once restored', async () => {
      const owner = await givenUser(test);
      const grace = await givenUser(test);
      const uuid = await givenDoc(test, owner, { title: 'Binned', path: '~/docs' });
      const other = await givenDoc(test, owner, { title: 'Kept', path: '~/docs' });
      await request(test.http).delete(`/api/v1/docs/${uuid}`).set(owner.auth).expect(204);
      // Shared while the document is in the trash: it comes with the restore.
      await shared(owner, { path: '~/docs', email: grace.email });
      expect(await titles(grace)).toEqual(['Kept']);
      expect((await getDoc(grace, uuid)).status).toBe(404);
      await request(test.http).post(`/api/v1/trash/${uuid}/restore`).set(owner.auth).expect(200);
      expect(await titles(grace)).toEqual(['Kept', 'Binned']);
      await request(test.http).delete(`/api/v1/docs/${other}`).set(owner.auth).expect(204);
      expect(await titles(grace)).toEqual(['Binned']);
      expect((await list(grace)).pagination.total_count).toBe(1);
    });

    it('pages through own and shared documents from several folder shares, each once, with exact totals', async () => {
      const user = await givenUser(test);
      const owner = await givenUser(test);
      const manager = await givenUser(test);
      const groupId = await givenGroup(test, manager, [user]);
      const made: string[] = [];
      for (let i = 0; i < 10; i++) {
        const path = ['~/x', '~/x/y', '~/z'][i % 3];
        made.push(
          i % 4 === 0
            ? await givenDoc(test, user, { title: `own ${i}` })
            : await givenDoc(test, owner, { title: `shared ${i}`, path }),
        );
      }
      await shared(owner, { path: '~/x', group_id: groupId });
      await shared(owner, { path: '~/x/y', email: user.email, role: 'editor' });
      await shared(owner, { path: '~', group_id: groupId });
      const newestFirst = [...made].reverse();
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const body = await list(user, { page, per_page: 3 });
        expect(body.pagination).toMatchObject({ total_count: 10, total_pages: 4 });
        seen.push(...body.docs.map((doc) => doc.uuid));
      }
      expect(seen).toEqual(newestFirst);
      const editing = await list(user, { role: 'editor' });
      expect(editing.docs.map((doc) => doc.title)).toEqual(
        [1, 2, 3, 5, 6, 7, 9]
          .filter((i) => i % 3 === 1)
          .map((i) => `shared ${i}`)
          .reverse(),
      );
    });

    it('counts each document once whatever the ways overlap (nested shares, one folder twice, own folders, direct shares)', async () => {
      // Paths the one statement's JSON carries as they are: quotes, a backslash, accents.
      const TEAM = '~/Équipe "Q3" \\ 2026';
      const lead = await givenUser(test);
      const member = await givenUser(test);
      const other = await givenUser(test);
      const team = await givenGroup(test, lead, [member]);
      const leads = [
        await givenDoc(test, lead, { title: 'team 1', path: TEAM }),
        await givenDoc(test, lead, { title: 'team 2', path: TEAM }),
        await givenDoc(test, lead, { title: 'team 3', path: TEAM }),
        await givenDoc(test, lead, { title: 'sub 1', path: `${TEAM}/sub` }),
        await givenDoc(test, lead, { title: 'sub 2', path: `${TEAM}/sub` }),
      ];
      const home = await givenDoc(test, lead, { title: 'lead home' });
      const binned = await givenDoc(test, lead, { title: 'binned', path: TEAM });
      await request(test.http).delete(`/api/v1/docs/${binned}`).set(lead.auth).expect(204);
      const x = await givenSharedDoc(test, other, member, 'viewer', { title: 'x', path: '~/p' });
      const y = await givenDoc(test, other, { title: 'y', path: '~/p' });
      const w = await givenDoc(test, other, { title: 'w', path: '~/p/q' });
      const z = await givenDoc(test, member, { title: 'z' });
      await shared(lead, { path: TEAM, group_id: team });
      await shared(lead, { path: TEAM, email: member.email, role: 'editor' });
      await shared(lead, { path: `${TEAM}/sub`, group_id: team, role: 'editor' });
      await shared(other, { path: '~/p', group_id: team });
      await shared(other, { path: '~/p/q', group_id: team });
      for (const [owner, uuid] of [
        [other, y],
        [member, z],
      ] as const) {
        await request(test.http)
          .post(`/api/v1/docs/${uuid}/groups`)
          .set(owner.auth)
          .send({ group_id: team })
          .expect(201);
      }
      const expectations = [
        [member, [...leads, x, y, w, z]],
        [lead, [...leads, home, x, y, w, z]],
      ] as const;
      for (const [user, uuids] of expectations) {
        const listed = await list(user, { per_page: 100 });
        expect(listed.docs.map((doc) => doc.uuid).sort()).toEqual([...uuids].sort());
        expect(listed.pagination.total_count).toBe(uuids.length);
        const paged = await list(user, { per_page: 4, page: 3 });
        expect(paged.pagination.total_count).toBe(uuids.length);
        expect(paged.docs).toHaveLength(Math.min(4, uuids.length - 8));
      }
      const roles = new Map(
        (await list(member, { per_page: 100 })).docs.map((d) => [d.title, d.role]),
      );
      expect(Object.fromEntries(roles)).toEqual({
        'team 1': 'editor',
        'team 2': 'editor',
        'team 3': 'editor',
        'sub 1': 'editor',
        'sub 2': 'editor',
        x: 'viewer',
        y: 'viewer',
        w: 'viewer',
        z: 'owner',
      });
      // The process knows the member's list now: a page is one statement, the same page.
      const statements = recordStatements(test.dataSource);
      try {
        const again = await list(member, { per_page: 4, page: 3 });
        expect(again.pagination.total_count).toBe(9);
        expect(again.docs).toHaveLength(1);
        const listing = statements.statements().filter((sql) => !sql.includes('AS token_id'));
        expect(listing).toEqual([expect.stringContaining('END AS sources')]);
      } finally {
        statements.restore();
      }
    });

    it('search finds the documents of a shared folder with the best role', async () => {
      const owner = await givenUser(test);
      const grace = await givenUser(test);
      const word = `quokka${Date.now().toString(36)}`;
      const inside = await givenDoc(test, owner, { title: `${word} inside`, path: '~/s' });
      await givenDoc(test, owner, { title: `${word} outside`, path: '~/t' });
      await shared(owner, { path: '~/s', email: grace.email, role: 'editor' });
      const found = await request(test.http)
        .get('/api/v1/search')
        .query({ q: word })
        .set(grace.auth)
        .expect(200);
      expect(found.body).toMatchObject({
        results: [{ uuid: inside, role: 'editor' }],
        pagination: { total_count: 1 },
      });
      expect((found.body as { results: unknown[] }).results).toHaveLength(1);
    });
  });
});
