import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Grants of a role on a document to a group, or to a user through a folder share, for MySQL /
 * MariaDB (`doc_grants`). A grantee is a group or a user, so no foreign key can name it:
 * triggers delete a group's or a user's grants with them.
 */
export class DocGrants1795760000000 implements MigrationInterface {
  name = 'DocGrants1795760000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `doc_grants` (`grantee_type` varchar(8) NOT NULL, `grantee_id` int NOT NULL, `doc_id` int NOT NULL, `folder_share_id` int NOT NULL, `role` varchar(16) NOT NULL, `created_at` datetime(3) NOT NULL, `doc_updated_at` datetime(3) NOT NULL, `trashed` tinyint NOT NULL DEFAULT 0, INDEX `IDX_doc_grants_doc` (`doc_id`, `grantee_type`, `grantee_id`), INDEX `IDX_doc_grants_list_order` (`grantee_type`, `grantee_id`, `trashed`, `doc_updated_at`, `doc_id`), PRIMARY KEY (`grantee_type`, `grantee_id`, `doc_id`, `folder_share_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'ALTER TABLE `doc_grants` ADD CONSTRAINT `FK_68248c2292e75f79fc7ecd40702` FOREIGN KEY (`doc_id`) REFERENCES `docs`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      "CREATE TRIGGER `TRG_user_groups_delete_grants` BEFORE DELETE ON `user_groups` FOR EACH ROW DELETE FROM `doc_grants` WHERE `grantee_type` = 'group' AND `grantee_id` = OLD.`id`",
    );
    await queryRunner.query(
      "CREATE TRIGGER `TRG_users_delete_grants` BEFORE DELETE ON `users` FOR EACH ROW DELETE FROM `doc_grants` WHERE `grantee_type` = 'user' AND `grantee_id` = OLD.`id`",
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER `TRG_users_delete_grants`');
    await queryRunner.query('DROP TRIGGER `TRG_user_groups_delete_grants`');
    await queryRunner.query('DROP TABLE `doc_grants`');
  }
}
