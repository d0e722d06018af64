import { createHash } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The path hash of the home folder `~`, a share of which covers every document. */
const HOME_HASH = createHash('sha256').update('~', 'utf8').digest('hex');

/** Moves a source's count of grants (a random slot of 16, as `user_doc_counts`) by `delta`. */
const countGrant = (row: 'NEW' | 'OLD', delta: string) =>
  `INSERT INTO "doc_grant_counts" ("grantee_type", "grantee_id", "folder_share_id", "slot", "doc_count") VALUES (${row}."grantee_type", ${row}."grantee_id", ${row}."folder_share_id", (random() & 15), ${delta}) ON CONFLICT ("grantee_type", "grantee_id", "folder_share_id", "slot") DO UPDATE SET "doc_count" = "doc_count" + ${delta};`;

const grantsOf = (type: 'group' | 'user') =>
  `DELETE FROM "doc_grants" WHERE "grantee_type" = '${type}' AND "grantee_id" = OLD."id";`;
const sharesWith = (type: 'group' | 'user') =>
  `DELETE FROM "folder_shares" WHERE "grantee_type" = '${type}' AND "grantee_id" = OLD."id";`;

/** Folders shared with a user or a group, for SQLite: as the MySQL migration of the same name. */
export class FolderShares1795780000000 implements MigrationInterface {
  name = 'FolderShares1795780000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "folder_shares" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "owner_id" integer NOT NULL, "path" text NOT NULL, "path_hash" varchar(64) NOT NULL, "grantee_type" varchar(8) NOT NULL, "grantee_id" integer NOT NULL, "role" varchar(16) NOT NULL, "created_at" datetime(3) NOT NULL, CONSTRAINT "FK_347e2da6563254630cba232bcd9" FOREIGN KEY ("owner_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_folder_shares_grantee" ON "folder_shares" ("grantee_type", "grantee_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_folder_shares_owner_path_grantee" ON "folder_shares" ("owner_id", "path_hash", "grantee_type", "grantee_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_doc_grants_list_order"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_doc_grants_list_order" ON "doc_grants" ("grantee_type", "grantee_id", "folder_share_id", "trashed", "doc_updated_at", "doc_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_doc_grants_doc"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_doc_grants_doc" ON "doc_grants" ("doc_id", "grantee_type", "grantee_id", "trashed", "role") `,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_docs_folder_grants" AFTER INSERT ON "docs" BEGIN INSERT INTO "doc_grants" ("grantee_type", "grantee_id", "doc_id", "folder_share_id", "role", "created_at", "doc_updated_at", "trashed")
SELECT fs."grantee_type", fs."grantee_id", NEW."id", fs."id", fs."role", NEW."created_at", NEW."updated_at", 0 FROM "folder_shares" fs
WHERE fs."owner_id" = NEW."owner_id" AND (fs."path_hash" = '${HOME_HASH}' OR EXISTS (SELECT 1 FROM "folders" f WHERE f."id" = NEW."folder_id"
  AND (f."path_hash" = fs."path_hash" OR substr(f."path", 1, length(fs."path") + 1) = fs."path" || '/'))); END`,
    );
    await queryRunner.query(
      `CREATE TABLE "doc_grant_counts" ("grantee_type" varchar(8) NOT NULL, "grantee_id" integer NOT NULL, "folder_share_id" integer NOT NULL, "slot" integer NOT NULL, "doc_count" integer NOT NULL, PRIMARY KEY ("grantee_type", "grantee_id", "folder_share_id", "slot"))`,
    );
    await queryRunner.query(
      `INSERT INTO "doc_grant_counts" ("grantee_type", "grantee_id", "folder_share_id", "slot", "doc_count") SELECT "grantee_type", "grantee_id", "folder_share_id", 0, COUNT(*) FROM "doc_grants" WHERE "trashed" = 0 GROUP BY "grantee_type", "grantee_id", "folder_share_id"`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_doc_grants_insert_count" AFTER INSERT ON "doc_grants" WHEN NEW."trashed" = 0 BEGIN ${countGrant('NEW', '1')} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_doc_grants_delete_count" AFTER DELETE ON "doc_grants" WHEN OLD."trashed" = 0 BEGIN ${countGrant('OLD', '-1')} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_doc_grants_trash_count" AFTER UPDATE OF "trashed" ON "doc_grants" WHEN NEW."trashed" <> OLD."trashed" BEGIN ${countGrant('NEW', '(CASE WHEN NEW."trashed" = 0 THEN 1 ELSE -1 END)')} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_docs_delete_grants" BEFORE DELETE ON "docs" BEGIN DELETE FROM "doc_grants" WHERE "doc_id" = OLD."id"; END`,
    );
    await queryRunner.query(`DROP TRIGGER "TRG_user_groups_delete_grants"`);
    await queryRunner.query(`DROP TRIGGER "TRG_users_delete_grants"`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_user_groups_delete_grants" BEFORE DELETE ON "user_groups" BEGIN ${grantsOf('group')} ${sharesWith('group')} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_users_delete_grants" BEFORE DELETE ON "users" BEGIN ${grantsOf('user')} ${sharesWith('user')} END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_docs_delete_grants"`);
    await queryRunner.query(`DROP TRIGGER "TRG_doc_grants_trash_count"`);
    await queryRunner.query(`DROP TRIGGER "TRG_doc_grants_delete_count"`);
    await queryRunner.query(`DROP TRIGGER "TRG_doc_grants_insert_count"`);
    await queryRunner.query(`DROP TABLE "doc_grant_counts"`);
    await queryRunner.query(`DROP TRIGGER "TRG_docs_folder_grants"`);
    await queryRunner.query(`DROP TRIGGER "TRG_users_delete_grants"`);
    await queryRunner.query(`DROP TRIGGER "TRG_user_groups_delete_grants"`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_user_groups_delete_grants" BEFORE DELETE ON "user_groups" BEGIN ${grantsOf('group')} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_users_delete_grants" BEFORE DELETE ON "users" BEGIN ${grantsOf('user')} END`,
    );
    await queryRunner.query(`DROP INDEX "IDX_doc_grants_doc"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_doc_grants_doc" ON "doc_grants" ("doc_id", "grantee_type", "grantee_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_doc_grants_list_order"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_doc_grants_list_order" ON "doc_grants" ("grantee_type", "grantee_id", "trashed", "doc_updated_at", "doc_id") `,
    );
    await queryRunner.query(`DROP TABLE "folder_shares"`);
  }
}
