import { Logger } from '@nestjs/common';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { postingsIntoBuckets } from '../frozen/postings-by-bucket-1795870000000';

/** The change of postings the statement passed, as a table of one JSON list (`key`). */
const listed = (key: string, columns: string) =>
  `JSON_TABLE(@docs_pending_postings, '$.${key}[*]' COLUMNS (${columns})) j`;

/**
 * The triggers of PostingsWithTheirDocument, writing the postings by their new key: the bucket
 * of the document (`id DIV 1024`), the term, the document.
 */
const writePending = (byBucket: boolean) => {
  const key = byBucket
    ? 'p.`bucket` = NEW.`id` DIV 1024 AND p.`term_id` = j.`term_id` AND p.`doc_id` = NEW.`id`'
    : 'p.`term_id` = j.`term_id` AND p.`doc_id` = NEW.`id`';
  const columns = byBucket
    ? '`bucket`, `term_id`, `doc_id`, `weight`'
    : '`term_id`, `doc_id`, `weight`';
  const values = byBucket
    ? 'NEW.`id` DIV 1024, j.`term_id`, NEW.`id`, j.`weight`'
    : 'j.`term_id`, NEW.`id`, j.`weight`';
  return `IF @docs_pending_postings IS NOT NULL THEN
IF JSON_LENGTH(@docs_pending_postings, '$.remove') > 0 THEN
DELETE p FROM ${listed('remove', "`term_id` INT PATH '$'")}
STRAIGHT_JOIN \`search_postings\` p FORCE INDEX (PRIMARY) ON ${key};
END IF;
IF JSON_LENGTH(@docs_pending_postings, '$.removeRare') > 0 THEN
DELETE r FROM ${listed('removeRare', "`term_id` INT PATH '$'")}
STRAIGHT_JOIN \`search_rare_postings\` r FORCE INDEX (PRIMARY) ON r.\`term_id\` = j.\`term_id\` AND r.\`doc_id\` = NEW.\`id\`;
END IF;
IF JSON_LENGTH(@docs_pending_postings, '$.set') > 0 THEN
INSERT INTO \`search_postings\` (${columns})
SELECT ${values} FROM ${listed('set', "`term_id` INT PATH '$[0]', `weight` INT PATH '$[1]'")}
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
};

const triggers = (byBucket: boolean) => ({
  TRG_docs_insert_write_postings: `AFTER INSERT ON \`docs\` FOR EACH ROW BEGIN
${writePending(byBucket)}
END`,
  TRG_docs_update_write_postings: `AFTER UPDATE ON \`docs\` FOR EACH ROW BEGIN
${writePending(byBucket)}
END`,
});

/**
 * The posting index keyed by (bucket, term, document), a bucket being 1,024 consecutive
 * document ids, with an index by (document, term, weight) for what reads a document's postings.
 * Keyed by document, a search for a common word looked each of the caller's documents up on a
 * page of its own (a member of 10,000 read about 13,000 pages from disk with MariaDB's default
 * pool); by bucket, a word's documents in a bucket are a few rows side by side, and a new
 * document's postings go to the ranges of the newest bucket, which stay in the pool. Instances
 * of an older version must be stopped first: their writes name no bucket and would fail.
 */
export class PostingsByBucket1795870000000 implements MigrationInterface {
  name = 'PostingsByBucket1795870000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // MySQL commits each DDL statement: a run cut midway is resumed from what it left.
    const logger = new Logger('Migration');
    await postingsIntoBuckets(
      (sql, parameters) => queryRunner.query(sql, parameters),
      'mysql',
      (message) => logger.log(message),
    );
    for (const [name, body] of Object.entries(triggers(true))) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS \`${name}\``);
      await queryRunner.query(`CREATE TRIGGER \`${name}\` ${body}`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `search_postings_by_document` (`doc_id` int NOT NULL, `term_id` int NOT NULL, `weight` int NOT NULL, PRIMARY KEY (`doc_id`, `term_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'INSERT INTO `search_postings_by_document` (`doc_id`, `term_id`, `weight`) SELECT `doc_id`, `term_id`, `weight` FROM `search_postings` ORDER BY `doc_id`, `term_id`',
    );
    await queryRunner.query(
      'RENAME TABLE `search_postings` TO `search_postings_by_bucket`, `search_postings_by_document` TO `search_postings`',
    );
    await queryRunner.query('DROP TABLE `search_postings_by_bucket`');
    for (const [name, body] of Object.entries(triggers(false))) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS \`${name}\``);
      await queryRunner.query(`CREATE TRIGGER \`${name}\` ${body}`);
    }
  }
}
