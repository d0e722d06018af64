import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SqlDialect, sqlDialect } from '../../database/raw-sql';
import { Sql } from '../../database/sql';
import { toSqlTimestamp } from '../../database/sql-values';
import { TermCounts } from '../../common/text/search-terms';
import { TransactionRunner } from '../../database/transaction-runner';
import { DocTerms, SearchPostingsRepository } from './search-postings.repository';
import { HtmlSanitizer } from './html-sanitizer';
import { DocAccessRepository } from '../access/doc-access.repository';
import { DocWaysRepository } from '../access/doc-ways.repository';
import type { DocMemberRow, FolderFilter } from '../access/doc-list';
import { bestRole } from '../access/grants-sql';
import { ChangedFields, docsSql, moveToTrashSql } from './docs.statements';

export interface NewDoc {
  uuid: string;
  ownerId: number;
  /** The path hash of the document's folder (which must exist), `null` for home. */
  folderPathHash: string | null;
  title: string;
  html: string;
  /** The title's and the text's search terms (`common/text/search-terms.ts`). */
  searchTitle: string;
  searchBody: string;
  /** How often each of the text's terms occurs. */
  bodyCounts: TermCounts;
  at: Date;
}

/**
 * What an update changes; a field left out keeps its value. The title and the HTML come with
 * their search terms. `folder` moves the document.
 */
export interface DocChanges {
  title?: string;
  /** With `title`: its search terms. */
  searchTitle?: string;
  html?: string;
  /** With `html`: the search terms of its text, and how often each occurs. */
  searchBody?: string;
  bodyCounts?: TermCounts;
  folder?: FolderFilter;
}

/**
 * The document queries. The hot paths are plain SQL, written once, and return plain rows: no
 * entity is hydrated. Database triggers (see the Collaborators migration) write the owner's
 * `user_docs` row with each new document, remove every member row with a deleted document, and
 * keep the per-user counts, in the same statement.
 */
