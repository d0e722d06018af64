import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { textOfHtml } from '../common/text/html-text';
import { countTerms, indexTerms, TermCounts } from '../common/text/search-terms';
import { sqlDialect } from '../database/raw-sql';
import { Sql } from '../database/sql';
import { StatementList } from '../database/statement-catalogue';
import { TransactionRunner } from '../database/transaction-runner';
import { SearchPostingsRepository } from '../docs/documents/search-postings.repository';

/** Documents read per batch. */
export const REINDEX_BATCH = 200;

export const reindexSql = {
  batch: 'SELECT id, version, title, html FROM docs WHERE id > ? ORDER BY id LIMIT ?',
  /** The document's version; locked on MySQL, as an update locks it. */
  stored: (lock: boolean) => `SELECT version FROM docs WHERE id = ?${lock ? ' FOR UPDATE' : ''}`,
  write: 'UPDATE docs SET search_title = ?, search_body = ? WHERE id = ?',
};

/** Every text of `search reindex` on a dialect. */
export const reindexStatements: StatementList = (dialect) => ({
  batch: reindexSql.batch,
  stored: reindexSql.stored(dialect === 'mysql'),
  write: reindexSql.write,
});

interface DocText {
  id: number;
  version: number;
  title: string;
  html: string;
}

/**
 * `search reindex`: writes every document's search terms and postings again (after the
 * tokenizer changed, or when the index was lost: the postings are compared with those the
 * index holds for the document, read a batch's buckets at a time, not with its stored terms), a batch of documents read at a time and each
 * document written in a short transaction of its own, so the service keeps serving and writing
 * meanwhile. A document written since its batch was read already has its new terms and is left
 * as it is.
 */
@Injectable()
export class SearchReindexer {
  private readonly lock: boolean;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
    private readonly postings: SearchPostingsRepository,
  ) {
    this.lock = sqlDialect(dataSource) === 'mysql';
  }

  /**
   * Rebuilds every document's terms and postings; returns how many documents were written.
   * `beforeWrite` runs between a document's read and its write (tests race a write there).
   */
  async run(
    onBatch?: (written: number) => void,
    beforeWrite?: (docId: number) => Promise<void>,
  ): Promise<number> {
    let after = 0;
    let written = 0;
    for (;;) {
      const rows = await this.sql.rows<DocText>(reindexSql.batch, [after, REINDEX_BATCH]);
      if (rows.length === 0) return written;
      // Read after the batch: a document written since has another version, and is left.
      const indexed = await this.postings.ofDocRange(after + 1, Number(rows[rows.length - 1].id));
      for (const row of rows) {
        const searchBody = indexTerms(textOfHtml(row.html));
        const terms = {
          searchTitle: indexTerms(row.title),
          searchBody,
          bodyCounts: countTerms(searchBody),
        };
        await this.postings.addTerms(terms);
        await beforeWrite?.(Number(row.id));
        const id = Number(row.id);
        if (
          await this.write(
            id,
            Number(row.version),
            terms,
            indexed.get(id) ?? new Map<number, number>(),
          )
        )
          written++;
      }
      after = Number(rows[rows.length - 1].id);
      onBatch?.(written);
    }
  }

  /**
   * One document's new terms and postings (from those it has in the index, `indexed`), unless
   * it changed since it was read.
   */
  private write(
    id: number,
    version: number,
    terms: { searchTitle: string; searchBody: string; bodyCounts: TermCounts },
    indexed: Map<number, number>,
  ): Promise<boolean> {
    return this.transactions.run(async (manager) => {
      const [stored] = await this.sql.rows<{ version: number }>(
        reindexSql.stored(this.lock),
        [id],
        manager,
      );
      if (!stored || Number(stored.version) !== version) return false;
      await this.sql.run(reindexSql.write, [terms.searchTitle, terms.searchBody, id], manager);
      const weights = await this.postings.weightsOf(terms, manager);
      await this.postings.write(manager, id, indexed, weights);
      await this.postings.keepRareOf(manager, id, [...weights.keys()]);
      return true;
    });
  }
}
