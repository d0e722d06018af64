import { MigrationInterface, QueryRunner } from 'typeorm';

/** Events a user keeps though they lost the document: those telling them so, and a purge. */
const KEPT_TYPES = "('member.removed', 'document.group_unshared', 'document.purged')";

/** Whether the user `user` still has the document `doc`: a member, or a grant reaches them. */
const stillHas = (doc: string, user: string) => `(
  EXISTS (SELECT 1 FROM \`user_docs\` m WHERE m.\`doc_id\` = ${doc} AND m.\`user_id\` = ${user})
  OR EXISTS (SELECT 1 FROM \`doc_grants\` g WHERE g.\`doc_id\` = ${doc} AND g.\`grantee_type\` = 'user' AND g.\`grantee_id\` = ${user})
  OR EXISTS (SELECT 1 FROM \`doc_grants\` g JOIN \`group_members\` gm ON gm.\`group_id\` = g.\`grantee_id\`
    WHERE g.\`doc_id\` = ${doc} AND g.\`grantee_type\` = 'group' AND gm.\`user_id\` = ${user}))`;

/**
 * Those of the pending deliveries `p` that `from` and `scope` select whose webhook's user (of
 * `w`) no longer has the document go; not those of a document in the trash (its grants go
 * before a purge), nor those of the kept types.
 */
const dropPending = (from: string, scope: string) => `DELETE p FROM ${from}
WHERE ${scope}
AND EXISTS (SELECT 1 FROM \`docs\` d WHERE d.\`id\` = p.\`doc_id\` AND d.\`deleted_at\` IS NULL)
AND NOT EXISTS (SELECT 1 FROM \`webhook_events\` e WHERE e.\`id\` = p.\`event_id\` AND e.\`type\` IN ${KEPT_TYPES})
AND NOT ${stillHas('p.`doc_id`', 'w.`user_id`')}`;

const TRIGGERS = {
  // A grant gone (a share with a group or a folder taken back, a move out of a shared folder, a
  // group deleted): whoever no longer has the document loses its pending events. The DELETE,
  // planned anew at each run, only when the document has some: a share of 10,000 documents
  // taken back costs 10,000 probes of the deliveries' document index, not 10,000 plans.
  TRG_doc_grants_delete_pending: `AFTER DELETE ON \`doc_grants\` FOR EACH ROW
IF EXISTS (SELECT 1 FROM \`webhook_deliveries\` WHERE \`doc_id\` = OLD.\`doc_id\`) THEN ${dropPending(
    '`webhook_deliveries` p JOIN `webhooks` w ON w.`id` = p.`webhook_id`',
    'p.`doc_id` = OLD.`doc_id`',
  )}; END IF`,
  // A user out of a group: their pending events of documents they no longer have, read from
  // their webhooks' queues.
  TRG_group_members_delete_pending: `AFTER DELETE ON \`group_members\` FOR EACH ROW ${dropPending(
    '`webhooks` w JOIN `webhook_deliveries` p ON p.`webhook_id` = w.`id`',
    'w.`user_id` = OLD.`user_id`',
  )}`,
};

/**
 * The events of teams in the outbox: an event need not be of a document (a group's members, a
 * folder share), so its document, and the delivery's, may be missing; an operator's change (the
 * CLI) has no acting user. New columns name the group and the shared folder of an event. Losing
 * a document through a group or a folder drops its pending events, as an unshare does. The new
 * text columns state their character set, as every table the migrations make does.
 */
export class TeamWebhookEvents1795790000000 implements MigrationInterface {
  name = 'TeamWebhookEvents1795790000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`webhook_events\` MODIFY \`doc_id\` int NULL, MODIFY \`doc_uuid\` varchar(36) NULL, MODIFY \`title\` varchar(255) NULL, MODIFY \`version\` int NULL, MODIFY \`doc_updated_at\` datetime(3) NULL, MODIFY \`actor_id\` int NULL, ADD \`group_id\` int NULL, ADD \`group_name\` varchar(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NULL, ADD \`group_role\` varchar(16) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NULL, ADD \`folder_share_id\` int NULL, ADD \`folder_owner_id\` int NULL, ADD \`folder_path\` text CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE \`webhook_deliveries\` MODIFY \`doc_id\` int NULL, ADD INDEX \`IDX_webhook_deliveries_doc\` (\`doc_id\`)`,
    );
    for (const [name, body] of Object.entries(TRIGGERS)) {
      await queryRunner.query(`CREATE TRIGGER \`${name}\` ${body}`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of Object.keys(TRIGGERS).reverse()) {
      await queryRunner.query(`DROP TRIGGER \`${name}\``);
    }
    await queryRunner.query(
      `DELETE FROM \`webhook_events\` WHERE \`doc_id\` IS NULL OR \`actor_id\` IS NULL OR \`group_id\` IS NOT NULL OR \`folder_share_id\` IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE \`webhook_deliveries\` DROP INDEX \`IDX_webhook_deliveries_doc\`, MODIFY \`doc_id\` int NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE \`webhook_events\` DROP COLUMN \`folder_path\`, DROP COLUMN \`folder_owner_id\`, DROP COLUMN \`folder_share_id\`, DROP COLUMN \`group_role\`, DROP COLUMN \`group_name\`, DROP COLUMN \`group_id\`, MODIFY \`actor_id\` int NOT NULL, MODIFY \`doc_updated_at\` datetime(3) NOT NULL, MODIFY \`version\` int NOT NULL, MODIFY \`title\` varchar(255) NOT NULL, MODIFY \`doc_uuid\` varchar(36) NOT NULL, MODIFY \`doc_id\` int NOT NULL`,
    );
  }
}
