import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The posting index no longer keeps its postings by document (the MySQL migration of the same
 * name says why). The file keeps its size: the freed pages are reused by later writes, or
 * given back by a `VACUUM`.
 */
export class PostingsWithoutDocIndex1795880000000 implements MigrationInterface {
  name = 'PostingsWithoutDocIndex1795880000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_search_postings_doc"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_search_postings_doc" ON "search_postings" ("doc_id", "term_id", "weight") `,
    );
  }
}
