// Swagger UI in a real browser (Debian's headless Chromium driven by playwright-core): a user
// authorises with a token made by the CLI, creates a document from the example body and finds
// it in the list; then creates one from a body without `path` and finds it with the list's
// form left as Swagger UI fills it; then shares a document with a second user and lists it
// with that user's token; and revalidates a document with the page's own fetch() (304 while
// the ETag is current, also on a reload's `Cache-Control: no-cache`). The final page is saved in test-artifacts/: swagger-ui.png (the viewport)
// and swagger-ui-full.png (the whole page).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, chromium, Locator, Page, Request } from 'playwright-core';
import { buildIfNeeded, runCli, RunningService, startBuiltService } from '../support/built-service';
import { UUID } from '../support/expectations';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');
const UUID_IN_TEXT = new RegExp(UUID.source.slice(1, -1));

/**
 * Opens an operation's block, presses "Try it out", lets `edit` change (or read) the form,
 * then presses "Execute"; returns the block.
 */
async function execute(
  page: Page,
  operationId: string,
  edit?: (block: Locator) => Promise<void>,
): Promise<Locator> {
  const block = page.locator(`[id$="-${operationId}"]`);
  await block.locator('.opblock-summary-control').click();
  await block.locator('button.try-out__btn').click();
  await edit?.(block);
  await block.locator('button.execute').click();
  await block.locator('.live-responses-table .response-col_status').first().waitFor();
  return block;
}

/** Authorize with a bearer token, logging out first if a token is set. */
async function authorize(page: Page, bearer: string): Promise<void> {
  await page.locator('.auth-wrapper button.authorize').click();
  const dialog = page.locator('.dialog-ux');
  const input = dialog.locator('input[type="text"]');
  await dialog.waitFor();
  // Authorised already: the dialog shows "Logout" ("Remove authorization") and no input.
  if ((await input.count()) === 0) {
    await dialog.getByRole('button', { name: 'Remove authorization' }).click();
  }
  await input.fill(bearer);
  await dialog.locator('.auth-btn-wrapper button.authorize').click();
  await dialog.locator('.auth-btn-wrapper button.btn-done').click();
}

/** The JSON body of the operation block's latest answer, and its status. */
async function answer(block: Locator): Promise<{ status: string; body: unknown }> {
  const response = block.locator('.live-responses-table .response').first();
  const status = await response.locator('.response-col_status').innerText();
  const text = await response.locator('.response-col_description pre').first().innerText();
  return { status, body: JSON.parse(text) as unknown };
}

