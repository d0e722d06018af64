// Swagger UI in a real browser (Debian's headless Chromium driven by playwright-core): a user
// authorises with a token made by the CLI, creates a document from the example body and finds
// it in the list; then creates one from a body without `path` and finds it with the list's
// form left as Swagger UI fills it. The final page is saved in test-artifacts/: swagger-ui.png (the viewport)
// and swagger-ui-full.png (the whole page).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, chromium, Locator, Page } from 'playwright-core';
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

describe('Swagger UI in headless Chromium', () => {
  let scratch: string;
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  let token: string;

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

    await page.locator('.auth-wrapper button.authorize').click();
    const dialog = page.locator('.dialog-ux');
    await dialog.locator('input[type="text"]').fill(token);
    await dialog.locator('.auth-btn-wrapper button.authorize').click();
    await dialog.locator('.auth-btn-wrapper button.btn-done').click();

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
});
