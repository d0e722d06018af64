#!/usr/bin/env node
// Writes the statement catalogue, src/queries/<dialect>.sql: every SQL text the service sends
// through src/database/sql.ts, from each feature's list (src/statements.ts). The tests run with
// the catalogue checked (a text not in it fails the statement), and a unit spec fails when the
// committed files differ from the code.
//
//   npm run sql:statements            write both files
//   npm run sql:statements -- --check fail (exit 1) when the committed files differ from the code
const { execFileSync } = require('node:child_process');
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const root = join(__dirname, '..');
const check = process.argv.includes('--check');
execFileSync(process.execPath, [join(__dirname, 'build-if-needed.js')], { stdio: 'inherit' });
const { catalogueStatements } = require(join(root, 'dist', 'src', 'statements.js'));
const catalogue = require(join(root, 'dist', 'src', 'database', 'statement-catalogue.js'));

let stale = 0;
for (const dialect of ['mysql', 'sqlite']) {
  const statements = catalogueStatements(dialect);
  const content = catalogue.formatCatalogue(statements);
  const texts = catalogue.parseCatalogue(content);
  if (texts.length !== statements.length || texts.some((text, i) => text !== statements[i].text)) {
    throw new Error(`a ${dialect} statement does not read back from its catalogue file`);
  }
  const file = join(root, catalogue.catalogueFile(dialect));
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {}
  if (committed === content) continue;
  if (check) {
    console.error(
      `${catalogue.catalogueFile(dialect)} differs from the code: npm run sql:statements`,
    );
    stale++;
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    console.log(`wrote ${catalogue.catalogueFile(dialect)} (${statements.length} statements)`);
  }
}
process.exit(stale > 0 ? 1 : 0);
