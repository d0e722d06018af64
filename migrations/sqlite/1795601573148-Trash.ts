import { MigrationInterface, QueryRunner } from 'typeorm';

/** The trash, for SQLite: the same schema as the MySQL migration of the same name. */
export class Trash1795601573148 implements MigrationInterface {
  name = 'Trash1795601573148';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "trash" ("doc_id" integer PRIMARY KEY NOT NULL, "owner_id" integer NOT NULL, "deleted_at" datetime(3) NOT NULL, CONSTRAINT "FK_9cfb7c8cdfe6480cbbd8e029dea" FOREIGN KEY ("doc_id") REFERENCES "docs" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_trash_deleted_at" ON "trash" ("deleted_at") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_trash_owner_order" ON "trash" ("owner_id", "deleted_at", "doc_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "trashed_doc_members" ("doc_id" integer NOT NULL, "user_id" integer NOT NULL, "role" varchar(16) NOT NULL, "created_at" datetime(3) NOT NULL, CONSTRAINT "FK_32f182f68f322b02f4ac594ad9f" FOREIGN KEY ("doc_id") REFERENCES "docs" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_38e2e2e1b2fd51386a0743cd591" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("doc_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "job_leases" ("name" varchar(64) PRIMARY KEY NOT NULL, "holder" varchar(64), "expires_at" datetime(3) NOT NULL)`,
    );
    // A plain column added in place: copying `docs` to add it would drop its triggers.
    await queryRunner.query(`ALTER TABLE "docs" ADD COLUMN "deleted_at" datetime(3)`);
    await queryRunner.query(`DROP INDEX "IDX_docs_owner_folder_list_order"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_docs_owner_folder_list_order" ON "docs" ("owner_id", "folder_id", "deleted_at", "updated_at", "id") `,
    );
    await queryRunner.query(
      `INSERT INTO "job_leases" ("name", "holder", "expires_at") VALUES ('purge', NULL, '1970-01-01 00:00:00.000')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_docs_owner_folder_list_order"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_docs_owner_folder_list_order" ON "docs" ("owner_id", "folder_id", "updated_at", "id") `,
    );
    await queryRunner.query(`ALTER TABLE "docs" DROP COLUMN "deleted_at"`);
    await queryRunner.query(`DROP TABLE "job_leases"`);
    await queryRunner.query(`DROP TABLE "trashed_doc_members"`);
    await queryRunner.query(`DROP TABLE "trash"`);
  }
}
