import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Version 1.4's sign-in: the people of identity providers and their users
 * (`sign_in_identities`, the pair issuer and subject compared by code point), sign-ins under
 * way (`pending_sign_ins`) and the codes of the service's own OAuth endpoints (`oauth_codes`),
 * both by the SHA-256 of their secret. Groups say who changes their members (`managed_by`:
 * `service`, or `provider` for those from the groups claim); names are unique within each.
 * Each statement is one atomic change (see "Writing a migration" in docs/development.md).
 */
export class SignIn1795840000000 implements MigrationInterface {
  name = 'SignIn1795840000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "ALTER TABLE `user_groups` ADD `managed_by` varchar(16) NOT NULL DEFAULT 'service', DROP INDEX `UQ_user_groups_name_key`, ADD UNIQUE INDEX `UQ_user_groups_managed_name` (`managed_by`, `name_key`)",
    );
    await queryRunner.query(
      `CREATE TABLE \`sign_in_identities\` (\`id\` int NOT NULL AUTO_INCREMENT, \`user_id\` int NOT NULL, \`issuer\` varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, \`subject\` varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, \`created_at\` datetime(3) NOT NULL, INDEX \`IDX_sign_in_identities_user\` (\`user_id\`), UNIQUE INDEX \`UQ_sign_in_identities_person\` (\`issuer\`, \`subject\`), PRIMARY KEY (\`id\`), CONSTRAINT \`FK_5fa8025717391617e396f2732bf\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`pending_sign_ins\` (\`id_hash\` varchar(64) NOT NULL, \`client_id\` varchar(255) NOT NULL, \`redirect_uri\` varchar(2048) NOT NULL, \`client_state\` varchar(1024) NULL, \`code_challenge\` varchar(128) NOT NULL, \`scope\` varchar(255) NULL, \`provider_state\` varchar(64) NOT NULL, \`nonce\` varchar(64) NOT NULL, \`code_verifier\` varchar(128) NOT NULL, \`expires_at\` datetime(3) NOT NULL, INDEX \`IDX_pending_sign_ins_expires\` (\`expires_at\`), PRIMARY KEY (\`id_hash\`)) ${TABLE_OPTIONS}`,
    );
    await queryRunner.query(
      `CREATE TABLE \`oauth_codes\` (\`code_hash\` varchar(64) NOT NULL, \`client_id\` varchar(255) NOT NULL, \`redirect_uri\` varchar(2048) NOT NULL, \`code_challenge\` varchar(128) NOT NULL, \`user_id\` int NOT NULL, \`scope\` varchar(255) NOT NULL, \`expires_at\` datetime(3) NOT NULL, \`used_at\` datetime(3) NULL, \`token_id\` int NULL, INDEX \`IDX_oauth_codes_expires\` (\`expires_at\`), PRIMARY KEY (\`code_hash\`)) ${TABLE_OPTIONS}`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `oauth_codes`');
    await queryRunner.query('DROP TABLE `pending_sign_ins`');
    await queryRunner.query('DROP TABLE `sign_in_identities`');
    await queryRunner.query(
      'ALTER TABLE `user_groups` DROP INDEX `UQ_user_groups_managed_name`, ADD UNIQUE INDEX `UQ_user_groups_name_key` (`name_key`), DROP COLUMN `managed_by`',
    );
  }
}
