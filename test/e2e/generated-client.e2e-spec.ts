// The example client built from openapi.json (openapi-typescript types + openapi-fetch) works
// against the real service over HTTP.
import {
  createDocsClient,
  createListAndUpdate,
  createOnce,
  DocsClient,
  shareAndListAsColleague,
  updateSafely,
} from '../../examples/client/docs-example';
import { givenUser, TestUser } from '../support/builders';
import { UUID } from '../support/expectations';
import { databaseKind, startTestApp, TestApp } from '../support/test-app';

describe(`the generated TypeScript client (${databaseKind})`, () => {
  let test: TestApp;
  let user: TestUser;
  let client: DocsClient;
  let baseUrl: string;

  beforeAll(async () => {
    test = await startTestApp();
    await test.app.listen(0, '127.0.0.1');
    user = await givenUser(test);
    baseUrl = await test.app.getUrl();
    client = createDocsClient(baseUrl, user.token);
  });
  afterAll(() => test.close());

  it('creates, lists and updates a document', async () => {
    const { uuid, listed, after } = await createListAndUpdate(client);
    expect(uuid).toMatch(UUID);
    expect(listed.map((doc) => doc.uuid)).toEqual([uuid]);
    expect(after).toMatchObject({
      uuid,
      title: 'Quarterly report (final)',
      html: '<p>Draft</p>',
      path: '~/reports/2024',
    });
  });

  it('shares a document, and the colleague lists it as editor', async () => {
    const colleague = await givenUser(test);
    const theirClient = createDocsClient(await test.app.getUrl(), colleague.token);
    const { uuid, theirs } = await shareAndListAsColleague(client, theirClient, colleague.email);
    expect(theirs).toEqual([
      expect.objectContaining({ uuid, title: 'Team plan', role: 'editor', path: null }),
    ]);
  });

  it('updates with If-Match, and reads again when someone wrote in between', async () => {
    const { uuid } = await createOnce(client, { title: 'Counter: 0', path: '~' });
    let interfered = false;
    const result = await updateSafely(client, uuid, async (doc) => {
      if (!interfered) {
        interfered = true;
        // Someone else's write lands between this read and the conditional write.
        const theirs = await fetch(`${baseUrl}/api/v1/docs/${uuid}`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ html: '<p>theirs</p>' }),
        });
        expect(theirs.status).toBe(204);
      }
      return { title: `Counter: ${Number(doc.title.split(': ')[1]) + 1}` };
    });
    expect(result).toEqual({ etag: '"3"', attempts: 2 });
    const read = await client.GET('/api/v1/docs/{uuid}', { params: { path: { uuid } } });
    expect(read.data).toMatchObject({ title: 'Counter: 1', html: '<p>theirs</p>', version: 3 });
  });

  it('reports the error body of a refused request', async () => {
    const outsider = createDocsClient(await test.app.getUrl(), 'dms_not-a-token');
    await expect(createListAndUpdate(outsider)).rejects.toThrow(/^create failed with 401: \S.*/);
  });

  describe('an idempotent create', () => {
    async function docsOfUser(who: TestUser): Promise<string[]> {
      const rows = await test.dataSource.query<{ uuid: string }[]>(
        'SELECT uuid FROM docs WHERE owner_id = ?',
        [who.id],
      );
      return rows.map((row) => row.uuid);
    }

    it('retries with the same key after a lost answer, and gets the first one back', async () => {
      const owner = await givenUser(test);
      let sent = 0;
      // The network loses the first answer after the server has acted on the request.
      const flaky: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (++sent === 1) throw new TypeError('fetch failed: connection reset');
        return response;
      };
      const waits: number[] = [];
      const client = createDocsClient(await test.app.getUrl(), owner.token, flaky);
      const created = await createOnce(
        client,
        { title: 'Exactly once', path: '~/once' },
        { wait: (ms) => Promise.resolve(waits.push(ms)) },
      );
      expect(created).toEqual({ uuid: expect.stringMatching(UUID), replayed: true, attempts: 2 });
      expect(waits).toHaveLength(1);
      expect(await docsOfUser(owner)).toEqual([created.uuid]);
    });

    it('waits for Retry-After while the first try still runs, then gets its answer', async () => {
      const owner = await givenUser(test);
      const client = createDocsClient(await test.app.getUrl(), owner.token);
      const first = await createOnce(client, { title: 'Once', path: '~' }, { key: 'example-key' });
      expect(first).toEqual({ uuid: expect.stringMatching(UUID), replayed: false, attempts: 1 });
      // Pretend the first try were still running for the next answer only.
      let answered = 0;
      const busy = createDocsClient(await test.app.getUrl(), owner.token, async (input, init) => {
        if (++answered > 1) return fetch(input, init);
        return new Response(JSON.stringify({ error: 'still in progress' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '3' },
        });
      });
      const waits: number[] = [];
      const again = await createOnce(
        busy,
        { title: 'Once', path: '~' },
        { key: 'example-key', wait: (ms) => Promise.resolve(waits.push(ms)) },
      );
      expect(again).toEqual({ uuid: first.uuid, replayed: true, attempts: 2 });
      expect(waits).toEqual([3000]);
      expect(await docsOfUser(owner)).toEqual([first.uuid]);
    });

    it('does not retry a request the service refuses', async () => {
      const owner = await givenUser(test);
      const client = createDocsClient(await test.app.getUrl(), owner.token);
      await createOnce(client, { title: 'First', path: '~' }, { key: 'reused-key' });
      await expect(
        createOnce(
          client,
          { title: 'Second', path: '~' },
          { key: 'reused-key', wait: () => Promise.reject(new Error('no wait expected')) },
        ),
      ).rejects.toThrow(
        'create failed with 422: this Idempotency-Key was already used with a different request body',
      );
    });
  });
});
