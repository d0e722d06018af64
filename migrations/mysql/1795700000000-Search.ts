import { MigrationInterface, QueryRunner } from 'typeorm';
import { reindexDocuments } from '../frozen/search-terms-1795700000000';

/**
 * Full-text search: each document keeps the search terms of its title and text
 * (`src/common/text/search-terms.ts`) in `search_title` and `search_body`, written with them;
 * InnoDB `FULLTEXT` indexes both (matching) and the title alone (title matches weigh more).
 * Existing documents get their terms here, before the indexes are built, from the frozen copy
 * of version 1.2's tokenizer (`migrations/frozen/search-terms-1795700000000.ts`), not the live one.
 */
export class Search1795700000000 implements MigrationInterface {
  name = 'Search1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `docs` ADD `search_title` text NULL, ADD `search_body` longtext NULL',
    );
    await reindexDocuments((sql, parameters) => queryRunner.query(sql, parameters));
    await queryRunner.query(
      'CREATE FULLTEXT INDEX `FT_docs_search` ON `docs` (`search_title`, `search_body`)',
    );
    await queryRunner.query(
      'CREATE FULLTEXT INDEX `FT_docs_search_title` ON `docs` (`search_title`)',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `FT_docs_search_title` ON `docs`');
    await queryRunner.query('DROP INDEX `FT_docs_search` ON `docs`');
    await queryRunner.query(
      'ALTER TABLE `docs` DROP COLUMN `search_body`, DROP COLUMN `search_title`',
    );
  }
}
