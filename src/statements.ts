import type { SqlDialect } from './database/raw-sql';
import { tokensStatements } from './auth/api-tokens.repository';
import { jobLeasesStatements } from './database/job-leases';
import { NamedStatement, StatementList } from './database/statement-catalogue';
import { docAccessStatements } from './docs/access/doc-access.repository';
import { docListStatements } from './docs/access/doc-list.statements';
import { docWaysStatements } from './docs/access/doc-ways.repository';
import { docsStatements } from './docs/documents/docs.statements';
import { searchPostingsStatements } from './docs/documents/search-postings.repository';
import { revisionsStatements } from './docs/revisions/revisions.repository';
import { docGroupsStatements } from './docs/access/doc-groups.repository';
import { docUsersStatements } from './docs/access/doc-users.repository';
import { folderSharesStatements } from './docs/access/folder-shares.repository';
import { trashStatements } from './docs/trash/trash.repository';
import { foldersStatements } from './folders/folders.repository';
import { groupsStatements } from './groups/groups.repository';
import { idempotencyStatements } from './idempotency/idempotency.repository';
import { reindexStatements } from './search/search-reindex';
import { searchStatements } from './search/search.statements';
import { outboxStatements } from './webhooks/outbox.statements';
import { webhooksStatements } from './webhooks/webhooks.repository';

/**
 * Every feature's statement list, under the prefix of its names: the catalogue of the texts the
 * service sends (`src/queries/<dialect>.sql`, written by `npm run sql:statements`). A feature
 * that sends SQL through `Sql` adds its list here.
 */
const STATEMENT_LISTS: Record<string, StatementList> = {
  jobLeases: jobLeasesStatements,
  tokens: tokensStatements,
  folders: foldersStatements,
  docList: docListStatements,
  docAccess: docAccessStatements,
  docWays: docWaysStatements,
  docs: docsStatements,
  searchPostings: searchPostingsStatements,
  docUsers: docUsersStatements,
  docGroups: docGroupsStatements,
  folderShares: folderSharesStatements,
  revisions: revisionsStatements,
  trash: trashStatements,
  groups: groupsStatements,
  idempotency: idempotencyStatements,
  searchReindex: reindexStatements,
  search: searchStatements,
  webhooks: webhooksStatements,
  outbox: outboxStatements,
};

/** The catalogue's statements of a dialect: each text once, under its first name, by name. */
export function catalogueStatements(dialect: SqlDialect): NamedStatement[] {
  const byText = new Map<string, string>();
  for (const [prefix, list] of Object.entries(STATEMENT_LISTS)) {
    for (const [name, text] of Object.entries(list(dialect))) {
      if (!byText.has(text)) byText.set(text, `${prefix}.${name}`);
    }
  }
  return [...byText]
    .map(([text, name]) => ({ name, text }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
