import { MigrationInterface, QueryRunner } from 'typeorm';

/** Where a document event goes: the webhooks of these users that are active and want it. */
const subscribers = {
  owner: (row: string) => `FROM \`webhooks\` w WHERE w.\`user_id\` = ${row}.\`owner_id\``,
  members: (row: string) =>
    `FROM \`user_docs\` m JOIN \`webhooks\` w ON w.\`user_id\` = m.\`user_id\` WHERE m.\`doc_id\` = ${row}.\`id\``,
  trashedMembers: (row: string) =>
    `FROM \`trashed_doc_members\` m JOIN \`webhooks\` w ON w.\`user_id\` = m.\`user_id\` WHERE m.\`doc_id\` = ${row}.\`id\``,
};

/**
 * Writes one event of a document (`row`: NEW or OLD) and a delivery of it to each webhook that
 * wants it, in the statement that changes the document; nothing when no webhook wants it. The
 * bit numbers are those of `src/docs/events/doc-events.ts` (the schema test checks them).
 */
function emit(type: string, bit: number, row: string, actor: string, from: string): string {
  const wanted = `${from} AND w.\`active\` = 1 AND (w.\`events\` & ${bit}) <> 0`;
  return `IF EXISTS (SELECT 1 ${wanted}) THEN
INSERT INTO \`webhook_events\` (\`uuid\`, \`type\`, \`doc_id\`, \`doc_uuid\`, \`title\`, \`version\`, \`doc_updated_at\`, \`actor_id\`, \`created_at\`)
VALUES (CONCAT('evt_', LOWER(HEX(RANDOM_BYTES(16)))), '${type}', ${row}.\`id\`, ${row}.\`uuid\`, ${row}.\`title\`, ${row}.\`version\`, ${row}.\`updated_at\`, ${actor}, UTC_TIMESTAMP(3));
SET event_id = LAST_INSERT_ID();
INSERT INTO \`webhook_deliveries\` (\`event_id\`, \`webhook_id\`, \`doc_id\`, \`attempts\`, \`next_attempt_at\`)
SELECT event_id, w.\`id\`, ${row}.\`id\`, 0, UTC_TIMESTAMP(3) ${wanted};
END IF;`;
}

const TRIGGERS = {
  TRG_docs_event_created: `AFTER INSERT ON \`docs\` FOR EACH ROW BEGIN DECLARE event_id INT;
${emit('document.created', 1, 'NEW', 'NEW.`owner_id`', subscribers.owner('NEW'))}
END`,
  // A new version (an update, a move, a revision restored), the move to the trash (members
  // still in user_docs), the way back (members still in trashed_doc_members).
  TRG_docs_event_changed: `AFTER UPDATE ON \`docs\` FOR EACH ROW BEGIN DECLARE event_id INT;
IF NEW.\`version\` <> OLD.\`version\` THEN
${emit('document.updated', 2, 'NEW', 'COALESCE(NEW.`updated_by`, NEW.`owner_id`)', subscribers.members('NEW'))}
ELSEIF OLD.\`deleted_at\` IS NULL AND NEW.\`deleted_at\` IS NOT NULL THEN
${emit('document.deleted', 4, 'NEW', 'NEW.`owner_id`', subscribers.members('NEW'))}
ELSEIF OLD.\`deleted_at\` IS NOT NULL AND NEW.\`deleted_at\` IS NULL THEN
${emit('document.restored', 8, 'NEW', 'NEW.`owner_id`', subscribers.trashedMembers('NEW'))}
END IF;
END`,
  // Only a trashed document is purged; a user's documents going with the user are not.
  TRG_docs_event_purged: `BEFORE DELETE ON \`docs\` FOR EACH ROW BEGIN DECLARE event_id INT;
IF OLD.\`deleted_at\` IS NOT NULL THEN
${emit('document.purged', 16, 'OLD', 'OLD.`owner_id`', subscribers.trashedMembers('OLD'))}
END IF;
END`,
};

/**
 * Webhooks: the subscriptions (`webhooks`), the outbox (`webhook_events`, and
 * `webhook_deliveries` that dispatchers claim), the delivery log (`webhook_attempts`), and
 * the triggers that write a document's events in the statement that changes it (member
 * events are written by the sharing transaction, which knows who acted). The log cleanup's
 * lease row.
 */
