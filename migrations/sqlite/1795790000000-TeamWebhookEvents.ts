import { MigrationInterface, QueryRunner } from 'typeorm';

const EVENTS_BEFORE = `CREATE TABLE "webhook_events" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "uuid" varchar(36) NOT NULL, "type" varchar(32) NOT NULL, "doc_id" integer NOT NULL, "doc_uuid" varchar(36) NOT NULL, "title" varchar(255) NOT NULL, "version" integer NOT NULL, "doc_updated_at" datetime(3) NOT NULL, "actor_id" integer NOT NULL, "member_user_id" integer, "member_role" varchar(16), "created_at" datetime(3) NOT NULL)`;
const EVENTS_AFTER = `CREATE TABLE "webhook_events" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "uuid" varchar(36) NOT NULL, "type" varchar(32) NOT NULL, "doc_id" integer, "doc_uuid" varchar(36), "title" varchar(255), "version" integer, "doc_updated_at" datetime(3), "actor_id" integer, "member_user_id" integer, "member_role" varchar(16), "created_at" datetime(3) NOT NULL, "group_id" integer, "group_name" varchar(100), "group_role" varchar(16), "folder_share_id" integer, "folder_owner_id" integer, "folder_path" text)`;
const EVENT_COLUMNS = `"id", "uuid", "type", "doc_id", "doc_uuid", "title", "version", "doc_updated_at", "actor_id", "member_user_id", "member_role", "created_at"`;

const deliveries = (docId: string) =>
  `CREATE TABLE "webhook_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "event_id" integer NOT NULL, "webhook_id" integer NOT NULL, "doc_id" integer${docId}, "attempts" integer NOT NULL, "next_attempt_at" datetime(3) NOT NULL, "claimed_by" varchar(64), "claimed_until" datetime(3), CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f" FOREIGN KEY ("event_id") REFERENCES "webhook_events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`;
/** Events a user keeps though they lost the document: those telling them so, and a purge. */
const KEPT_TYPES = "('member.removed', 'document.group_unshared', 'document.purged')";

/** Whether the user `user` still has the document `doc`: a member, or a grant reaches them. */
const stillHas = (doc: string, user: string) => `(
  EXISTS (SELECT 1 FROM "user_docs" m WHERE m."doc_id" = ${doc} AND m."user_id" = ${user})
  OR EXISTS (SELECT 1 FROM "doc_grants" g WHERE g."doc_id" = ${doc} AND g."grantee_type" = 'user' AND g."grantee_id" = ${user})
  OR EXISTS (SELECT 1 FROM "doc_grants" g JOIN "group_members" gm ON gm."group_id" = g."grantee_id"
    WHERE g."doc_id" = ${doc} AND g."grantee_type" = 'group' AND gm."user_id" = ${user}))`;

/** As the MySQL migration's: the pending deliveries `scope` selects of a document lost. */
const dropPending = (scope: string) => `DELETE FROM "webhook_deliveries"
WHERE ${scope}
AND EXISTS (SELECT 1 FROM "docs" d WHERE d."id" = "webhook_deliveries"."doc_id" AND d."deleted_at" IS NULL)
AND NOT EXISTS (SELECT 1 FROM "webhook_events" e WHERE e."id" = "webhook_deliveries"."event_id" AND e."type" IN ${KEPT_TYPES})
AND NOT EXISTS (SELECT 1 FROM "webhooks" w WHERE w."id" = "webhook_deliveries"."webhook_id" AND ${stillHas('"webhook_deliveries"."doc_id"', 'w."user_id"')});`;

const TRIGGERS = {
  TRG_doc_grants_delete_pending: `AFTER DELETE ON "doc_grants" WHEN EXISTS (SELECT 1 FROM "webhook_deliveries" WHERE "doc_id" = OLD."doc_id") BEGIN ${dropPending('"doc_id" = OLD."doc_id"')} END`,
  TRG_group_members_delete_pending: `AFTER DELETE ON "group_members" BEGIN ${dropPending(
    '"webhook_id" IN (SELECT "id" FROM "webhooks" WHERE "user_id" = OLD."user_id")',
  )} END`,
};

const DELIVERY_COLUMNS = `"id", "event_id", "webhook_id", "doc_id", "attempts", "next_attempt_at", "claimed_by", "claimed_until"`;

/**
 * The events of teams in the outbox, for SQLite: as the MySQL migration of the same name.
 * SQLite changes a column's NOT NULL only by copying the table; the deliveries are kept aside
 * meanwhile, as dropping their events' table would delete them by their foreign key.
 */
export class TeamWebhookEvents1795790000000 implements MigrationInterface {
  name = 'TeamWebhookEvents1795790000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await rebuild(queryRunner, EVENTS_AFTER, deliveries(''), '');
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_deliveries_doc" ON "webhook_deliveries" ("doc_id") `,
    );
    for (const [name, body] of Object.entries(TRIGGERS)) {
      await queryRunner.query(`CREATE TRIGGER "${name}" ${body}`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of Object.keys(TRIGGERS).reverse()) {
      await queryRunner.query(`DROP TRIGGER "${name}"`);
    }
    await rebuild(
      queryRunner,
      EVENTS_BEFORE,
      deliveries(' NOT NULL'),
      ' WHERE "doc_id" IS NOT NULL AND "actor_id" IS NOT NULL AND "group_id" IS NULL AND "folder_share_id" IS NULL',
    );
  }
}

async function rebuild(
  queryRunner: QueryRunner,
  events: string,
  deliveriesTable: string,
  eventsKept: string,
): Promise<void> {
  await queryRunner.query(
    `CREATE TABLE "kept_webhook_events" AS SELECT ${EVENT_COLUMNS} FROM "webhook_events"${eventsKept}`,
  );
  await queryRunner.query(
    `CREATE TABLE "kept_webhook_deliveries" AS SELECT ${DELIVERY_COLUMNS} FROM "webhook_deliveries" WHERE "event_id" IN (SELECT "id" FROM "kept_webhook_events")`,
  );
  await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
  await queryRunner.query(`DROP TABLE "webhook_events"`);
  await queryRunner.query(events);
  await queryRunner.query(
    `CREATE UNIQUE INDEX "IDX_webhook_events_uuid" ON "webhook_events" ("uuid") `,
  );
  await queryRunner.query(deliveriesTable);
  await queryRunner.query(
    `CREATE INDEX "IDX_webhook_deliveries_webhook_doc" ON "webhook_deliveries" ("webhook_id", "doc_id") `,
  );
  await queryRunner.query(
    `CREATE INDEX "IDX_webhook_deliveries_due" ON "webhook_deliveries" ("webhook_id", "next_attempt_at") `,
  );
  await queryRunner.query(
    `INSERT INTO "webhook_events" (${EVENT_COLUMNS}) SELECT ${EVENT_COLUMNS} FROM "kept_webhook_events"`,
  );
  await queryRunner.query(
    `INSERT INTO "webhook_deliveries" (${DELIVERY_COLUMNS}) SELECT ${DELIVERY_COLUMNS} FROM "kept_webhook_deliveries"`,
  );
  await queryRunner.query(`DROP TABLE "kept_webhook_deliveries"`);
  await queryRunner.query(`DROP TABLE "kept_webhook_events"`);
}
