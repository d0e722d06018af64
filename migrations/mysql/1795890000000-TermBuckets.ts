import { Logger } from '@nestjs/common';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { termBucketsFromPostings } from '../frozen/term-buckets-1795890000000';

/** The change of postings the statement passed, as a table of one JSON list (`key`). */
const listed = (key: string, columns: string) =>
  `JSON_TABLE(@docs_pending_postings, '$.${key}[*]' COLUMNS (${columns})) j`;

const POSTING_KEY =
  'p.`bucket` = NEW.`id` DIV 1024 AND p.`term_id` = j.`term_id` AND p.`doc_id` = NEW.`id`';

/** Removes and writes the postings the statement passed; `then` follows, before the variable empties. */
const writePending = (then: string) => `IF @docs_pending_postings IS NOT NULL THEN
IF JSON_LENGTH(@docs_pending_postings, '$.remove') > 0 THEN
DELETE p FROM ${listed('remove', "`term_id` INT PATH '$'")}
STRAIGHT_JOIN \`search_postings\` p FORCE INDEX (PRIMARY) ON ${POSTING_KEY};
END IF;
${then}IF JSON_LENGTH(@docs_pending_postings, '$.set') > 0 THEN
INSERT INTO \`search_postings\` (\`bucket\`, \`term_id\`, \`doc_id\`, \`weight\`)
SELECT NEW.\`id\` DIV 1024, j.\`term_id\`, NEW.\`id\`, j.\`weight\` FROM ${listed('set', "`term_id` INT PATH '$[0]', `weight` INT PATH '$[1]'")}
ON DUPLICATE KEY UPDATE \`weight\` = VALUES(\`weight\`);
END IF;
SET @docs_pending_postings = NULL;
END IF;`;

/** This migration's: the terms new to the document's bucket (`buckets`) are added there. */
const WITH_TERM_BUCKETS = writePending(
  `IF JSON_LENGTH(@docs_pending_postings, '$.buckets') > 0 THEN
INSERT IGNORE INTO \`search_term_buckets\` (\`term_id\`, \`bucket\`)
SELECT j.\`term_id\`, NEW.\`id\` DIV 1024 FROM ${listed('buckets', "`term_id` INT PATH '$'")}
WHERE NOT EXISTS (SELECT 1 FROM \`search_term_buckets\` b
WHERE b.\`term_id\` = j.\`term_id\` AND b.\`bucket\` = NEW.\`id\` DIV 1024);
END IF;
`,
);

/** PostingsByBucket's, which `down` puts back: the postings of rare terms kept by term. */
const WITH_RARE_POSTINGS = `IF @docs_pending_postings IS NOT NULL THEN
IF JSON_LENGTH(@docs_pending_postings, '$.remove') > 0 THEN
DELETE p FROM ${listed('remove', "`term_id` INT PATH '$'")}
STRAIGHT_JOIN \`search_postings\` p FORCE INDEX (PRIMARY) ON ${POSTING_KEY};
END IF;
IF JSON_LENGTH(@docs_pending_postings, '$.removeRare') > 0 THEN
DELETE r FROM ${listed('removeRare', "`term_id` INT PATH '$'")}
STRAIGHT_JOIN \`search_rare_postings\` r FORCE INDEX (PRIMARY) ON r.\`term_id\` = j.\`term_id\` AND r.\`doc_id\` = NEW.\`id\`;
END IF;
IF JSON_LENGTH(@docs_pending_postings, '$.set') > 0 THEN
INSERT INTO \`search_postings\` (\`bucket\`, \`term_id\`, \`doc_id\`, \`weight\`)
SELECT NEW.\`id\` DIV 1024, j.\`term_id\`, NEW.\`id\`, j.\`weight\` FROM ${listed('set', "`term_id` INT PATH '$[0]', `weight` INT PATH '$[1]'")}
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

const triggers = (write: string) => ({
  TRG_docs_insert_write_postings: `AFTER INSERT ON \`docs\` FOR EACH ROW BEGIN
${write}
END`,
  TRG_docs_update_write_postings: `AFTER UPDATE ON \`docs\` FOR EACH ROW BEGIN
${write}
END`,
});

/**
 * A search for a rare word finds its documents through the buckets of the posting index that
 * have the word (`search_term_buckets`, a row per term and bucket), reading the word's range of
 * postings in each, rather than through a second copy of every rare word's postings
 * (`search_rare_postings`, dropped). A write adds a row only for a word new to its document's
 * bucket (about 27 a 5 KB document on a young store, against 220 postings by rare term, and 52
 * of them deleted again as their words turned common). The rows are never removed: a bucket
 * that no longer has the word is read and found empty. Instances of an older version must be
 * stopped first: their writes would fill a table that is gone.
 */
export class TermBuckets1795890000000 implements MigrationInterface {
  name = 'TermBuckets1795890000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // MySQL commits each DDL statement: a run cut midway is resumed from what it left.
    const logger = new Logger('Migration');
    await termBucketsFromPostings(
      (sql, parameters) => queryRunner.query(sql, parameters),
      'mysql',
      (message) => logger.log(message),
    );
    for (const [name, body] of Object.entries(triggers(WITH_TERM_BUCKETS))) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS \`${name}\``);
      await queryRunner.query(`CREATE TRIGGER \`${name}\` ${body}`);
    }
    await queryRunner.query('DROP TABLE IF EXISTS `search_rare_postings`');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `search_rare_postings` (`term_id` int NOT NULL, `doc_id` int NOT NULL, PRIMARY KEY (`term_id`, `doc_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'INSERT INTO `search_rare_postings` (`term_id`, `doc_id`) SELECT p.`term_id`, p.`doc_id` FROM `search_postings` p JOIN `search_terms` t ON t.`id` = p.`term_id` WHERE t.`doc_count` < 256',
    );
    for (const [name, body] of Object.entries(triggers(WITH_RARE_POSTINGS))) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS \`${name}\``);
      await queryRunner.query(`CREATE TRIGGER \`${name}\` ${body}`);
    }
    await queryRunner.query('DROP TABLE `search_term_buckets`');
  }
}