export class Webhooks1795720000000 implements MigrationInterface {
  name = 'Webhooks1795720000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`webhooks\` (\`id\` int NOT NULL AUTO_INCREMENT, \`uuid\` varchar(36) NOT NULL, \`user_id\` int NOT NULL, \`url\` varchar(2048) NOT NULL, \`events\` int NOT NULL, \`description\` varchar(256) NULL, \`secret\` varchar(64) NOT NULL, \`active\` tinyint NOT NULL, \`disabled_reason\` varchar(255) NULL, \`failure_count\` int NOT NULL, \`created_at\` datetime(3) NOT NULL, UNIQUE INDEX \`IDX_webhooks_uuid\` (\`uuid\`), INDEX \`IDX_webhooks_user\` (\`user_id\`, \`created_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`webhook_attempts\` (\`id\` int NOT NULL AUTO_INCREMENT, \`webhook_id\` int NOT NULL, \`event_uuid\` varchar(36) NOT NULL, \`type\` varchar(32) NOT NULL, \`attempt\` int NOT NULL, \`status_code\` int NULL, \`error\` varchar(255) NULL, \`duration_ms\` int NOT NULL, \`attempted_at\` datetime(3) NOT NULL, \`next_attempt_at\` datetime(3) NULL, INDEX \`IDX_webhook_attempts_at\` (\`attempted_at\`), INDEX \`IDX_webhook_attempts_webhook\` (\`webhook_id\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`webhook_events\` (\`id\` int NOT NULL AUTO_INCREMENT, \`uuid\` varchar(36) NOT NULL, \`type\` varchar(32) NOT NULL, \`doc_id\` int NOT NULL, \`doc_uuid\` varchar(36) NOT NULL, \`title\` varchar(255) NOT NULL, \`version\` int NOT NULL, \`doc_updated_at\` datetime(3) NOT NULL, \`actor_id\` int NOT NULL, \`member_user_id\` int NULL, \`member_role\` varchar(16) NULL, \`created_at\` datetime(3) NOT NULL, UNIQUE INDEX \`IDX_webhook_events_uuid\` (\`uuid\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`webhook_deliveries\` (\`id\` int NOT NULL AUTO_INCREMENT, \`event_id\` int NOT NULL, \`webhook_id\` int NOT NULL, \`doc_id\` int NOT NULL, \`attempts\` int NOT NULL, \`next_attempt_at\` datetime(3) NOT NULL, \`claimed_by\` varchar(64) NULL, \`claimed_until\` datetime(3) NULL, INDEX \`IDX_webhook_deliveries_webhook_doc\` (\`webhook_id\`, \`doc_id\`), INDEX \`IDX_webhook_deliveries_due\` (\`webhook_id\`, \`next_attempt_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `ALTER TABLE \`webhooks\` ADD CONSTRAINT \`FK_0d523f6f997c86e052c49b1455f\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`webhook_attempts\` ADD CONSTRAINT \`FK_7aeddde4d8d3a36841e6da6cbf3\` FOREIGN KEY (\`webhook_id\`) REFERENCES \`webhooks\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`webhook_deliveries\` ADD CONSTRAINT \`FK_27d1ee90033bdafe0ffe8f1be6f\` FOREIGN KEY (\`event_id\`) REFERENCES \`webhook_events\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`webhook_deliveries\` ADD CONSTRAINT \`FK_a0286aeb96db651efd1ae2966f2\` FOREIGN KEY (\`webhook_id\`) REFERENCES \`webhooks\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    for (const [name, body] of Object.entries(TRIGGERS)) {
      await queryRunner.query(`CREATE TRIGGER \`${name}\` ${body}`);
    }
    await queryRunner.query(
      `INSERT INTO \`job_leases\` (\`name\`, \`holder\`, \`expires_at\`) VALUES ('webhook-log', NULL, '1970-01-01 00:00:00.000')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM \`job_leases\` WHERE \`name\` = 'webhook-log'`);
    for (const name of Object.keys(TRIGGERS).reverse()) {
      await queryRunner.query(`DROP TRIGGER \`${name}\``);
    }
    await queryRunner.query(`DROP TABLE \`webhook_deliveries\``);
    await queryRunner.query(`DROP TABLE \`webhook_events\``);
    await queryRunner.query(`DROP TABLE \`webhook_attempts\``);
    await queryRunner.query(`DROP TABLE \`webhooks\``);
  }
}
