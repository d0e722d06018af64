import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The posting index no longer keeps its postings by document: an update or a delete works a
 * document's postings out from its stored terms and finds each by its key. Every posting a
 * write makes then goes to one index instead of two (the index by document was a third of the
 * postings' bytes).
 */
export class PostingsWithoutDocIndex1795880000000 implements MigrationInterface {
  name = 'PostingsWithoutDocIndex1795880000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `IDX_search_postings_doc` ON `search_postings`');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX `IDX_search_postings_doc` ON `search_postings` (`doc_id`, `term_id`, `weight`)',
    );
  }
}
