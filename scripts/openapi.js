#!/usr/bin/env node
// Writes the OpenAPI document (openapi.json) from the built application's decorators, and the
// TypeScript types the example client uses (examples/client/schema.d.ts) from that document.
// The Swagger CLI plugin only runs in `nest build`, so this builds first if needed, then
// creates the app (on a throwaway SQLite file, without listening) and asks it for the document.
//
//   npm run openapi            write both files
//   npm run openapi -- --check fail (exit 1) when the committed files differ from the code
const { execFileSync } = require('node:child_process');
const { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');
const check = process.argv.includes('--check');
const outputs = {
  document: join(root, 'openapi.json'),
  types: join(root, 'examples', 'client', 'schema.d.ts'),
};

async function generateDocument() {
  execFileSync(process.execPath, [join(__dirname, 'build-if-needed.js')], { stdio: 'inherit' });
  const scratch = mkdtempSync(join(tmpdir(), 'dms-openapi-'));
  delete process.env.DATABASE_URL;
  process.env.SQLITE_PATH = join(scratch, 'docs.sqlite');
  process.env.SEED_DEMO_USER = 'false';
  process.env.LOG_LEVEL = 'error';
  try {
    const { createApp } = require(join(root, 'dist', 'src', 'app.factory.js'));
    const { buildOpenApiDocument } = require(join(root, 'dist', 'src', 'swagger.js'));
    const app = await createApp('error');
    try {
      return buildOpenApiDocument(app);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Prettier's formatting, so that `prettier --check` and this script agree. */
async function formatted(text, file) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

async function generateTypes(document) {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(document, { alphabetize: false });
  const banner =
    '// Generated from openapi.json by `npm run openapi` (openapi-typescript); do not edit.\n';
  return banner + astToString(ast);
}

async function main() {
  const document = await generateDocument();
  const texts = {
    document: await formatted(JSON.stringify(document, null, 2), outputs.document),
    types: await formatted(await generateTypes(document), outputs.types),
  };
  const stale = [];
  for (const key of Object.keys(outputs)) {
    const file = outputs[key];
    const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (current === texts[key]) continue;
    stale.push(relative(root, file));
    if (!check) writeFileSync(file, texts[key]);
  }
  if (check && stale.length > 0) {
    console.error(
      `${stale.join(' and ')} ${stale.length > 1 ? 'differ' : 'differs'} from what the code ` +
        'generates. Run `npm run openapi` and commit the result.',
    );
    process.exit(1);
  }
  console.log(
    check
      ? 'openapi.json and examples/client/schema.d.ts match the code.'
      : stale.length > 0
        ? `Wrote ${stale.join(', ')}.`
        : 'openapi.json and examples/client/schema.d.ts were already up to date.',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
