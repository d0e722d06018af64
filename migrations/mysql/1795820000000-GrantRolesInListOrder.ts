import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A source's grants in list order hold their role: every arm of a user's list (a source's
 * range, `armsSql`) is one statement text, read from the index alone, whether the source gives
 * its documents one role (a folder share) or each its own (a group's document shares). One DDL
 * statement, so an interrupted run leaves the index as it was or as it is to be.
 */
export class GrantRolesInListOrder1795820000000 implements MigrationInterface {
  name = 'GrantRolesInListOrder1795820000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `doc_grants` DROP INDEX `IDX_doc_grants_list_order`, ADD INDEX `IDX_doc_grants_list_order` (`grantee_type`, `grantee_id`, `folder_share_id`, `trashed`, `doc_updated_at`, `doc_id`, `role`)',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `doc_grants` DROP INDEX `IDX_doc_grants_list_order`, ADD INDEX `IDX_doc_grants_list_order` (`grantee_type`, `grantee_id`, `folder_share_id`, `trashed`, `doc_updated_at`, `doc_id`)',
    );
  }
}
