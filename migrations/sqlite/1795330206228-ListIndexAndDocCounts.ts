import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The list reads `docs` by owner on covering list-order indexes; `user_docs` no longer mirrors
 * `updated_at`, so an update is one statement. `user_doc_counts` keeps each user's document
 * count in slots, backfilled here (into slot 0) from the documents that exist.
 */
export class ListIndexAndDocCounts1795330206228 implements MigrationInterface {
  name = 'ListIndexAndDocCounts1795330206228';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_docs_owner_id_folder_id"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_docs_owner_folder_list_order" ON "docs" ("owner_id", "folder_id", "updated_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_docs_owner_list_order" ON "docs" ("owner_id", "updated_at", "id") `,
    );

    // SQLite drops a column by copying the table without it.
    await queryRunner.query(`DROP INDEX "IDX_user_docs_list_order"`);
    await queryRunner.query(`DROP INDEX "IDX_user_docs_doc_id"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_user_docs" ("user_id" integer NOT NULL, "doc_id" integer NOT NULL, "role" varchar(16) NOT NULL, "created_at" datetime(3) NOT NULL, CONSTRAINT "FK_2edc064926a61d4a7dedc6c6eb6" FOREIGN KEY ("doc_id") REFERENCES "docs" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_c38b95d0b4fd53145a7f56cfc59" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("user_id", "doc_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_user_docs"("user_id", "doc_id", "role", "created_at") SELECT "user_id", "doc_id", "role", "created_at" FROM "user_docs"`,
    );
    await queryRunner.query(`DROP TABLE "user_docs"`);
    await queryRunner.query(`ALTER TABLE "temporary_user_docs" RENAME TO "user_docs"`);
    await queryRunner.query(`CREATE INDEX "IDX_user_docs_doc_id" ON "user_docs" ("doc_id") `);

    await queryRunner.query(
      `CREATE TABLE "user_doc_counts" ("user_id" integer NOT NULL, "slot" integer NOT NULL, "doc_count" integer NOT NULL, CONSTRAINT "FK_29022d08ed459f07c9b7fdc723d" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("user_id", "slot"))`,
    );
    await queryRunner.query(
      `INSERT INTO "user_doc_counts" ("user_id", "slot", "doc_count") SELECT "owner_id", 0, COUNT(*) FROM "docs" GROUP BY "owner_id"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_doc_counts"`);
    await queryRunner.query(`DROP INDEX "IDX_user_docs_doc_id"`);
    await queryRunner.query(`ALTER TABLE "user_docs" RENAME TO "temporary_user_docs"`);
    await queryRunner.query(
      `CREATE TABLE "user_docs" ("user_id" integer NOT NULL, "doc_id" integer NOT NULL, "role" varchar(16) NOT NULL, "doc_updated_at" datetime(3) NOT NULL, "created_at" datetime(3) NOT NULL, CONSTRAINT "FK_2edc064926a61d4a7dedc6c6eb6" FOREIGN KEY ("doc_id") REFERENCES "docs" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_c38b95d0b4fd53145a7f56cfc59" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("user_id", "doc_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "user_docs"("user_id", "doc_id", "role", "doc_updated_at", "created_at") SELECT ud."user_id", ud."doc_id", ud."role", d."updated_at", ud."created_at" FROM "temporary_user_docs" ud JOIN "docs" d ON d."id" = ud."doc_id"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_user_docs"`);
    await queryRunner.query(`CREATE INDEX "IDX_user_docs_doc_id" ON "user_docs" ("doc_id") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_user_docs_list_order" ON "user_docs" ("user_id", "doc_updated_at", "doc_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_docs_owner_list_order"`);
    await queryRunner.query(`DROP INDEX "IDX_docs_owner_folder_list_order"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_docs_owner_id_folder_id" ON "docs" ("owner_id", "folder_id") `,
    );
  }
}
