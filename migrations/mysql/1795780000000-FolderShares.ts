import { createHash } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The path hash of the home folder `~`, a share of which covers every document. */
const HOME_HASH = createHash('sha256').update('~', 'utf8').digest('hex');

/** Moves a source's count of grants (a random slot of 16, as `user_doc_counts`) by `delta`. */
const countGrant = (row: 'NEW' | 'OLD', delta: string) =>
  `INSERT INTO \`doc_grant_counts\` (\`grantee_type\`, \`grantee_id\`, \`folder_share_id\`, \`slot\`, \`doc_count\`) VALUES (${row}.\`grantee_type\`, ${row}.\`grantee_id\`, ${row}.\`folder_share_id\`, FLOOR(RAND() * 16), ${delta}) ON DUPLICATE KEY UPDATE \`doc_count\` = \`doc_count\` + ${delta}`;

const grantsOf = (type: 'group' | 'user') =>
  `DELETE FROM \`doc_grants\` WHERE \`grantee_type\` = '${type}' AND \`grantee_id\` = OLD.\`id\``;
const sharesWith = (type: 'group' | 'user') =>
  `DELETE FROM \`folder_shares\` WHERE \`grantee_type\` = '${type}' AND \`grantee_id\` = OLD.\`id\``;

/**
 * Folders shared with a user or a group, for MySQL / MariaDB (`folder_shares`). The grants'
 * list-order index leads with the share a grant comes from, so the documents of one source
 * are each listed once. A group or a user deleted takes the folder shares with them along
 * with their grants.
 *
 * A new document gets a grant from each of its owner's shares of its folder or a folder above
 * it (whose path and `/` begin its folder's path, by code point), from a trigger: in the
 * INSERT's own statement, whatever makes the document. The shares are read with a lock, so
 * one being removed is waited for, then not found. (A move is the service's: the
 * multi-table UPDATE that moves a document writes `doc_grants` too, which a trigger may not.)
 *
 * `doc_grant_counts` keeps how many documents outside the trash each source of grants gives,
 * from triggers on `doc_grants`. MySQL fires no trigger for a foreign key's cascade, so a
 * document deleted deletes its grants itself first.
 */
