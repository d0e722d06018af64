import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `idempotency_keys`: one row per user and `Idempotency-Key` (by the key's SHA-256), kept 24 h;
 * the `expires_at` index lets the sweeper delete expired rows without a table scan.
 */
export class AddIdempotencyKeys1795361518069 implements MigrationInterface {
  name = 'AddIdempotencyKeys1795361518069';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_keys" ("user_id" integer NOT NULL, "key_hash" varchar(64) NOT NULL, "fingerprint" varchar(64) NOT NULL, "resource_id" varchar(36) NOT NULL, "attempt" integer NOT NULL, "lease_until" datetime(3), "response" text, "completed_at" datetime(3), "created_at" datetime(3) NOT NULL, "expires_at" datetime(3) NOT NULL, CONSTRAINT "FK_4d2181624ba2d61e76a07175198" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("user_id", "key_hash"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_idempotency_keys_expires_at" ON "idempotency_keys" ("expires_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_idempotency_keys_expires_at"`);
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
