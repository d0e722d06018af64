import { MigrationInterface, QueryRunner } from 'typeorm';

const NOW = `strftime('%Y-%m-%d %H:%M:%f', 'now')`;

/** The users a document's events go to: as the MySQL migration of the same name says. */
const audience = (row: string, members: string, trashed: 0 | 1) =>
  `FROM (SELECT m."user_id" FROM "${members}" m WHERE m."doc_id" = ${row}."id"
  UNION SELECT g."grantee_id" FROM "doc_grants" g
    WHERE g."doc_id" = ${row}."id" AND g."grantee_type" = 'user' AND g."trashed" = ${trashed}
  UNION SELECT gm."user_id" FROM "doc_grants" g JOIN "group_members" gm ON gm."group_id" = g."grantee_id"
    WHERE g."doc_id" = ${row}."id" AND g."grantee_type" = 'group' AND g."trashed" = ${trashed}) a
JOIN "webhooks" w ON w."user_id" = a."user_id" WHERE 1`;

/** The same as the Webhooks migration's, whose audience was `user_docs` alone. */
const before = {
  members: (row: string) =>
    `FROM "user_docs" m JOIN "webhooks" w ON w."user_id" = m."user_id" WHERE m."doc_id" = ${row}."id"`,
  trashedMembers: (row: string) =>
    `FROM "trashed_doc_members" m JOIN "webhooks" w ON w."user_id" = m."user_id" WHERE m."doc_id" = ${row}."id"`,
};
const withGrants = {
  members: (row: string) => audience(row, 'user_docs', 0),
  trashedMembers: (row: string) => audience(row, 'trashed_doc_members', 1),
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

/** The document triggers whose audience grants widen (the Webhooks migration made them). */
const triggers = (subscribers: typeof before) => ({
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
});

/** Webhooks' audience with grants, for SQLite: as the MySQL migration of the same name. */
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
      await queryRunner.query(`DROP TRIGGER "${name}"`);
      await queryRunner.query(`CREATE TRIGGER "${name}" ${body}`);
    }
  }
}
