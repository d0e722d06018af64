// A real OpenID Provider (oidc-provider) for the sign-in tests, run as a child process: it is an
// ES module, which the tests' CommonJS transform does not load. Usage:
//   node oidc-provider.mjs <port> <accounts.json> <redirect_uri>[,<redirect_uri>...]
// It prints "ready" when it listens. Whoever signs in is the account named by `current` in the
// accounts file, read again at every sign-in (so a test changes claims between sign-ins):
//   {"current": "alice", "accounts": {"alice": {"email": ..., "email_verified": true, "groups": [...]}}}
// There is no login page: an interaction finishes at once with that account, and every scope
// asked for is granted.
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const [port, accountsFile, redirectUris] = process.argv.slice(2);
const issuer = `http://127.0.0.1:${port}`;
const readAccounts = () => JSON.parse(readFileSync(accountsFile, 'utf8'));

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'dms',
      client_secret: 'dms-secret',
      redirect_uris: redirectUris.split(','),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  jwks: {
    keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }],
  },
  cookies: { keys: ['only-for-tests'] },
  pkce: { required: () => true },
  scopes: ['openid', 'email', 'profile', 'groups'],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name'],
    groups: ['groups'],
  },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: (_ctx, sub) => ({
    accountId: sub,
    claims: () => ({ sub, ...readAccounts().accounts[sub] }),
  }),
  loadExistingGrant: async (ctx) => {
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope([...ctx.oidc.requestParamScopes].join(' '));
    await grant.save();
    return grant;
  },
});

const callback = provider.callback();
createServer(async (request, response) => {
  if (!request.url.startsWith('/interaction/')) return callback(request, response);
  try {
    await provider.interactionDetails(request, response);
    const accountId = readAccounts().current;
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
  } catch (error) {
    response.statusCode = 500;
    response.end(String(error));
  }
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
