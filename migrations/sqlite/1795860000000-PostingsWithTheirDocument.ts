import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The column MySQL's INSERT of a document passes its postings in (the MySQL migration of the
 * same name); always empty here. SQLite runs in the process, where a statement costs no round
 * trip: a document's postings are written by statements of their own in its transaction, and a
 * trigger could only clear the column by writing the new row a second time.
 */
export class PostingsWithTheirDocument1795860000000 implements MigrationInterface {
  name = 'PostingsWithTheirDocument1795860000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "docs" ADD COLUMN "pending_postings" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "docs" DROP COLUMN "pending_postings"`);
  }
}
