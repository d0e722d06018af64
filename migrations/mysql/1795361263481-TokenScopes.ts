import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scoped tokens: each token's scopes (existing tokens keep full access, `docs:read docs:write`)
 * and its first 8 characters, which cannot be recovered for tokens made before (left null).
 * The scopes column keeps no default, so a token is never stored without its scopes chosen.
 */
export class TokenScopes1795361263481 implements MigrationInterface {
  name = 'TokenScopes1795361263481';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`api_tokens\` ADD \`token_prefix\` varchar(8) NULL`);
    await queryRunner.query(
      `ALTER TABLE \`api_tokens\` ADD \`scopes\` varchar(100) NOT NULL DEFAULT 'docs:read docs:write'`,
    );
    await queryRunner.query(`ALTER TABLE \`api_tokens\` ALTER COLUMN \`scopes\` DROP DEFAULT`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`api_tokens\` DROP COLUMN \`scopes\``);
    await queryRunner.query(`ALTER TABLE \`api_tokens\` DROP COLUMN \`token_prefix\``);
  }
}
