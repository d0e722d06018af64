import { Injectable } from '@nestjs/common';
import { textOfHtml } from '../common/text/html-text';
import { indexTerms } from '../common/text/search-terms';
import { Sql } from '../database/sql';

/** Runs one statement and gives its rows (a TypeORM `QueryRunner.query` or `Sql.rows`). */
export type RunQuery = (sql: string, parameters: unknown[]) => Promise<unknown>;

/** Documents read and written per batch. */
export const REINDEX_BATCH = 200;

export const reindexSql = {
  batch: 'SELECT id, version, title, html FROM docs WHERE id > ? ORDER BY id LIMIT ?',
  /** Only the version read: a document written meanwhile already has its new terms. */
  write: 'UPDATE docs SET search_title = ?, search_body = ? WHERE id = ? AND version = ?',
};

interface DocText {
  id: number;
  version: number;
  title: string;
  html: string;
}

/**
 * Writes every document's search terms again (after the tokenizer changed, or to fill them in
 * the migration that adds them), in batches of short statements: no transaction, no lock held
 * between statements, so writes go on meanwhile. Returns how many documents it wrote.
 */
export async function reindexDocuments(
  query: RunQuery,
  onBatch?: (written: number) => void,
): Promise<number> {
  let after = 0;
  let written = 0;
  for (;;) {
    const rows = (await query(reindexSql.batch, [after, REINDEX_BATCH])) as DocText[];
    if (rows.length === 0) return written;
    for (const row of rows) {
      const searchTitle = indexTerms(row.title);
      const searchBody = indexTerms(textOfHtml(row.html));
      await query(reindexSql.write, [searchTitle, searchBody, row.id, row.version]);
      written++;
    }
    after = Number(rows[rows.length - 1].id);
    onBatch?.(written);
  }
}

/** `search reindex`: the same rebuild, run by the command line on the service's database. */
@Injectable()
export class SearchReindexer {
  constructor(private readonly sql: Sql) {}

  /** Rebuilds every document's terms; returns how many documents were written. */
  run(onBatch?: (written: number) => void): Promise<number> {
    return reindexDocuments(
      (statement, parameters) =>
        /^\s*SELECT/i.test(statement)
          ? this.sql.rows(statement, parameters)
          : this.sql.run(statement, parameters),
      onBatch,
    );
  }
}
