import { Logger } from '@nestjs/common';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { buildPostings } from '../frozen/search-postings-1795740000000';

/**
 * Search that costs per match: a posting index (`search_terms`, and `search_postings` with each
 * term's weight in each document) replaces InnoDB's FULLTEXT index, which scored every match in
 * the whole store. Built here from the terms the documents keep, in batches, with progress in
 * the log.
 *
 * The postings are keyed by document, then term: a document's postings are written together at
 * the end of the index (keyed by term, each create would change a few hundred pages spread over
 * the whole index, which the buffer pool must then hold), and a search looks each of the
 * caller's documents up by (document, term).
 */
export class SearchPostings1795740000000 implements MigrationInterface {
  name = 'SearchPostings1795740000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `search_terms` (`id` int NOT NULL AUTO_INCREMENT, `term` varchar(84) NOT NULL, UNIQUE INDEX `UQ_search_terms_term` (`term`), PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'CREATE TABLE `search_postings` (`doc_id` int NOT NULL, `term_id` int NOT NULL, `weight` int NOT NULL, PRIMARY KEY (`doc_id`, `term_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    const logger = new Logger('Migration');
    await buildPostings(
      (sql, parameters) => queryRunner.query(sql, parameters),
      'mysql',
      (message) => logger.log(message),
    );
    await queryRunner.query('DROP INDEX `FT_docs_search` ON `docs`');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE FULLTEXT INDEX `FT_docs_search` ON `docs` (`search_title`, `search_body`)',
    );
    await queryRunner.query('DROP TABLE `search_postings`');
    await queryRunner.query('DROP TABLE `search_terms`');
  }
}
