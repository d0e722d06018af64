import { MigrationInterface, QueryRunner } from 'typeorm';
import { countTermDocuments } from '../frozen/rare-term-postings-1795850000000';

/**
 * Search that starts from a rare word: each term says in how many documents it has been
 * (`doc_count`, counted up to 256 and no further, never down), and the postings of the terms in
 * fewer than 256 documents are also kept by term (`search_rare_postings`), so that a search for
 * such a word reads its few documents rather than every document of the caller. The column is
 * added in place.
 */
export class RareTermPostings1795850000000 implements MigrationInterface {
  name = 'RareTermPostings1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "search_terms" ADD COLUMN "doc_count" integer NOT NULL DEFAULT (0)`,
    );
    await queryRunner.query(
      `CREATE TABLE "search_rare_postings" ("term_id" integer NOT NULL, "doc_id" integer NOT NULL, PRIMARY KEY ("term_id", "doc_id")) WITHOUT ROWID`,
    );
    await countTermDocuments((sql, parameters) => queryRunner.query(sql, parameters), 'sqlite');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "search_rare_postings"`);
    await queryRunner.query(`ALTER TABLE "search_terms" DROP COLUMN "doc_count"`);
  }
}
