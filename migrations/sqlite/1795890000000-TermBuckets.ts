import { MigrationInterface, QueryRunner } from 'typeorm';
import { termBucketsFromPostings } from '../frozen/term-buckets-1795890000000';

/**
 * A search for a rare word finds its documents through the buckets of the posting index that
 * have the word (`search_term_buckets`) rather than through a second copy of every rare word's
 * postings (`search_rare_postings`, dropped); the MySQL migration of the same name says why.
 */
export class TermBuckets1795890000000 implements MigrationInterface {
  name = 'TermBuckets1795890000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await termBucketsFromPostings(
      (sql, parameters) => queryRunner.query(sql, parameters),
      'sqlite',
    );
    await queryRunner.query(`DROP TABLE IF EXISTS "search_rare_postings"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "search_rare_postings" ("term_id" integer NOT NULL, "doc_id" integer NOT NULL, PRIMARY KEY ("term_id", "doc_id")) WITHOUT ROWID`,
    );
    await queryRunner.query(
      `INSERT INTO "search_rare_postings" ("term_id", "doc_id") SELECT p."term_id", p."doc_id" FROM "search_postings" p JOIN "search_terms" t ON t."id" = p."term_id" WHERE t."doc_count" < 256`,
    );
    await queryRunner.query(`DROP TABLE "search_term_buckets"`);
  }
}
