import { MigrationInterface, QueryRunner } from 'typeorm';

/** Picks a count slot at random (0 to 15); `& 15` also keeps negative random values in range. */
const SLOT = '(random() & 15)';

const bump = (row: 'NEW' | 'OLD', delta: '+ 1' | '- 1') =>
  `INSERT INTO "user_doc_counts" ("user_id", "role", "slot", "doc_count") VALUES (${row}."user_id", ${row}."role", ${SLOT}, ${delta.replace(' ', '')}) ON CONFLICT ("user_id", "role", "slot") DO UPDATE SET "doc_count" = "doc_count" ${delta};`;

/**
 * Documents shared with other users, for SQLite: the same schema and rules as the MySQL
 * migration of the same name (see there). SQLite changes a primary key or adds a NOT NULL
 * column without default by copying the table.
 */
export class Collaborators1795361292561 implements MigrationInterface {
  name = 'Collaborators1795361292561';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_docs_owner_list_order"`);

    await queryRunner.query(`DROP INDEX "IDX_user_docs_doc_id"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_user_docs" ("user_id" integer NOT NULL, "doc_id" integer NOT NULL, "role" varchar(16) NOT NULL, "created_at" datetime(3) NOT NULL, "doc_updated_at" datetime(3) NOT NULL, CONSTRAINT "FK_c38b95d0b4fd53145a7f56cfc59" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_2edc064926a61d4a7dedc6c6eb6" FOREIGN KEY ("doc_id") REFERENCES "docs" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("user_id", "doc_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_user_docs" ("user_id", "doc_id", "role", "created_at", "doc_updated_at") SELECT m."user_id", m."doc_id", CASE WHEN m."user_id" = d."owner_id" THEN 'owner' ELSE m."role" END, m."created_at", d."updated_at" FROM "user_docs" m JOIN "docs" d ON d."id" = m."doc_id"`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_user_docs" ("user_id", "doc_id", "role", "created_at", "doc_updated_at") SELECT d."owner_id", d."id", 'owner', d."created_at", d."updated_at" FROM "docs" d WHERE NOT EXISTS (SELECT 1 FROM "temporary_user_docs" m WHERE m."doc_id" = d."id" AND m."user_id" = d."owner_id")`,
    );
    await queryRunner.query(`DROP TABLE "user_docs"`);
    await queryRunner.query(`ALTER TABLE "temporary_user_docs" RENAME TO "user_docs"`);
    await queryRunner.query(`CREATE INDEX "IDX_user_docs_doc_id" ON "user_docs" ("doc_id") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_user_docs_list_order" ON "user_docs" ("user_id", "doc_updated_at", "doc_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_user_docs_role_list_order" ON "user_docs" ("user_id", "role", "doc_updated_at", "doc_id") `,
    );

    await queryRunner.query(`DROP TABLE "user_doc_counts"`);
    await queryRunner.query(
      `CREATE TABLE "user_doc_counts" ("user_id" integer NOT NULL, "role" varchar(16) NOT NULL, "slot" integer NOT NULL, "doc_count" integer NOT NULL, CONSTRAINT "FK_29022d08ed459f07c9b7fdc723d" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("user_id", "role", "slot"))`,
    );
    await queryRunner.query(
      `INSERT INTO "user_doc_counts" ("user_id", "role", "slot", "doc_count") SELECT "user_id", "role", 0, COUNT(*) FROM "user_docs" GROUP BY "user_id", "role"`,
    );

    await queryRunner.query(
      `CREATE TRIGGER "TRG_docs_insert_owner" AFTER INSERT ON "docs" BEGIN INSERT INTO "user_docs" ("user_id", "doc_id", "role", "created_at", "doc_updated_at") VALUES (NEW."owner_id", NEW."id", 'owner', NEW."created_at", NEW."updated_at"); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_docs_delete_members" BEFORE DELETE ON "docs" BEGIN DELETE FROM "user_docs" WHERE "doc_id" = OLD."id"; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_users_delete_docs" BEFORE DELETE ON "users" BEGIN DELETE FROM "docs" WHERE "owner_id" = OLD."id"; DELETE FROM "user_docs" WHERE "user_id" = OLD."id"; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_user_docs_insert_count" AFTER INSERT ON "user_docs" BEGIN ${bump('NEW', '+ 1')} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_user_docs_delete_count" AFTER DELETE ON "user_docs" BEGIN ${bump('OLD', '- 1')} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_user_docs_role_count" AFTER UPDATE OF "role" ON "user_docs" WHEN NEW."role" <> OLD."role" BEGIN ${bump('OLD', '- 1')} ${bump('NEW', '+ 1')} END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of [
      'TRG_user_docs_role_count',
      'TRG_user_docs_delete_count',
      'TRG_user_docs_insert_count',
      'TRG_users_delete_docs',
      'TRG_docs_delete_members',
      'TRG_docs_insert_owner',
    ]) {
      await queryRunner.query(`DROP TRIGGER "${trigger}"`);
    }
    await queryRunner.query(`DROP TABLE "user_doc_counts"`);
    await queryRunner.query(
      `CREATE TABLE "user_doc_counts" ("user_id" integer NOT NULL, "slot" integer NOT NULL, "doc_count" integer NOT NULL, CONSTRAINT "FK_29022d08ed459f07c9b7fdc723d" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("user_id", "slot"))`,
    );
    await queryRunner.query(
      `INSERT INTO "user_doc_counts" ("user_id", "slot", "doc_count") SELECT "owner_id", 0, COUNT(*) FROM "docs" GROUP BY "owner_id"`,
    );
    await queryRunner.query(`DROP INDEX "IDX_user_docs_role_list_order"`);
    await queryRunner.query(`DROP INDEX "IDX_user_docs_list_order"`);
    await queryRunner.query(`DROP INDEX "IDX_user_docs_doc_id"`);
    await queryRunner.query(`ALTER TABLE "user_docs" RENAME TO "temporary_user_docs"`);
    await queryRunner.query(
      `CREATE TABLE "user_docs" ("user_id" integer NOT NULL, "doc_id" integer NOT NULL, "role" varchar(16) NOT NULL, "created_at" datetime(3) NOT NULL, CONSTRAINT "FK_c38b95d0b4fd53145a7f56cfc59" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_2edc064926a61d4a7dedc6c6eb6" FOREIGN KEY ("doc_id") REFERENCES "docs" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("user_id", "doc_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "user_docs" ("user_id", "doc_id", "role", "created_at") SELECT "user_id", "doc_id", "role", "created_at" FROM "temporary_user_docs" WHERE "role" = 'owner'`,
    );
    await queryRunner.query(`DROP TABLE "temporary_user_docs"`);
    await queryRunner.query(`CREATE INDEX "IDX_user_docs_doc_id" ON "user_docs" ("doc_id") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_docs_owner_list_order" ON "docs" ("owner_id", "updated_at", "id") `,
    );
  }
}
