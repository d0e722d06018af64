import { MigrationInterface, QueryRunner } from 'typeorm';
import { reindexDocuments } from '../frozen/search-terms-1795700000000';

/** What each FTS5 entry is: a document's row id and its two term columns. */
const entry = (row: 'new' | 'old') => `${row}."id", ${row}."search_title", ${row}."search_body"`;
const removeEntry = `INSERT INTO "docs_search" ("docs_search", rowid, "search_title", "search_body") VALUES ('delete', ${entry('old')});`;
const addEntry = `INSERT INTO "docs_search" (rowid, "search_title", "search_body") VALUES (${entry('new')});`;

/**
 * Full-text search, for SQLite: the columns of the MySQL migration of the same name, indexed by
 * an FTS5 table over them (external content: the terms are stored once, in `docs`) that
 * triggers keep in step with every insert, change and delete of a document, in its statement.
 * The terms are letters and digits alone, so the `ascii` tokenizer splits them at the spaces
 * only, as InnoDB does. Existing documents get their terms from the frozen copy of version
 * 1.2's tokenizer (`migrations/frozen/search-terms-1795700000000.ts`), not the live one.
 */
export class Search1795700000000 implements MigrationInterface {
  name = 'Search1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Plain columns added in place: copying `docs` to add them would drop its triggers.
    await queryRunner.query(`ALTER TABLE "docs" ADD COLUMN "search_title" text`);
    await queryRunner.query(`ALTER TABLE "docs" ADD COLUMN "search_body" text`);
    await reindexDocuments((sql, parameters) => queryRunner.query(sql, parameters));
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
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_docs_search_update"`);
    await queryRunner.query(`DROP TRIGGER "TRG_docs_search_delete"`);
    await queryRunner.query(`DROP TRIGGER "TRG_docs_search_insert"`);
    await queryRunner.query(`DROP TABLE "docs_search"`);
    await queryRunner.query(`ALTER TABLE "docs" DROP COLUMN "search_body"`);
    await queryRunner.query(`ALTER TABLE "docs" DROP COLUMN "search_title"`);
  }
}
