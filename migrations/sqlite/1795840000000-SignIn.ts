import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Version 1.4's sign-in: the people of identity providers and their users
 * (`sign_in_identities`), sign-ins under way (`pending_sign_ins`) and the codes of the
 * service's own OAuth endpoints (`oauth_codes`), both by the SHA-256 of their secret. Groups
 * say who changes their members (`managed_by`: `service`, or `provider` for those from the
 * groups claim); names are unique within each. The column is added in place: rebuilding
 * `user_groups` would cascade to its members.
 */
export class SignIn1795840000000 implements MigrationInterface {
  name = 'SignIn1795840000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "user_groups" ADD COLUMN "managed_by" varchar(16) NOT NULL DEFAULT ('service')`,
    );
    await queryRunner.query(`DROP INDEX "UQ_user_groups_name_key"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_user_groups_managed_name" ON "user_groups" ("managed_by", "name_key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sign_in_identities" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "issuer" varchar(255) NOT NULL, "subject" varchar(255) NOT NULL, "created_at" datetime(3) NOT NULL, CONSTRAINT "FK_5fa8025717391617e396f2732bf" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_sign_in_identities_user" ON "sign_in_identities" ("user_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_sign_in_identities_person" ON "sign_in_identities" ("issuer", "subject") `,
    );
    await queryRunner.query(
      `CREATE TABLE "pending_sign_ins" ("id_hash" varchar(64) PRIMARY KEY NOT NULL, "client_id" varchar(255) NOT NULL, "redirect_uri" varchar(2048) NOT NULL, "client_state" varchar(1024), "code_challenge" varchar(128) NOT NULL, "scope" varchar(255), "provider_state" varchar(64) NOT NULL, "nonce" varchar(64) NOT NULL, "code_verifier" varchar(128) NOT NULL, "expires_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_pending_sign_ins_expires" ON "pending_sign_ins" ("expires_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "oauth_codes" ("code_hash" varchar(64) PRIMARY KEY NOT NULL, "client_id" varchar(255) NOT NULL, "redirect_uri" varchar(2048) NOT NULL, "code_challenge" varchar(128) NOT NULL, "user_id" integer NOT NULL, "scope" varchar(255) NOT NULL, "expires_at" datetime(3) NOT NULL, "used_at" datetime(3), "token_id" integer)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_oauth_codes_expires" ON "oauth_codes" ("expires_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "oauth_codes"`);
    await queryRunner.query(`DROP TABLE "pending_sign_ins"`);
    await queryRunner.query(`DROP TABLE "sign_in_identities"`);
    await queryRunner.query(`DROP INDEX "UQ_user_groups_managed_name"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_user_groups_name_key" ON "user_groups" ("name_key") `,
    );
    await queryRunner.query(`ALTER TABLE "user_groups" DROP COLUMN "managed_by"`);
  }
}
