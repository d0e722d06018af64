import { MigrationInterface, QueryRunner } from 'typeorm';

const FOLDER_INDEX = 'IDX_docs_owner_folder_list_order';

/** Replaces the folder list-order index; the owner's foreign key needs one at every moment. */
async function replaceFolderIndex(queryRunner: QueryRunner, columns: string[]): Promise<void> {
  const list = columns.map((column) => `\`${column}\``).join(', ');
  await queryRunner.query(`CREATE INDEX \`${FOLDER_INDEX}_next\` ON \`docs\` (${list})`);
  await queryRunner.query(`DROP INDEX \`${FOLDER_INDEX}\` ON \`docs\``);
  await queryRunner.query(
    `ALTER TABLE \`docs\` RENAME INDEX \`${FOLDER_INDEX}_next\` TO \`${FOLDER_INDEX}\``,
  );
}

/**
 * The trash: `docs.deleted_at` (also in the folder list-order index, which skips trashed
 * documents), `trash` (who trashed what, when: the trash list and the purge job read it),
 * `trashed_doc_members` (the members of a trashed document, back on restore), and
 * `job_leases` with the purge job's lease.
 */
export class Trash1795601571731 implements MigrationInterface {
  name = 'Trash1795601571731';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`trash\` (\`doc_id\` int NOT NULL, \`owner_id\` int NOT NULL, \`deleted_at\` datetime(3) NOT NULL, INDEX \`IDX_trash_deleted_at\` (\`deleted_at\`), INDEX \`IDX_trash_owner_order\` (\`owner_id\`, \`deleted_at\`, \`doc_id\`), PRIMARY KEY (\`doc_id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`trashed_doc_members\` (\`doc_id\` int NOT NULL, \`user_id\` int NOT NULL, \`role\` varchar(16) NOT NULL, \`created_at\` datetime(3) NOT NULL, PRIMARY KEY (\`doc_id\`, \`user_id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`job_leases\` (\`name\` varchar(64) NOT NULL, \`holder\` varchar(64) NULL, \`expires_at\` datetime(3) NOT NULL, PRIMARY KEY (\`name\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(`ALTER TABLE \`docs\` ADD \`deleted_at\` datetime(3) NULL`);
    await replaceFolderIndex(queryRunner, [
      'owner_id',
      'folder_id',
      'deleted_at',
      'updated_at',
      'id',
    ]);
    await queryRunner.query(
      `ALTER TABLE \`trash\` ADD CONSTRAINT \`FK_9cfb7c8cdfe6480cbbd8e029dea\` FOREIGN KEY (\`doc_id\`) REFERENCES \`docs\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`trashed_doc_members\` ADD CONSTRAINT \`FK_32f182f68f322b02f4ac594ad9f\` FOREIGN KEY (\`doc_id\`) REFERENCES \`docs\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`trashed_doc_members\` ADD CONSTRAINT \`FK_38e2e2e1b2fd51386a0743cd591\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `INSERT INTO \`job_leases\` (\`name\`, \`holder\`, \`expires_at\`) VALUES ('purge', NULL, '1970-01-01 00:00:00.000')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`trashed_doc_members\` DROP FOREIGN KEY \`FK_38e2e2e1b2fd51386a0743cd591\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`trashed_doc_members\` DROP FOREIGN KEY \`FK_32f182f68f322b02f4ac594ad9f\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`trash\` DROP FOREIGN KEY \`FK_9cfb7c8cdfe6480cbbd8e029dea\``,
    );
    await replaceFolderIndex(queryRunner, ['owner_id', 'folder_id', 'updated_at', 'id']);
    await queryRunner.query(`ALTER TABLE \`docs\` DROP COLUMN \`deleted_at\``);
    await queryRunner.query(`DROP TABLE \`job_leases\``);
    await queryRunner.query(`DROP TABLE \`trashed_doc_members\``);
    await queryRunner.query(`DROP TABLE \`trash\``);
  }
}
