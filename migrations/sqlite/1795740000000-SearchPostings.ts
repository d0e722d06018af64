import { Logger } from '@nestjs/common';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { buildPostings } from '../frozen/search-postings-1795740000000';

const entry = (row: 'new' | 'old') => `${row}."id", ${row}."search_title", ${row}."search_body"`;
const removeEntry = `INSERT INTO "docs_search" ("docs_search", rowid, "search_title", "search_body") VALUES ('delete', ${entry('old')});`;
const addEntry = `INSERT INTO "docs_search" (rowid, "search_title", "search_body") VALUES (${entry('new')});`;

/**
 * Search that costs per match: a posting index (`search_terms`, and `search_postings` with each
 * term's weight in each document) replaces the FTS5 table and its triggers, whose ranking scored
 * every match. Built here from the terms the documents keep, in batches, with progress in the
 * log.
 *
 * The postings are keyed by document, then term: SQLite writes every page a transaction changes
 * to its log, and a document's few hundred postings keyed by term are a few hundred pages
 * (about 130 creates a second at 20,000 documents, against 1,600 keyed by document). A search
 * looks each of the caller's documents up by (document, term).
 */
export class SearchPostings1795740000000 implements MigrationInterface {
  name = 'SearchPostings1795740000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "search_terms" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "term" varchar(84) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_search_terms_term" ON "search_terms" ("term") `,
    );
    await queryRunner.query(
      `CREATE TABLE "search_postings" ("doc_id" integer NOT NULL, "term_id" integer NOT NULL, "weight" integer NOT NULL, PRIMARY KEY ("doc_id", "term_id")) WITHOUT ROWID`,
    );
    const logger = new Logger('Migration');
    await buildPostings(
      (sql, parameters) => queryRunner.query(sql, parameters),
      'sqlite',
      (message) => logger.log(message),
    );
    await queryRunner.query(`DROP TRIGGER "TRG_docs_search_update"`);
    await queryRunner.query(`DROP TRIGGER "TRG_docs_search_delete"`);
    await queryRunner.query(`DROP TRIGGER "TRG_docs_search_insert"`);
    await queryRunner.query(`DROP TABLE "docs_search"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE VIRTUAL TABLE "docs_search" USING fts5("search_title", "search_body", content='docs', content_rowid='id', tokenize='ascii')`,
    );
    await queryRunner.query(`INSERT INTO "docs_search" ("docs_search") VALUES ('rebuild')`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_docs_search_insert" AFTER INSERT ON "docs" BEGIN ${addEntry} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_docs_search_delete" AFTER DELETE ON "docs" BEGIN ${removeEntry} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_docs_search_update" AFTER UPDATE OF "search_title", "search_body" ON "docs" BEGIN ${removeEntry} ${addEntry} END`,
    );
    await queryRunner.query(`DROP TABLE "search_postings"`);
    await queryRunner.query(`DROP TABLE "search_terms"`);
  }
}
