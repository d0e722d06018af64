import { MigrationInterface, QueryRunner } from 'typeorm';

/** The change of postings the statement passed, as a table of one JSON list (`key`). */
const listed = (key: string, columns: string) =>
  `JSON_TABLE(@docs_pending_postings, '$.${key}[*]' COLUMNS (${columns})) j`;

/**
 * Writes the change of the document's postings that the statement passed (see the class), in
 * the order the service's own statements would, and empties the session variable.
 */
const WRITE_PENDING = `IF @docs_pending_postings IS NOT NULL THEN
IF JSON_LENGTH(@docs_pending_postings, '$.remove') > 0 THEN
DELETE p FROM ${listed('remove', "`term_id` INT PATH '$'")}
STRAIGHT_JOIN \`search_postings\` p FORCE INDEX (PRIMARY) ON p.\`term_id\` = j.\`term_id\` AND p.\`doc_id\` = NEW.\`id\`;
END IF;
IF JSON_LENGTH(@docs_pending_postings, '$.removeRare') > 0 THEN
DELETE r FROM ${listed('removeRare', "`term_id` INT PATH '$'")}
STRAIGHT_JOIN \`search_rare_postings\` r FORCE INDEX (PRIMARY) ON r.\`term_id\` = j.\`term_id\` AND r.\`doc_id\` = NEW.\`id\`;
END IF;
IF JSON_LENGTH(@docs_pending_postings, '$.set') > 0 THEN
INSERT INTO \`search_postings\` (\`term_id\`, \`doc_id\`, \`weight\`)
SELECT j.\`term_id\`, NEW.\`id\`, j.\`weight\` FROM ${listed('set', "`term_id` INT PATH '$[0]', `weight` INT PATH '$[1]'")}
ON DUPLICATE KEY UPDATE \`weight\` = VALUES(\`weight\`);
END IF;
IF JSON_LENGTH(@docs_pending_postings, '$.addRare') > 0 THEN
INSERT IGNORE INTO \`search_rare_postings\` (\`term_id\`, \`doc_id\`)
SELECT t.\`id\`, NEW.\`id\` FROM ${listed('addRare', "`term_id` INT PATH '$'")}
STRAIGHT_JOIN \`search_terms\` t FORCE INDEX (PRIMARY) ON t.\`id\` = j.\`term_id\`
WHERE t.\`doc_count\` < 256;
END IF;
SET @docs_pending_postings = NULL;
END IF;`;

const TAKE_PENDING = `SET @docs_pending_postings = NEW.\`pending_postings\`;
SET NEW.\`pending_postings\` = NULL;`;

const TRIGGERS = {
  TRG_docs_insert_take_postings: `BEFORE INSERT ON \`docs\` FOR EACH ROW BEGIN
${TAKE_PENDING}
END`,
  TRG_docs_insert_write_postings: `AFTER INSERT ON \`docs\` FOR EACH ROW BEGIN
${WRITE_PENDING}
END`,
  TRG_docs_update_take_postings: `BEFORE UPDATE ON \`docs\` FOR EACH ROW BEGIN
${TAKE_PENDING}
END`,
  TRG_docs_update_write_postings: `AFTER UPDATE ON \`docs\` FOR EACH ROW BEGIN
${WRITE_PENDING}
END`,
};

/**
 * A document's postings travel with the statement that writes the document: it passes their
 * change in `pending_postings`, as JSON lists of term ids (`set`: `[term id, weight]` pairs;
 * `addRare`, `remove`, `removeRare`: ids; see `SearchPostingsRepository`), and triggers write
 * it. A document created in the home folder is then one autocommitted statement, as it was
 * before the posting index, rather than a transaction of four round trips; an update's
 * postings are one statement (`UPDATE docs SET pending_postings = ?`, which changes no column)
 * rather than four. The column is never stored: the BEFORE trigger takes its value into a
 * session variable and clears it; the AFTER trigger (which knows the new id) writes the
 * change and empties the variable. A statement that passes nothing (an older instance's, any
 * other write of a document) leaves the variable empty and writes nothing. 256 is the limit of
 * `search_terms.doc_count` (RareTermPostings).
 */
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
