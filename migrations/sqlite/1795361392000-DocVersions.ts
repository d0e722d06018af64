import { MigrationInterface, QueryRunner } from 'typeorm';

/** Every document gets a version, 1 for those that exist: the strong ETag of safe writes. */
export class DocVersions1795361392000 implements MigrationInterface {
  name = 'DocVersions1795361392000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "docs" ADD COLUMN "version" integer NOT NULL DEFAULT (1)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "docs" DROP COLUMN "version"`);
  }
}
