import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `idempotency_keys`: one row per user and `Idempotency-Key` (by the key's SHA-256), kept 24 h;
 * the `expires_at` index lets the sweeper delete expired rows without a table scan.
 */
export class AddIdempotencyKeys1795361520301 implements MigrationInterface {
  name = 'AddIdempotencyKeys1795361520301';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`idempotency_keys\` (\`user_id\` int NOT NULL, \`key_hash\` varchar(64) NOT NULL, \`fingerprint\` varchar(64) NOT NULL, \`resource_id\` varchar(36) NOT NULL, \`attempt\` int NOT NULL, \`lease_until\` datetime(3) NULL, \`response\` text NULL, \`completed_at\` datetime(3) NULL, \`created_at\` datetime(3) NOT NULL, \`expires_at\` datetime(3) NOT NULL, INDEX \`IDX_idempotency_keys_expires_at\` (\`expires_at\`), PRIMARY KEY (\`user_id\`, \`key_hash\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `ALTER TABLE \`idempotency_keys\` ADD CONSTRAINT \`FK_4d2181624ba2d61e76a07175198\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`idempotency_keys\` DROP FOREIGN KEY \`FK_4d2181624ba2d61e76a07175198\``,
    );
    await queryRunner.query(`DROP TABLE \`idempotency_keys\``);
  }
}
