import { MigrationInterface, QueryRunner } from 'typeorm';

const CHARSET = 'utf8mb4';
const COLLATION = 'utf8mb4_unicode_ci';

/**
 * The tables of Revisions, Trash and Webhooks were created without a character set, so they took
 * the database's default: on a database an operator made with `latin1` they could not hold CJK
 * text, and on one made with another utf8mb4 collation the revisions' UNION with `docs` mixed
 * collations. `migrations`, TypeORM's own table, is made the same way. Every other table was
 * created as utf8mb4_unicode_ci.
 */
const TABLES = [
  'doc_revisions',
  'trash',
  'trashed_doc_members',
  'job_leases',
  'webhooks',
  'webhook_events',
  'webhook_deliveries',
  'webhook_attempts',
  'migrations',
];

/**
 * Converts those tables to utf8mb4_unicode_ci, each only where the table or one of its columns
 * has another collation (a database the service created needs nothing). `CONVERT TO` changes
 * the stored bytes with the character set: latin1 text (MySQL's latin1 is Windows-1252, € and
 * — included) comes through intact. A table is rebuilt while it converts; on a large
 * `doc_revisions` that takes a while, and writes to it wait.
 */
export class TextInOneCollation1795730000000 implements MigrationInterface {
  name = 'TextInOneCollation1795730000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const rows = (await queryRunner.query(
      `SELECT t.TABLE_NAME AS name FROM information_schema.TABLES t
WHERE t.TABLE_SCHEMA = DATABASE() AND t.TABLE_NAME IN (${TABLES.map(() => '?').join(', ')})
  AND (t.TABLE_COLLATION <> ? OR EXISTS (SELECT 1 FROM information_schema.COLUMNS c
    WHERE c.TABLE_SCHEMA = t.TABLE_SCHEMA AND c.TABLE_NAME = t.TABLE_NAME AND c.COLLATION_NAME <> ?))
ORDER BY t.TABLE_NAME`,
      [...TABLES, COLLATION, COLLATION],
    )) as { name: string }[];
    for (const { name } of rows) {
      await queryRunner.query(
        `ALTER TABLE \`${name}\` CONVERT TO CHARACTER SET ${CHARSET} COLLATE ${COLLATION}`,
      );
    }
  }

  /** Nothing to undo: which collation each table had before is not known, and utf8mb4 loses nothing. */
  public async down(): Promise<void> {}
}
