import { Logger } from '@nestjs/common';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { postingsIntoBuckets } from '../frozen/postings-by-bucket-1795870000000';

/**
 * The posting index keyed by (bucket, term, document), a bucket being 1,024 consecutive
 * document ids, with an index by (document, term, weight) for what reads a document's postings
 * (the MySQL migration of the same name says why).
 */
export class PostingsByBucket1795870000000 implements MigrationInterface {
  name = 'PostingsByBucket1795870000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const logger = new Logger('Migration');
    await postingsIntoBuckets(
      (sql, parameters) => queryRunner.query(sql, parameters),
      'sqlite',
      (message) => logger.log(message),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "search_postings_by_document" ("doc_id" integer NOT NULL, "term_id" integer NOT NULL, "weight" integer NOT NULL, PRIMARY KEY ("doc_id", "term_id")) WITHOUT ROWID`,
    );
    await queryRunner.query(
      `INSERT INTO "search_postings_by_document" ("doc_id", "term_id", "weight") SELECT "doc_id", "term_id", "weight" FROM "search_postings" ORDER BY "doc_id", "term_id"`,
    );
    await queryRunner.query(`DROP TABLE "search_postings"`);
    await queryRunner.query(
      `ALTER TABLE "search_postings_by_document" RENAME TO "search_postings"`,
    );
  }
}
