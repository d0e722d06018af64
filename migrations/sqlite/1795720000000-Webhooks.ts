import { MigrationInterface, QueryRunner } from 'typeorm';

const NOW = `strftime('%Y-%m-%d %H:%M:%f', 'now')`;

/** Where a document event goes: the webhooks of these users that are active and want it. */
const subscribers = {
  owner: (row: string) => `FROM "webhooks" w WHERE w."user_id" = ${row}."owner_id"`,
  members: (row: string) =>
    `FROM "user_docs" m JOIN "webhooks" w ON w."user_id" = m."user_id" WHERE m."doc_id" = ${row}."id"`,
  trashedMembers: (row: string) =>
    `FROM "trashed_doc_members" m JOIN "webhooks" w ON w."user_id" = m."user_id" WHERE m."doc_id" = ${row}."id"`,
};

/**
 * Writes one event of a document (`row`: NEW or OLD) and a delivery of it to each webhook that
 * wants it, in the statement that changes the document; nothing when no webhook wants it. The
 * event is the newest row of `webhook_events` (writes take turns on SQLite). The bit numbers
 * are those of `src/docs/events/doc-events.ts` (the schema test checks them).
 */
function emit(type: string, bit: number, row: string, actor: string, from: string): string {
  const wanted = `${from} AND w."active" = 1 AND (w."events" & ${bit}) <> 0`;
  return `INSERT INTO "webhook_events" ("uuid", "type", "doc_id", "doc_uuid", "title", "version", "doc_updated_at", "actor_id", "created_at")
SELECT 'evt_' || lower(hex(randomblob(16))), '${type}', ${row}."id", ${row}."uuid", ${row}."title", ${row}."version", ${row}."updated_at", ${actor}, ${NOW}
WHERE EXISTS (SELECT 1 ${wanted});
INSERT INTO "webhook_deliveries" ("event_id", "webhook_id", "doc_id", "attempts", "next_attempt_at")
SELECT (SELECT max("id") FROM "webhook_events"), w."id", ${row}."id", 0, ${NOW} ${wanted};`;
}

const TRIGGERS = {
  TRG_docs_event_created: `AFTER INSERT ON "docs" BEGIN
${emit('document.created', 1, 'NEW', 'NEW."owner_id"', subscribers.owner('NEW'))}
END`,
  // A new version: an update, a move, a revision restored.
  TRG_docs_event_updated: `AFTER UPDATE OF "version" ON "docs" WHEN NEW."version" <> OLD."version" BEGIN
${emit('document.updated', 2, 'NEW', 'COALESCE(NEW."updated_by", NEW."owner_id")', subscribers.members('NEW'))}
END`,
  // To the trash: the members are still in user_docs.
  TRG_docs_event_deleted: `AFTER UPDATE OF "deleted_at" ON "docs" WHEN OLD."deleted_at" IS NULL AND NEW."deleted_at" IS NOT NULL BEGIN
${emit('document.deleted', 4, 'NEW', 'NEW."owner_id"', subscribers.members('NEW'))}
END`,
  // Back from the trash: the members are still in trashed_doc_members.
  TRG_docs_event_restored: `AFTER UPDATE OF "deleted_at" ON "docs" WHEN OLD."deleted_at" IS NOT NULL AND NEW."deleted_at" IS NULL BEGIN
${emit('document.restored', 8, 'NEW', 'NEW."owner_id"', subscribers.trashedMembers('NEW'))}
END`,
  // Only a trashed document is purged; a user's documents going with the user are not.
  TRG_docs_event_purged: `BEFORE DELETE ON "docs" WHEN OLD."deleted_at" IS NOT NULL BEGIN
${emit('document.purged', 16, 'OLD', 'OLD."owner_id"', subscribers.trashedMembers('OLD'))}
END`,
};

/** Webhooks, for SQLite: the same schema and events as the MySQL migration of the same name. */
export class Webhooks1795720000000 implements MigrationInterface {
  name = 'Webhooks1795720000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhooks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "uuid" varchar(36) NOT NULL, "user_id" integer NOT NULL, "url" varchar(2048) NOT NULL, "events" integer NOT NULL, "description" varchar(256), "secret" varchar(64) NOT NULL, "active" boolean NOT NULL, "disabled_reason" varchar(255), "failure_count" integer NOT NULL, "created_at" datetime(3) NOT NULL, CONSTRAINT "FK_0d523f6f997c86e052c49b1455f" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_webhooks_uuid" ON "webhooks" ("uuid") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_webhooks_user" ON "webhooks" ("user_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_attempts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "webhook_id" integer NOT NULL, "event_uuid" varchar(36) NOT NULL, "type" varchar(32) NOT NULL, "attempt" integer NOT NULL, "status_code" integer, "error" varchar(255), "duration_ms" integer NOT NULL, "attempted_at" datetime(3) NOT NULL, "next_attempt_at" datetime(3), CONSTRAINT "FK_7aeddde4d8d3a36841e6da6cbf3" FOREIGN KEY ("webhook_id") REFERENCES "webhooks" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_attempts_at" ON "webhook_attempts" ("attempted_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_attempts_webhook" ON "webhook_attempts" ("webhook_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_events" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "uuid" varchar(36) NOT NULL, "type" varchar(32) NOT NULL, "doc_id" integer NOT NULL, "doc_uuid" varchar(36) NOT NULL, "title" varchar(255) NOT NULL, "version" integer NOT NULL, "doc_updated_at" datetime(3) NOT NULL, "actor_id" integer NOT NULL, "member_user_id" integer, "member_role" varchar(16), "created_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_webhook_events_uuid" ON "webhook_events" ("uuid") `,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "event_id" integer NOT NULL, "webhook_id" integer NOT NULL, "doc_id" integer NOT NULL, "attempts" integer NOT NULL, "next_attempt_at" datetime(3) NOT NULL, "claimed_by" varchar(64), "claimed_until" datetime(3), CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f" FOREIGN KEY ("event_id") REFERENCES "webhook_events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_deliveries_webhook_doc" ON "webhook_deliveries" ("webhook_id", "doc_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_deliveries_due" ON "webhook_deliveries" ("webhook_id", "next_attempt_at") `,
    );
    for (const [name, body] of Object.entries(TRIGGERS)) {
      await queryRunner.query(`CREATE TRIGGER "${name}" ${body}`);
    }
    await queryRunner.query(
      `INSERT INTO "job_leases" ("name", "holder", "expires_at") VALUES ('webhook-log', NULL, '1970-01-01 00:00:00.000')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "job_leases" WHERE "name" = 'webhook-log'`);
    for (const name of Object.keys(TRIGGERS).reverse()) {
      await queryRunner.query(`DROP TRIGGER "${name}"`);
    }
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "webhook_events"`);
    await queryRunner.query(`DROP TABLE "webhook_attempts"`);
    await queryRunner.query(`DROP TABLE "webhooks"`);
  }
}
