// Swagger UI's Authorize signs in through a real identity provider (oidc-provider in a child
// process) in headless Chromium: the popup goes to the service's /oauth/authorize, through the
// provider and back to /api/oauth2-redirect.html, which hands the code to the page; the page
// exchanges it (PKCE) for one of the service's tokens, and "Try it out" on GET /me answers 200
// for the person who signed in. The page's headers must let the popup find its way back.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import {
  buildIfNeeded,
  freePort,
  RunningService,
  startBuiltService,
} from '../support/built-service';
import { startIdentityProvider, TestIdentityProvider } from '../support/identity-provider';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');

describe('Swagger UI signs in through the identity provider (headless Chromium)', () => {
  let scratch: string;
  let provider: TestIdentityProvider;
  let service: RunningService;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    buildIfNeeded();
    scratch = mkdtempSync(join(tmpdir(), 'dms-browser-sign-in-'));
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    provider = await startIdentityProvider([`${publicUrl}/oauth/callback`]);
    provider.signInAs('ada-sub', {
      email: 'ada@example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
    service = await startBuiltService({
      SQLITE_PATH: join(scratch, 'docs.sqlite'),
      DATABASE_URL: '',
      SEED_DEMO_USER: 'false',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ALLOW_HTTP: 'true',
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  }, 120000);

  afterAll(async () => {
    if (page) {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'swagger-ui-sign-in.png') });
    }
    await browser?.close();
    await service?.stop();
    await provider?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('serves the page with an opener policy that keeps the popup, and the redirect page with none', async () => {
    const pageHeaders = (await fetch(`${service.baseUrl}/api`)).headers;
    expect(pageHeaders.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    const redirect = await fetch(`${service.baseUrl}/api/oauth2-redirect.html`);
    expect(redirect.status).toBe(200);
    expect(redirect.headers.get('cross-origin-opener-policy')).toBeNull();
  });

  it('Authorize signs in at the provider in a popup; Try it out then answers 200', async () => {
    await page.goto(`${service.baseUrl}/api`);
    await page.locator('.swagger-ui .information-container').waitFor();
    await page.locator('.auth-wrapper button.authorize').click();
    const dialog = page.locator('.dialog-ux');
    await dialog.waitFor();
    const signIn = dialog.locator('.auth-container').filter({ hasText: 'authorizationCode' });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      signIn.locator('button.authorize').click(),
    ]);
    await popup.waitForEvent('close', { timeout: 20000 });
    // Signed in: the section's button is now "Logout" (its accessible name says what it does).
    await signIn.getByRole('button', { name: 'Remove authorization' }).waitFor();
    await dialog.locator('button.close-modal').click();

    const block = page.locator('[id$="-getMe"]');
    await block.locator('.opblock-summary-control').click();
    await block.locator('button.try-out__btn').click();
    await block.locator('button.execute').click();
    const response = block.locator('.live-responses-table .response').first();
    await response.locator('.response-col_status').waitFor();
    expect(await response.locator('.response-col_status').innerText()).toBe('200');
    const body = JSON.parse(
      await response.locator('.response-col_description pre').first().innerText(),
    ) as { user: { email: string }; token: { source: string; scopes: string[] } };
    expect(body.user.email).toBe('ada@example.com');
    expect(body.token).toMatchObject({
      source: 'sign-in',
      scopes: ['docs:read', 'docs:write', 'tokens:write'],
    });
  }, 60000);
});
