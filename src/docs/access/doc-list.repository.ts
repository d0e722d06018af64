import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SqlDialect, sqlDialect } from '../../database/raw-sql';
import { Sql } from '../../database/sql';
import { TransactionRunner } from '../../database/transaction-runner';
import type { Role } from './doc-access';
import { denseScanRows } from './dense-scan';
import type { DocMemberRow, FolderFilter, ListFilter, ListPage } from './doc-list';
import {
  armParameters,
  armsShape,
  docListSql,
  firstRowColumns,
  inListOrder,
  mergedListSql,
  overlapParameters,
  overlapSql,
  PlacedRow,
  TOTAL,
  TOTAL_WITH_ROLE,
} from './doc-list.statements';
import { ROLE_RANKS, roleOfRank } from './grants-sql';
import {
  armSources,
  countFromSources,
  FolderSharePaths,
  GrantSource,
  jsonRead,
  mergedListPlan,
  samePlan,
  sourcesDigest,
  sourcesFromText,
  sourcesFromRows,
  sourcesWithPaths,
} from './merged-list-plan';
import { PageWindow, pageWindow } from './page-window';
import { GrantListMemo, UsersReachedByGrants } from './users-reached-by-grants';

/** A row of `mergedListSql.densePage`. */
type DenseRow = DocMemberRow & { complete: number | string };

/**
 * Whether a page read from every grant in list order is the window's: it holds as many
 * documents as the window has of the list, and every row sorts before the first grant not read.
 */
function isWholeDensePage(rows: DenseRow[], window: PageWindow, totalCount: number): boolean {
  const docs = new Set(rows.map((row) => row.doc_id)).size;
  const expected = Math.min(window.limit, totalCount - window.offset);
  return docs >= expected && rows.every((row) => Number(row.complete) === 1);
}

/** Ends a list read by membership alone: grants reach the user, so the merged list is read. */
class GrantsReachUser extends Error {}

/**
 * What a process may hold of the lists of users with grants (about 9,000 users of a few
 * sources, 5,500 of 50 groups) and of the folder shares' paths they read: hints, per process.
 */
const USERS_REACHED_BY_GRANTS_BYTES = 4 * 1024 * 1024;
const FOLDER_SHARE_PATHS_BYTES = 2 * 1024 * 1024;

/**
 * A user's documents, one page with every member of each and the exact total: by membership
 * (`user_docs`) or one folder while no grant reaches the user, else merged from their
 * `user_docs` and every source of their grants (see `docs/design/access.md`). Plain SQL
 * (`doc-list.statements.ts`), plain rows.
 */
@Injectable()
export class DocListRepository {
  private readonly dialect: SqlDialect;

  private readonly usersReachedByGrants = new UsersReachedByGrants(USERS_REACHED_BY_GRANTS_BYTES);

