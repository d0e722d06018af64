// Requests that once held the service's event loop for seconds (issue "Hostile input"), with
// the ordinary large document beside them, and the answer each must get. Shared by
// `npm run bench -- --hostile` (which reports how long /health waited during each) and the
// e2e suite event-loop.e2e-spec.ts (which bounds it).
'use strict';

/** Just under the 5 MiB body limit, for the JSON around the HTML. */
const HTML_BYTES = 5 * 1024 * 1024 - 1024;

const repeatTo = (unit, bytes) => unit.repeat(Math.floor(bytes / unit.length));
const createBody = (html) => JSON.stringify({ title: 'hostile', html });
const NESTED_TOO_DEEP = { error: 'html must not nest elements more than 128 deep' };
/** 32 words of the ordinary document below, the last a prefix: the most a search may have. */
const COMMON_WORDS = [
  ...'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod'.split(' '),
  ...'the of and to in is that for it as was with be by on not he this are or'.split(' '),
  'con',
];

/**
 * Each case: a name, the request (method, path, whether it carries the token, headers, body:
 * none for a GET)
 * and the expected status (and error body, where there is one). `{missing}` in a path is a
 * document that does not exist.
 */
const HOSTILE_REQUESTS = [
  {
    name: '4 MiB of plain paragraphs (an ordinary document)',
    method: 'POST',
    path: '/api/v1/docs',
    body: () =>
      createBody(
        repeatTo(
          '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod.</p>\n',
          4 * 1024 * 1024,
        ),
      ),
    status: 201,
  },
  {
    name: '5 MiB of unclosed <b>',
    method: 'POST',
    path: '/api/v1/docs',
    body: () => createBody(repeatTo('<b>', HTML_BYTES)),
    status: 400,
    error: NESTED_TOO_DEEP,
  },
  {
    name: '200,000 nested <div>',
    method: 'POST',
    path: '/api/v1/docs',
    body: () => createBody('<div>'.repeat(200_000) + '</div>'.repeat(200_000)),
    status: 400,
    error: NESTED_TOO_DEEP,
  },
  {
    name: '5 MiB of <p><math></p>',
    method: 'POST',
    path: '/api/v1/docs',
    body: () => createBody(repeatTo('<p><math></p>', HTML_BYTES)),
    status: 400,
    error: NESTED_TOO_DEEP,
  },
  {
    name: '127 open <b>, then 5 MiB of <i></i> (the deepest accepted)',
    method: 'POST',
    path: '/api/v1/docs',
    body: () => createBody('<b>'.repeat(127) + repeatTo('<i></i>', HTML_BYTES - 381)),
    status: 201,
  },
  {
    name: '1 MB of attribute soup',
    method: 'POST',
    path: '/api/v1/docs',
    body: () => createBody(`<p ${repeatTo('a="b" ', 1_000_000)}>x</p>`),
    status: 201,
  },
  {
    name: 'a body of 300,000 keys (PUT to a missing document)',
    method: 'PUT',
    path: '/api/v1/docs/{missing}',
    body: () => `{"title":"t",${Array.from({ length: 300_000 }, (_, i) => `"k${i}":0`).join(',')}}`,
    status: 400,
    error: { error: 'request body has an object of more than 1000 keys' },
  },
  {
    name: '2,000,000-deep JSON arrays',
    method: 'POST',
    path: '/api/v1/docs',
    body: () => `{"title":"t","extra":${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}}`,
    status: 400,
    error: { error: 'request body is nested more than 64 levels deep' },
  },
  {
    name: '2,000,000 numbers in an unknown field',
    method: 'POST',
    path: '/api/v1/docs',
    body: () => `{"title":"t","extra":[${new Array(2_000_000).fill(7).join(',')}]}`,
    status: 201,
  },
  {
    // A prefix read for each of the caller's documents: every word that starts with it counts.
    name: 'a search for a common three-letter prefix (con)',
    method: 'GET',
    path: '/api/v1/search?q=con',
    status: 200,
  },
  {
    name: 'a search of 32 common words, the last a prefix',
    method: 'GET',
    path: `/api/v1/search?q=${encodeURIComponent(COMMON_WORDS.join(' '))}`,
    status: 200,
  },
  {
    name: 'no token, 2,000,000-deep JSON arrays',
    method: 'POST',
    path: '/api/v1/docs',
    anonymous: true,
    body: () => '['.repeat(2_000_000) + ']'.repeat(2_000_000),
    status: 401,
  },
  {
    name: 'no token, 5 MiB that is not JSON',
    method: 'POST',
    path: '/api/v1/docs',
    anonymous: true,
    body: () => repeatTo('{"a":', HTML_BYTES),
    status: 401,
  },
];

/**
 * Sends `request` to the service at `baseUrl` while another client asks for /health every
 * `intervalMs` (each poll 10 ms after the previous answer). Resolves with the request's status,
 * body and duration and the slowest /health answer seen while it ran.
 */
async function whilePollingHealth(baseUrl, token, request, { intervalMs = 10 } = {}) {
  const body = request.body?.();
  const path = request.path.replace('{missing}', '00000000-0000-4000-8000-000000000000');
  const headers = { 'Content-Type': 'application/json' };
  if (!request.anonymous) headers.Authorization = `Bearer ${token}`;
  let done = false;
  let worstHealthMs = 0;
  let polls = 0;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const health = await fetch(`${baseUrl}/health`);
      await health.arrayBuffer();
      worstHealthMs = Math.max(worstHealthMs, performance.now() - started);
      polls++;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  // Its failure (the service gone) is reported when it is awaited, below.
  poller.catch(() => undefined);
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, { method: request.method, headers, body });
    const text = await response.text();
    const requestMs = performance.now() - started;
    done = true;
    await poller;
    return { status: response.status, text, requestMs, worstHealthMs, polls };
  } finally {
    done = true;
    await poller;
  }
}

module.exports = { HOSTILE_REQUESTS, whilePollingHealth };
