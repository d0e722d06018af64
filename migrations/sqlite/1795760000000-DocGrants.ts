import { MigrationInterface, QueryRunner } from 'typeorm';

/** Grants of a role on a document, for SQLite: the same as the MySQL migration of the same name. */
export class DocGrants1795760000000 implements MigrationInterface {
  name = 'DocGrants1795760000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "doc_grants" ("grantee_type" varchar(8) NOT NULL, "grantee_id" integer NOT NULL, "doc_id" integer NOT NULL, "folder_share_id" integer NOT NULL, "role" varchar(16) NOT NULL, "created_at" datetime(3) NOT NULL, "doc_updated_at" datetime(3) NOT NULL, "trashed" boolean NOT NULL DEFAULT (0), CONSTRAINT "FK_68248c2292e75f79fc7ecd40702" FOREIGN KEY ("doc_id") REFERENCES "docs" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("grantee_type", "grantee_id", "doc_id", "folder_share_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_doc_grants_doc" ON "doc_grants" ("doc_id", "grantee_type", "grantee_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_doc_grants_list_order" ON "doc_grants" ("grantee_type", "grantee_id", "trashed", "doc_updated_at", "doc_id") `,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_user_groups_delete_grants" BEFORE DELETE ON "user_groups" BEGIN DELETE FROM "doc_grants" WHERE "grantee_type" = 'group' AND "grantee_id" = OLD."id"; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_users_delete_grants" BEFORE DELETE ON "users" BEGIN DELETE FROM "doc_grants" WHERE "grantee_type" = 'user' AND "grantee_id" = OLD."id"; END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_users_delete_grants"`);
    await queryRunner.query(`DROP TRIGGER "TRG_user_groups_delete_grants"`);
    await queryRunner.query(`DROP TABLE "doc_grants"`);
  }
}
