// A typed client for the document service, generated from openapi.json: the types in
// schema.d.ts come from `npm run openapi` (openapi-typescript), the requests are made by
// openapi-fetch. Paths, parameters, bodies and responses are all checked by the compiler.
// test/e2e/generated-client.e2e-spec.ts runs this against a live service.
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

export type DocListItem = components['schemas']['DocListItemDto'];
export type DocDetail = components['schemas']['DocDetailDto'];
export type NewDoc = components['schemas']['CreateDocDto'];
type Changes = components['schemas']['UpdateDocDto'];

/**
 * A client for the service at `baseUrl` (e.g. `http://localhost:3000`), acting with `token`.
 * `fetch` replaces the global one (a proxy, a test's flaky network).
 */
export function createDocsClient(baseUrl: string, token: string, fetch?: typeof globalThis.fetch) {
  return createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${token}` },
    ...(fetch && { fetch }),
  });
}

export type DocsClient = ReturnType<typeof createDocsClient>;

/** Turns an error answer into an exception carrying the service's `{"error": "..."}` text. */
function fail(what: string, response: Response, error?: { error: string }): never {
  throw new Error(`${what} failed with ${response.status}: ${error?.error ?? 'no message'}`);
}

/** Creates a document, finds it in its folder's list, renames it and reads it back. */
export async function createListAndUpdate(client: DocsClient): Promise<{
  uuid: string;
  listed: DocListItem[];
  after: DocDetail;
}> {
  const created = await client.POST('/api/v1/docs', {
    body: { title: 'Quarterly report', html: '<p>Draft</p>', path: '~/reports/2024' },
  });
  if (!created.data) fail('create', created.response, created.error);
  const { uuid } = created.data;

  const list = await client.GET('/api/v1/docs', {
    params: { query: { path: '~/reports/2024', page: 1, per_page: 20 } },
  });
  if (!list.data) fail('list', list.response, list.error);

  const updated = await client.PUT('/api/v1/docs/{uuid}', {
    params: { path: { uuid } },
    body: { title: 'Quarterly report (final)' },
  });
  if (updated.error) fail('update', updated.response, updated.error);

  const read = await client.GET('/api/v1/docs/{uuid}', { params: { path: { uuid } } });
  if (!read.data) fail('read', read.response, read.error);

  return { uuid, listed: list.data.docs, after: read.data };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates a document exactly once, however often the request has to be sent: one
 * `Idempotency-Key` for all the tries. A lost connection, a timeout or a 5xx is retried with
 * the same key; if the first try did reach the server, the retry gets its answer back
 * (`replayed`) instead of making a second document. A 409 means that first try is still
 * running: wait `Retry-After` seconds and ask again. Any other error is final.
 */
export async function createOnce(
  client: DocsClient,
  body: NewDoc,
  options: { key?: string; attempts?: number; wait?: (ms: number) => Promise<unknown> } = {},
): Promise<{ uuid: string; replayed: boolean; attempts: number }> {
  const key = options.key ?? crypto.randomUUID();
  const attempts = options.attempts ?? 5;
  const wait = options.wait ?? sleep;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= attempts;
    let result;
    try {
      result = await client.POST('/api/v1/docs', {
        params: { header: { 'Idempotency-Key': key } },
        body,
      });
    } catch (networkError) {
      if (last) throw networkError;
      await wait(2 ** attempt * 100);
      continue;
    }
    const { data, error, response } = result;
    if (data) {
      const replayed = response.headers.get('Idempotency-Replayed') === 'true';
      return { uuid: data.uuid, replayed, attempts: attempt };
    }
    const retryable = response.status === 409 || response.status >= 500;
    if (!retryable || last) fail('create', response, error);
    const retryAfter = Number(response.headers.get('Retry-After'));
    await wait(retryAfter > 0 ? retryAfter * 1000 : 2 ** attempt * 100);
  }
}

/**
 * Changes a document without overwriting anyone: reads it with its `ETag`, applies `change`,
 * and writes with `If-Match`. If someone else wrote in between (412), it reads the new version
 * and applies the change again, up to `attempts` times. Returns the new ETag.
 */
export async function updateSafely(
  client: DocsClient,
  uuid: string,
  change: (doc: DocDetail) => Changes | Promise<Changes>,
  attempts = 3,
): Promise<{ etag: string; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    const read = await client.GET('/api/v1/docs/{uuid}', { params: { path: { uuid } } });
    if (!read.data) fail('read', read.response, read.error);
    const etag = read.response.headers.get('ETag')!;
    const written = await client.PUT('/api/v1/docs/{uuid}', {
      params: { path: { uuid }, header: { 'If-Match': etag } },
      body: await change(read.data),
    });
    if (!written.error) return { etag: written.response.headers.get('ETag')!, attempts: attempt };
    if (written.response.status !== 412 || attempt >= attempts) {
      fail('update', written.response, written.error);
    }
  }
}

/**
 * Shares a document with a colleague as editor, then lists it with the colleague's client:
 * the shared document is in their list, with their role, and without the owner's folder.
 */
export async function shareAndListAsColleague(
  owner: DocsClient,
  colleague: DocsClient,
  colleagueEmail: string,
): Promise<{ uuid: string; theirs: DocListItem[] }> {
  const created = await owner.POST('/api/v1/docs', {
    body: { title: 'Team plan', path: '~/team' },
  });
  if (!created.data) fail('create', created.response, created.error);
  const { uuid } = created.data;

  const shared = await owner.POST('/api/v1/docs/{uuid}/users', {
    params: { path: { uuid } },
    body: { email: colleagueEmail, role: 'editor' },
  });
  if (!shared.data) fail('share', shared.response, shared.error);

  const list = await colleague.GET('/api/v1/docs', {
    params: { query: { role: 'editor', page: 1, per_page: 20 } },
  });
  if (!list.data) fail('list', list.response, list.error);
  return { uuid, theirs: list.data.docs };
}
