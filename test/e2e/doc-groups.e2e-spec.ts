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

/** How the statement reading a user's sources of grants begins (the merged list's first). */
const GRANT_SOURCES = 'SELECT s.*, t.n AS member_docs';

interface ListBody {
  docs: { uuid: string; role: Role; path: string | null; user_docs: { user: { id: number } }[] }[];
  pagination: {
    current_page: number;
    next_page: number | null;
    prev_page: number | null;
    total_pages: number;
    total_count: number;
  };
}

/**
 * Documents shared with groups ("Sharing with groups and folders"): what a group's share gives
 * each member, the best of several ways to a document, and how losing the way ends access.
 */
describe(`documents shared with groups (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  const groupsPath = (uuid: string) => `/api/v1/docs/${uuid}/groups`;
  const shareWithGroup = (caller: TestUser, uuid: string, body: Record<string, unknown>) =>
    request(test.http).post(groupsPath(uuid)).set(caller.auth).send(body);
  const unshareGroup = (caller: TestUser, uuid: string, groupId: number | string) =>
    request(test.http)
      .delete(`${groupsPath(uuid)}/${groupId}`)
      .set(caller.auth);
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

  /** A document of a fresh owner's, shared with a fresh group of two members in `role`. */
  async function givenGroupShare(role: 'editor' | 'viewer' = 'viewer') {
    const owner = await givenUser(test);
    const manager = await givenUser(test);
    const member = await givenUser(test);
    const outsider = await givenUser(test);
    const groupId = await givenGroup(test, manager, [member]);
    const uuid = await givenDoc(test, owner, { title: 'Team plan', path: '~/plans' });
    await shareWithGroup(owner, uuid, { group_id: groupId, role }).expect(201);
    return { owner, manager, member, outsider, groupId, uuid };
  }

  describe('POST /api/v1/docs/{uuid}/groups', () => {
    it('answers 401 without a token', async () => {
      const owner = await givenUser(test);
      const uuid = await givenDoc(test, owner);
      const response = await request(test.http).post(groupsPath(uuid)).send({ group_id: 1 });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: 'missing bearer token: send the header Authorization: Bearer <token>',
      });
    });

    it('lets the owner share with a group they are not in: 201, then 200 with a new role', async () => {
      const owner = await givenUser(test);
      const manager = await givenUser(test);
      const groupId = await givenGroup(test, manager, [], `Readers ${Date.now()}`);
      const uuid = await givenDoc(test, owner);
      const before = Date.now();
      const added = await shareWithGroup(owner, uuid, { group_id: groupId });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        group: { id: groupId, name: expect.stringMatching(/^Readers /) as string },
        role: 'viewer',
        added_at: expect.stringMatching(ISO_UTC_MS) as string,
      });
      const addedAt = (added.body as { added_at: string }).added_at;
      expect(Date.parse(addedAt)).toBeGreaterThanOrEqual(before);
      const changed = await shareWithGroup(owner, uuid, { group_id: groupId, role: 'editor' });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ role: 'editor', added_at: addedAt });
      const listed = await request(test.http).get(groupsPath(uuid)).set(owner.auth).expect(200);
      expect(listed.body).toEqual([changed.body]);
    });

    it('answers 403 to an editor, 404 to an outsider, 404 for an unknown group, 400 for bad input', async () => {
      const { owner, member, outsider, groupId, uuid } = await givenGroupShare('editor');
      const byEditor = await shareWithGroup(member, uuid, { group_id: groupId });
      expect(byEditor.status).toBe(403);
      expect(byEditor.body).toEqual({
        error: 'only the owner may share or unshare this document; you are an editor',
      });
      const byOutsider = await shareWithGroup(outsider, uuid, { group_id: groupId });
      expect(byOutsider.status).toBe(404);
      expect(byOutsider.body).toEqual({ error: 'document not found' });
      const unknown = await shareWithGroup(owner, uuid, { group_id: 2147483647 });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'group not found' });
      for (const [body, error] of [
        [
          { group_id: groupId, role: 'owner' },
          'role must be editor or viewer (a document has exactly one owner)',
        ],
        [{ group_id: '1' }, 'group_id must be a positive integer'],
        [{}, 'group_id must be a positive integer'],
      ] as const) {
        const response = await shareWithGroup(owner, uuid, body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error });
      }
    });
  });

  describe('GET /api/v1/docs/{uuid}/groups', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).get(
        groupsPath('3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60'),
      );
      expect(response.status).toBe(401);
    });

    it('lists the groups for anyone who has the document, 404 for others', async () => {
      const { member, outsider, groupId, uuid } = await givenGroupShare();
      const response = await request(test.http).get(groupsPath(uuid)).set(member.auth);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        {
          group: { id: groupId, name: expect.any(String) as string },
          role: 'viewer',
          added_at: expect.stringMatching(ISO_UTC_MS) as string,
        },
      ]);
      const hidden = await request(test.http).get(groupsPath(uuid)).set(outsider.auth);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ error: 'document not found' });
    });
  });

  describe('DELETE /api/v1/docs/{uuid}/groups/{group_id}', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).delete(
        `${groupsPath('3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60')}/1`,
      );
      expect(response.status).toBe(401);
    });

    it('lets the owner take it back (204): the members lose it at once', async () => {
      const { owner, member, groupId, uuid } = await givenGroupShare();
      expect((await getDoc(member, uuid)).status).toBe(200);
      const response = await unshareGroup(owner, uuid, groupId);
      expect(response.status).toBe(204);
      expect((await getDoc(member, uuid)).status).toBe(404);
      expect(await list(member)).toMatchObject({ docs: [], pagination: { total_count: 0 } });
      const again = await unshareGroup(owner, uuid, groupId);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ error: `the document is not shared with group ${groupId}` });
    });

    it('answers 403 to a member of the group', async () => {
      const { member, groupId, uuid } = await givenGroupShare('editor');
      const response = await unshareGroup(member, uuid, groupId);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: 'only the owner may share or unshare this document; you are an editor',
      });
    });
  });

  describe('what a group share gives its members', () => {
    it('a viewer group: the document in the list and readable with role viewer; user_docs unchanged', async () => {
      const { owner, manager, member, uuid } = await givenGroupShare('viewer');
      for (const user of [manager, member]) {
        const listed = await list(user);
        expect(listed.pagination.total_count).toBe(1);
        expect(listed.docs).toEqual([
          expect.objectContaining({
            uuid,
            role: 'viewer',
            path: null,
            user_docs: [{ user: expectedUserDetails(owner) }],
          }),
        ]);
        const read = await getDoc(user, uuid);
        expect(read.status).toBe(200);
        expect(read.body).toMatchObject({
          uuid,
          role: 'viewer',
          path: null,
          user_docs: [{ user: expectedUserDetails(owner) }],
        });
        const members = await request(test.http).get(`/api/v1/docs/${uuid}/users`).set(user.auth);
        expect(members.status).toBe(200);
        expect((members.body as { role: Role }[]).map((m) => m.role)).toEqual(['owner']);
      }
      const refused = await putDoc(member, uuid, { title: 'Mine now' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: 'only the owner or an editor may change this document; you are a viewer',
      });
      const deleted = await request(test.http).delete(`/api/v1/docs/${uuid}`).set(member.auth);
      expect(deleted.status).toBe(403);
    });

    it('an editor group: its members update it (204), move nothing and delete nothing', async () => {
      const { owner, member, uuid } = await givenGroupShare('editor');
      const updated = await putDoc(member, uuid, { title: 'Edited by the team' });
      expect(updated.status).toBe(204);
      expect(updated.headers.etag).toBe('"2"');
      expect((await getDoc(owner, uuid)).body).toMatchObject({
        title: 'Edited by the team',
        version: 2,
      });
      const moved = await putDoc(member, uuid, { path: '~/elsewhere' });
      expect(moved.status).toBe(403);
      expect(moved.body).toEqual({
        error: 'only the owner may move this document; you are an editor',
      });
      const guarded = await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(member.auth)
        .set('If-Match', '"1"')
        .send({ title: 'Stale' });
      expect(guarded.status).toBe(412);
      const revisions = await request(test.http)
        .get(`/api/v1/docs/${uuid}/revisions`)
        .set(member.auth);
      expect(revisions.status).toBe(200);
      const restored = await request(test.http)
        .post(`/api/v1/docs/${uuid}/revisions/1/restore`)
        .set(member.auth);
      expect(restored.status).toBe(200);
      // The update moved the document up in the member's list: its copy of updated_at follows.
      const listed = await list(member);
      expect(listed.docs.map((doc) => doc.uuid)).toEqual([uuid]);
    });

    it('the best of several ways: a direct viewer in an editor group is an editor, listed once', async () => {
      const owner = await givenUser(test);
      const user = await givenUser(test);
      const manager = await givenUser(test);
      const viewers = await givenGroup(test, manager, [user]);
      const editors = await givenGroup(test, manager, [user]);
      const uuid = await givenSharedDoc(test, owner, user, 'viewer');
      await shareWithGroup(owner, uuid, { group_id: viewers, role: 'viewer' }).expect(201);
      await shareWithGroup(owner, uuid, { group_id: editors, role: 'editor' }).expect(201);
      const listed = await list(user);
      expect(listed.pagination.total_count).toBe(1);
      expect(listed.docs.map((doc) => [doc.uuid, doc.role])).toEqual([[uuid, 'editor']]);
      expect((await getDoc(user, uuid)).body).toMatchObject({ role: 'editor' });
      expect((await list(user, { role: 'editor' })).pagination.total_count).toBe(1);
      expect((await list(user, { role: 'viewer' })).pagination.total_count).toBe(0);
      expect((await putDoc(user, uuid, { title: 'Better role' })).status).toBe(204);
      // The editor group goes: the direct share and the viewer group are left.
      await unshareGroup(owner, uuid, editors).expect(204);
      expect((await getDoc(user, uuid)).body).toMatchObject({ role: 'viewer' });
      expect((await list(user, { role: 'viewer' })).docs.map((doc) => doc.uuid)).toEqual([uuid]);
    });

    it('pages through own, shared and group documents newest first, each once, with an exact total', async () => {
      const user = await givenUser(test);
      const owner = await givenUser(test);
      const manager = await givenUser(test);
      const groupA = await givenGroup(test, manager, [user]);
      const groupB = await givenGroup(test, manager, [user]);
      const made: string[] = [];
      for (let i = 0; i < 9; i++) {
        if (i % 3 === 0) made.push(await givenDoc(test, user, { title: `own ${i}` }));
        else {
          const uuid = await givenDoc(test, owner, { title: `group ${i}` });
          await shareWithGroup(owner, uuid, { group_id: groupA }).expect(201);
          // Every other one through both groups: still listed once.
          if (i % 2 === 0) await shareWithGroup(owner, uuid, { group_id: groupB }).expect(201);
          made.push(uuid);
        }
      }
      const newestFirst = [...made].reverse();
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const body = await list(user, { page, per_page: 2 });
        expect(body.pagination).toEqual({
          current_page: page,
          next_page: page < 5 ? page + 1 : null,
          prev_page: page > 1 ? page - 1 : null,
          total_pages: 5,
          total_count: 9,
        });
        seen.push(...body.docs.map((doc) => doc.uuid));
      }
      const last = await list(user, { page: 5, per_page: 2 });
      expect(last.pagination).toMatchObject({ next_page: null, total_count: 9 });
      seen.push(...last.docs.map((doc) => doc.uuid));
      expect(seen).toEqual(newestFirst);
      expect((await list(user, { page: 6, per_page: 2 })).docs).toEqual([]);
      expect((await list(user, { role: 'owner' })).pagination.total_count).toBe(3);
      const viewing = await list(user, { role: 'viewer' });
      expect(viewing.pagination.total_count).toBe(6);
      expect(viewing.docs.map((doc) => doc.uuid)).toEqual(
        newestFirst.filter((_u, i) => i % 3 !== 2),
      );
    });
  });

  describe('the list of a member of many groups', () => {
    /**
     * A member of 9 groups with 24 documents: 21 of an owner shared with one group each (every
     * third also with a second group as an editor) and 3 of their own; between the 12th and
     * the 13th, 80 documents shared with another group. Newest first, with the member's roles.
     */
    async function givenMemberOfManyGroups() {
      const member = await givenUser(test);
      const owner = await givenUser(test);
      const stranger = await givenUser(test);
      const manager = await givenUser(test);
      const groups: number[] = [];
      for (let g = 0; g < 9; g++) groups.push(await givenGroup(test, manager, [member]));
      const othersGroup = await givenGroup(test, manager, [stranger]);
      const expected: { uuid: string; role: Role }[] = [];
      for (let i = 0; i < 24; i++) {
        if (i % 8 === 7) {
          expected.push({
            uuid: await givenDoc(test, member, { title: `own ${i}` }),
            role: 'owner',
          });
          continue;
        }
        const uuid = await givenDoc(test, owner, { title: `team ${i}` });
        await shareWithGroup(owner, uuid, { group_id: groups[i % 9] }).expect(201);
        // Every third one through a second group as an editor: listed once, as an editor.
        const editing = i % 3 === 0;
        if (editing) {
          await shareWithGroup(owner, uuid, { group_id: groups[(i + 1) % 9], role: 'editor' });
        }
        expected.push({ uuid, role: editing ? 'editor' : 'viewer' });
        if (i === 12) {
          for (let n = 0; n < 80; n++) {
            const theirs = await givenDoc(test, owner, { title: `not theirs ${n}` });
            await shareWithGroup(owner, theirs, { group_id: othersGroup }).expect(201);
          }
        }
      }
      return { member, owner, groups, newestFirst: expected.reverse() };
    }

    /** How a list was read, from its statements. */
    function wayOfReading(
      statements: string[],
    ): 'one statement' | 'dense' | 'dense then arms' | 'arms' {
      const read = statements.join('\n');
      if (!statements.some((sql) => sql.startsWith(GRANT_SOURCES))) {
        return read.includes('END AS sources') ? 'one statement' : 'arms';
      }
      const armsRead = read.includes('AND folder_share_id = ? AND trashed = 0 ORDER BY');
      if (!read.includes('LIMIT ?) scanned')) return 'arms';
      return armsRead ? 'dense then arms' : 'dense';
    }

    // With many groups, a page is first read from every grant in list order (a range of each
    // group otherwise); where the grants read hold too few of the member's, from each group.
    // Once the member's list is known to the process, a page is read in one statement.
    it('pages newest first, each document once with its best role and an exact total, whichever way a page is read', async () => {
      const { member, newestFirst } = await givenMemberOfManyGroups();
      const statements = recordStatements(test.dataSource);
      const ways = new Map<string, number>();
      try {
        const seen: { uuid: string; role: Role }[] = [];
        for (let page = 1; page <= 8; page++) {
          statements.reset();
          const body = await list(member, { page, per_page: 3 });
          expect(body.pagination).toEqual({
            current_page: page,
            next_page: page < 8 ? page + 1 : null,
            prev_page: page > 1 ? page - 1 : null,
            total_pages: 8,
            total_count: 24,
          });
          seen.push(...body.docs.map(({ uuid, role }) => ({ uuid, role })));
          const way = wayOfReading(statements.statements());
          ways.set(way, (ways.get(way) ?? 0) + 1);
        }
        expect(seen).toEqual(newestFirst);
      } finally {
        statements.restore();
      }
      // Pages were read in one statement, and from every grant and where they held too few,
      // from each group too.
      expect(ways.get('one statement')).toBeGreaterThan(0);
      expect(ways.get('dense')).toBeGreaterThan(0);
      expect(ways.get('dense then arms')).toBeGreaterThan(0);
      expect((await list(member, { page: 9, per_page: 3 })).docs).toEqual([]);
    });

    it('a later page read in one statement from the oldest end, after the list grew, is the page of the new list', async () => {
      // Two groups (each group's range read as an arm), and documents shared with both: an
      // overlap counted one by one.
      const member = await givenUser(test);
      const owner = await givenUser(test);
      const manager = await givenUser(test);
      const groups = [
        await givenGroup(test, manager, [member]),
        await givenGroup(test, manager, [member]),
      ];
      const oldestFirst: { uuid: string; role: Role }[] = [];
      for (let i = 0; i < 10; i++) {
        const uuid = await givenDoc(test, owner, { title: `shared ${i}` });
        await shareWithGroup(owner, uuid, { group_id: groups[i % 2] }).expect(201);
        const twice = i % 4 === 0;
        if (twice)
          await shareWithGroup(owner, uuid, { group_id: groups[1 - (i % 2)], role: 'editor' });
        oldestFirst.push({ uuid, role: twice ? 'editor' : 'viewer' });
      }
      // The process now knows the member's total: 10.
      expect((await list(member, { page: 1, per_page: 3 })).pagination.total_count).toBe(10);
      const newest = await givenDoc(test, owner, { title: 'newest' });
      await shareWithGroup(owner, newest, { group_id: groups[1] }).expect(201);
      const newList = [{ uuid: newest, role: 'viewer' }, ...oldestFirst.reverse()];
      const statements = recordStatements(test.dataSource);
      const page = async (n: number) => {
        statements.reset();
        const body = await list(member, { page: n, per_page: 3 });
        return {
          docs: body.docs.map(({ uuid, role }) => ({ uuid, role })),
          total: body.pagination.total_count,
          way: wayOfReading(statements.statements()),
        };
      };
      try {
        // Page 3 of 3 is in the second half: read from the oldest end, where a total of 10
        // would put it one document off. The one statement finds 11, and is not used.
        const third = await page(3);
        expect(statements.statements().some((sql) => sql.startsWith(GRANT_SOURCES))).toBe(true);
        expect(third).toEqual({ docs: newList.slice(6, 9), total: 11, way: 'arms' });
        // Page 4 is read in one statement, with the new total.
        expect(await page(4)).toEqual({
          docs: newList.slice(9, 11),
          total: 11,
          way: 'one statement',
        });
      } finally {
        statements.restore();
      }
    });
    it('a page read in one statement lists each document’s users as any page does: the owner, then by when they joined', async () => {
      const member = await givenUser(test);
      const owner = await givenUser(test);
      const [earlier, later] = [await givenUser(test), await givenUser(test)];
      const groups = [
        await givenGroup(test, owner, [member]),
        await givenGroup(test, owner, [member]),
      ];
      const docs: string[] = [];
      for (let i = 0; i < 4; i++) {
        const uuid = await givenDoc(test, owner, { title: `with users ${i}` });
        await shareWithGroup(owner, uuid, { group_id: groups[i % 2] }).expect(201);
        // Joined in the order of `joined`: the later user first on the even ones.
        const joined = i % 2 === 0 ? [later, earlier] : [earlier, later];
        for (const user of joined) {
          await request(test.http)
            .post(`/api/v1/docs/${uuid}/users`)
            .set(owner.auth)
            .send({ email: user.email, role: 'viewer' })
            .expect(201);
        }
        docs.push(uuid);
      }
      const usersOf = (body: ListBody) =>
        body.docs.map((doc) => [doc.uuid, doc.user_docs.map((entry) => entry.user.id)]);
      const expected = [...docs].reverse().map((uuid, k) => {
        const joined = (3 - k) % 2 === 0 ? [later, earlier] : [earlier, later];
        return [uuid, [owner.id, ...joined.map((user) => user.id)]];
      });
      // The first list reads a snapshot; the process then knows the member's list.
      expect(usersOf(await list(member, { per_page: 4 }))).toEqual(expected);
      const statements = recordStatements(test.dataSource);
      try {
        // Newest first, and a later page from the oldest end.
        const all = await list(member, { per_page: 4 });
        const oldestEnd = await list(member, { page: 2, per_page: 3 });
        expect(statements.statements().some((sql) => sql.includes('END AS sources'))).toBe(true);
        expect(statements.statements().some((sql) => sql.startsWith(GRANT_SOURCES))).toBe(false);
        expect(usersOf(all)).toEqual(expected);
        expect(usersOf(oldestEnd)).toEqual(expected.slice(3));
      } finally {
        statements.restore();
      }
    });
  });

  describe('search', () => {
    async function search(caller: TestUser, q: string, query: Record<string, unknown> = {}) {
      const response = await request(test.http)
        .get('/api/v1/search')
        .query({ q, ...query })
        .set(caller.auth)
        .expect(200);
      return response.body as {
        results: { uuid: string; role: Role }[];
        pagination: { total_count: number };
      };
    }

    it("finds a group's document for its members with their best role, each once; not after leaving", async () => {
      const owner = await givenUser(test);
      const member = await givenUser(test);
      const manager = await givenUser(test);
      const word = `zephyr${Date.now().toString(36)}`;
      const viewers = await givenGroup(test, manager, [member]);
      const editors = await givenGroup(test, manager, [member]);
      const both = await givenDoc(test, owner, { title: `${word} both` });
      const direct = await givenSharedDoc(test, owner, member, 'viewer', {
        title: `${word} direct`,
      });
      const own = await givenDoc(test, member, { title: `${word} own` });
      await givenDoc(test, owner, { title: `${word} not shared` });
      await shareWithGroup(owner, both, { group_id: viewers }).expect(201);
      await shareWithGroup(owner, both, { group_id: editors, role: 'editor' }).expect(201);
      await shareWithGroup(owner, direct, { group_id: viewers }).expect(201);
      const found = await search(member, word);
      expect(found.pagination.total_count).toBe(3);
      expect(new Map(found.results.map((result) => [result.uuid, result.role]))).toEqual(
        new Map([
          [both, 'editor'],
          [direct, 'viewer'],
          [own, 'owner'],
        ]),
      );
      expect((await search(member, word, { role: 'editor' })).results.map((r) => r.uuid)).toEqual([
        both,
      ]);
      expect((await search(manager, word)).results.map((result) => result.uuid).sort()).toEqual(
        [both, direct].sort(),
      );
      await request(test.http)
        .delete(`/api/v1/groups/${editors}/members/${member.id}`)
        .set(member.auth)
        .expect(204);
      await request(test.http)
        .delete(`/api/v1/groups/${viewers}/members/${member.id}`)
        .set(member.auth)
        .expect(204);
      const after = await search(member, word);
      expect(after.results.map((result) => [result.uuid, result.role]).sort()).toEqual(
        [
          [direct, 'viewer'],
          [own, 'owner'],
        ].sort(),
      );
      expect(after.pagination.total_count).toBe(2);
    });

    it("ranks a group member's matches as the owner's, for every kind of query", async () => {
      const owner = await givenUser(test);
      const member = await givenUser(test);
      const manager = await givenUser(test);
      const team = await givenGroup(test, manager, [member]);
      const tag = `wombat${Date.now().toString(36)}`;
      // Titles and texts that rank differently for each query; the prefix `${tag}` begins two terms.
      const docs = [
        { title: `${tag} annual report`, html: `<p>${tag}x report report</p>` },
        { title: `${tag}x report`, html: '<p>the annual report of the year</p>' },
        { title: `Annual ${tag}`, html: `<p>report ${tag} ${tag} annual</p>` },
        { title: `Report on ${tag}x`, html: '<p>nothing annual here</p>' },
      ];
      for (const doc of docs) {
        const uuid = await givenDoc(test, owner, doc);
        await shareWithGroup(owner, uuid, { group_id: team }).expect(201);
      }
      const queries = [
        tag, // one group of several terms (the prefix)
        `"${tag}"`, // one group of one term
        `annual report`, // two groups of one term
        `report ${tag}`, // a word, then a prefix of several terms
        `${tag}x ${tag}`, // a word of one term, then a prefix of two
        `"annual report" report`, // a phrase, and a word also in it
        `"annual report" ${tag}`, // a phrase and a prefix
      ];
      for (const q of queries) {
        const asOwner = await search(owner, q);
        const asMember = await search(member, q);
        const found = (body: typeof asOwner) => ({
          uuids: body.results.map((result) => result.uuid),
          total: body.pagination.total_count,
        });
        expect([q, found(asMember)]).toEqual([q, found(asOwner)]);
        expect([q, asOwner.pagination.total_count > 0]).toEqual([q, true]);
      }
    });
  });

  describe("webhooks' audience", () => {
    /** The event types queued for the webhook, oldest first (no dispatcher runs here). */
    async function queued(webhookUuid: string): Promise<string[]> {
      const rows = await test.dataSource.query<{ type: string }[]>(
        `SELECT e.type AS type FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
         JOIN webhooks w ON w.id = d.webhook_id WHERE w.uuid = ? ORDER BY d.id`,
        [webhookUuid],
      );
      return rows.map((row) => row.type);
    }

    it("a group's members get its document's events while they are in the group", async () => {
      const { owner, member, groupId, uuid } = await givenGroupShare('viewer');
      const hook = await request(test.http)
        .post('/api/v1/webhooks')
        .set(member.auth)
        .send({ url: 'https://93.184.216.34/hook', events: ['*'] })
        .expect(201);
      const webhook = (hook.body as { id: string }).id;
      await putDoc(owner, uuid, { title: 'Seen by the team' }).expect(204);
      await request(test.http)
        .post(`/api/v1/docs/${uuid}/users`)
        .set(owner.auth)
        .send({ email: (await givenUser(test)).email })
        .expect(201);
      await request(test.http).delete(`/api/v1/docs/${uuid}`).set(owner.auth).expect(204);
      await request(test.http).post(`/api/v1/trash/${uuid}/restore`).set(owner.auth).expect(200);
      expect(await queued(webhook)).toEqual([
        'document.updated',
        'member.added',
        'document.deleted',
        'document.restored',
      ]);
      await request(test.http)
        .delete(`/api/v1/groups/${groupId}/members/${member.id}`)
        .set(member.auth)
        .expect(204);
      await putDoc(owner, uuid, { title: 'Not for them' }).expect(204);
      // Out of the group, the member has lost the document, and with it its events still
      // pending; what they hear of is their leaving.
      expect(await queued(webhook)).toEqual(['group.member_removed']);
    });
  });

  describe('losing the last way ends access at once', () => {
    it('leaving the group', async () => {
      const { member, groupId, uuid } = await givenGroupShare();
      await request(test.http)
        .delete(`/api/v1/groups/${groupId}/members/${member.id}`)
        .set(member.auth)
        .expect(204);
      expect((await getDoc(member, uuid)).status).toBe(404);
      expect((await list(member)).pagination.total_count).toBe(0);
    });

    it("the list, remembered as a list through grants, is the member's own documents at once after leaving, then read by membership again", async () => {
      const { member, groupId, uuid } = await givenGroupShare();
      const own = await givenDoc(test, member, { title: 'Mine' });
      const readsSources = (statement: string) => statement.startsWith(GRANT_SOURCES);
      const statements = recordStatements(test.dataSource);
      // The list's statements, after the token's lookup.
      const listing = () => statements.statements().filter((sql) => !sql.includes('AS token_id'));
      try {
        expect((await list(member)).docs.map((doc) => doc.uuid)).toEqual([own, uuid]);
        // Grants reached them: the next list is the merged list in one statement, with its
        // sources, and no list by membership.
        statements.reset();
        expect((await list(member)).docs.map((doc) => doc.uuid)).toEqual([own, uuid]);
        expect(listing()).toHaveLength(1);
        expect(listing()[0]).toContain('END AS sources');

        await request(test.http)
          .delete(`/api/v1/groups/${groupId}/members/${member.id}`)
          .set(member.auth)
          .expect(204);
        statements.reset();
        const after = await list(member);
        expect({
          docs: after.docs.map((doc) => doc.uuid),
          total: after.pagination.total_count,
        }).toEqual({
          docs: [own],
          total: 1,
        });
        // The one statement found no sources, so the list was read again with its sources.
        expect(listing()[0]).toContain('END AS sources');
        expect(readsSources(listing()[1])).toBe(true);
        // That list found no grants: the next one is read by membership, in one statement.
        statements.reset();
        expect((await list(member)).docs.map((doc) => doc.uuid)).toEqual([own]);
        expect(listing().filter(readsSources)).toEqual([]);
        expect(listing()).toHaveLength(1);
      } finally {
        statements.restore();
      }
    });

    it('being removed by a manager, and coming back', async () => {
      const { manager, member, groupId, uuid } = await givenGroupShare();
      await request(test.http)
        .delete(`/api/v1/groups/${groupId}/members/${member.id}`)
        .set(manager.auth)
        .expect(204);
      expect((await getDoc(member, uuid)).status).toBe(404);
      await request(test.http)
        .post(`/api/v1/groups/${groupId}/members`)
        .set(manager.auth)
        .send({ email: member.email })
        .expect(201);
      expect((await getDoc(member, uuid)).status).toBe(200);
    });

    it('the group deleted', async () => {
      const { manager, member, groupId, uuid } = await givenGroupShare('editor');
      await request(test.http).delete(`/api/v1/groups/${groupId}`).set(manager.auth).expect(204);
      expect((await getDoc(member, uuid)).status).toBe(404);
      expect((await putDoc(member, uuid, { title: 'x' })).status).toBe(404);
      expect((await list(member)).pagination.total_count).toBe(0);
    });

    it('the document in the trash, and back when restored', async () => {
      const { owner, member, uuid } = await givenGroupShare();
      await request(test.http).delete(`/api/v1/docs/${uuid}`).set(owner.auth).expect(204);
      expect((await getDoc(member, uuid)).status).toBe(404);
      expect((await list(member)).pagination.total_count).toBe(0);
      await request(test.http).post(`/api/v1/trash/${uuid}/restore`).set(owner.auth).expect(200);
      expect((await getDoc(member, uuid)).status).toBe(200);
      expect((await list(member)).docs.map((doc) => doc.uuid)).toEqual([uuid]);
    });
  });
});
