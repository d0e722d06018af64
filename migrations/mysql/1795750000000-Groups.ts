import { MigrationInterface, QueryRunner } from 'typeorm';

/** Changes a group's counts by a member row (`row`: NEW or OLD) coming (+) or going (-). */
const count = (row: 'NEW' | 'OLD', sign: '+' | '-') =>
  `UPDATE \`user_groups\` SET \`member_count\` = \`member_count\` ${sign} 1, \`manager_count\` = \`manager_count\` ${sign} (${row}.\`role\` = 'manager') WHERE \`id\` = ${row}.\`group_id\``;

/**
 * Groups of users, for MySQL / MariaDB: `user_groups` (`GROUPS` is a reserved word in MySQL 8)
 * and `group_members`. Triggers keep each group's `member_count` and `manager_count` equal to
 * its rows, whatever statement changes them. MySQL does not fire triggers for foreign-key
 * cascades: a deleted group's rows need no counting, and a deleted user's rows are deleted by
 * a trigger so that they are counted.
 */
export class Groups1795750000000 implements MigrationInterface {
  name = 'Groups1795750000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `user_groups` (`id` int NOT NULL AUTO_INCREMENT, `name` varchar(100) NOT NULL, `name_key` varchar(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, `description` varchar(1000) NULL, `member_count` int NOT NULL DEFAULT 0, `manager_count` int NOT NULL DEFAULT 0, `created_at` datetime(3) NOT NULL, UNIQUE INDEX `UQ_user_groups_name_key` (`name_key`), PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'CREATE TABLE `group_members` (`group_id` int NOT NULL, `user_id` int NOT NULL, `role` varchar(16) NOT NULL, `created_at` datetime(3) NOT NULL, INDEX `IDX_group_members_user` (`user_id`, `group_id`), INDEX `IDX_group_members_order` (`group_id`, `role`, `created_at`, `user_id`), PRIMARY KEY (`group_id`, `user_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'ALTER TABLE `group_members` ADD CONSTRAINT `FK_2c840df5db52dc6b4a1b0b69c6e` FOREIGN KEY (`group_id`) REFERENCES `user_groups`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `group_members` ADD CONSTRAINT `FK_20a555b299f75843aa53ff8b0ee` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_group_members_insert_count\` AFTER INSERT ON \`group_members\` FOR EACH ROW ${count('NEW', '+')}`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_group_members_delete_count\` AFTER DELETE ON \`group_members\` FOR EACH ROW ${count('OLD', '-')}`,
    );
    await queryRunner.query(
      "CREATE TRIGGER `TRG_group_members_role_count` AFTER UPDATE ON `group_members` FOR EACH ROW UPDATE `user_groups` SET `manager_count` = `manager_count` + (NEW.`role` = 'manager') - (OLD.`role` = 'manager') WHERE `id` = NEW.`group_id`",
    );
    await queryRunner.query(
      'CREATE TRIGGER `TRG_users_delete_group_members` BEFORE DELETE ON `users` FOR EACH ROW DELETE FROM `group_members` WHERE `user_id` = OLD.`id`',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of [
      'TRG_users_delete_group_members',
      'TRG_group_members_role_count',
      'TRG_group_members_delete_count',
      'TRG_group_members_insert_count',
    ]) {
      await queryRunner.query(`DROP TRIGGER \`${trigger}\``);
    }
    await queryRunner.query('DROP TABLE `group_members`');
    await queryRunner.query('DROP TABLE `user_groups`');
  }
}
