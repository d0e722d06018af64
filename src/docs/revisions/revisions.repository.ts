import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Sql } from '../../database/sql';
import { StatementList } from '../../database/statement-catalogue';
import { TransactionRunner } from '../../database/transaction-runner';

/** A version of a document and who wrote it (null when unknown or the account is gone). */
export interface RevisionRow {
  version: number | string;
  title: string;
  created_at: Date | string;
  html?: string;
  user_id: number | null;
  fname: string | null;
  lname: string | null;
  email: string | null;
  avatar_url: string | null;
}

/**
 * Every kept version of one document: the current one from `docs`, earlier ones from
 * `doc_revisions` from the oldest kept on. Parameters: doc id, doc id, oldest kept version.
 */
const versions = (withHtml: boolean) => {
  const html = withHtml ? ', html' : '';
  return `SELECT version, title${html}, updated_at AS created_at, updated_by AS user_id FROM docs WHERE id = ?
  UNION ALL
  SELECT version, title${html}, created_at, user_id FROM doc_revisions WHERE doc_id = ? AND version >= ?`;
};

const WRITER_COLUMNS =
  'v.user_id AS user_id, u.fname AS fname, u.lname AS lname, u.email AS email, u.avatar_url AS avatar_url';

/** The statements of revisions, written once (the benchmark's reference server sends them too). */
export const revisionsSql = {
  /** How many earlier versions are kept (the current one is one more). */
  countEarlier: 'SELECT COUNT(*) AS n FROM doc_revisions WHERE doc_id = ? AND version >= ?',
  /**
   * Newest first, each row with how many versions are kept (read by the same statement, so
   * page and total agree). Parameters: `countEarlier`'s, `versions`', then limit and offset.
   */
  page: `SELECT (SELECT COUNT(*) FROM doc_revisions WHERE doc_id = ? AND version >= ?) + 1 AS total_count,
  v.version AS version, v.title AS title, v.created_at AS created_at, ${WRITER_COLUMNS}
FROM (${versions(false)}) v
LEFT JOIN users u ON u.id = v.user_id
ORDER BY v.version DESC LIMIT ? OFFSET ?`,
  /**
   * Documents with versions older than the newest `keep` (parameter: keep twice, then a
   * limit), each with the newest version to delete. For the purge job.
   */
  beyondRetention: `SELECT r.doc_id AS doc_id, d.version - ? AS upto
FROM doc_revisions r JOIN docs d ON d.id = r.doc_id
WHERE r.version <= d.version - ?
GROUP BY r.doc_id, d.version LIMIT ?`,
  pruneOne: 'DELETE FROM doc_revisions WHERE doc_id = ? AND version <= ?',
  /** One version, with its HTML; parameters as `versions`, then the version. */
  one: `SELECT v.version AS version, v.title AS title, v.html AS html, v.created_at AS created_at, ${WRITER_COLUMNS}
FROM (${versions(true)}) v
LEFT JOIN users u ON u.id = v.user_id
WHERE v.version = ?`,
};

/** Every text of revisions (the same on each dialect). */
export const revisionsStatements: StatementList = () => ({ ...revisionsSql });

/** Reads a document's versions. They are written by the database itself (see `DocRevision`). */
@Injectable()
export class RevisionsRepository {
  constructor(
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
  ) {}

  /**
   * Deletes the versions beyond the newest `keep` of up to `limit` documents, in one short
   * transaction; returns how many documents had some.
   */
  prune(keep: number, limit: number): Promise<number> {
    return this.transactions.run(async (manager) => {
      const rows = await this.sql.rows<{ doc_id: number; upto: number | string }>(
        revisionsSql.beyondRetention,
        [keep, keep, limit],
        manager,
      );
      for (const row of rows) {
        await this.sql.run(revisionsSql.pruneOne, [row.doc_id, Number(row.upto)], manager);
      }
      return rows.length;
    });
  }

  /**
   * A page of the kept versions, newest first, and how many are kept: one statement, and a
   * count of its own only for a page past the end.
   */
  async page(
    docId: number,
    oldestKept: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: RevisionRow[]; totalCount: number }> {
    const rows = await this.sql.rows<RevisionRow & { total_count: number | string }>(
      revisionsSql.page,
      [docId, oldestKept, docId, docId, oldestKept, limit, offset],
    );
    if (rows.length > 0) return { rows, totalCount: Number(rows[0].total_count) };
    const [counted] = await this.sql.rows<{ n: number | string }>(revisionsSql.countEarlier, [
      docId,
      oldestKept,
    ]);
    return { rows, totalCount: Number(counted.n) + 1 };
  }

  /** One kept version with its HTML; null when there is none (never written, or not kept). */
  async find(
    docId: number,
    oldestKept: number,
    version: number,
    manager?: EntityManager,
  ): Promise<RevisionRow | null> {
    const [row] = await this.sql.rows<RevisionRow>(
      revisionsSql.one,
      [docId, docId, oldestKept, version],
      manager,
    );
    return row ?? null;
  }
}
