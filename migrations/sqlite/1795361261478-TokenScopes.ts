import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scoped tokens: each token's scopes (existing tokens keep full access, `docs:read docs:write`)
 * and its first 8 characters, which cannot be recovered for tokens made before (left null).
 * SQLite adds a NOT NULL column only with a default, which the scopes must not have (a token is
 * never stored without its scopes chosen), so the table is copied.
 */
export class TokenScopes1795361261478 implements MigrationInterface {
  name = 'TokenScopes1795361261478';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_api_tokens_token_hash"`);
    await queryRunner.query(`DROP INDEX "IDX_api_tokens_user_id"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_api_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "name" varchar(100) NOT NULL, "token_hash" varchar(64) NOT NULL, "created_at" datetime(3) NOT NULL, "last_used_at" datetime(3), "expires_at" datetime(3), "revoked_at" datetime(3), "token_prefix" varchar(8), "scopes" varchar(100) NOT NULL, CONSTRAINT "FK_b74883f5884a42fd8496d389b25" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_api_tokens"("id", "user_id", "name", "token_hash", "created_at", "last_used_at", "expires_at", "revoked_at", "token_prefix", "scopes") SELECT "id", "user_id", "name", "token_hash", "created_at", "last_used_at", "expires_at", "revoked_at", NULL, 'docs:read docs:write' FROM "api_tokens"`,
    );
    await queryRunner.query(`DROP TABLE "api_tokens"`);
    await queryRunner.query(`ALTER TABLE "temporary_api_tokens" RENAME TO "api_tokens"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_api_tokens_token_hash" ON "api_tokens" ("token_hash") `,
    );
    await queryRunner.query(`CREATE INDEX "IDX_api_tokens_user_id" ON "api_tokens" ("user_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_api_tokens_user_id"`);
    await queryRunner.query(`DROP INDEX "IDX_api_tokens_token_hash"`);
    await queryRunner.query(`ALTER TABLE "api_tokens" RENAME TO "temporary_api_tokens"`);
    await queryRunner.query(
      `CREATE TABLE "api_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "name" varchar(100) NOT NULL, "token_hash" varchar(64) NOT NULL, "created_at" datetime(3) NOT NULL, "last_used_at" datetime(3), "expires_at" datetime(3), "revoked_at" datetime(3), CONSTRAINT "FK_b74883f5884a42fd8496d389b25" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "api_tokens"("id", "user_id", "name", "token_hash", "created_at", "last_used_at", "expires_at", "revoked_at") SELECT "id", "user_id", "name", "token_hash", "created_at", "last_used_at", "expires_at", "revoked_at" FROM "temporary_api_tokens"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_api_tokens"`);
    await queryRunner.query(`CREATE INDEX "IDX_api_tokens_user_id" ON "api_tokens" ("user_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_api_tokens_token_hash" ON "api_tokens" ("token_hash") `,
    );
  }
}