  private readonly folderSharePaths = new FolderSharePaths(FOLDER_SHARE_PATHS_BYTES);

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sql: Sql,
    private readonly transactions: TransactionRunner,
  ) {
    this.dialect = sqlDialect(dataSource);
  }

  /**
   * One page of the list (`limit` documents from `offset`, with every member of each), and the
   * total it is a page of, as of one moment, while documents are shared, unshared and deleted.
   *
   * The page statement counts the total too, and one statement reads one snapshot (InnoDB and
   * SQLite alike). The first page needs nothing else. A later page is counted first, to read
   * it from the nearer end of the index; when the page statement then finds another total,
   * the list changed in between and that window is stale, so count and page are read again in
   * one consistent snapshot (a read-only transaction).
   */
  async listPage(
    userId: number,
    filter: ListFilter,
    offset: number,
    limit: number,
  ): Promise<ListPage> {
    // Grants never make an owner, and a folder filter lists the caller's own documents.
    const grantsMayReach = filter.folder === undefined && filter.role !== 'owner';
    if (grantsMayReach && this.usersReachedByGrants.get(userId) !== undefined) {
      return this.mergedListPage(userId, filter.role, offset, limit);
    }
    try {
      return await this.membershipListPage(userId, filter, offset, limit);
    } catch (error) {
      // Only a list by membership (no folder) throws it.
      if (!(error instanceof GrantsReachUser) || filter.folder !== undefined) throw error;
      return this.mergedListPage(userId, filter.role, offset, limit);
    }
  }

  /**
   * The list from `user_docs` (or one folder) alone, as long as no grant reaches the user: the
   * statements that count or read it also ask whether one does (and an empty first page asks
   * on its own), and throw `GrantsReachUser` if so.
   */
  private async membershipListPage(
    userId: number,
    filter: ListFilter,
    offset: number,
    limit: number,
  ): Promise<ListPage> {
    // Grants never make an owner, and a folder filter lists the caller's own documents.
    const grantsMayReach = filter.folder === undefined && filter.role !== 'owner';
    const counted = offset === 0 ? undefined : await this.count(userId, filter);
    // Counting asked whether grants reach the user (and threw if they do).
    if (counted !== undefined && offset >= counted) return { rows: [], totalCount: counted };
    const window: PageWindow =
      counted === undefined
        ? { from: 'newest-first', offset, limit }
        : pageWindow(offset, limit, counted);
    const rows = await this.page(userId, filter, window);
    if (rows.length === 0) {
      // Nothing on the first page: the list was empty. Nothing on a later one: it shrank.
      if (offset === 0) {
        if (grantsMayReach && (await this.grantsReach(userId))) throw new GrantsReachUser();
        return { rows, totalCount: 0 };
      }
    } else if (window.from === 'newest-first' || Number(rows[0].total_count) === counted) {
      // Read from the newest end, the rows are the page whatever the total.
      return { rows, totalCount: Number(rows[0].total_count) };
    }
    return this.transactions.snapshot(async (manager) => {
      const totalCount = await this.count(userId, filter, manager);
      if (offset >= totalCount) return { rows: [], totalCount };
      const stable = pageWindow(offset, limit, totalCount);
      return { rows: await this.page(userId, filter, stable, manager), totalCount };
    });
  }

  /** Whether grants reach the user (a group of theirs, or they, has one). */
  private async grantsReach(userId: number): Promise<boolean> {
    const [row] = await this.rows<{ has_grants: number | string }>(docListSql.grantsCheck, [
      userId,
      userId,
    ]);
    return Number(row.has_grants) === 1;
  }

  /**
   * A page of the list of a user with grants, and its total, as of one moment: each row with
   * the caller's best role. In one statement when the process remembers the user's list (see
   * `oneStatementMergedPage`), else read in one snapshot (`snapshotMergedPage`).
   */
  private async mergedListPage(
    userId: number,
    role: Role | undefined,
    offset: number,
    limit: number,
  ): Promise<ListPage> {
    const remembered = this.usersReachedByGrants.get(userId);
    if (role === undefined && remembered !== undefined) {
      const page = await this.oneStatementMergedPage(userId, remembered, offset, limit);
      if (page !== undefined) return page;
    }
    return this.snapshotMergedPage(userId, role, offset, limit);
  }

  /**
   * A page without a role filter in one statement, where a snapshot takes a statement for the
   * sources and, on MySQL, three to begin and end it: the page's statement as the remembered
   * plan has it, with the user's sources, totals and overlap beside the page
   * (`firstRowColumns`). It is the page when the sources it read give the same plan (so the
   * statement was the right one), their total puts the window where the remembered one did (a
   * later page read from the oldest end), and, read from every grant, the grants read were
   * enough. Otherwise undefined: the snapshot reads it.
   */
  private async oneStatementMergedPage(
    userId: number,
    remembered: GrantListMemo,
    offset: number,
    limit: number,
  ): Promise<ListPage | undefined> {
    const { plan, totalCount: rememberedTotal } = remembered;
    let window: PageWindow;
    if (offset === 0) window = { from: 'newest-first', offset, limit };
    else if (rememberedTotal !== undefined && offset < rememberedTotal) {
      window = pageWindow(offset, limit, rememberedTotal);
    } else return undefined;
    const depth = window.offset + window.limit;
    const overlap = plan.overlap;
    const extraColumns = firstRowColumns(this.dialect, overlap !== undefined);
    const extraParameters = [
      ...[userId, userId, userId, userId],
      ...(overlap ? overlapParameters(userId, overlap) : []),
    ];
    const scanTries = denseScanRows(plan.ways, depth);
    const denseTry = Math.min(remembered.denseTry ?? 0, Math.max(scanTries.length - 1, 0));
    const scanRows = scanTries[denseTry];
    const [sql, parameters] =
      plan.arms === undefined
        ? [
            mergedListSql.densePage(window.from, this.dialect, extraColumns),
            [
              ...[userId, depth],
              ...[scanRows, userId, userId],
              ...[window.limit, window.offset],
              scanRows,
            ],
          ]
        : [
            mergedListSql.page(
              armsShape(plan.arms.length, true),
              window.from,
              false,
              this.dialect,
              extraColumns,
            ),
            [
              ...armParameters(userId, armsShape(plan.arms.length, true), plan.arms, depth),
              ...[window.limit, window.offset],
            ],
          ];
    const rows = await this.rows<DenseRow & PlacedRow & { sources?: unknown; overlap?: unknown }>(
      sql,
      [...extraParameters, ...parameters],
    );
    // No rows: the list is empty, or shorter than the remembered total; the snapshot says.
    const first = rows.find((row) => row.sources !== null && row.sources !== undefined);
    if (first === undefined) return undefined;
    const text = typeof first.sources === 'string' ? first.sources : JSON.stringify(first.sources);
    const counted = this.countedFromText(userId, remembered, text);
    if (counted === undefined) return undefined;
    let totalCount = counted.total;
    if (overlap !== undefined) {
      const [docs, ways] = jsonRead(first.overlap) as [number | string, number | string];
      totalCount -= Number(ways) - Number(docs);
    }
    if (window.from === 'oldest-first' && totalCount !== rememberedTotal) return undefined;
    const whole = plan.arms !== undefined || isWholeDensePage(rows, window, totalCount);
    // Not whole: the next page starts from the next try (the snapshot reads this one from it).
    const nextTry = whole ? denseTry : denseTry + 1;
    this.usersReachedByGrants.remember(userId, { plan, totalCount, counted, denseTry: nextTry });
    if (!whole) return undefined;
    rows.sort(inListOrder(window.from));
    for (const row of rows) row.caller_role = roleOfRank(row.caller_rank);
    return { rows, totalCount };
  }

  /**
   * The total counted from the sources a page read in one statement found (as text, see
   * `firstRowColumns`), before the overlap, with their digest; undefined when they do not give
   * the remembered plan. The same text as last time gives what it gave then.
   */
  private countedFromText(
    userId: number,
    { plan, counted }: GrantListMemo,
    text: string,
  ): GrantListMemo['counted'] {
    const digest = sourcesDigest(text);
    if (counted?.sourcesDigest === digest) return counted;
    const read = sourcesFromText(text);
    const reaching = read && sourcesWithPaths(read, this.folderSharePaths);
    if (reaching === undefined || reaching.length === 0) return undefined;
    const fromSources = countFromSources(userId, reaching);
    if (!samePlan(mergedListPlan(userId, reaching, fromSources), plan)) return undefined;
    return { sourcesDigest: digest, total: fromSources.total };
  }

  /**
   * A page of the list of a user with grants, and its total, read in one snapshot: the merged
   * arms of `mergedListSql`, each row with the caller's best role.
   */
  private snapshotMergedPage(
    userId: number,
    role: Role | undefined,
    offset: number,
    limit: number,
  ): Promise<ListPage> {
    const withRole = role !== undefined;
    const roleParameter = withRole ? [ROLE_RANKS[role]] : [];
    return this.transactions.snapshot(async (manager) => {
      const reaching = sourcesFromRows(
        await this.rows<GrantSource>(
          mergedListSql.sources,
          [userId, userId, userId, userId],
          manager,
        ),
      );
      const sources = armSources(userId, reaching);
      let totalCount: number;
      if (withRole) {
        const [count] = await this.rows<{ n: number | string }>(
          mergedListSql.count(withRole, this.dialect),
          [...armParameters(userId, 'joined', sources), ...roleParameter],
          manager,
        );
        totalCount = Number(count.n);
      } else {
        totalCount = await this.countThroughGrants(userId, reaching, manager);
      }
      const firstTry = this.usersReachedByGrants.get(userId)?.denseTry ?? 0;
      const plan = reaching.length === 0 ? undefined : mergedListPlan(userId, reaching);
      const memo = (denseTry: number): GrantListMemo => ({
        plan: plan!,
        totalCount: withRole ? undefined : totalCount,
        denseTry,
      });
      if (reaching.length === 0) this.usersReachedByGrants.delete(userId);
      else {
        this.folderSharePaths.remember(reaching);
        this.usersReachedByGrants.remember(userId, memo(firstTry));
      }
      if (offset >= totalCount) return { rows: [], totalCount };
      const window = pageWindow(offset, limit, totalCount);
      const depth = window.offset + window.limit;
      const scanTries = withRole ? [] : denseScanRows(sources.length + 1, depth);
      const from = Math.max(0, Math.min(firstTry, scanTries.length - 1));
      for (let denseTry = from; denseTry < scanTries.length; denseTry++) {
        const scanRows = scanTries[denseTry];
        const rows = await this.rows<DenseRow>(
          mergedListSql.densePage(window.from, this.dialect),
          [
            ...[userId, depth],
            ...[scanRows, userId, userId],
            ...[window.limit, window.offset],
            scanRows,
          ],
          manager,
        );
        if (isWholeDensePage(rows, window, totalCount)) {
          if (plan) this.usersReachedByGrants.remember(userId, memo(denseTry));
          for (const row of rows) row.caller_role = roleOfRank(row.caller_rank);
          return { rows, totalCount };
        }
      }
      if (plan && scanTries.length > 0) {
        this.usersReachedByGrants.remember(userId, memo(scanTries.length));
      }
      const shape = armsShape(sources.length, !withRole);
      const rows = await this.rows<DocMemberRow>(
        mergedListSql.page(shape, window.from, withRole, this.dialect),
        [
          ...armParameters(userId, shape, sources, depth),
          ...roleParameter,
          ...[window.limit, window.offset],
        ],
        manager,
      );
      for (const row of rows) row.caller_role = roleOfRank(row.caller_rank);
      return { rows, totalCount };
    });
  }

  /**
   * How many documents a user whom grants reach has (see `countFromSources`), counting the
   * overlap when there is one.
   */
  private async countThroughGrants(
    userId: number,
    sources: GrantSource[],
    manager: EntityManager,
  ): Promise<number> {
    if (sources.length === 0) {
      const [members] = await this.rows<{ n: number | string }>(
        docListSql.totalsByOwnership,
        [userId],
        manager,
      );
      return Number(members.n);
    }
    const { total, overlap } = countFromSources(userId, sources);
    if (overlap === undefined) return total;
    const [row] = await this.rows<{ docs: number | string; ways: number | string }>(
      overlapSql(this.dialect),
      overlapParameters(userId, overlap),
      manager,
    );
    return total - (Number(row.ways) - Number(row.docs));
  }

  /**
   * How many documents the list shows. By membership: the sum of the user's count slots (a few
   * rows per role). One folder: counted on the folder list-order index.
   */
  private async count(
    userId: number,
    filter: ListFilter,
    manager?: EntityManager,
  ): Promise<number> {
    if (filter.folder !== undefined) {
      const [row] = await this.rows<{ n: number | string }>(
        docListSql.folderTotal(filter.folder),
        [userId, ...folderParameters(filter.folder, userId)],
        manager,
      );
      return Number(row?.n ?? 0);
    }
    if (filter.role === 'owner') {
      const [row] = await this.rows<{ n: number | string }>(
        docListSql.totalWithRole,
        [userId, filter.role],
        manager,
      );
      return Number(row?.n ?? 0);
    }
    const [row] = await this.rows<{ n: number | string; has_grants: number | string }>(
      docListSql.countWithGrantsCheck(filter.role === undefined ? TOTAL : TOTAL_WITH_ROLE),
      [userId, ...(filter.role === undefined ? [] : [filter.role]), userId, userId],
      manager,
    );
    if (Number(row.has_grants) === 1) throw new GrantsReachUser();
    return Number(row.n);
  }

  /** The rows of one window of the list, each with the list's total (see `pageSql`). */
  private async page(
    userId: number,
    filter: ListFilter,
    { from, offset, limit }: PageWindow,
    manager?: EntityManager,
  ): Promise<DocMemberRow[]> {
    if (filter.folder !== undefined) {
      const folder = [userId, ...folderParameters(filter.folder, userId)];
      return this.rows<DocMemberRow>(
        docListSql.folderPage(filter.folder, from),
        [...folder, ...folder, limit, offset],
        manager,
      );
    }
    const rows =
      filter.role === undefined
        ? await this.rows<DocMemberRow & { has_grants: number | string }>(
            docListSql.page(from),
            [userId, userId, userId, userId, limit, offset],
            manager,
          )
        : await this.rows<DocMemberRow & { has_grants: number | string }>(
            docListSql.pageWithRole(from),
            [userId, filter.role, userId, userId, userId, filter.role, limit, offset],
            manager,
          );
    if (filter.role !== 'owner' && rows.length > 0 && Number(rows[0].has_grants) === 1) {
      throw new GrantsReachUser();
    }
    return rows;
  }

  private rows<T>(sql: string, parameters: unknown[], manager?: EntityManager): Promise<T[]> {
    return this.sql.rows<T>(sql, parameters, manager);
  }
}

/** The parameters of a folder condition. */
function folderParameters(filter: FolderFilter, userId: number): unknown[] {
  return 'home' in filter ? [] : [userId, filter.folderPathHash];
}