@Injectable()
export class DocsRepository {
  private readonly dialect: SqlDialect;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
    private readonly postings: SearchPostingsRepository,
    private readonly sanitizer: HtmlSanitizer,
    private readonly access: DocAccessRepository,
    private readonly ways: DocWaysRepository,
  ) {
    this.dialect = sqlDialect(dataSource);
  }

  /**
   * Adds the search terms a write brings that the index does not know yet: run before the
   * write's transaction (see `SearchPostingsRepository`).
   */
  addSearchTerms(terms: DocTerms): Promise<void> {
    return this.postings.addTerms(terms);
  }

  /**
   * The document, its owner's `user_docs` row and count (one statement, with its triggers),
   * and its postings, in the transaction of `manager` (of `TransactionRunner.run`). Its terms
   * must have been added (`addSearchTerms`).
   */
  async insert(manager: EntityManager, doc: NewDoc): Promise<void> {
    const maybeRare = await this.insertRow(manager, doc);
    await this.postings.countCommitted(maybeRare, manager);
  }

  /**
   * `insert`, for a document in the home folder with nothing else to write: on MySQL one
   * autocommitted statement, whose triggers write the postings too (a transaction would cost
   * two more round trips); on SQLite, where statements cost no round trip, a transaction.
   */
  async insertAlone(doc: NewDoc): Promise<void> {
    if (this.dialect === 'sqlite') {
      await this.transactions.run((manager) => this.insert(manager, doc));
      return;
    }
    const maybeRare = await this.transactions.exclusive((connection) =>
      this.insertRow(connection, doc),
    );
    await this.postings.countCommitted(maybeRare);
  }

  /**
   * Writes the document and its postings. On MySQL they travel with the INSERT, and the terms
   * that may be rare are returned, to count once it has committed; on SQLite the postings are
   * written (and counted after the commit) by statements of their own.
   */
  private async insertRow(manager: EntityManager, doc: NewDoc): Promise<number[]> {
    const at = toSqlTimestamp(doc.at);
    const values: unknown[] = [
      ...[doc.uuid, doc.ownerId, doc.title, doc.html, doc.searchTitle, doc.searchBody],
      ...[at, at, doc.ownerId],
    ];
    const folder = doc.folderPathHash === null ? [] : [doc.ownerId, doc.folderPathHash];
    if (this.dialect === 'mysql') {
      const { pending, maybeRare } = await this.postings.pendingChange(new Map(), doc, manager);
      const sql =
        doc.folderPathHash === null
          ? docsSql.insertHomeWithPostings
          : docsSql.insertInFolderWithPostings;
      const inserted = await this.sql.run(sql, [...values, pending, ...folder], manager);
      if (inserted.affected !== 1) throw new Error('the document’s folder is missing');
      return maybeRare;
    }
    const sql = doc.folderPathHash === null ? docsSql.insertHome : docsSql.insertInFolder;
    const inserted = await this.sql.run(sql, [...values, ...folder], manager);
    if (inserted.affected !== 1) throw new Error('the document’s folder is missing');
    const weights = await this.postings.weightsOf(doc, manager);
    await this.postings.write(manager, inserted.insertId, new Map(), weights);
    return [];
  }

  /**
   * A document the user has (as a member, or through a grant), with its HTML and every member;
   * each row carries the user's role (`caller_role`). No rows when they do not have it.
   */
  async findDetailForUser(uuid: string, userId: number): Promise<DocMemberRow[]> {
    let rows = await this.rows<DocMemberRow>(docsSql.detail, [userId, uuid]);
    if (rows.length === 0) {
      rows = await this.rows<DocMemberRow>(docsSql.detailThroughGrants, [
        ...[userId, userId, uuid],
        ...[userId, userId],
      ]);
    } else if (rows[0].direct_role === 'viewer') {
      rows[0].grant_rank = await this.access.grantRank(Number(rows[0].doc_id), userId);
      for (const row of rows) row.grant_rank = rows[0].grant_rank;
    }
    for (const row of rows) row.caller_role = bestRole(row.direct_role, row.grant_rank);
    return rows;
  }
  async update(
    uuid: string,
    userId: number,
    changes: DocChanges,
    at: Date,
    versions: number[] = [],
    manager?: EntityManager,
  ): Promise<number | null> {
    const timestamp = toSqlTimestamp(at);
    const fields: ChangedFields = {
      title: changes.title !== undefined,
      html: changes.html !== undefined,
      folder: changes.folder && ('home' in changes.folder ? 'home' : 'path hash'),
    };
    const folder =
      changes.folder && 'folderPathHash' in changes.folder
        ? [userId, changes.folder.folderPathHash]
        : [];
    const values: unknown[] = [
      ...(changes.title === undefined ? [] : [changes.title, changes.searchTitle]),
      ...(changes.html === undefined ? [] : [changes.html, changes.searchBody]),
    ];
    values.push(...folder);
    const termsChange = fields.title || fields.html;
    if (this.dialect === 'mysql') {
      const sql = docsSql.updateMysql(fields, versions.length > 0);
      const write = async (connection: EntityManager) => {
        // A move holds its owner first, as a new folder share does (see `holdOwner`).
        if (changes.folder) await this.sql.rows(docsSql.holdOwner, [userId], connection);
        // The document's row is held from this read on: its postings change as it read them.
        const before = termsChange ? await this.termsBefore(connection, uuid, changes) : null;
        if (termsChange && !before) return null;
        const postings = before
          ? await this.postings.pendingChange(before.postings, before.terms, connection)
          : null;
        const result = await this.sql.run(
          sql,
          [
            ...[userId, userId, userId],
            ...values,
            ...(postings ? [postings.pending] : []),
            ...[timestamp, userId, timestamp, timestamp, uuid],
            ...versionParameter(versions),
          ],
          connection,
        );
        if (result.affected === 0) return null;
        if (postings) await this.postings.countCommitted(postings.maybeRare, connection);
        // Before the grants' INSERT, which would set `LAST_INSERT_ID()` again.
        const version = before ? before.version + 1 : await this.newVersion(connection);
        if (changes.folder) await this.ways.followFolder(connection, uuid, at);
        return version;
      };
      if (manager) return write(manager);
      return termsChange ? this.transactions.run(write) : this.transactions.oneConnection(write);
    }
    const write = async (transaction: EntityManager) => {
      const before = termsChange ? await this.termsBefore(transaction, uuid, changes) : null;
      if (termsChange && !before) return null;
      const [updated] = await this.sql.rows<{ id: number; version: number }>(
        docsSql.updateSqlite(fields, versions.length > 0),
        [...values, timestamp, userId, uuid, userId, userId, userId, ...versionParameter(versions)],
        transaction,
      );
      if (!updated) return null;
      await this.ways.copyUpdatedAt(transaction, updated.id, timestamp);
      if (before) {
        const weights = await this.postings.weightsOf(before.terms, transaction);
        await this.postings.write(transaction, updated.id, before.postings, weights);
      }
      if (changes.folder) await this.ways.followFolder(transaction, uuid, at);
      return Number(updated.version);
    };
    return manager ? write(manager) : this.transactions.run(write);
  }

  /** The version the MySQL update left in the session (`LAST_INSERT_ID()`). */
  private async newVersion(connection: EntityManager): Promise<number> {
    const [row] = await this.sql.rows<{ version: number | string }>(
      docsSql.newVersion,
      [],
      connection,
    );
    return Number(row.version);
  }

  /**
   * Before an update of the title or the text (in its transaction; MySQL holds the row from
   * here): the document's version and postings, and its terms as the update will leave them.
   * The postings are those of its stored terms (the stored text's counted, in the worker pool
   * when long); the update brings the terms of what it changes.
   * Null when no document has this uuid.
   */
  private async termsBefore(
    manager: EntityManager,
    uuid: string,
    changes: DocChanges,
  ): Promise<{ version: number; postings: Map<number, number>; terms: DocTerms } | null> {
    const [doc] = await this.sql.rows<{
      version: number;
      search_title: string | null;
      search_body: string | null;
    }>(docsSql.termsBeforeUpdate(this.dialect), [uuid], manager);
    if (!doc) return null;
    const stored: DocTerms = {
      searchTitle: doc.search_title,
      bodyCounts: await this.sanitizer.countTerms(doc.search_body ?? ''),
    };
    return {
      version: Number(doc.version),
      postings: await this.postings.weightsOfStored(stored, manager),
      terms: {
        searchTitle: changes.searchTitle ?? stored.searchTitle,
        bodyCounts: changes.bodyCounts ?? stored.bodyCounts,
      },
    };
  }

  /**
   * Moves the owner's document (given versions, if it is one of them) to the trash, with its
   * members; false when nothing matched. The document row is locked first: a share waits for
   * it (and then finds the document gone), and on MySQL the members' rows are held too.
   */
  moveToTrash(uuid: string, ownerId: number, at: Date, versions: number[] = []): Promise<boolean> {
    return this.transactions.run(async (manager) => {
      const [doc] = await this.sql.rows<{ id: number }>(
        moveToTrashSql.findToTrash(this.dialect, versions.length > 0),
        [uuid, ownerId, ...versionParameter(versions)],
        manager,
      );
      if (!doc) return false;
      const timestamp = toSqlTimestamp(at);
      await this.sql.run(moveToTrashSql.markTrashed, [timestamp, doc.id], manager);
      await this.sql.run(moveToTrashSql.insertTrash, [doc.id, ownerId, timestamp], manager);
      await this.ways.suspend(manager, doc.id);
      return true;
    });
  }

  /** Whether the user owns a document with this UUID. */
  async existsOwned(manager: EntityManager, uuid: string, ownerId: number): Promise<boolean> {
    const rows = await this.sql.rows(docsSql.existsOwned, [uuid, ownerId], manager);
    return rows.length > 0;
  }

  private rows<T>(sql: string, parameters: unknown[], manager?: EntityManager): Promise<T[]> {
    return this.sql.rows<T>(sql, parameters, manager);
  }
}

/** The parameter of a `versionCondition`, if any: the versions as a JSON array. */
function versionParameter(versions: number[]): unknown[] {
  return versions.length === 0 ? [] : [JSON.stringify(versions)];
}
