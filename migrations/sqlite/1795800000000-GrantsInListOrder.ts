import { MigrationInterface, QueryRunner } from 'typeorm';

/** Every grant in list order: the pages of a user who has a large part of all grants. */
export class GrantsInListOrder1795800000000 implements MigrationInterface {
  name = 'GrantsInListOrder1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX "IDX_doc_grants_all_list_order" ON "doc_grants" ("doc_updated_at", "doc_id", "trashed", "grantee_type", "grantee_id", "role") ',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "IDX_doc_grants_all_list_order"');
  }
}