describe('Swagger UI in headless Chromium', () => {
  let scratch: string;
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  let token: string;
  let colleagueToken: string;

  beforeAll(async () => {
    buildIfNeeded();
    scratch = mkdtempSync(join(tmpdir(), 'dms-browser-'));
    const env = {
      SQLITE_PATH: join(scratch, 'docs.sqlite'),
      DATABASE_URL: '',
      SEED_DEMO_USER: 'false',
    };
    service = await startBuiltService(env);
    const cliEnv = { ...env, LOG_LEVEL: 'error' };
    const user = ['--email', 'ada@example.com', '--fname', 'Ada', '--lname', 'Lovelace'];
    expect((await runCli(['users', 'create', ...user], cliEnv)).code).toBe(0);
    const issued = await runCli(['tokens', 'create', '--email', 'ada@example.com'], cliEnv);
    expect(issued.code).toBe(0);
    token = issued.stdout.trimEnd().split('\n').at(-1)!;
    const colleague = ['--email', 'grace@example.com', '--fname', 'Grace', '--lname', 'Hopper'];
    expect((await runCli(['users', 'create', ...colleague], cliEnv)).code).toBe(0);
    const theirs = await runCli(['tokens', 'create', '--email', 'grace@example.com'], cliEnv);
    expect(theirs.code).toBe(0);
    colleagueToken = theirs.stdout.trimEnd().split('\n').at(-1)!;

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  }, 120000);

  afterAll(async () => {
    // The final state, passed or failed, for whoever reads the CI run.
    if (page) {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'swagger-ui-full.png'), fullPage: true });
      await page.screenshot({ path: join(ARTIFACTS, 'swagger-ui.png') });
    }
    await browser?.close();
    await service?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('authorises, creates a document from the example body and lists it', async () => {
    await page.goto(`${service.baseUrl}/api`);
    await page.locator('.swagger-ui .information-container').waitFor();

    await authorize(page, token);

    const create = await execute(page, 'createDoc');
    const created = create.locator('.live-responses-table .response').first();
    await expect(created.locator('.response-col_status').innerText()).resolves.toBe('201');
    const createdBody = await created.locator('.response-col_description pre').first().innerText();
    const uuid = UUID_IN_TEXT.exec(createdBody)?.[0];
    expect(uuid).toBeDefined();

    const list = await execute(page, 'listDocs');
    const listed = list.locator('.live-responses-table .response').first();
    await expect(listed.locator('.response-col_status').innerText()).resolves.toBe('200');
    await expect(
      listed.locator('.response-col_description pre').first().innerText(),
    ).resolves.toContain(uuid);
  }, 120000);

  it('lists a document created without `path` on an unchanged "Try it out" of the list', async () => {
    // A fresh page, as a user who comes back: the token is kept (persistAuthorization).
    await page.goto(`${service.baseUrl}/api`);
    await page.locator('.swagger-ui .information-container').waitFor();

    const title = 'Created in the home folder';
    const create = await execute(page, 'createDoc', async (block) => {
      await block.locator('textarea.body-param__text').fill(JSON.stringify({ title }));
    });
    const created = create.locator('.live-responses-table .response').first();
    await expect(created.locator('.response-col_status').innerText()).resolves.toBe('201');
    const createdBody = await created.locator('.response-col_description pre').first().innerText();
    const uuid = UUID_IN_TEXT.exec(createdBody)?.[0];
    expect(uuid).toBeDefined();

    let pathFilter = '';
    const list = await execute(page, 'listDocs', async (block) => {
      pathFilter = await block.locator('tr[data-param-name="path"] input').inputValue();
    });
    // Nothing pre-filled: the unchanged list is all of the user's documents.
    expect(pathFilter).toBe('');
    const listed = list.locator('.live-responses-table .response').first();
    await expect(listed.locator('.response-col_status').innerText()).resolves.toBe('200');
    const docs = (
      JSON.parse(await listed.locator('.response-col_description pre').first().innerText()) as {
        docs: { uuid: string; title: string; path: string }[];
      }
    ).docs;
    expect(docs[0]).toMatchObject({ uuid, title, path: '~' });
    expect(docs).toHaveLength(2);
    // What the viewport screenshot shows: the list's answer, with the new document in it.
    await list.locator('.live-responses-table').evaluate((table) => table.scrollIntoView());
    await page.mouse.wheel(0, -160);
  }, 120000);

  it('shares a document with a second user, who then lists it with their own token', async () => {
    await page.goto(`${service.baseUrl}/api`);
    await page.locator('.swagger-ui .information-container').waitFor();

    const create = await execute(page, 'createDoc', async (block) => {
      await block.locator('textarea.body-param__text').fill(JSON.stringify({ title: 'For Grace' }));
    });
    const { uuid } = (await answer(create)).body as { uuid: string };

    const share = await execute(page, 'shareDoc', async (block) => {
      await block.locator('tr[data-param-name="uuid"] input').fill(uuid);
      await block
        .locator('textarea.body-param__text')
        .fill(JSON.stringify({ email: 'grace@example.com', role: 'editor' }));
    });
    await expect(answer(share)).resolves.toEqual({
      status: '201',
      body: expect.objectContaining({
        role: 'editor',
        user: expect.objectContaining({ email: 'grace@example.com' }),
      }),
    });

    await authorize(page, colleagueToken);
    // A fresh page: the list block starts closed, its form as Swagger UI fills it.
    await page.goto(`${service.baseUrl}/api`);
    await page.locator('.swagger-ui .information-container').waitFor();
    const list = await execute(page, 'listDocs');
    const listed = await answer(list);
    expect(listed.status).toBe('200');
    expect((listed.body as { docs: unknown[] }).docs).toEqual([
      expect.objectContaining({ uuid, title: 'For Grace', role: 'editor', path: null }),
    ]);
    await list.locator('.live-responses-table').evaluate((table) => table.scrollIntoView());
    await page.mouse.wheel(0, -160);
  }, 120000);

  it("revalidates a document with the browser's own fetch(): 304 for its ETag, 200 once it changed", async () => {
    await page.goto(`${service.baseUrl}/api`);
    const sent: Promise<Record<string, string>>[] = [];
    const record = (request: Request) => {
      if (request.url().includes('/api/v1/docs/')) sent.push(request.allHeaders());
    };
    page.on('request', record);
    const answers = await page.evaluate(async (bearer) => {
      const auth = { Authorization: `Bearer ${bearer}` };
      const json = { ...auth, 'Content-Type': 'application/json' };
      const created = await fetch('/api/v1/docs', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ title: 'Cached in the browser' }),
      });
      const { uuid } = (await created.json()) as { uuid: string };
      const address = `/api/v1/docs/${uuid}`;
      const first = await fetch(address, { headers: auth });
      const etag = first.headers.get('ETag')!;
      // `cache` is the browser's RequestInit (Node's types, used here, do not have it).
      const conditional = (cache: 'default' | 'reload') =>
        fetch(address, { cache, headers: { ...auth, 'If-None-Match': etag } } as RequestInit);
      const unchanged = await conditional('default');
      // As a reload does: the browser asks every cache on the way to revalidate.
      const reloaded = await conditional('reload');
      await fetch(address, { method: 'PUT', headers: json, body: '{"title":"Changed"}' });
      const changed = await conditional('default');
      return {
        etag,
        unchanged: { status: unchanged.status, body: await unchanged.text() },
        reloaded: { status: reloaded.status, body: await reloaded.text() },
        changed: {
          status: changed.status,
          title: ((await changed.json()) as { title: string }).title,
        },
      };
    }, token);
    page.off('request', record);
    expect(answers).toEqual({
      etag: '"1"',
      unchanged: { status: 304, body: '' },
      reloaded: { status: 304, body: '' },
      changed: { status: 200, title: 'Changed' },
    });
    // What Chromium sent with If-None-Match (no-cache is what the framework's own check obeyed).
    const conditionals = (await Promise.all(sent)).filter((headers) => headers['if-none-match']);
    expect(conditionals.map((headers) => headers['cache-control'])).toEqual([
      'max-age=0',
      'no-cache',
      'max-age=0',
    ]);
  }, 120000);
});