export class FolderShares1795780000000 implements MigrationInterface {
  name = 'FolderShares1795780000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `folder_shares` (`id` int NOT NULL AUTO_INCREMENT, `owner_id` int NOT NULL, `path` text NOT NULL, `path_hash` varchar(64) NOT NULL, `grantee_type` varchar(8) NOT NULL, `grantee_id` int NOT NULL, `role` varchar(16) NOT NULL, `created_at` datetime(3) NOT NULL, INDEX `IDX_folder_shares_grantee` (`grantee_type`, `grantee_id`), UNIQUE INDEX `UQ_folder_shares_owner_path_grantee` (`owner_id`, `path_hash`, `grantee_type`, `grantee_id`), PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'ALTER TABLE `folder_shares` ADD CONSTRAINT `FK_347e2da6563254630cba232bcd9` FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query('DROP INDEX `IDX_doc_grants_list_order` ON `doc_grants`');
    await queryRunner.query(
      'CREATE INDEX `IDX_doc_grants_list_order` ON `doc_grants` (`grantee_type`, `grantee_id`, `folder_share_id`, `trashed`, `doc_updated_at`, `doc_id`)',
    );
    // One statement: the document's foreign key needs an index on doc_id at every moment.
    await queryRunner.query(
      'ALTER TABLE `doc_grants` DROP INDEX `IDX_doc_grants_doc`, ADD INDEX `IDX_doc_grants_doc` (`doc_id`, `grantee_type`, `grantee_id`, `trashed`, `role`)',
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_docs_folder_grants\` AFTER INSERT ON \`docs\` FOR EACH ROW INSERT INTO \`doc_grants\` (\`grantee_type\`, \`grantee_id\`, \`doc_id\`, \`folder_share_id\`, \`role\`, \`created_at\`, \`doc_updated_at\`, \`trashed\`)
SELECT fs.\`grantee_type\`, fs.\`grantee_id\`, NEW.\`id\`, fs.\`id\`, fs.\`role\`, NEW.\`created_at\`, NEW.\`updated_at\`, 0 FROM \`folder_shares\` fs
WHERE fs.\`owner_id\` = NEW.\`owner_id\` AND (fs.\`path_hash\` = '${HOME_HASH}' OR EXISTS (SELECT 1 FROM \`folders\` f WHERE f.\`id\` = NEW.\`folder_id\`
  AND (f.\`path_hash\` = fs.\`path_hash\` OR SUBSTRING(f.\`path\`, 1, CHAR_LENGTH(fs.\`path\`) + 1) = CONCAT(fs.\`path\`, '/') COLLATE utf8mb4_bin)))
LOCK IN SHARE MODE`,
    );
    await queryRunner.query(
      'CREATE TABLE `doc_grant_counts` (`grantee_type` varchar(8) NOT NULL, `grantee_id` int NOT NULL, `folder_share_id` int NOT NULL, `slot` int NOT NULL, `doc_count` int NOT NULL, PRIMARY KEY (`grantee_type`, `grantee_id`, `folder_share_id`, `slot`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'INSERT INTO `doc_grant_counts` (`grantee_type`, `grantee_id`, `folder_share_id`, `slot`, `doc_count`) SELECT `grantee_type`, `grantee_id`, `folder_share_id`, 0, COUNT(*) FROM `doc_grants` WHERE `trashed` = 0 GROUP BY `grantee_type`, `grantee_id`, `folder_share_id`',
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_doc_grants_insert_count\` AFTER INSERT ON \`doc_grants\` FOR EACH ROW BEGIN IF NEW.\`trashed\` = 0 THEN ${countGrant('NEW', '1')}; END IF; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_doc_grants_delete_count\` AFTER DELETE ON \`doc_grants\` FOR EACH ROW BEGIN IF OLD.\`trashed\` = 0 THEN ${countGrant('OLD', '-1')}; END IF; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_doc_grants_trash_count\` AFTER UPDATE ON \`doc_grants\` FOR EACH ROW BEGIN IF NEW.\`trashed\` <> OLD.\`trashed\` THEN ${countGrant('NEW', 'IF(NEW.`trashed` = 0, 1, -1)')}; END IF; END`,
    );
    await queryRunner.query(
      'CREATE TRIGGER `TRG_docs_delete_grants` BEFORE DELETE ON `docs` FOR EACH ROW DELETE FROM `doc_grants` WHERE `doc_id` = OLD.`id`',
    );
    await queryRunner.query('DROP TRIGGER `TRG_user_groups_delete_grants`');
    await queryRunner.query('DROP TRIGGER `TRG_users_delete_grants`');
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_user_groups_delete_grants\` BEFORE DELETE ON \`user_groups\` FOR EACH ROW BEGIN ${grantsOf('group')}; ${sharesWith('group')}; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_users_delete_grants\` BEFORE DELETE ON \`users\` FOR EACH ROW BEGIN ${grantsOf('user')}; ${sharesWith('user')}; END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER `TRG_docs_delete_grants`');
    await queryRunner.query('DROP TRIGGER `TRG_doc_grants_trash_count`');
    await queryRunner.query('DROP TRIGGER `TRG_doc_grants_delete_count`');
    await queryRunner.query('DROP TRIGGER `TRG_doc_grants_insert_count`');
    await queryRunner.query('DROP TABLE `doc_grant_counts`');
    await queryRunner.query('DROP TRIGGER `TRG_docs_folder_grants`');
    await queryRunner.query('DROP TRIGGER `TRG_users_delete_grants`');
    await queryRunner.query('DROP TRIGGER `TRG_user_groups_delete_grants`');
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_user_groups_delete_grants\` BEFORE DELETE ON \`user_groups\` FOR EACH ROW ${grantsOf('group')}`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_users_delete_grants\` BEFORE DELETE ON \`users\` FOR EACH ROW ${grantsOf('user')}`,
    );
    await queryRunner.query(
      'ALTER TABLE `doc_grants` DROP INDEX `IDX_doc_grants_doc`, ADD INDEX `IDX_doc_grants_doc` (`doc_id`, `grantee_type`, `grantee_id`)',
    );
    await queryRunner.query('DROP INDEX `IDX_doc_grants_list_order` ON `doc_grants`');
    await queryRunner.query(
      'CREATE INDEX `IDX_doc_grants_list_order` ON `doc_grants` (`grantee_type`, `grantee_id`, `trashed`, `doc_updated_at`, `doc_id`)',
    );
    await queryRunner.query('DROP TABLE `folder_shares`');
  }
}
