import { ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './built-service';

/** Where the service is reached in the in-process sign-in tests (requests go to the app itself). */
export const TEST_PUBLIC_URL = 'http://docs.test';
export const TEST_CALLBACK = `${TEST_PUBLIC_URL}/oauth/callback`;
export const TEST_SWAGGER_UI_REDIRECT = `${TEST_PUBLIC_URL}/api/oauth2-redirect.html`;

/** The claims of an account at the test provider (`sub` is its key). */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  groups?: string[];
}

/** A real OpenID Provider in a child process (`oidc-provider.mjs`). */
export interface TestIdentityProvider {
  issuer: string;
  /** The client the service is registered as there. */
  clientId: 'dms';
  clientSecret: 'dms-secret';
  /** Makes `sub` the person who signs in next, with these claims. */
  signInAs(sub: string, claims: ProviderAccount): void;
  stop(): Promise<void>;
}

/** Starts the provider, with the service's callback (PUBLIC_URL + `/oauth/callback`) registered. */
export async function startIdentityProvider(callbackUrls: string[]): Promise<TestIdentityProvider> {
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'oidc-provider-'));
  const accountsFile = join(folder, 'accounts.json');
  const accounts: Record<string, ProviderAccount> = {};
  let current = '';
  const save = () => writeFileSync(accountsFile, JSON.stringify({ current, accounts }));
  save();
  const child: ChildProcess = spawn(
    process.execPath,
    [join(__dirname, 'oidc-provider.mjs'), String(port), accountsFile, callbackUrls.join(',')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the test provider exited (${code}): ${errors}`)));
  });
  return {
    issuer: `http://127.0.0.1:${port}`,
    clientId: 'dms',
    clientSecret: 'dms-secret',
    signInAs(sub, claims) {
      accounts[sub] = claims;
      current = sub;
      save();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => {
          rmSync(folder, { recursive: true, force: true });
          resolve();
        });
        child.kill();
      }),
  };
}

/** A PKCE pair: a verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/** Cookies as a browser keeps them for one site, by name (paths and expiry ignored). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair.trim().split('=');
      const expired =
        attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) ||
        attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

/**
 * Walks a browser through the provider from `location` (its authorization URL) until it is sent
 * somewhere else; that URL. The provider's own cookies are kept in `jar`.
 */
export async function throughProvider(
  provider: TestIdentityProvider,
  location: string,
  jar = new CookieJar(),
): Promise<string> {
  let next = location;
  for (let hop = 0; hop < 10 && next.startsWith(provider.issuer); hop++) {
    const response = await fetch(next, {
      redirect: 'manual',
      headers: jar.header() ? { cookie: jar.header() } : {},
    });
    jar.take(response.headers.getSetCookie());
    const to = response.headers.get('location');
    if (!to) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
    next = new URL(to, next).href;
  }
  return next;
}
