import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search scores a match from the terms themselves (the same figure on both databases and
 * whichever way the matches were found), so the title-only FULLTEXT index that weighed title
 * matches is no longer read; dropping it saves every write its maintenance.
 */
export class SearchTitleIndexDropped1795710000000 implements MigrationInterface {
  name = 'SearchTitleIndexDropped1795710000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `FT_docs_search_title` ON `docs`');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE FULLTEXT INDEX `FT_docs_search_title` ON `docs` (`search_title`)',
    );
  }
}
