// Webhooks against a real receiver on 127.0.0.1 (allowed here by WEBHOOKS_ALLOW_HTTP and
// WEBHOOKS_ALLOW_PRIVATE; the guard that refuses such targets has its own suite). Every wait
// is for a request to arrive or a row to appear; jest's timeout bounds it.
process.env.WEBHOOKS_DELIVER = 'true';
process.env.WEBHOOKS_ALLOW_HTTP = 'true';
process.env.WEBHOOKS_ALLOW_PRIVATE = 'true';
process.env.WEBHOOKS_POLL_MS = '20';
process.env.WEBHOOKS_RETRY_SCHEDULE = '1s,1s';

import { Logger } from '@nestjs/common';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { ApiTokensService } from '../../src/auth/api-tokens.service';
import { entityTag } from '../../src/common/http/entity-tags';
import { DocsService } from '../../src/docs/documents/docs.service';
import { toUserProfile } from '../../src/users/user.mapper';
import {
  MAX_IN_FLIGHT_PER_WEBHOOK,
  WebhookDispatcher,
} from '../../src/webhooks/webhook-dispatcher';
import { UsersService } from '../../src/users/users.service';
import { givenDoc, givenUser, TestUser } from '../support/builders';
import { ISO_UTC_MS, UUID } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';
import { ReceivedRequest, WebhookEvent, WebhookReceiver } from '../support/webhook-receiver';

const EVENT_ID = /^evt_[0-9a-f]{32}$/;

