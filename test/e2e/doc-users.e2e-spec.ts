import request from 'supertest';
import { expectedUserDetails, givenDoc, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

type Role = 'owner' | 'editor' | 'viewer';

/**
 * Sharing (the contract's "Collaborators"): the users of a document, their roles, and what each
 * role may do with the document everywhere.
 */
describe(`users of a document (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  const usersPath = (uuid: string) => `/api/v1/docs/${uuid}/users`;

  function share(caller: TestUser, uuid: string, body: Record<string, unknown>) {
    return request(test.http).post(usersPath(uuid)).set(caller.auth).send(body);
  }

  function unshare(caller: TestUser, uuid: string, userId: number | string) {
    return request(test.http)
      .delete(`${usersPath(uuid)}/${userId}`)
      .set(caller.auth);
  }

  async function usersOf(caller: TestUser, uuid: string) {
    const response = await request(test.http).get(usersPath(uuid)).set(caller.auth).expect(200);
    return response.body as { user: { id: number }; role: Role; added_at: string }[];
  }

  async function list(caller: TestUser, query: Record<string, unknown> = {}) {
    const response = await request(test.http)
      .get('/api/v1/docs')
      .query(query)
      .set(caller.auth)
      .expect(200);
    return response.body as {
      docs: {
        uuid: string;
        role: Role;
        path: string | null;
        user_docs: { user: { id: number } }[];
      }[];
      pagination: {
        total_count: number;
        total_pages: number;
        next_page: number | null;
        prev_page: number | null;
      };
    };
  }

  /** Shares and checks the 201; returns the answer's `added_at`. */
  async function added(owner: TestUser, uuid: string, user: TestUser, role: 'editor' | 'viewer') {
    const response = await share(owner, uuid, { email: user.email, role });
    expect(response.status).toBe(201);
    return (response.body as { added_at: string }).added_at;
  }

  /** A document of a fresh owner's shared with a fresh editor and a fresh viewer. */
  async function givenTeam() {
    const owner = await givenUser(test);
    const editor = await givenUser(test);
    const viewer = await givenUser(test);
    const outsider = await givenUser(test);
    const uuid = await givenDoc(test, owner, {
      title: 'Team doc',
      html: '<p>v1</p>',
      path: '~/team',
    });
    await added(owner, uuid, editor, 'editor');
    await added(owner, uuid, viewer, 'viewer');
    return { owner, editor, viewer, outsider, uuid };
  }

  describe('POST /api/v1/docs/{uuid}/users', () => {
    it('answers 401 without a token', async () => {
      const owner = await givenUser(test);
      const uuid = await givenDoc(test, owner);
      const response = await request(test.http).post(usersPath(uuid)).send({ email: owner.email });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: 'missing bearer token: send the header Authorization: Bearer <token>',
      });
    });

    it('adds a user as editor: 201 with the user, the role and when they were added', async () => {
      const owner = await givenUser(test);
      const editor = await givenUser(test, { avatarUrl: 'https://example.com/e.png' });
      const uuid = await givenDoc(test, owner);
      const before = Date.now();
      const response = await share(owner, uuid, { email: editor.email, role: 'editor' });
      expect(response.status).toBe(201);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual({
        user: expectedUserDetails(editor),
        role: 'editor',
        added_at: expect.stringMatching(ISO_UTC_MS),
      });
      expect(Date.parse(response.body.added_at)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('adds as viewer when no role is given, and finds the user by e-mail in any case', async () => {
      const owner = await givenUser(test);
      const viewer = await givenUser(test);
      const uuid = await givenDoc(test, owner);
      const response = await share(owner, uuid, { email: `  ${viewer.email.toUpperCase()} ` });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        user: expectedUserDetails(viewer),
        role: 'viewer',
        added_at: expect.stringMatching(ISO_UTC_MS),
      });
    });

    it('changes the role of a user who has the document: 200, added_at kept', async () => {
      const { owner, editor, uuid } = await givenTeam();
      const [, editorBefore] = await usersOf(owner, uuid);
      const response = await share(owner, uuid, { email: editor.email, role: 'viewer' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        user: expectedUserDetails(editor),
        role: 'viewer',
        added_at: editorBefore.added_at,
      });
      const again = await share(owner, uuid, { email: editor.email, role: 'viewer' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(response.body);
      expect((await list(editor, { role: 'viewer' })).docs.map((doc) => doc.uuid)).toEqual([uuid]);
      expect((await list(editor, { role: 'editor' })).pagination.total_count).toBe(0);
    });

    it.each([
      [
        { email: 'x@example.com', role: 'owner' },
        'role must be editor or viewer (a document has exactly one owner)',
      ],
      [
        { email: 'x@example.com', role: 'admin' },
        'role must be editor or viewer (a document has exactly one owner)',
      ],
      [
        { email: 'x@example.com', role: null },
        'role must be editor or viewer (a document has exactly one owner)',
      ],
      [{ role: 'editor' }, 'email must be a valid e-mail address'],
      [{ email: 42 }, 'email must be a valid e-mail address'],
      [{ email: 'not an e-mail' }, 'email must be a valid e-mail address'],
    ])('answers 400 for %p and changes nothing', async (body, message) => {
      const { owner, uuid } = await givenTeam();
      const before = await usersOf(owner, uuid);
      const response = await share(owner, uuid, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: message });
      expect(await usersOf(owner, uuid)).toEqual(before);
    });

    it('answers 400 when the owner names themselves', async () => {
      const { owner, uuid } = await givenTeam();
      const response = await share(owner, uuid, { email: owner.email, role: 'viewer' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'you own this document: the owner’s role cannot be changed',
      });
      expect((await usersOf(owner, uuid))[0]).toEqual(
        expect.objectContaining({ user: expectedUserDetails(owner), role: 'owner' }),
      );
    });

    it('answers 404 for an e-mail of no user', async () => {
      const { owner, uuid } = await givenTeam();
      const response = await share(owner, uuid, { email: 'Nobody@Example.com' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'no user with e-mail nobody@example.com' });
    });

    it.each(['editor', 'viewer'] as const)(
      'answers 403 to an %s, whoever they name',
      async (role) => {
        const team = await givenTeam();
        const caller = team[role];
        const before = await usersOf(team.owner, team.uuid);
        for (const email of [team.outsider.email, 'nobody@example.com', team.owner.email]) {
          const response = await share(caller, team.uuid, { email, role: 'editor' });
          expect(response.status).toBe(403);
          expect(response.body).toEqual({
            error: `only the owner may share or unshare this document; you are ${role === 'editor' ? 'an' : 'a'} ${role}`,
          });
        }
        expect(await usersOf(team.owner, team.uuid)).toEqual(before);
      },
    );

    it('answers 404 to a user who does not have the document, and for no such document', async () => {
      const { outsider, viewer, uuid } = await givenTeam();
      for (const target of [uuid, '00000000-0000-4000-8000-000000000000']) {
        const response = await share(outsider, target, { email: viewer.email });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: 'document not found' });
      }
    });

    it('answers 400 for a malformed uuid', async () => {
      const owner = await givenUser(test);
      const response = await share(owner, 'not-a-uuid', { email: owner.email });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'uuid must be a UUID' });
    });
  });

  describe('GET /api/v1/docs/{uuid}/users', () => {
    it('answers 401 without a token', async () => {
      const { uuid } = await givenTeam();
      const response = await request(test.http).get(usersPath(uuid));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: 'missing bearer token: send the header Authorization: Bearer <token>',
      });
    });

    it('lists the owner first, then the others by when they were added, for every user of it', async () => {
      const { owner, editor, viewer, uuid } = await givenTeam();
      const late = await givenUser(test);
      await added(owner, uuid, late, 'editor');
      const expected = [
        {
          user: expectedUserDetails(owner),
          role: 'owner',
          added_at: expect.stringMatching(ISO_UTC_MS),
        },
        {
          user: expectedUserDetails(editor),
          role: 'editor',
          added_at: expect.stringMatching(ISO_UTC_MS),
        },
        {
          user: expectedUserDetails(viewer),
          role: 'viewer',
          added_at: expect.stringMatching(ISO_UTC_MS),
        },
        {
          user: expectedUserDetails(late),
          role: 'editor',
          added_at: expect.stringMatching(ISO_UTC_MS),
        },
      ];
      const asOwner = await usersOf(owner, uuid);
      expect(asOwner).toEqual(expected);
      const times = asOwner.map((entry) => Date.parse(entry.added_at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(await usersOf(editor, uuid)).toEqual(asOwner);
      expect(await usersOf(viewer, uuid)).toEqual(asOwner);
    });

    it('answers 404 to a user who does not have the document', async () => {
      const { outsider, uuid } = await givenTeam();
      const response = await request(test.http).get(usersPath(uuid)).set(outsider.auth);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'document not found' });
    });
  });

  describe('DELETE /api/v1/docs/{uuid}/users/{user_id}', () => {
    it('answers 401 without a token', async () => {
      const { editor, uuid } = await givenTeam();
      const response = await request(test.http).delete(`${usersPath(uuid)}/${editor.id}`);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: 'missing bearer token: send the header Authorization: Bearer <token>',
      });
    });

    it('lets the owner remove a user: 204, and the document leaves their list and count at once', async () => {
      const { owner, editor, viewer, uuid } = await givenTeam();
      expect((await list(editor)).docs.map((doc) => doc.uuid)).toEqual([uuid]);
      const response = await unshare(owner, uuid, editor.id);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect(await list(editor)).toEqual({
        docs: [],
        pagination: {
          current_page: 1,
          next_page: null,
          prev_page: null,
          total_pages: 0,
          total_count: 0,
        },
      });
      const get = await request(test.http).get(`/api/v1/docs/${uuid}`).set(editor.auth);
      expect(get.status).toBe(404);
      expect((await usersOf(owner, uuid)).map((entry) => entry.user.id)).toEqual([
        owner.id,
        viewer.id,
      ]);
    });

    it.each(['editor', 'viewer'] as const)('lets an %s leave: 204', async (role) => {
      const team = await givenTeam();
      const response = await unshare(team[role], team.uuid, team[role].id);
      expect(response.status).toBe(204);
      expect((await list(team[role])).pagination.total_count).toBe(0);
      expect((await usersOf(team.owner, team.uuid)).map((entry) => entry.role)).toEqual([
        'owner',
        role === 'editor' ? 'viewer' : 'editor',
      ]);
    });

    it('answers 400 when the owner tries to leave, and the owner stays', async () => {
      const { owner, uuid } = await givenTeam();
      const response = await unshare(owner, uuid, owner.id);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'the owner cannot leave their document; delete it instead',
      });
      expect((await list(owner)).docs.map((doc) => doc.uuid)).toEqual([uuid]);
    });

    it.each([
      ['editor', 'owner'],
      ['editor', 'viewer'],
      ['viewer', 'owner'],
      ['viewer', 'editor'],
    ] as const)(
      'answers 403 when an %s removes the %s, and nothing changes',
      async (callerRole, targetRole) => {
        const team = await givenTeam();
        const before = await usersOf(team.owner, team.uuid);
        const response = await unshare(team[callerRole], team.uuid, team[targetRole].id);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({
          error: `only the owner may share or unshare this document; you are ${callerRole === 'editor' ? 'an' : 'a'} ${callerRole}`,
        });
        expect(await usersOf(team.owner, team.uuid)).toEqual(before);
      },
    );

    it('answers 404 for a user who does not have the document', async () => {
      const { owner, outsider, uuid } = await givenTeam();
      const response = await unshare(owner, uuid, outsider.id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        error: `user ${outsider.id} is not a user of this document`,
      });
    });

    it('answers 404 to a caller who does not have the document', async () => {
      const { outsider, viewer, uuid } = await givenTeam();
      const response = await unshare(outsider, uuid, viewer.id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'document not found' });
      const self = await unshare(outsider, uuid, outsider.id);
      expect(self.status).toBe(404);
      expect(self.body).toEqual({ error: 'document not found' });
    });

    it.each(['0', '-1', 'abc', '1.5', '2147483648', '01', '0x10', '1e3', ' 7'])(
      'answers 400 for user_id %p',
      async (userId) => {
        const { owner, uuid } = await givenTeam();
        const response = await unshare(owner, uuid, userId);
        expect({ status: response.status, body: response.body }).toEqual({
          status: 400,
          body: { error: 'user_id must be a positive integer' },
        });
        expect(response.body).toEqual({ error: 'user_id must be a positive integer' });
      },
    );

    it('re-adding a removed user adds them anew: 201, last in the order', async () => {
      const { owner, editor, viewer, uuid } = await givenTeam();
      const first = (await usersOf(owner, uuid))[1].added_at;
      expect((await unshare(owner, uuid, editor.id)).status).toBe(204);
      const again = await added(owner, uuid, editor, 'viewer');
      expect(Date.parse(again)).toBeGreaterThanOrEqual(Date.parse(first));
      expect((await usersOf(owner, uuid)).map((entry) => [entry.user.id, entry.role])).toEqual([
        [owner.id, 'owner'],
        [viewer.id, 'viewer'],
        [editor.id, 'viewer'],
      ]);
      expect((await list(editor)).docs.map((doc) => [doc.uuid, doc.role])).toEqual([
        [uuid, 'viewer'],
      ]);
    });
  });

  describe('what each role may do with the document', () => {
    it('GET: every user of it sees it with their role; the path only the owner', async () => {
      const { owner, editor, viewer, uuid } = await givenTeam();
      const seen = await Promise.all(
        [owner, editor, viewer].map(async (who) => {
          const response = await request(test.http).get(`/api/v1/docs/${uuid}`).set(who.auth);
          expect(response.status).toBe(200);
          return response.body as Record<string, unknown>;
        }),
      );
      const common = {
        id: expect.any(Number),
        uuid,
        title: 'Team doc',
        html: '<p>v1</p>',
        created_at: expect.stringMatching(ISO_UTC_MS),
        updated_at: expect.stringMatching(ISO_UTC_MS),
        version: 1,
        user_docs: [
          { user: expectedUserDetails(owner) },
          { user: expectedUserDetails(editor) },
          { user: expectedUserDetails(viewer) },
        ],
      };
      expect(seen).toEqual([
        { ...common, path: '~/team', role: 'owner' },
        { ...common, path: null, role: 'editor' },
        { ...common, path: null, role: 'viewer' },
      ]);
    });

    it('PUT: the owner and an editor may change it (204); a viewer gets 403 and nothing changes', async () => {
      const { owner, editor, viewer, uuid } = await givenTeam();
      const put = (who: TestUser, title: string) =>
        request(test.http).put(`/api/v1/docs/${uuid}`).set(who.auth).send({ title });
      expect((await put(owner, 'by owner')).status).toBe(204);
      expect((await put(editor, 'by editor')).status).toBe(204);
      const refused = await put(viewer, 'by viewer');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: 'only the owner or an editor may change this document; you are a viewer',
      });
      const doc = await request(test.http).get(`/api/v1/docs/${uuid}`).set(viewer.auth);
      expect(doc.body).toEqual(expect.objectContaining({ title: 'by editor', version: 3 }));
    });

    it("an editor's update moves the document to the top of every user's list", async () => {
      const { owner, editor, viewer, uuid } = await givenTeam();
      const later = await givenDoc(test, owner, { title: 'Later' });
      await added(owner, later, viewer, 'viewer');
      const viewersOwn = await givenDoc(test, viewer, { title: 'Own' });
      expect((await list(viewer)).docs.map((doc) => doc.uuid)).toEqual([viewersOwn, later, uuid]);
      await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(editor.auth)
        .send({ title: 'Moved' })
        .expect(204);
      expect((await list(viewer)).docs.map((doc) => doc.uuid)).toEqual([uuid, viewersOwn, later]);
      expect((await list(owner)).docs.map((doc) => doc.uuid)).toEqual([uuid, later]);
    });

    it.each(['editor', 'viewer'] as const)(
      'DELETE: an %s gets 403 and the document stays',
      async (role) => {
        const team = await givenTeam();
        const response = await request(test.http)
          .delete(`/api/v1/docs/${team.uuid}`)
          .set(team[role].auth);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({
          error: `only the owner may delete this document; you are ${role === 'editor' ? 'an' : 'a'} ${role}`,
        });
        expect((await list(team.owner)).pagination.total_count).toBe(1);
      },
    );

    it("DELETE by the owner takes it out of every user's list and count", async () => {
      const { owner, editor, viewer, uuid } = await givenTeam();
      const keep = await givenDoc(test, owner);
      await added(owner, keep, viewer, 'editor');
      await request(test.http).delete(`/api/v1/docs/${uuid}`).set(owner.auth).expect(204);
      expect((await list(editor)).pagination.total_count).toBe(0);
      expect((await list(viewer)).docs.map((doc) => [doc.uuid, doc.role])).toEqual([
        [keep, 'editor'],
      ]);
      expect((await list(viewer)).pagination.total_count).toBe(1);
      expect((await list(viewer, { role: 'viewer' })).pagination.total_count).toBe(0);
      for (const who of [owner, editor, viewer]) {
        const response = await request(test.http).get(usersPath(uuid)).set(who.auth);
        expect(response.status).toBe(404);
      }
    });

    it('a user who does not have it gets 404 everywhere, never a hint that it exists', async () => {
      const { outsider, uuid } = await givenTeam();
      const answers = await Promise.all([
        request(test.http).get(`/api/v1/docs/${uuid}`).set(outsider.auth),
        request(test.http).put(`/api/v1/docs/${uuid}`).set(outsider.auth).send({ title: 'x' }),
        request(test.http).delete(`/api/v1/docs/${uuid}`).set(outsider.auth),
        request(test.http).get(usersPath(uuid)).set(outsider.auth),
        share(outsider, uuid, { email: outsider.email }),
        unshare(outsider, uuid, outsider.id),
      ]);
      for (const response of answers) {
        expect({ status: response.status, body: response.body }).toEqual({
          status: 404,
          body: { error: 'document not found' },
        });
      }
      expect((await list(outsider)).pagination.total_count).toBe(0);
    });
  });

  describe('GET /api/v1/docs with shared documents', () => {
    it('lists own and shared documents together, newest first, each with the caller’s role', async () => {
      const alice = await givenUser(test);
      const bob = await givenUser(test);
      const carol = await givenUser(test);
      const bobsOld = await givenDoc(test, bob, { title: 'bob old', path: '~/b' });
      const alicesOwn = await givenDoc(test, alice, { title: 'alice own', path: '~/a' });
      const carols = await givenDoc(test, carol, { title: 'carol' });
      await added(bob, bobsOld, alice, 'editor');
      await added(carol, carols, alice, 'viewer');
      await added(carol, carols, bob, 'editor');

      const body = await list(alice);
      expect(body.docs).toEqual([
        expect.objectContaining({
          uuid: carols,
          role: 'viewer',
          path: null,
          user_docs: [
            { user: expectedUserDetails(carol) },
            { user: expectedUserDetails(alice) },
            { user: expectedUserDetails(bob) },
          ],
        }),
        expect.objectContaining({
          uuid: alicesOwn,
          role: 'owner',
          path: '~/a',
          user_docs: [{ user: expectedUserDetails(alice) }],
        }),
        expect.objectContaining({
          uuid: bobsOld,
          role: 'editor',
          path: null,
          user_docs: [{ user: expectedUserDetails(bob) }, { user: expectedUserDetails(alice) }],
        }),
      ]);
      expect(body.pagination).toEqual({
        current_page: 1,
        next_page: null,
        prev_page: null,
        total_pages: 1,
        total_count: 3,
      });
    });

    it('filters by role with exact counts and pages', async () => {
      const me = await givenUser(test);
      const sharer = await givenUser(test);
      const viewed: string[] = [];
      for (let i = 0; i < 3; i++) {
        const uuid = await givenDoc(test, sharer, { title: `viewed ${i}` });
        await added(sharer, uuid, me, 'viewer');
        viewed.unshift(uuid);
      }
      const edited = await givenDoc(test, sharer, { title: 'edited' });
      await added(sharer, edited, me, 'editor');
      const own = await givenDoc(test, me, { title: 'own' });

      const page1 = await list(me, { role: 'viewer', per_page: 2 });
      expect(page1.docs.map((doc) => doc.uuid)).toEqual(viewed.slice(0, 2));
      expect(page1.pagination).toEqual({
        current_page: 1,
        next_page: 2,
        prev_page: null,
        total_pages: 2,
        total_count: 3,
      });
      const page2 = await list(me, { role: 'viewer', per_page: 2, page: 2 });
      expect(page2.docs.map((doc) => doc.uuid)).toEqual(viewed.slice(2));
      expect(page2.pagination).toEqual({
        current_page: 2,
        next_page: null,
        prev_page: 1,
        total_pages: 2,
        total_count: 3,
      });
      expect((await list(me, { role: 'editor' })).docs.map((doc) => doc.uuid)).toEqual([edited]);
      expect((await list(me, { role: 'owner' })).docs.map((doc) => doc.uuid)).toEqual([own]);
      expect((await list(me)).pagination.total_count).toBe(5);
    });

    it('path lists only the caller’s own documents in their own folder', async () => {
      const me = await givenUser(test);
      const sharer = await givenUser(test);
      const theirs = await givenDoc(test, sharer, { title: 'theirs', path: '~/same' });
      await added(sharer, theirs, me, 'editor');
      const mine = await givenDoc(test, me, { title: 'mine', path: '~/same' });

      expect((await list(me, { path: '~/same' })).docs.map((doc) => doc.uuid)).toEqual([mine]);
      expect(
        (await list(me, { path: '~/same', role: 'owner' })).docs.map((doc) => doc.uuid),
      ).toEqual([mine]);
      expect(await list(me, { path: '~/same', role: 'editor' })).toEqual({
        docs: [],
        pagination: {
          current_page: 1,
          next_page: null,
          prev_page: null,
          total_pages: 0,
          total_count: 0,
        },
      });
      expect((await list(me, { path: '~' })).pagination.total_count).toBe(0);
    });

    it.each(['admin', 'OWNER', ''])('answers 400 for role=%p', async (role) => {
      const me = await givenUser(test);
      const response = await request(test.http).get('/api/v1/docs').query({ role }).set(me.auth);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'role must be one of owner, editor, viewer' });
    });
  });
});
