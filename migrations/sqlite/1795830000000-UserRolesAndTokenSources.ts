import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Version 1.4's users and tokens: each user's role (`member`, or `admin` for the admin routes)
 * and whether they may sign in and use their tokens (`active`); each token's source (`cli`,
 * `api` for one made through `POST /tokens`, `sign-in`). Existing users are active members,
 * existing tokens came from the CLI.
 */
export class UserRolesAndTokenSources1795830000000 implements MigrationInterface {
  name = 'UserRolesAndTokenSources1795830000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "users" ADD COLUMN "role" varchar(16) NOT NULL DEFAULT ('member')`,
    );
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "active" boolean NOT NULL DEFAULT (1)`);
    await queryRunner.query(
      `ALTER TABLE "api_tokens" ADD COLUMN "source" varchar(16) NOT NULL DEFAULT ('cli')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_tokens" DROP COLUMN "source"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "active"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "role"`);
  }
}
