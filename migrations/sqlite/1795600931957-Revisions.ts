import { MigrationInterface, QueryRunner } from 'typeorm';

/** Revisions, for SQLite: the same schema and trigger as the MySQL migration of the same name. */
export class Revisions1795600931957 implements MigrationInterface {
  name = 'Revisions1795600931957';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "doc_revisions" ("doc_id" integer NOT NULL, "version" integer NOT NULL, "title" varchar(255) NOT NULL, "html" text NOT NULL, "created_at" datetime(3) NOT NULL, "user_id" integer, CONSTRAINT "FK_651a2867b1e9c542e1abd7d1a35" FOREIGN KEY ("doc_id") REFERENCES "docs" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("doc_id", "version"))`,
    );
    // A plain column added in place: copying `docs` to add it would drop its triggers.
    await queryRunner.query(`ALTER TABLE "docs" ADD COLUMN "updated_by" integer`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_docs_keep_revision" AFTER UPDATE OF "version" ON "docs" WHEN NEW."version" <> OLD."version" BEGIN INSERT INTO "doc_revisions" ("doc_id", "version", "title", "html", "created_at", "user_id") VALUES (OLD."id", OLD."version", OLD."title", OLD."html", OLD."updated_at", OLD."updated_by"); END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_docs_keep_revision"`);
    await queryRunner.query(`ALTER TABLE "docs" DROP COLUMN "updated_by"`);
    await queryRunner.query(`DROP TABLE "doc_revisions"`);
  }
}
