import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A new document's postings come with its INSERT: the statement passes them in
 * `pending_postings` (`[[term id, weight, 1 if the term may be rare], ...]`), and triggers
 * write them, so that a document created in the home folder is one autocommitted statement, as
 * it was before the posting index, rather than a transaction of four round trips. The column is
 * never stored: the BEFORE trigger takes its value into a session variable and clears it, and
 * the AFTER trigger (which knows the new id) writes the postings, keeps those of terms still
 * rare by term as well, and empties the variable. An INSERT without postings (an older
 * instance's, or one that writes them itself) leaves the variable empty and writes nothing.
 * 256 is the limit of `search_terms.doc_count` (RareTermPostings).
 */
const TRIGGERS = {
  TRG_docs_take_postings: `BEFORE INSERT ON \`docs\` FOR EACH ROW BEGIN
SET @docs_pending_postings = NEW.\`pending_postings\`;
SET NEW.\`pending_postings\` = NULL;
END`,
  TRG_docs_write_postings: `AFTER INSERT ON \`docs\` FOR EACH ROW BEGIN
IF @docs_pending_postings IS NOT NULL THEN
INSERT INTO \`search_postings\` (\`term_id\`, \`doc_id\`, \`weight\`)
SELECT j.\`term_id\`, NEW.\`id\`, j.\`weight\`
FROM JSON_TABLE(@docs_pending_postings, '$[*]' COLUMNS (\`term_id\` INT PATH '$[0]', \`weight\` INT PATH '$[1]')) j;
INSERT IGNORE INTO \`search_rare_postings\` (\`term_id\`, \`doc_id\`)
SELECT t.\`id\`, NEW.\`id\`
FROM JSON_TABLE(@docs_pending_postings, '$[*]' COLUMNS (\`term_id\` INT PATH '$[0]', \`maybe_rare\` INT PATH '$[2]')) j
STRAIGHT_JOIN \`search_terms\` t FORCE INDEX (PRIMARY) ON t.\`id\` = j.\`term_id\`
WHERE j.\`maybe_rare\` = 1 AND t.\`doc_count\` < 256;
SET @docs_pending_postings = NULL;
END IF;
END`,
};

export class PostingsWithTheirDocument1795860000000 implements MigrationInterface {
  name = 'PostingsWithTheirDocument1795860000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // MySQL commits each DDL statement: a run cut midway is resumed from what it left.
    if (!(await queryRunner.hasColumn('docs', 'pending_postings'))) {
      await queryRunner.query('ALTER TABLE `docs` ADD `pending_postings` longtext NULL');
    }
    for (const [name, body] of Object.entries(TRIGGERS)) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS \`${name}\``);
      await queryRunner.query(`CREATE TRIGGER \`${name}\` ${body}`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of Object.keys(TRIGGERS)) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS \`${name}\``);
    }
    await queryRunner.query('ALTER TABLE `docs` DROP COLUMN `pending_postings`');
  }
}
