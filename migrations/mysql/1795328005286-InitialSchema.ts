import { MigrationInterface, QueryRunner } from 'typeorm';

/** The first schema, for MySQL / MariaDB: utf8mb4 tables for users, tokens, folders, docs, user_docs. */
export class InitialSchema1795328005286 implements MigrationInterface {
  name = 'InitialSchema1795328005286';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`users\` (\`id\` int NOT NULL AUTO_INCREMENT, \`email\` varchar(320) NOT NULL, \`fname\` varchar(100) NOT NULL, \`lname\` varchar(100) NOT NULL, \`avatar_url\` varchar(2048) NULL, \`created_at\` datetime(3) NOT NULL, UNIQUE INDEX \`UQ_users_email\` (\`email\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`api_tokens\` (\`id\` int NOT NULL AUTO_INCREMENT, \`user_id\` int NOT NULL, \`name\` varchar(100) NOT NULL, \`token_hash\` varchar(64) NOT NULL, \`created_at\` datetime(3) NOT NULL, \`last_used_at\` datetime(3) NULL, \`expires_at\` datetime(3) NULL, \`revoked_at\` datetime(3) NULL, INDEX \`IDX_api_tokens_user_id\` (\`user_id\`), UNIQUE INDEX \`IDX_api_tokens_token_hash\` (\`token_hash\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`folders\` (\`id\` int NOT NULL AUTO_INCREMENT, \`user_id\` int NOT NULL, \`path\` text NOT NULL, \`path_hash\` varchar(64) NOT NULL, \`created_at\` datetime(3) NOT NULL, UNIQUE INDEX \`UQ_folders_user_id_path_hash\` (\`user_id\`, \`path_hash\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`docs\` (\`id\` int NOT NULL AUTO_INCREMENT, \`uuid\` varchar(36) NOT NULL, \`owner_id\` int NOT NULL, \`folder_id\` int NULL, \`title\` varchar(255) NOT NULL, \`html\` longtext NOT NULL, \`created_at\` datetime(3) NOT NULL, \`updated_at\` datetime(3) NOT NULL, UNIQUE INDEX \`UQ_docs_uuid\` (\`uuid\`), INDEX \`IDX_docs_owner_id_folder_id\` (\`owner_id\`, \`folder_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`user_docs\` (\`user_id\` int NOT NULL, \`doc_id\` int NOT NULL, \`role\` varchar(16) NOT NULL, \`doc_updated_at\` datetime(3) NOT NULL, \`created_at\` datetime(3) NOT NULL, INDEX \`IDX_user_docs_doc_id\` (\`doc_id\`), INDEX \`IDX_user_docs_list_order\` (\`user_id\`, \`doc_updated_at\`, \`doc_id\`), PRIMARY KEY (\`user_id\`, \`doc_id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `ALTER TABLE \`api_tokens\` ADD CONSTRAINT \`FK_b74883f5884a42fd8496d389b25\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`folders\` ADD CONSTRAINT \`FK_71af7633de585b66b4db26734c9\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`docs\` ADD CONSTRAINT \`FK_d55c88a1ce53cef55b265b9456c\` FOREIGN KEY (\`owner_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`docs\` ADD CONSTRAINT \`FK_aea31e79f2bec8b5fe586216117\` FOREIGN KEY (\`folder_id\`) REFERENCES \`folders\`(\`id\`) ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`user_docs\` ADD CONSTRAINT \`FK_c38b95d0b4fd53145a7f56cfc59\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`user_docs\` ADD CONSTRAINT \`FK_2edc064926a61d4a7dedc6c6eb6\` FOREIGN KEY (\`doc_id\`) REFERENCES \`docs\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`user_docs\` DROP FOREIGN KEY \`FK_2edc064926a61d4a7dedc6c6eb6\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`user_docs\` DROP FOREIGN KEY \`FK_c38b95d0b4fd53145a7f56cfc59\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`docs\` DROP FOREIGN KEY \`FK_aea31e79f2bec8b5fe586216117\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`docs\` DROP FOREIGN KEY \`FK_d55c88a1ce53cef55b265b9456c\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`folders\` DROP FOREIGN KEY \`FK_71af7633de585b66b4db26734c9\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`api_tokens\` DROP FOREIGN KEY \`FK_b74883f5884a42fd8496d389b25\``,
    );
    await queryRunner.query(`DROP INDEX \`IDX_user_docs_list_order\` ON \`user_docs\``);
    await queryRunner.query(`DROP INDEX \`IDX_user_docs_doc_id\` ON \`user_docs\``);
    await queryRunner.query(`DROP TABLE \`user_docs\``);
    await queryRunner.query(`DROP INDEX \`IDX_docs_owner_id_folder_id\` ON \`docs\``);
    await queryRunner.query(`DROP INDEX \`UQ_docs_uuid\` ON \`docs\``);
    await queryRunner.query(`DROP TABLE \`docs\``);
    await queryRunner.query(`DROP INDEX \`UQ_folders_user_id_path_hash\` ON \`folders\``);
    await queryRunner.query(`DROP TABLE \`folders\``);
    await queryRunner.query(`DROP INDEX \`IDX_api_tokens_token_hash\` ON \`api_tokens\``);
    await queryRunner.query(`DROP INDEX \`IDX_api_tokens_user_id\` ON \`api_tokens\``);
    await queryRunner.query(`DROP TABLE \`api_tokens\``);
    await queryRunner.query(`DROP INDEX \`UQ_users_email\` ON \`users\``);
    await queryRunner.query(`DROP TABLE \`users\``);
  }
}
