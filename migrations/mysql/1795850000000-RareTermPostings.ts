import { MigrationInterface, QueryRunner } from 'typeorm';
import { countTermDocuments } from '../frozen/rare-term-postings-1795850000000';

/**
 * Search that starts from a rare word: each term says in how many documents it has been
 * (`doc_count`, counted up to 256 and no further, never down), and the postings of the terms in
 * fewer than 256 documents are also kept by term (`search_rare_postings`), so that a search for
 * such a word reads its few documents rather than every document of the caller. A common term's
 * row is never written again, so writers do not queue on it; the table by term stays small (its
 * rows are the rare terms'), so a create writes a few pages, not one per term.
 */
export class RareTermPostings1795850000000 implements MigrationInterface {
  name = 'RareTermPostings1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // MySQL commits each DDL statement: a run cut midway is resumed from what it left.
    if (!(await queryRunner.hasColumn('search_terms', 'doc_count'))) {
      await queryRunner.query('ALTER TABLE `search_terms` ADD `doc_count` int NOT NULL DEFAULT 0');
    }
    await queryRunner.query(
      'CREATE TABLE IF NOT EXISTS `search_rare_postings` (`term_id` int NOT NULL, `doc_id` int NOT NULL, PRIMARY KEY (`term_id`, `doc_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await countTermDocuments((sql, parameters) => queryRunner.query(sql, parameters), 'mysql');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `search_rare_postings`');
    await queryRunner.query('ALTER TABLE `search_terms` DROP COLUMN `doc_count`');
  }
}
