import request from 'supertest';
import { expectedUserDetails, givenGroup, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS, onlyPage } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

const MISSING_TOKEN = {
  error: 'missing bearer token: send the header Authorization: Bearer <token>',
};
const NOT_FOUND = { error: 'group not found' };
const MANAGERS_ONLY = {
  error: 'only a manager may change this group or its members; you are a member',
};
const LAST_MANAGER = {
  error: 'a group needs a manager: make another member a manager first, or delete the group',
};

interface GroupBody {
  id: number;
  name: string;
  description: string | null;
  created_at: string;
  role: 'manager' | 'member';
  member_count: number;
}

/** Groups ("Version 1.3: Groups"): who may see and change a group and its members. */
describe(`groups (${databaseKind})`, () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  /** A name no other test uses. */
  let names = 0;
  const uniqueName = (stem = 'Team') =>
    `${stem} ${++names} ${Math.random().toString(36).slice(2, 8)}`;

  const create = (caller: TestUser, body: Record<string, unknown>) =>
    request(test.http).post('/api/v1/groups').set(caller.auth).send(body);
  const getGroup = (caller: TestUser, id: number | string) =>
    request(test.http).get(`/api/v1/groups/${id}`).set(caller.auth);
  const patch = (caller: TestUser, id: number, body: Record<string, unknown>) =>
    request(test.http).patch(`/api/v1/groups/${id}`).set(caller.auth).send(body);
  const remove = (caller: TestUser, id: number) =>
    request(test.http).delete(`/api/v1/groups/${id}`).set(caller.auth);
  const members = (caller: TestUser, id: number, query: Record<string, unknown> = {}) =>
    request(test.http).get(`/api/v1/groups/${id}/members`).query(query).set(caller.auth);
  const addMember = (caller: TestUser, id: number, body: Record<string, unknown>) =>
    request(test.http).post(`/api/v1/groups/${id}/members`).set(caller.auth).send(body);
  const removeMember = (caller: TestUser, id: number, userId: number | string) =>
    request(test.http).delete(`/api/v1/groups/${id}/members/${userId}`).set(caller.auth);

  /** A group with a manager, a member, and a user outside it. */
  async function givenTeam() {
    const manager = await givenUser(test);
    const member = await givenUser(test);
    const outsider = await givenUser(test);
    const id = await givenGroup(test, manager, [member]);
    return { manager, member, outsider, id };
  }

  describe('POST /api/v1/groups', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).post('/api/v1/groups').send({ name: 'x' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(MISSING_TOKEN);
    });

    it('makes a group with the caller as its first manager: 201 with the group', async () => {
      const creator = await givenUser(test);
      const name = uniqueName('  Finance');
      const before = Date.now();
      const response = await create(creator, { name, description: ' Closes the books ' });
      expect(response.status).toBe(201);
      const body = response.body as GroupBody;
      expect(body).toEqual({
        id: expect.any(Number) as number,
        name: name.trim(),
        description: 'Closes the books',
        created_at: expect.stringMatching(ISO_UTC_MS) as string,
        role: 'manager',
        member_count: 1,
        managed_by: 'service',
      });
      expect(Date.parse(body.created_at)).toBeGreaterThanOrEqual(before);
      expect((await getGroup(creator, body.id)).body).toEqual(body);
    });

    it('gives a group without a description (or with null) description null', async () => {
      const creator = await givenUser(test);
      for (const extra of [{}, { description: null }]) {
        const response = await create(creator, { name: uniqueName(), ...extra });
        expect(response.status).toBe(201);
        expect((response.body as GroupBody).description).toBeNull();
      }
    });

    it('answers 409 for a name taken, ignoring letter case, and makes nothing', async () => {
      const first = await givenUser(test);
      const second = await givenUser(test);
      const name = uniqueName('Ärzte Team');
      expect((await create(first, { name })).status).toBe(201);
      const response = await create(second, { name: name.toUpperCase() });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        error: `a group named "${name.toUpperCase()}" already exists (names are unique ignoring letter case)`,
      });
      expect((await request(test.http).get('/api/v1/groups').set(second.auth)).body).toEqual({
        groups: [],
        pagination: onlyPage(0),
      });
    });

    it('makes one group when the same name is asked for ten times at once; the rest get 409', async () => {
      const creator = await givenUser(test);
      const name = uniqueName();
      const statuses = await Promise.all(
        Array.from({ length: 10 }, async () => (await create(creator, { name })).status),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(9);
      const listed = await request(test.http).get('/api/v1/groups').set(creator.auth);
      expect((listed.body as { groups: GroupBody[] }).groups.map((g) => g.name)).toEqual([name]);
    });

    it.each([
      ['no name', {}, 'name must be a string'],
      ['a blank name', { name: '   ' }, 'name must not be empty'],
      [
        'a name of 101 characters',
        { name: 'x'.repeat(101) },
        'name must be at most 100 characters',
      ],
      ['a number as name', { name: 7 }, 'name must be a string'],
      [
        'a description of 1,001 characters',
        { name: 'ok', description: 'd'.repeat(1001) },
        'description must be at most 1000 characters',
      ],
      ['a number as description', { name: 'ok', description: 5 }, 'description must be a string'],
    ])('answers 400 for %s', async (_case, body, error) => {
      const creator = await givenUser(test);
      const response = await create(creator, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error });
    });

    it('accepts a name of 100 characters, emoji counted as one', async () => {
      const creator = await givenUser(test);
      const name = `${'😀'.repeat(90)}${Math.random().toString(36).slice(2, 12).padEnd(10, 'x')}`;
      const response = await create(creator, { name });
      expect(response.status).toBe(201);
      expect((response.body as GroupBody).name).toBe(name);
    });
  });

  describe('GET /api/v1/groups', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).get('/api/v1/groups');
      expect(response.status).toBe(401);
      expect(response.body).toEqual(MISSING_TOKEN);
    });

    it("lists the caller's groups by name ignoring case, with their role and member count", async () => {
      const me = await givenUser(test);
      const other = await givenUser(test);
      const stem = Math.random().toString(36).slice(2, 8);
      const mine = await create(me, { name: `b-${stem}` });
      const theirs = await givenGroup(test, other, [me], `A-${stem}`);
      const notMine = await givenGroup(test, other, [], `C-${stem}`);
      const response = await request(test.http).get('/api/v1/groups').set(me.auth);
      expect(response.status).toBe(200);
      const body = response.body as { groups: GroupBody[] };
      expect(body).toEqual({
        groups: [
          {
            id: theirs,
            name: `A-${stem}`,
            description: null,
            created_at: expect.stringMatching(ISO_UTC_MS) as string,
            role: 'member',
            member_count: 2,
            managed_by: 'service',
          },
          mine.body as GroupBody,
        ],
        pagination: onlyPage(2),
      });
      expect(body.groups.map((group) => group.id)).not.toContain(notMine);
    });

    it('pages through them as GET /docs does', async () => {
      const me = await givenUser(test);
      const stem = Math.random().toString(36).slice(2, 8);
      for (const letter of ['e', 'd', 'c', 'b', 'a']) {
        expect((await create(me, { name: `${stem}-${letter}` })).status).toBe(201);
      }
      const page2 = await request(test.http)
        .get('/api/v1/groups')
        .query({ page: 2, per_page: 2 })
        .set(me.auth);
      expect(page2.status).toBe(200);
      const body = page2.body as { groups: GroupBody[]; pagination: unknown };
      expect(body.groups.map((group) => group.name)).toEqual([`${stem}-c`, `${stem}-d`]);
      expect(body.pagination).toEqual({
        current_page: 2,
        next_page: 3,
        prev_page: 1,
        total_pages: 3,
        total_count: 5,
      });
      const bad = await request(test.http).get('/api/v1/groups?per_page=101').set(me.auth);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'per_page must be an integer between 1 and 100' });
    });
  });

  describe('GET /api/v1/groups/{id}', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).get('/api/v1/groups/1');
      expect(response.status).toBe(401);
      expect(response.body).toEqual(MISSING_TOKEN);
    });

    it('shows the group to a member with their role, and 404 to anyone else', async () => {
      const { member, outsider, id } = await givenTeam();
      const seen = await getGroup(member, id);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({ id, role: 'member', member_count: 2 });
      const hidden = await getGroup(outsider, id);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual(NOT_FOUND);
      const missing = await getGroup(outsider, 2147483647);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(NOT_FOUND);
    });

    it.each(['0', 'abc', '2147483648', '1.5'])('answers 400 for the id %s', async (id) => {
      const user = await givenUser(test);
      const response = await getGroup(user, id);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'id must be a positive integer' });
    });
  });

  describe('PATCH /api/v1/groups/{id}', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).patch('/api/v1/groups/1').send({ name: 'x' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(MISSING_TOKEN);
    });

    it('lets a manager rename it and change or remove its description: 200 with the group', async () => {
      const { manager, member, id } = await givenTeam();
      const name = uniqueName('Renamed');
      const renamed = await patch(manager, id, { name, description: 'New purpose' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toEqual({
        id,
        name,
        description: 'New purpose',
        created_at: expect.stringMatching(ISO_UTC_MS) as string,
        role: 'manager',
        member_count: 2,
        managed_by: 'service',
      });
      const cleared = await patch(manager, id, { description: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ name, description: null });
      // Its own name in other letters is not taken.
      const recased = await patch(manager, id, { name: name.toUpperCase() });
      expect(recased.status).toBe(200);
      expect((await getGroup(member, id)).body).toMatchObject({ name: name.toUpperCase() });
    });

    it('answers 403 to a member, 404 to an outsider, and changes nothing', async () => {
      const { manager, member, outsider, id } = await givenTeam();
      const before = (await getGroup(manager, id)).body as GroupBody;
      const byMember = await patch(member, id, { name: uniqueName() });
      expect(byMember.status).toBe(403);
      expect(byMember.body).toEqual(MANAGERS_ONLY);
      const byOutsider = await patch(outsider, id, { name: uniqueName() });
      expect(byOutsider.status).toBe(404);
      expect(byOutsider.body).toEqual(NOT_FOUND);
      expect((await getGroup(manager, id)).body).toEqual(before);
    });

    it("answers 409 for another group's name and 400 for nothing to change", async () => {
      const { manager, id } = await givenTeam();
      const taken = uniqueName('Taken');
      await givenGroup(test, await givenUser(test), [], taken);
      const clash = await patch(manager, id, { name: taken.toLowerCase() });
      expect(clash.status).toBe(409);
      expect(clash.body).toEqual({
        error: `a group named "${taken.toLowerCase()}" already exists (names are unique ignoring letter case)`,
      });
      const empty = await patch(manager, id, {});
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ error: 'at least one of name or description must be given' });
    });
  });

  describe('DELETE /api/v1/groups/{id}', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).delete('/api/v1/groups/1');
      expect(response.status).toBe(401);
      expect(response.body).toEqual(MISSING_TOKEN);
    });

    it('lets a manager delete it: 204, and it is gone for every member; its name is free again', async () => {
      const { manager, member, id } = await givenTeam();
      const { name } = (await getGroup(manager, id)).body as GroupBody;
      const response = await remove(manager, id);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      for (const user of [manager, member]) {
        expect((await getGroup(user, id)).status).toBe(404);
        const listed = await request(test.http).get('/api/v1/groups').set(user.auth);
        expect(listed.body).toEqual({ groups: [], pagination: onlyPage(0) });
      }
      expect((await create(manager, { name })).status).toBe(201);
    });

    it('answers 403 to a member and 404 to an outsider', async () => {
      const { member, outsider, id } = await givenTeam();
      const byMember = await remove(member, id);
      expect(byMember.status).toBe(403);
      expect(byMember.body).toEqual(MANAGERS_ONLY);
      const byOutsider = await remove(outsider, id);
      expect(byOutsider.status).toBe(404);
      expect(byOutsider.body).toEqual(NOT_FOUND);
      expect((await getGroup(member, id)).status).toBe(200);
    });
  });

  describe('GET /api/v1/groups/{id}/members', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).get('/api/v1/groups/1/members');
      expect(response.status).toBe(401);
      expect(response.body).toEqual(MISSING_TOKEN);
    });

    it('lists managers first, then members, each by when added, a page at a time', async () => {
      const founder = await givenUser(test);
      const [a, b, c] = [await givenUser(test), await givenUser(test), await givenUser(test)];
      const id = await givenGroup(test, founder, [a, b]);
      await addMember(founder, id, { email: c.email, role: 'manager' }).expect(201);
      const response = await members(a, id);
      expect(response.status).toBe(200);
      const body = response.body as { members: { user: { id: number }; added_at: string }[] };
      expect(body).toEqual({
        members: [founder, c, a, b].map((user, index) => ({
          user: expectedUserDetails(user),
          role: index < 2 ? 'manager' : 'member',
          added_at: expect.stringMatching(ISO_UTC_MS) as string,
        })),
        pagination: onlyPage(4),
      });
      const page = await members(a, id, { page: 2, per_page: 3 });
      expect(page.body).toEqual({
        members: [
          { user: expectedUserDetails(b), role: 'member', added_at: body.members[3].added_at },
        ],
        pagination: {
          current_page: 2,
          next_page: null,
          prev_page: 1,
          total_pages: 2,
          total_count: 4,
        },
      });
    });

    it('answers 404 to an outsider', async () => {
      const { outsider, id } = await givenTeam();
      const response = await members(outsider, id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
    });
  });

  describe('POST /api/v1/groups/{id}/members', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).post('/api/v1/groups/1/members').send({});
      expect(response.status).toBe(401);
      expect(response.body).toEqual(MISSING_TOKEN);
    });

    it('adds a user as a member (201), and again changes the role (200, same added_at)', async () => {
      const { manager, id } = await givenTeam();
      const newcomer = await givenUser(test);
      const before = Date.now();
      const added = await addMember(manager, id, { email: newcomer.email.toUpperCase() });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        user: expectedUserDetails(newcomer),
        role: 'member',
        added_at: expect.stringMatching(ISO_UTC_MS) as string,
      });
      const addedAt = (added.body as { added_at: string }).added_at;
      expect(Date.parse(addedAt)).toBeGreaterThanOrEqual(before);
      const promoted = await addMember(manager, id, { email: newcomer.email, role: 'manager' });
      expect(promoted.status).toBe(200);
      expect(promoted.body).toEqual({
        user: expectedUserDetails(newcomer),
        role: 'manager',
        added_at: addedAt,
      });
      expect((await getGroup(newcomer, id)).body).toMatchObject({
        role: 'manager',
        member_count: 3,
      });
    });

    it('answers 403 to a member, 404 to an outsider, 404 for an unknown e-mail', async () => {
      const { manager, member, outsider, id } = await givenTeam();
      const byMember = await addMember(member, id, { email: outsider.email });
      expect(byMember.status).toBe(403);
      expect(byMember.body).toEqual(MANAGERS_ONLY);
      const byOutsider = await addMember(outsider, id, { email: outsider.email });
      expect(byOutsider.status).toBe(404);
      expect(byOutsider.body).toEqual(NOT_FOUND);
      const unknown = await addMember(manager, id, { email: 'nobody-here@example.com' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'no user with e-mail nobody-here@example.com' });
      expect((await getGroup(manager, id)).body).toMatchObject({ member_count: 2 });
    });

    it.each([
      [{ email: 'x@example.com', role: 'owner' }, 'role must be member or manager'],
      [{ email: 'not-an-email' }, 'email must be a valid e-mail address'],
    ])('answers 400 for %j', async (body, error) => {
      const { manager, id } = await givenTeam();
      const response = await addMember(manager, id, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error });
    });

    it('answers 400 when the last manager would become a member, and keeps them manager', async () => {
      const { manager, id } = await givenTeam();
      const response = await addMember(manager, id, { email: manager.email, role: 'member' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(LAST_MANAGER);
      expect((await getGroup(manager, id)).body).toMatchObject({ role: 'manager' });
    });
  });

  describe('DELETE /api/v1/groups/{id}/members/{user_id}', () => {
    it('answers 401 without a token', async () => {
      const response = await request(test.http).delete('/api/v1/groups/1/members/1');
      expect(response.status).toBe(401);
      expect(response.body).toEqual(MISSING_TOKEN);
    });

    it('lets a manager remove a member (204): the group is gone from their list', async () => {
      const { manager, member, id } = await givenTeam();
      const response = await removeMember(manager, id, member.id);
      expect(response.status).toBe(204);
      expect((await getGroup(member, id)).status).toBe(404);
      expect((await request(test.http).get('/api/v1/groups').set(member.auth)).body).toEqual({
        groups: [],
        pagination: onlyPage(0),
      });
      expect((await getGroup(manager, id)).body).toMatchObject({ member_count: 1 });
    });

    it('lets a member leave (204), but not remove another (403)', async () => {
      const { manager, member, id } = await givenTeam();
      const other = await givenUser(test);
      await addMember(manager, id, { email: other.email }).expect(201);
      const forbidden = await removeMember(member, id, other.id);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual(MANAGERS_ONLY);
      expect((await removeMember(member, id, member.id)).status).toBe(204);
      expect((await getGroup(other, id)).body).toMatchObject({ member_count: 2 });
    });

    it('answers 404 for a user not in the group, and to an outsider', async () => {
      const { manager, outsider, id } = await givenTeam();
      const notIn = await removeMember(manager, id, outsider.id);
      expect(notIn.status).toBe(404);
      expect(notIn.body).toEqual({ error: `user ${outsider.id} is not a member of this group` });
      const byOutsider = await removeMember(outsider, id, outsider.id);
      expect(byOutsider.status).toBe(404);
      expect(byOutsider.body).toEqual(NOT_FOUND);
      const badId = await removeMember(manager, id, 'x');
      expect(badId.status).toBe(400);
      expect(badId.body).toEqual({ error: 'user_id must be a positive integer' });
    });

    it('keeps the last manager (400); with a second manager the first may leave', async () => {
      const { manager, member, id } = await givenTeam();
      const refused = await removeMember(manager, id, manager.id);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(LAST_MANAGER);
      await addMember(manager, id, { email: member.email, role: 'manager' }).expect(200);
      expect((await removeMember(manager, id, manager.id)).status).toBe(204);
      expect((await getGroup(member, id)).body).toMatchObject({ role: 'manager', member_count: 1 });
    });

    it('never leaves a group without a manager when two managers remove each other at once', async () => {
      for (let round = 0; round < 5; round++) {
        const first = await givenUser(test);
        const second = await givenUser(test);
        const id = await givenGroup(test, first);
        await addMember(first, id, { email: second.email, role: 'manager' }).expect(201);
        const [a, b] = await Promise.all([
          removeMember(first, id, second.id),
          removeMember(second, id, first.id),
        ]);
        // One goes; the other finds itself removed (404) or is the last manager (400).
        expect([a.status, b.status].filter((status) => status === 204)).toHaveLength(1);
        const left = [first, second].filter((_user, index) => [a, b][index].status === 204)[0];
        expect((await getGroup(left, id)).body).toMatchObject({
          role: 'manager',
          member_count: 1,
        });
      }
    });
  });
});
