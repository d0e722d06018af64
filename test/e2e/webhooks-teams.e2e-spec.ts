// The events of teams (groups, a document shared with a group, folder shares) against a real
// receiver, and the pending events a user loses with a document lost through a group or a
// folder. A failed delivery waits an hour for its retry, so a pending one stays put until
// something drops it.
process.env.WEBHOOKS_DELIVER = 'true';
process.env.WEBHOOKS_ALLOW_HTTP = 'true';
process.env.WEBHOOKS_ALLOW_PRIVATE = 'true';
process.env.WEBHOOKS_POLL_MS = '20';
process.env.WEBHOOKS_RETRY_SCHEDULE = '1h';

import request from 'supertest';
import { GroupsService } from '../../src/groups/groups.service';
import { givenDoc, givenGroup, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';
import { WebhookEvent, WebhookReceiver } from '../support/webhook-receiver';

const EVENT_ID = /^evt_[0-9a-f]{32}$/;
const GROUP_EVENTS = ['group.member_added', 'group.member_removed'];
const DOC_GROUP_EVENTS = ['document.group_shared', 'document.group_unshared'];
const FOLDER_EVENTS = ['folder.shared', 'folder.unshared'];

describe(`webhooks of teams (${databaseKind})`, () => {
  let test: TestApp;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    test = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await test.close();
    for (const receiver of receivers) await receiver.stop();
  });

  /** A receiver for a new webhook of the user's that wants these events. */
  async function givenHook(user: TestUser, events: string[]): Promise<WebhookReceiver> {
    const receiver = await new WebhookReceiver().start();
    receivers.push(receiver);
    await request(test.http)
      .post('/api/v1/webhooks')
      .set(user.auth)
      .send({ url: receiver.url, events })
      .expect(201);
    return receiver;
  }

  /** The events received once there are `count`, each once, by type then member. */
  async function eventsOf(receiver: WebhookReceiver, count: number): Promise<WebhookEvent[]> {
    await receiver.waitForCount(count);
    const byId = new Map(receiver.events().map((event) => [event.id, event]));
    const rank = (event: WebhookEvent) =>
      `${event.type} ${String(event.member?.user_id ?? 0).padStart(9, '0')}`;
    return [...byId.values()].sort((a, b) => rank(a).localeCompare(rank(b)));
  }

  const envelope = (type: string, actor: TestUser | null) => ({
    id: expect.stringMatching(EVENT_ID),
    type,
    created_at: expect.stringMatching(ISO_UTC_MS),
    actor: actor === null ? null : { id: actor.id, email: actor.email },
  });

  async function docTitle(uuid: string): Promise<{ uuid: string; title: string }> {
    const [row] = await test.dataSource.query<{ title: string }[]>(
      'SELECT title FROM docs WHERE uuid = ?',
      [uuid],
    );
    return { uuid, title: row.title };
  }

  describe('events', () => {
    it('a group’s members hear of members added and removed; an operator’s add has no actor', async () => {
      const manager = await givenUser(test);
      const member = await givenUser(test);
      const latecomer = await givenUser(test);
      const name = `Team ${manager.id}`;
      const groupId = await givenGroup(test, manager, [], name);
      const managerHook = await givenHook(manager, GROUP_EVENTS);
      const memberHook = await givenHook(member, ['*']);

      await request(test.http)
        .post(`/api/v1/groups/${groupId}/members`)
        .set(manager.auth)
        .send({ email: member.email, role: 'member' })
        .expect(201);
      await test.app
        .get(GroupsService)
        .addMemberByName(name, { email: latecomer.email, role: 'manager' });
      await request(test.http)
        .delete(`/api/v1/groups/${groupId}/members/${member.id}`)
        .set(member.auth)
        .expect(204);
      // A role changed is no event; nor is anything after the member left, for them.
      await request(test.http)
        .post(`/api/v1/groups/${groupId}/members`)
        .set(manager.auth)
        .send({ email: latecomer.email, role: 'member' })
        .expect(200);

      const group = { id: groupId, name };
      const added = (by: TestUser | null, user: TestUser, role: string) => ({
        ...envelope('group.member_added', by),
        group,
        member: { user_id: user.id, role },
      });
      const left = {
        ...envelope('group.member_removed', member),
        group,
        member: { user_id: member.id, role: 'member' },
      };
      expect(await eventsOf(managerHook, 3)).toEqual([
        added(manager, member, 'member'),
        added(null, latecomer, 'manager'),
        left,
      ]);
      expect(await eventsOf(memberHook, 3)).toEqual([
        added(manager, member, 'member'),
        added(null, latecomer, 'manager'),
        left,
      ]);
    }, 30_000);

    it('a document shared with a group and taken back: its owner and the group’s members hear of both', async () => {
      const owner = await givenUser(test);
      const member = await givenUser(test);
      const groupId = await givenGroup(test, member);
      const uuid = await givenDoc(test, owner, { title: 'Roadmap' });
      const ownerHook = await givenHook(owner, DOC_GROUP_EVENTS);
      const memberHook = await givenHook(member, DOC_GROUP_EVENTS);

      await shareWithGroup(owner, uuid, groupId, 'viewer', 201);
      await shareWithGroup(owner, uuid, groupId, 'editor', 200);
      // Delivered before the group loses the document, which drops what is pending for it.
      await memberHook.waitForCount(1);
      await request(test.http)
        .delete(`/api/v1/docs/${uuid}/groups/${groupId}`)
        .set(owner.auth)
        .expect(204);

      const { body: group } = await request(test.http)
        .get(`/api/v1/groups/${groupId}`)
        .set(member.auth)
        .expect(200);
      const document = {
        ...(await docTitle(uuid)),
        version: 1,
        updated_at: expect.stringMatching(ISO_UTC_MS),
      };
      const expected = [
        {
          ...envelope('document.group_shared', owner),
          document,
          group: { id: groupId, name: (group as { name: string }).name, role: 'viewer' },
        },
        {
          ...envelope('document.group_unshared', owner),
          document,
          group: { id: groupId, name: (group as { name: string }).name, role: 'editor' },
        },
      ];
      expect(await eventsOf(ownerHook, 2)).toEqual(expected);
      expect(await eventsOf(memberHook, 2)).toEqual(expected);
    }, 30_000);

    it('a folder shared with a group or a user: its owner and whom it reaches hear of it', async () => {
      const owner = await givenUser(test);
      const member = await givenUser(test);
      const friend = await givenUser(test);
      const name = `Folder team ${owner.id}`;
      const groupId = await givenGroup(test, member, [], name);
      const ownerHook = await givenHook(owner, FOLDER_EVENTS);
      const memberHook = await givenHook(member, FOLDER_EVENTS);
      const friendHook = await givenHook(friend, FOLDER_EVENTS);

      const shareIds: number[] = [];
      for (const grantee of [{ group_id: groupId }, { email: friend.email }]) {
        const { body } = await request(test.http)
          .post('/api/v1/folders/shares')
          .set(owner.auth)
          .send({ path: '~/team', role: 'editor', ...grantee })
          .expect(201);
        shareIds.push((body as { id: number }).id);
      }
      for (const id of shareIds) {
        await request(test.http).delete(`/api/v1/folders/shares/${id}`).set(owner.auth).expect(204);
      }

      const folder = (shareId: number) => ({
        share_id: shareId,
        owner_id: owner.id,
        path: '~/team',
      });
      const toGroup = (type: string) => ({
        ...envelope(type, owner),
        folder: folder(shareIds[0]),
        group: { id: groupId, name, role: 'editor' },
      });
      const toFriend = (type: string) => ({
        ...envelope(type, owner),
        folder: folder(shareIds[1]),
        member: { user_id: friend.id, role: 'editor' },
      });
      expect(await eventsOf(ownerHook, 4)).toEqual([
        toGroup('folder.shared'),
        toFriend('folder.shared'),
        toGroup('folder.unshared'),
        toFriend('folder.unshared'),
      ]);
      expect(await eventsOf(memberHook, 2)).toEqual([
        toGroup('folder.shared'),
        toGroup('folder.unshared'),
      ]);
      expect(await eventsOf(friendHook, 2)).toEqual([
        toFriend('folder.shared'),
        toFriend('folder.unshared'),
      ]);
    }, 30_000);
  });

  describe('pending events of a document lost', () => {
    it('go with the last way in: a group’s share, a folder’s, a move out, leaving the group', async () => {
      const owner = await givenUser(test);
      const member = await givenUser(test);
      const groupId = await givenGroup(test, owner, [member]);
      const byGroup = await givenDoc(test, owner, { title: 'By group' });
      const inFolder = await givenDoc(test, owner, { title: 'In folder', path: '~/shared' });
      const movedOut = await givenDoc(test, owner, { title: 'Moved out', path: '~/moving' });
      const twoWays = await givenDoc(test, owner, { title: 'Two ways' });
      const folderShares: number[] = [];
      for (const path of ['~/shared', '~/moving']) {
        const { body } = await request(test.http)
          .post('/api/v1/folders/shares')
          .set(owner.auth)
          .send({ path, group_id: groupId, role: 'viewer' })
          .expect(201);
        folderShares.push((body as { id: number }).id);
      }
      for (const uuid of [byGroup, twoWays]) {
        await shareWithGroup(owner, uuid, groupId, 'viewer', 201);
      }
      await request(test.http)
        .post(`/api/v1/docs/${twoWays}/users`)
        .set(owner.auth)
        .send({ email: member.email, role: 'viewer' })
        .expect(201);
      const uuids = [byGroup, inFolder, movedOut, twoWays];
      await givenPendingUpdates(owner, member, uuids);
      expect(await pendingOf(member)).toEqual([...uuids].sort());

      await request(test.http)
        .delete(`/api/v1/docs/${byGroup}/groups/${groupId}`)
        .set(owner.auth)
        .expect(204);
      expect(await pendingOf(member)).toEqual([inFolder, movedOut, twoWays].sort());

      await request(test.http)
        .delete(`/api/v1/folders/shares/${folderShares[0]}`)
        .set(owner.auth)
        .expect(204);
      expect(await pendingOf(member)).toEqual([movedOut, twoWays].sort());

      await request(test.http)
        .put(`/api/v1/docs/${movedOut}`)
        .set(owner.auth)
        .send({ path: '~/private' })
        .expect(204);
      // The move is an update too: the member no longer has the document, so not for them.
      expect(await pendingOf(member)).toEqual([twoWays]);

      // Their direct share taken back, the group still gives it: the event stays.
      await request(test.http)
        .delete(`/api/v1/docs/${twoWays}/users/${member.id}`)
        .set(owner.auth)
        .expect(204);
      expect(await pendingOf(member)).toEqual([twoWays]);

      await request(test.http)
        .delete(`/api/v1/groups/${groupId}/members/${member.id}`)
        .set(member.auth)
        .expect(204);
      expect(await pendingOf(member)).toEqual([]);
    }, 30_000);

    it('go when the group is deleted; those of a document another way still gives stay', async () => {
      const owner = await givenUser(test);
      const member = await givenUser(test);
      const groupId = await givenGroup(test, member);
      const lost = await givenDoc(test, owner, { title: 'Lost' });
      const kept = await givenDoc(test, owner, { title: 'Kept', path: '~/kept' });
      for (const uuid of [lost, kept]) {
        await shareWithGroup(owner, uuid, groupId, 'viewer', 201);
      }
      await request(test.http)
        .post('/api/v1/folders/shares')
        .set(owner.auth)
        .send({ path: '~/kept', email: member.email, role: 'viewer' })
        .expect(201);
      await givenPendingUpdates(owner, member, [lost, kept]);

      await request(test.http).delete(`/api/v1/groups/${groupId}`).set(member.auth).expect(204);
      expect(await pendingOf(member)).toEqual([kept]);
    }, 30_000);
  });

  /** The owner shares the document with the group, answered with `status`. */
  async function shareWithGroup(
    owner: TestUser,
    uuid: string,
    groupId: number,
    role: string,
    status: number,
  ): Promise<void> {
    await request(test.http)
      .post(`/api/v1/docs/${uuid}/groups`)
      .set(owner.auth)
      .send({ group_id: groupId, role })
      .expect(status);
  }

  /**
   * The owner updates each document; the member's new webhook fails each first attempt, so each
   * update waits for its retry (an hour) in the member's queue.
   */
  async function givenPendingUpdates(owner: TestUser, member: TestUser, uuids: string[]) {
    const memberHook = await givenHook(member, ['document.updated']);
    memberHook.answer = () => 503;
    for (const uuid of uuids) {
      await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(owner.auth)
        .send({ html: '<p>v2</p>' })
        .expect(204);
    }
    await memberHook.waitForCount(uuids.length);
    await waitFor(async () => (await pendingOf(member)).length === uuids.length);
  }

  /** The documents (uuids, sorted) of the user's webhooks' pending deliveries. */
  async function pendingOf(user: TestUser): Promise<string[]> {
    const rows = await test.dataSource.query<{ uuid: string }[]>(
      `SELECT d.uuid AS uuid FROM webhook_deliveries p
JOIN webhooks w ON w.id = p.webhook_id JOIN docs d ON d.id = p.doc_id
WHERE w.user_id = ?`,
      [user.id],
    );
    return rows.map((row) => row.uuid).sort();
  }
});

/** Checks `condition` again after each turn of the event loop's timers until it holds. */
async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setImmediate(resolve));
}
