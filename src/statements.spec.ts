import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  catalogueFile,
  formatCatalogue,
  parseCatalogue,
  projectRoot,
} from './database/statement-catalogue';
import { catalogueStatements } from './statements';

describe('the statement catalogue', () => {
  it.each(['mysql', 'sqlite'] as const)(
    'src/queries/%s.sql holds the texts of the code (npm run sql:statements)',
    (dialect) => {
      const committed = readFileSync(join(projectRoot(), catalogueFile(dialect)), 'utf8');
      expect(committed).toBe(formatCatalogue(catalogueStatements(dialect)));
    },
  );

  it.each(['mysql', 'sqlite'] as const)('reads back each %s text as written', (dialect) => {
    const statements = catalogueStatements(dialect);
    expect(parseCatalogue(formatCatalogue(statements))).toEqual(statements.map((s) => s.text));
  });
});