describe(`webhooks (${databaseKind})`, () => {
  let test: TestApp;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    test = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await test.close();
    for (const receiver of receivers) await receiver.stop();
  });

  async function givenReceiver(): Promise<WebhookReceiver> {
    const receiver = await new WebhookReceiver().start();
    receivers.push(receiver);
    return receiver;
  }

  interface CreatedWebhook {
    id: string;
    secret: string;
    url: string;
  }

  async function givenWebhook(
    user: TestUser,
    receiver: WebhookReceiver,
    events: string[] = ['*'],
  ): Promise<CreatedWebhook> {
    const response = await request(test.http)
      .post('/api/v1/webhooks')
      .set(user.auth)
      .send({ url: receiver.url, events })
      .expect(201);
    return response.body as CreatedWebhook;
  }

  /** The events of these types received, each once (retries dropped by `Webhook-Id`). */
  function received(receiver: WebhookReceiver, types?: string[]): WebhookEvent[] {
    const seen = new Set<string>();
    return receiver.events().filter((event) => {
      if (seen.has(event.id) || (types && !types.includes(event.type))) return false;
      seen.add(event.id);
      return true;
    });
  }

  const hasType = (type: string, uuid?: string) => (requests: ReceivedRequest[]) =>
    requests.some(
      ({ event }) => event.type === type && (uuid === undefined || event.document?.uuid === uuid),
    );

  /** Resolves once the dispatcher has nothing under way: every attempt sent is recorded. */
  async function dispatcherIdle(): Promise<void> {
    const dispatcher = test.app.get(WebhookDispatcher);
    await waitFor(() => Promise.resolve(dispatcher.deliveriesUnderWay === 0));
  }

  async function outboxCounts(): Promise<{ events: number; deliveries: number }> {
    const [row] = await test.dataSource.query<{ events: number; deliveries: number }[]>(
      'SELECT (SELECT COUNT(*) FROM webhook_events) AS events, (SELECT COUNT(*) FROM webhook_deliveries) AS deliveries',
    );
    return { events: Number(row.events), deliveries: Number(row.deliveries) };
  }

  describe('POST /api/v1/webhooks', () => {
    it('401 without a token', async () => {
      const response = await request(test.http)
        .post('/api/v1/webhooks')
        .send({ url: 'https://example.com/hook', events: ['*'] });
      expect(response.status).toBe(401);
    });

    it('403 for a read-only token, and nothing is stored', async () => {
      const user = await givenUser(test);
      const { token } = await test.app
        .get(ApiTokensService)
        .issue({ email: user.email, name: 'reader', scopes: ['docs:read'] });
      const response = await request(test.http)
        .post('/api/v1/webhooks')
        .set({ Authorization: `Bearer ${token}` })
        .send({ url: 'https://example.com/hook', events: ['*'] });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error:
          'insufficient scope: writing needs a token with docs:write; this token has docs:read',
      });
      const list = await request(test.http).get('/api/v1/webhooks').set(user.auth).expect(200);
      expect(list.body).toEqual({ webhooks: [] });
    });

    it('201 with the secret, shown this once', async () => {
      const user = await givenUser(test);
      const response = await request(test.http)
        .post('/api/v1/webhooks')
        .set(user.auth)
        .send({
          url: 'http://127.0.0.1:9/hook?team=1',
          events: ['document.updated', 'document.created'],
          description: '  Chat  ',
        })
        .expect(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(UUID),
        url: 'http://127.0.0.1:9/hook?team=1',
        events: ['document.created', 'document.updated'],
        description: 'Chat',
        active: true,
        disabled_reason: null,
        created_at: expect.stringMatching(ISO_UTC_MS),
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      });
      const { id, secret, ...shown } = response.body as { id: string; secret: string };
      expect(secret).toBeDefined();
      const got = await request(test.http).get(`/api/v1/webhooks/${id}`).set(user.auth).expect(200);
      expect(got.body).toEqual({ id, ...shown });
    });

    it.each([
      [{ events: ['*'] }, 'url must be a string'],
      [{ url: 'http://127.0.0.1:9/', events: [] }, 'events must be a non-empty list of'],
      [
        { url: 'http://127.0.0.1:9/', events: ['document.read'] },
        'events must be a non-empty list of',
      ],
      [
        { url: 'http://127.0.0.1:9/', events: 'document.created' },
        'events must be a non-empty list of',
      ],
      [{ url: 'not a url', events: ['*'] }, 'url must be an absolute https:// URL'],
      [{ url: 'ftp://127.0.0.1/', events: ['*'] }, 'url must be an http:// or https:// URL'],
      [
        { url: 'https://nowhere.invalid/', events: ['*'] },
        'the host nowhere.invalid does not resolve',
      ],
      [
        { url: 'http://127.0.0.1:9/', events: ['*'], description: 'x'.repeat(257) },
        'description must be at most 256 characters',
      ],
    ])('400 for %j', async (body, message) => {
      const user = await givenUser(test);
      const response = await request(test.http).post('/api/v1/webhooks').set(user.auth).send(body);
      expect(response.status).toBe(400);
      expect((response.body as { error: string }).error).toContain(message);
      const list = await request(test.http).get('/api/v1/webhooks').set(user.auth).expect(200);
      expect(list.body).toEqual({ webhooks: [] });
    });

    it('400 beyond 25 webhooks of one user', async () => {
      const user = await givenUser(test);
      for (let i = 0; i < 25; i++) {
        await request(test.http)
          .post('/api/v1/webhooks')
          .set(user.auth)
          .send({ url: `http://127.0.0.1:9/${i}`, events: ['*'] })
          .expect(201);
      }
      const response = await request(test.http)
        .post('/api/v1/webhooks')
        .set(user.auth)
        .send({ url: 'http://127.0.0.1:9/26', events: ['*'] });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'you have 25 webhooks, the most allowed: delete one first',
      });
    });
  });

  describe('GET, PATCH and DELETE /api/v1/webhooks/{id}', () => {
    it('401 without a token', async () => {
      const id = '0b6f2c1e-8d4a-4f3b-9c2d-5e6f7a8b9c0d';
      expect((await request(test.http).get('/api/v1/webhooks')).status).toBe(401);
      expect((await request(test.http).get(`/api/v1/webhooks/${id}`)).status).toBe(401);
      expect((await request(test.http).patch(`/api/v1/webhooks/${id}`)).status).toBe(401);
      expect((await request(test.http).delete(`/api/v1/webhooks/${id}`)).status).toBe(401);
      expect((await request(test.http).get(`/api/v1/webhooks/${id}/deliveries`)).status).toBe(401);
    });

    it('each user sees and changes only their own: another user gets 404', async () => {
      const owner = await givenUser(test);
      const other = await givenUser(test);
      const receiver = await givenReceiver();
      const { id } = await givenWebhook(owner, receiver);
      const notFound = { error: 'webhook not found' };
      for (const call of [
        request(test.http).get(`/api/v1/webhooks/${id}`),
        request(test.http).patch(`/api/v1/webhooks/${id}`).send({ active: false }),
        request(test.http).delete(`/api/v1/webhooks/${id}`),
        request(test.http).get(`/api/v1/webhooks/${id}/deliveries`),
      ]) {
        const response = await call.set(other.auth);
        expect(response.status).toBe(404);
        expect(response.body).toEqual(notFound);
      }
      const list = await request(test.http).get('/api/v1/webhooks').set(other.auth).expect(200);
      expect(list.body).toEqual({ webhooks: [] });
      const own = await request(test.http).get('/api/v1/webhooks').set(owner.auth).expect(200);
      expect(own.body).toEqual({
        webhooks: [
          {
            id,
            url: receiver.url,
            events: ['*'],
            description: null,
            active: true,
            disabled_reason: null,
            created_at: expect.stringMatching(ISO_UTC_MS),
          },
        ],
      });
    });

    it('400 for an id that is no UUID, and for a PATCH that changes nothing', async () => {
      const user = await givenUser(test);
      const bad = await request(test.http).get('/api/v1/webhooks/42').set(user.auth);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'id must be a UUID' });
      const { id } = await givenWebhook(user, await givenReceiver());
      const empty = await request(test.http)
        .patch(`/api/v1/webhooks/${id}`)
        .set(user.auth)
        .send({});
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ error: 'at least one of url, events or active must be given' });
      const badActive = await request(test.http)
        .patch(`/api/v1/webhooks/${id}`)
        .set(user.auth)
        .send({ active: 'yes' });
      expect(badActive.status).toBe(400);
      expect(badActive.body).toEqual({ error: 'active must be true or false' });
    });

    it('PATCH changes url, events and active; DELETE removes it (then 404)', async () => {
      const user = await givenUser(test);
      const { id } = await givenWebhook(user, await givenReceiver());
      const patched = await request(test.http)
        .patch(`/api/v1/webhooks/${id}`)
        .set(user.auth)
        .send({ url: 'http://127.0.0.1:9/other', events: ['member.added'], active: false })
        .expect(200);
      expect(patched.body).toEqual({
        id,
        url: 'http://127.0.0.1:9/other',
        events: ['member.added'],
        description: null,
        active: false,
        disabled_reason: null,
        created_at: expect.stringMatching(ISO_UTC_MS),
      });
      await request(test.http).delete(`/api/v1/webhooks/${id}`).set(user.auth).expect(204);
      const gone = await request(test.http).get(`/api/v1/webhooks/${id}`).set(user.auth);
      expect(gone.status).toBe(404);
    });
  });

  describe('events', () => {
    it('every change of a document reaches its members’ webhooks, signed, without html', async () => {
      const owner = await givenUser(test);
      const editor = await givenUser(test);
      const ownerReceiver = await givenReceiver();
      const editorReceiver = await givenReceiver();
      const ownerHook = await givenWebhook(owner, ownerReceiver);
      await givenWebhook(editor, editorReceiver, ['member.added', 'document.updated']);

      const uuid = await givenDoc(test, owner, { title: 'Plan', html: '<p>secret text</p>' });
      await request(test.http)
        .post(`/api/v1/docs/${uuid}/users`)
        .set(owner.auth)
        .send({ email: editor.email, role: 'editor' })
        .expect(201);
      // The update's new version (MySQL reads it from LAST_INSERT_ID(), which the outbox
      // trigger's own inserts must not change) is in its ETag.
      const updated = await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(editor.auth)
        .send({ title: 'Plan v2' })
        .expect(204);
      expect(updated.headers.etag).toBe(entityTag(2));
      await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(owner.auth)
        .send({ path: '~/moved' })
        .expect(204);
      await request(test.http)
        .post(`/api/v1/docs/${uuid}/revisions/1/restore`)
        .set(owner.auth)
        .expect(200);
      // Delivered before the editor goes: events still pending then are dropped (next test).
      await editorReceiver.waitFor(() => received(editorReceiver).length >= 4);
      await request(test.http)
        .delete(`/api/v1/docs/${uuid}/users/${editor.id}`)
        .set(owner.auth)
        .expect(204);
      await request(test.http).delete(`/api/v1/docs/${uuid}`).set(owner.auth).expect(204);
      await request(test.http).post(`/api/v1/trash/${uuid}/restore`).set(owner.auth).expect(200);
      await request(test.http).delete(`/api/v1/docs/${uuid}`).set(owner.auth).expect(204);
      await request(test.http).delete(`/api/v1/trash/${uuid}`).set(owner.auth).expect(204);

      await ownerReceiver.waitFor(() => received(ownerReceiver).length >= 10);

      const actor = (user: TestUser) => ({ id: user.id, email: user.email });
      const doc = (title: string, version: number) => ({
        uuid,
        title,
        version,
        updated_at: expect.stringMatching(ISO_UTC_MS),
      });
      const event = (type: string, by: TestUser, title: string, version: number) => ({
        id: expect.stringMatching(EVENT_ID),
        type,
        created_at: expect.stringMatching(ISO_UTC_MS),
        actor: actor(by),
        document: doc(title, version),
      });
      // Up to four deliveries to one webhook are under way at once: they may arrive in any order.
      expect(inChangeOrder(received(ownerReceiver))).toEqual(
        inChangeOrder([
          event('document.created', owner, 'Plan', 1),
          {
            ...event('member.added', owner, 'Plan', 1),
            member: { user_id: editor.id, role: 'editor' },
          },
          event('document.updated', editor, 'Plan v2', 2),
          event('document.updated', owner, 'Plan v2', 3),
          event('document.updated', owner, 'Plan', 4),
          {
            ...event('member.removed', owner, 'Plan', 4),
            member: { user_id: editor.id, role: 'editor' },
          },
          event('document.deleted', owner, 'Plan', 4),
          event('document.restored', owner, 'Plan', 4),
          event('document.deleted', owner, 'Plan', 4),
          event('document.purged', owner, 'Plan', 4),
        ]),
      );
      // The editor's webhook wants two types: the editor was a member for these.
      expect(inChangeOrder(received(editorReceiver))).toEqual(
        inChangeOrder([
          {
            ...event('member.added', owner, 'Plan', 1),
            member: { user_id: editor.id, role: 'editor' },
          },
          event('document.updated', editor, 'Plan v2', 2),
          event('document.updated', owner, 'Plan v2', 3),
          event('document.updated', owner, 'Plan', 4),
        ]),
      );

      const verifier = new Webhook(ownerHook.secret);
      for (const requestSeen of ownerReceiver.requests) {
        expect(requestSeen.method).toBe('POST');
        expect(requestSeen.path).toBe('/hook');
        expect(requestSeen.headers['content-type']).toBe('application/json');
        expect(requestSeen.headers['webhook-id']).toBe(requestSeen.event.id);
        expect(requestSeen.body).not.toContain('secret text');
        expect(
          verifier.verify(requestSeen.body, requestSeen.headers as Record<string, string>),
        ).toEqual(requestSeen.event);
      }
      // Both webhooks got the same member.added event: one id for one event.
      const [added] = received(editorReceiver, ['member.added']);
      expect(received(ownerReceiver, ['member.added'])[0].id).toBe(added.id);
    }, 30_000);

    it('a member who leaves gets no more events of the document, pending ones included', async () => {
      const owner = await givenUser(test);
      const viewer = await givenUser(test);
      const viewerReceiver = await givenReceiver();
      viewerReceiver.answer = () => 503;
      await givenWebhook(viewer, viewerReceiver, ['document.updated', 'member.removed']);
      const uuid = await givenDoc(test, owner, { title: 'Shared' });
      await request(test.http)
        .post(`/api/v1/docs/${uuid}/users`)
        .set(owner.auth)
        .send({ email: viewer.email, role: 'viewer' })
        .expect(201);
      await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(owner.auth)
        .send({ title: 'S2' })
        .expect(204);
      // The first attempt fails: the update waits for its retry when the viewer leaves.
      await viewerReceiver.waitFor(hasType('document.updated'));
      viewerReceiver.answer = () => 200;
      await request(test.http)
        .delete(`/api/v1/docs/${uuid}/users/${viewer.id}`)
        .set(viewer.auth)
        .expect(204);
      await viewerReceiver.waitFor(hasType('member.removed'));
      await request(test.http)
        .put(`/api/v1/docs/${uuid}`)
        .set(owner.auth)
        .send({ title: 'S3' })
        .expect(204);
      await dispatcherIdle();

      const pending = await test.dataSource.query<{ n: number }[]>(
        'SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.user_id = ?',
        [viewer.id],
      );
      expect(Number(pending[0].n)).toBe(0);
      expect(viewerReceiver.events().map((event) => [event.type, event.document?.title])).toEqual([
        ['document.updated', 'S2'],
        ['member.removed', 'S2'],
      ]);
      expect(received(viewerReceiver, ['member.removed'])[0]).toMatchObject({
        actor: { id: viewer.id, email: viewer.email },
        member: { user_id: viewer.id, role: 'viewer' },
      });
    }, 30_000);

    it('a change rolled back writes no event; the next committed one is the first delivered', async () => {
      const owner = await givenUser(test);
      const receiver = await givenReceiver();
      await givenWebhook(owner, receiver, ['document.created']);
      const before = await outboxCounts();
      const profile = toUserProfile(await test.app.get(UsersService).getByEmail(owner.email));
      await expect(
        test.app.get(DocsService).create(
          profile,
          { title: 'Never', path: '~/rolled/back' },
          {
            inTransaction: () => Promise.reject(new Error('fails after the document is written')),
          },
        ),
      ).rejects.toThrow('fails after the document is written');
      expect(await outboxCounts()).toEqual(before);

      const uuid = await givenDoc(test, owner, { title: 'Committed' });
      await receiver.waitForCount(1);
      expect(received(receiver).map((event) => event.document)).toEqual([
        { uuid, title: 'Committed', version: 1, updated_at: expect.stringMatching(ISO_UTC_MS) },
      ]);
    });

    it('a failed attempt is retried with the same id, and logged', async () => {
      const owner = await givenUser(test);
      const receiver = await givenReceiver();
      receiver.answer = () => (receiver.requests.length === 1 ? 500 : 204);
      const { id } = await givenWebhook(owner, receiver, ['document.created']);
      await givenDoc(test, owner);
      await receiver.waitForCount(2);
      const [first, second] = receiver.requests;
      expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(second.body).toBe(first.body);

      await waitForLog(owner, id, 2);
      const log = await request(test.http)
        .get(`/api/v1/webhooks/${id}/deliveries`)
        .set(owner.auth)
        .expect(200);
      const attempt = (number: number, status: number, retry: boolean) => ({
        event_id: first.event.id,
        type: 'document.created',
        attempt: number,
        status_code: status,
        error: null,
        duration_ms: expect.any(Number),
        delivered_at: expect.stringMatching(ISO_UTC_MS),
        next_attempt_at: retry ? expect.stringMatching(ISO_UTC_MS) : null,
      });
      expect(log.body).toEqual({
        deliveries: [attempt(2, 204, false), attempt(1, 500, true)],
        pagination: {
          current_page: 1,
          next_page: null,
          prev_page: null,
          total_pages: 1,
          total_count: 2,
        },
      });
    }, 20_000);

    it('a redirect is not followed: it is a failed attempt', async () => {
      const owner = await givenUser(test);
      const receiver = await givenReceiver();
      const elsewhere = await givenReceiver();
      receiver.answer = () => 302;
      receiver.location = elsewhere.url;
      const { id } = await givenWebhook(owner, receiver, ['document.created']);
      await givenDoc(test, owner);
      const [entry] = await waitForLog(owner, id, 1);
      expect(entry).toMatchObject({ attempt: 1, status_code: 302, error: null });
      expect(entry.next_attempt_at).toMatch(ISO_UTC_MS);
      // Only this owner's events: the system may give `elsewhere` the port of an earlier test's
      // receiver, which that test's webhook still retries.
      const redirected = elsewhere.requests.filter(({ event }) => event.actor?.id === owner.id);
      expect(redirected).toEqual([]);
    });

    it('after the last retry an event is given up; an unreachable receiver is logged as such', async () => {
      const owner = await givenUser(test);
      const receiver = await givenReceiver();
      const url = receiver.url;
      await receiver.stop();
      const response = await request(test.http)
        .post('/api/v1/webhooks')
        .set(owner.auth)
        .send({ url, events: ['document.created'] })
        .expect(201);
      const { id } = response.body as { id: string };
      await givenDoc(test, owner);
      // Three attempts: the first and the two retries of '1s,1s'.
      const log = await waitForLog(owner, id, 3);
      expect(log.map((entry) => [entry.attempt, entry.status_code, entry.error])).toEqual([
        [3, null, 'connection refused'],
        [2, null, 'connection refused'],
        [1, null, 'connection refused'],
      ]);
      expect(log[0].next_attempt_at).toBeNull();
      const pending = await test.dataSource.query<{ n: number }[]>(
        'SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.uuid = ?',
        [id],
      );
      expect(Number(pending[0].n)).toBe(0);
      // Three attempts a second apart take about 3 s; a loaded CI machine once took over 20.
    }, 60_000);

    it('a receiver that never answers does not hold up another webhook', async () => {
      const slowOwner = await givenUser(test);
      const fastOwner = await givenUser(test);
      const slow = await givenReceiver();
      slow.answer = () => 'hang';
      const fast = await givenReceiver();
      await givenWebhook(slowOwner, slow, ['document.created']);
      await givenWebhook(fastOwner, fast, ['document.created']);
      const cap = MAX_IN_FLIGHT_PER_WEBHOOK;
      for (let i = 0; i < cap + 4; i++) await givenDoc(test, slowOwner);
      // So many at a time reach the slow receiver; the rest wait for one of them to end.
      await slow.waitForCount(cap);
      for (let i = 0; i < 3; i++) await givenDoc(test, fastOwner);
      await fast.waitForCount(3);
      expect(slow.requests).toHaveLength(cap);
      slow.release(200);
      await slow.waitForCount(cap + 4);
    }, 30_000);

    it('a webhook deleted while a delivery to it is under way is gone for good, quietly', async () => {
      const owner = await givenUser(test);
      const receiver = await givenReceiver();
      receiver.answer = () => 'hang';
      const { id } = await givenWebhook(owner, receiver, ['document.created']);
      const warnings = jest.spyOn(Logger.prototype, 'warn');
      try {
        await givenDoc(test, owner);
        await receiver.waitForCount(1);
        await request(test.http).delete(`/api/v1/webhooks/${id}`).set(owner.auth).expect(204);
        receiver.release(200);
        // The attempt's outcome finds neither its delivery nor its webhook: nothing to record.
        await dispatcherIdle();
        const [logged] = await test.dataSource.query<{ n: number }[]>(
          'SELECT COUNT(*) AS n FROM webhook_attempts a LEFT JOIN webhooks w ON w.id = a.webhook_id WHERE w.id IS NULL',
        );
        expect(Number(logged.n)).toBe(0);
        expect(warnings).not.toHaveBeenCalled();
      } finally {
        warnings.mockRestore();
      }
    });

    it('50 failed attempts in a row turn a webhook off; turning it on again resumes it', async () => {
      const owner = await givenUser(test);
      const receiver = await givenReceiver();
      receiver.answer = () => 500;
      const { id } = await givenWebhook(owner, receiver, ['document.created']);
      for (let i = 0; i < 50; i++) await givenDoc(test, owner);
      await waitFor(async () => {
        const webhook = await request(test.http).get(`/api/v1/webhooks/${id}`).set(owner.auth);
        return (webhook.body as { active: boolean }).active === false;
      });
      const webhook = await request(test.http).get(`/api/v1/webhooks/${id}`).set(owner.auth);
      expect(webhook.body).toMatchObject({
        active: false,
        disabled_reason: '50 failed attempts in a row; the last: HTTP 500',
      });
      // Off: no new events are written for it.
      const before = await outboxCounts();
      await givenDoc(test, owner);
      const afterWrite = await outboxCounts();
      expect(afterWrite.events).toBe(before.events);

      receiver.answer = () => 200;
      const resumed = await request(test.http)
        .patch(`/api/v1/webhooks/${id}`)
        .set(owner.auth)
        .send({ active: true })
        .expect(200);
      expect(resumed.body).toMatchObject({ active: true, disabled_reason: null });
      // Its pending deliveries (the retries of the 50) go out, and the outbox empties.
      await receiver.waitForCount(receiver.requests.length + 1);
      await waitFor(async () => {
        const [row] = await test.dataSource.query<{ n: number }[]>(
          'SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.uuid = ?',
          [id],
        );
        return Number(row.n) === 0;
      });
    }, 60_000);
  });

  interface LogEntry {
    attempt: number;
    status_code: number | null;
    error: string | null;
    next_attempt_at: string | null;
  }

  /** The webhook's log once it holds `count` attempts. */
  async function waitForLog(user: TestUser, id: string, count: number): Promise<LogEntry[]> {
    let entries: LogEntry[] = [];
    await waitFor(async () => {
      const response = await request(test.http)
        .get(`/api/v1/webhooks/${id}/deliveries`)
        .set(user.auth);
      entries = (response.body as { deliveries: LogEntry[] }).deliveries;
      return entries.length >= count;
    });
    return entries;
  }
});

/** Events sorted by the change they report (version, then type), for lists whose order varies. */
function inChangeOrder<T extends { type: string; document?: { version: number } }>(
  events: T[],
): T[] {
  const rank = (event: T) => `${String(event.document?.version).padStart(6, '0')} ${event.type}`;
  return [...events].sort((a, b) => rank(a).localeCompare(rank(b)));
}

/** Checks `condition` again after each turn of the event loop's timers until it holds. */
async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setImmediate(resolve));
}
