import { MigrationInterface, QueryRunner } from 'typeorm';

/** Picks a count slot at random (0 to 15), as the service did before triggers kept the counts. */
const SLOT = 'FLOOR(RAND() * 16)';

const bump = (row: 'NEW' | 'OLD', delta: '+ 1' | '- 1') =>
  `INSERT INTO \`user_doc_counts\` (\`user_id\`, \`role\`, \`slot\`, \`doc_count\`) VALUES (${row}.\`user_id\`, ${row}.\`role\`, ${SLOT}, ${delta.replace(' ', '')}) ON DUPLICATE KEY UPDATE \`doc_count\` = \`doc_count\` ${delta}`;

/**
 * Documents shared with other users, for MySQL / MariaDB.
 *
 * - `user_docs` mirrors its document's `updated_at` and gains the list-order indexes: a user's
 *   list (every document they are a member of) is a range of one index. Existing rows are
 *   backfilled; documents are listed through `user_docs` now, so the owner list index on `docs`
 *   goes (the folder list index stays for `?path=`).
 * - `user_doc_counts` is counted per role.
 * - Triggers make the database keep two rules whatever statement changes the rows, cascades
 *   included: every document has its owner's `user_docs` row (inserted with the document; the
 *   rows of a deleted document or user go with it), and `user_doc_counts` sums to the number of
 *   `user_docs` rows of each user and role. MySQL does not fire triggers for foreign-key
 *   cascades, so the deletes cascade through triggers instead.
 */
export class Collaborators1795361290648 implements MigrationInterface {
  name = 'Collaborators1795361290648';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`user_docs\` ADD \`doc_updated_at\` datetime(3) NOT NULL DEFAULT '1970-01-01 00:00:00.000'`,
    );
    await queryRunner.query(
      `INSERT INTO \`user_docs\` (\`user_id\`, \`doc_id\`, \`role\`, \`created_at\`) SELECT d.\`owner_id\`, d.\`id\`, 'owner', d.\`created_at\` FROM \`docs\` d WHERE NOT EXISTS (SELECT 1 FROM \`user_docs\` m WHERE m.\`doc_id\` = d.\`id\` AND m.\`user_id\` = d.\`owner_id\`)`,
    );
    await queryRunner.query(
      `UPDATE \`user_docs\` m JOIN \`docs\` d ON d.\`id\` = m.\`doc_id\` SET m.\`doc_updated_at\` = d.\`updated_at\`, m.\`role\` = IF(m.\`user_id\` = d.\`owner_id\`, 'owner', m.\`role\`)`,
    );
    await queryRunner.query(
      `ALTER TABLE \`user_docs\` ALTER COLUMN \`doc_updated_at\` DROP DEFAULT`,
    );
    await queryRunner.query(
      `CREATE INDEX \`IDX_user_docs_list_order\` ON \`user_docs\` (\`user_id\`, \`doc_updated_at\`, \`doc_id\`)`,
    );
    await queryRunner.query(
      `CREATE INDEX \`IDX_user_docs_role_list_order\` ON \`user_docs\` (\`user_id\`, \`role\`, \`doc_updated_at\`, \`doc_id\`)`,
    );
    await queryRunner.query(`DROP INDEX \`IDX_docs_owner_list_order\` ON \`docs\``);

    await queryRunner.query(`DELETE FROM \`user_doc_counts\``);
    // One statement: the user_id foreign key needs an index that starts with user_id throughout.
    await queryRunner.query(
      `ALTER TABLE \`user_doc_counts\` ADD \`role\` varchar(16) NOT NULL, DROP PRIMARY KEY, ADD PRIMARY KEY (\`user_id\`, \`role\`, \`slot\`)`,
    );
    await queryRunner.query(
      `INSERT INTO \`user_doc_counts\` (\`user_id\`, \`role\`, \`slot\`, \`doc_count\`) SELECT \`user_id\`, \`role\`, 0, COUNT(*) FROM \`user_docs\` GROUP BY \`user_id\`, \`role\``,
    );

    await queryRunner.query(
      `CREATE TRIGGER \`TRG_docs_insert_owner\` AFTER INSERT ON \`docs\` FOR EACH ROW INSERT INTO \`user_docs\` (\`user_id\`, \`doc_id\`, \`role\`, \`created_at\`, \`doc_updated_at\`) VALUES (NEW.\`owner_id\`, NEW.\`id\`, 'owner', NEW.\`created_at\`, NEW.\`updated_at\`)`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_docs_delete_members\` BEFORE DELETE ON \`docs\` FOR EACH ROW DELETE FROM \`user_docs\` WHERE \`doc_id\` = OLD.\`id\``,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_users_delete_docs\` BEFORE DELETE ON \`users\` FOR EACH ROW BEGIN DELETE FROM \`docs\` WHERE \`owner_id\` = OLD.\`id\`; DELETE FROM \`user_docs\` WHERE \`user_id\` = OLD.\`id\`; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_user_docs_insert_count\` AFTER INSERT ON \`user_docs\` FOR EACH ROW ${bump('NEW', '+ 1')}`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_user_docs_delete_count\` AFTER DELETE ON \`user_docs\` FOR EACH ROW ${bump('OLD', '- 1')}`,
    );
    await queryRunner.query(
      `CREATE TRIGGER \`TRG_user_docs_role_count\` AFTER UPDATE ON \`user_docs\` FOR EACH ROW BEGIN IF NEW.\`role\` <> OLD.\`role\` THEN ${bump('OLD', '- 1')}; ${bump('NEW', '+ 1')}; END IF; END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of [
      'TRG_user_docs_role_count',
      'TRG_user_docs_delete_count',
      'TRG_user_docs_insert_count',
      'TRG_users_delete_docs',
      'TRG_docs_delete_members',
      'TRG_docs_insert_owner',
    ]) {
      await queryRunner.query(`DROP TRIGGER \`${trigger}\``);
    }
    await queryRunner.query(`DELETE FROM \`user_docs\` WHERE \`role\` <> 'owner'`);
    await queryRunner.query(`DELETE FROM \`user_doc_counts\``);
    await queryRunner.query(
      `ALTER TABLE \`user_doc_counts\` DROP PRIMARY KEY, DROP COLUMN \`role\`, ADD PRIMARY KEY (\`user_id\`, \`slot\`)`,
    );
    await queryRunner.query(
      `INSERT INTO \`user_doc_counts\` (\`user_id\`, \`slot\`, \`doc_count\`) SELECT \`owner_id\`, 0, COUNT(*) FROM \`docs\` GROUP BY \`owner_id\``,
    );
    await queryRunner.query(
      `CREATE INDEX \`IDX_docs_owner_list_order\` ON \`docs\` (\`owner_id\`, \`updated_at\`, \`id\`)`,
    );
    await queryRunner.query(`DROP INDEX \`IDX_user_docs_role_list_order\` ON \`user_docs\``);
    await queryRunner.query(`DROP INDEX \`IDX_user_docs_list_order\` ON \`user_docs\``);
    await queryRunner.query(`ALTER TABLE \`user_docs\` DROP COLUMN \`doc_updated_at\``);
  }
}
