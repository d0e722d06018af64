import { MigrationInterface, QueryRunner } from 'typeorm';

/** The first schema, for SQLite: users, API tokens, folders, documents and user_docs. */
export class InitialSchema1795328004418 implements MigrationInterface {
  name = 'InitialSchema1795328004418';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(320) NOT NULL, "fname" varchar(100) NOT NULL, "lname" varchar(100) NOT NULL, "avatar_url" varchar(2048), "created_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_email" ON "users" ("email") `);

    await queryRunner.query(
      `CREATE TABLE "api_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "name" varchar(100) NOT NULL, "token_hash" varchar(64) NOT NULL, "created_at" datetime(3) NOT NULL, "last_used_at" datetime(3), "expires_at" datetime(3), "revoked_at" datetime(3), CONSTRAINT "FK_b74883f5884a42fd8496d389b25" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_api_tokens_user_id" ON "api_tokens" ("user_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_api_tokens_token_hash" ON "api_tokens" ("token_hash") `,
    );

    await queryRunner.query(
      `CREATE TABLE "folders" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "path" text NOT NULL, "path_hash" varchar(64) NOT NULL, "created_at" datetime(3) NOT NULL, CONSTRAINT "FK_71af7633de585b66b4db26734c9" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_folders_user_id_path_hash" ON "folders" ("user_id", "path_hash") `,
    );

    await queryRunner.query(
      `CREATE TABLE "docs" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "uuid" varchar(36) NOT NULL, "owner_id" integer NOT NULL, "folder_id" integer, "title" varchar(255) NOT NULL, "html" text NOT NULL, "created_at" datetime(3) NOT NULL, "updated_at" datetime(3) NOT NULL, CONSTRAINT "FK_d55c88a1ce53cef55b265b9456c" FOREIGN KEY ("owner_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_aea31e79f2bec8b5fe586216117" FOREIGN KEY ("folder_id") REFERENCES "folders" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_docs_uuid" ON "docs" ("uuid") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_docs_owner_id_folder_id" ON "docs" ("owner_id", "folder_id") `,
    );

    await queryRunner.query(
      `CREATE TABLE "user_docs" ("user_id" integer NOT NULL, "doc_id" integer NOT NULL, "role" varchar(16) NOT NULL, "doc_updated_at" datetime(3) NOT NULL, "created_at" datetime(3) NOT NULL, CONSTRAINT "FK_c38b95d0b4fd53145a7f56cfc59" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_2edc064926a61d4a7dedc6c6eb6" FOREIGN KEY ("doc_id") REFERENCES "docs" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("user_id", "doc_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_user_docs_doc_id" ON "user_docs" ("doc_id") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_user_docs_list_order" ON "user_docs" ("user_id", "doc_updated_at", "doc_id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_docs"`);
    await queryRunner.query(`DROP TABLE "docs"`);
    await queryRunner.query(`DROP TABLE "folders"`);
    await queryRunner.query(`DROP TABLE "api_tokens"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
