import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The list reads `docs` by owner on covering list-order indexes; `user_docs` no longer mirrors
 * `updated_at`, so an update is one statement. `user_doc_counts` keeps each user's document
 * count in slots, backfilled here (into slot 0) from the documents that exist.
 */
export class ListIndexAndDocCounts1795330209738 implements MigrationInterface {
  name = 'ListIndexAndDocCounts1795330209738';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The new indexes first: the owner_id foreign key always needs one that starts with it.
    await queryRunner.query(
      `CREATE INDEX \`IDX_docs_owner_folder_list_order\` ON \`docs\` (\`owner_id\`, \`folder_id\`, \`updated_at\`, \`id\`)`,
    );
    await queryRunner.query(
      `CREATE INDEX \`IDX_docs_owner_list_order\` ON \`docs\` (\`owner_id\`, \`updated_at\`, \`id\`)`,
    );
    await queryRunner.query(`DROP INDEX \`IDX_docs_owner_id_folder_id\` ON \`docs\``);
    await queryRunner.query(`DROP INDEX \`IDX_user_docs_list_order\` ON \`user_docs\``);
    await queryRunner.query(`ALTER TABLE \`user_docs\` DROP COLUMN \`doc_updated_at\``);
    await queryRunner.query(
      `CREATE TABLE \`user_doc_counts\` (\`user_id\` int NOT NULL, \`slot\` int NOT NULL, \`doc_count\` int NOT NULL, PRIMARY KEY (\`user_id\`, \`slot\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `ALTER TABLE \`user_doc_counts\` ADD CONSTRAINT \`FK_29022d08ed459f07c9b7fdc723d\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `INSERT INTO \`user_doc_counts\` (\`user_id\`, \`slot\`, \`doc_count\`) SELECT \`owner_id\`, 0, COUNT(*) FROM \`docs\` GROUP BY \`owner_id\``,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`user_doc_counts\` DROP FOREIGN KEY \`FK_29022d08ed459f07c9b7fdc723d\``,
    );
    await queryRunner.query(`DROP TABLE \`user_doc_counts\``);
    await queryRunner.query(
      `ALTER TABLE \`user_docs\` ADD \`doc_updated_at\` datetime(3) NOT NULL DEFAULT '1970-01-01 00:00:00.000'`,
    );
    await queryRunner.query(
      `UPDATE \`user_docs\` ud JOIN \`docs\` d ON d.\`id\` = ud.\`doc_id\` SET ud.\`doc_updated_at\` = d.\`updated_at\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`user_docs\` ALTER COLUMN \`doc_updated_at\` DROP DEFAULT`,
    );
    await queryRunner.query(
      `CREATE INDEX \`IDX_user_docs_list_order\` ON \`user_docs\` (\`user_id\`, \`doc_updated_at\`, \`doc_id\`)`,
    );
    await queryRunner.query(
      `CREATE INDEX \`IDX_docs_owner_id_folder_id\` ON \`docs\` (\`owner_id\`, \`folder_id\`)`,
    );
    await queryRunner.query(`DROP INDEX \`IDX_docs_owner_list_order\` ON \`docs\``);
    await queryRunner.query(`DROP INDEX \`IDX_docs_owner_folder_list_order\` ON \`docs\``);
  }
}
