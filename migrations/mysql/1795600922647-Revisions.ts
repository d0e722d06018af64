import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Revisions: earlier versions of each document in `doc_revisions`, and who wrote the current
 * one in `docs.updated_by`. A trigger copies the row an update replaces (when the version
 * moves) in the update's own statement: a version is never lost or doubled, and the current
 * one is stored once, in `docs`. Existing documents keep only their current version.
 */
export class Revisions1795600922647 implements MigrationInterface {
  name = 'Revisions1795600922647';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`doc_revisions\` (\`doc_id\` int NOT NULL, \`version\` int NOT NULL, \`title\` varchar(255) NOT NULL, \`html\` longtext NOT NULL, \`created_at\` datetime(3) NOT NULL, \`user_id\` int NULL, PRIMARY KEY (\`doc_id\`, \`version\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(`ALTER TABLE \`docs\` ADD \`updated_by\` int NULL`);
    await queryRunner.query(
      `ALTER TABLE \`doc_revisions\` ADD CONSTRAINT \`FK_651a2867b1e9c542e1abd7d1a35\` FOREIGN KEY (\`doc_id\`) REFERENCES \`docs\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_docs_keep_revision\` AFTER UPDATE ON \`docs\` FOR EACH ROW BEGIN IF NEW.\`version\` <> OLD.\`version\` THEN INSERT INTO \`doc_revisions\` (\`doc_id\`, \`version\`, \`title\`, \`html\`, \`created_at\`, \`user_id\`) VALUES (OLD.\`id\`, OLD.\`version\`, OLD.\`title\`, OLD.\`html\`, OLD.\`updated_at\`, OLD.\`updated_by\`); END IF; END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER \`TRG_docs_keep_revision\``);
    await queryRunner.query(
      `ALTER TABLE \`doc_revisions\` DROP FOREIGN KEY \`FK_651a2867b1e9c542e1abd7d1a35\``,
    );
    await queryRunner.query(`ALTER TABLE \`docs\` DROP COLUMN \`updated_by\``);
    await queryRunner.query(`DROP TABLE \`doc_revisions\``);
  }
}
