import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The users a document's events go to (`row`: NEW or OLD), whose active webhooks want them:
 * its members (or, for a document in the trash, its kept members) and, since grants, everyone
 * a grant reaches: the user of a folder share, the members of a group. A user is there once
 * however many ways they have the document. `trashed` says whether the grants to count are
 * those of a document in the trash.
 */
const audience = (row: string, members: string, trashed: 0 | 1) =>
  `FROM (SELECT m.\`user_id\` FROM \`${members}\` m WHERE m.\`doc_id\` = ${row}.\`id\`
  UNION SELECT g.\`grantee_id\` FROM \`doc_grants\` g
    WHERE g.\`doc_id\` = ${row}.\`id\` AND g.\`grantee_type\` = 'user' AND g.\`trashed\` = ${trashed}
  UNION SELECT gm.\`user_id\` FROM \`doc_grants\` g JOIN \`group_members\` gm ON gm.\`group_id\` = g.\`grantee_id\`
    WHERE g.\`doc_id\` = ${row}.\`id\` AND g.\`grantee_type\` = 'group' AND g.\`trashed\` = ${trashed}) a
JOIN \`webhooks\` w ON w.\`user_id\` = a.\`user_id\` WHERE TRUE`;

/** The same as the Webhooks migration's, whose audience was `user_docs` alone. */
const before = {
  members: (row: string) =>
    `FROM \`user_docs\` m JOIN \`webhooks\` w ON w.\`user_id\` = m.\`user_id\` WHERE m.\`doc_id\` = ${row}.\`id\``,
  trashedMembers: (row: string) =>
    `FROM \`trashed_doc_members\` m JOIN \`webhooks\` w ON w.\`user_id\` = m.\`user_id\` WHERE m.\`doc_id\` = ${row}.\`id\``,
};
const withGrants = {
  members: (row: string) => audience(row, 'user_docs', 0),
  trashedMembers: (row: string) => audience(row, 'trashed_doc_members', 1),
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

/** The document triggers whose audience grants widen (the Webhooks migration made them). */
const triggers = (subscribers: typeof before) => ({
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
});

/**
 * Webhooks' audience with grants, for MySQL / MariaDB: the events of a document shared with a
 * group, or in a shared folder, go to the grantees too (the triggers are made again).
 */
export class GrantsInWebhookAudience1795770000000 implements MigrationInterface {
  name = 'GrantsInWebhookAudience1795770000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await this.replace(queryRunner, triggers(withGrants));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await this.replace(queryRunner, triggers(before));
  }

  private async replace(queryRunner: QueryRunner, made: Record<string, string>): Promise<void> {
    for (const [name, body] of Object.entries(made)) {
      await queryRunner.query(`DROP TRIGGER \`${name}\``);
      await queryRunner.query(`CREATE TRIGGER \`${name}\` ${body}`);
    }
  }
}
