// A typed client for the document service, generated from openapi.json: the types in
// schema.d.ts come from `npm run openapi` (openapi-typescript), the requests are made by
// openapi-fetch. Paths, parameters, bodies and responses are all checked by the compiler.
// test/e2e/generated-client.e2e-spec.ts runs this against a live service.
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

export type DocListItem = components['schemas']['DocListItemDto'];
export type DocDetail = components['schemas']['DocDetailDto'];

/** A client for the service at `baseUrl` (e.g. `http://localhost:3000`), acting with `token`. */
export function createDocsClient(baseUrl: string, token: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
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
