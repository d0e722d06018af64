import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { InvalidInput } from '../../common/errors/domain-errors';
import { indexTerms } from '../../common/text/search-terms';
import { VersionCondition } from '../../common/http/entity-tags';
import { TransactionRunner } from '../../database/transaction-runner';
import { FolderPath } from '../../folders/folder-path';
import { FoldersService } from '../../folders/folders.service';
import { IdempotencyService } from '../../idempotency/idempotency.service';
import { requestFingerprint } from '../../idempotency/request-fingerprint';
import { UserProfile } from '../../users/user-profile';
import { toDocDetail, toDocListItems } from './doc.mapper';
import { DocAction, mayDo } from '../access/doc-access';
import { DocAccessRepository } from '../access/doc-access.repository';
import type { ListFilter } from '../access/doc-list';
import { DocListRepository } from '../access/doc-list.repository';
import { DocChanges, DocsRepository } from './docs.repository';
import { DocumentBusy, DocumentNotFound, RoleForbids, VersionMismatch } from './docs.errors';
import { CreateDocDto } from './dto/create-doc.dto';
import { CreatedDocDto } from './dto/created-doc.dto';
import { DocDetailDto, DocListDto } from './dto/doc-list.dto';
import { ListDocsQueryDto } from './dto/list-docs-query.dto';
import { UpdateDocDto } from './dto/update-doc.dto';
import { HtmlSanitizer, StoredHtml } from './html-sanitizer';
import { paginate } from '../../common/pagination';

export interface CreateOptions {
  /** The new document's UUID, when the caller reserved one (idempotent creates). */
  uuid?: string;
  /** More work to commit in the create's transaction, after the document is written. */
  inTransaction?: (manager: EntityManager) => Promise<void>;
}

/** A create's answer, and whether it repeats an earlier create with the same key. */
export interface CreateOutcome {
  doc: CreatedDocDto;
  replayed: boolean;
}

@Injectable()
export class DocsService {
  constructor(
    private readonly docs: DocsRepository,
    private readonly lists: DocListRepository,
    private readonly access: DocAccessRepository,
    private readonly folders: FoldersService,
    private readonly transactions: TransactionRunner,
    private readonly sanitizer: HtmlSanitizer,
    private readonly clock: Clock,
    private readonly idempotency: IdempotencyService,
  ) {}

  /**
   * Creates the document (its owner's membership and count come with the one INSERT) and its
   * search postings, at once (see `DocsRepository.insertAlone`). In a folder, the missing
   * folders are created first, in one transaction with it; so is whatever
   * `options.inTransaction` writes (an idempotency key's completion). New search terms are
   * added before it (see `SearchPostingsRepository`).
   */
  async create(
    user: UserProfile,
    input: CreateDocDto,
    options: CreateOptions = {},
  ): Promise<CreatedDocDto> {
    const path = input.path === undefined ? FolderPath.home : FolderPath.parse(input.path);
    const { html, searchTerms, termCounts } = await this.sanitizer.sanitize(input.html ?? '');
    const doc = {
      uuid: options.uuid ?? randomUUID(),
      ownerId: user.id,
      folderPathHash: path.isHome ? null : path.hash(),
      title: input.title,
      html,
      searchTitle: indexTerms(input.title),
      searchBody: searchTerms,
      bodyCounts: termCounts,
      at: this.clock.now(),
    };
    const { inTransaction } = options;
    await this.docs.addSearchTerms(doc);
    if (path.isHome && inTransaction === undefined) {
      await this.docs.insertAlone(doc);
      return { uuid: doc.uuid };
    }
    await this.transactions.run(async (manager) => {
      if (!path.isHome) await this.folders.ensure(manager, user.id, path, doc.at);
      await this.docs.insert(manager, doc);
      await inTransaction?.(manager);
    });
    return { uuid: doc.uuid };
  }

  /**
   * `create` at most once per `Idempotency-Key` of the user: the document gets the UUID
   * reserved with the key, and the key is completed in the create's transaction. A repeat
   * gets the first answer back. The body is checked before the key is looked at.
   */
  async createOnce(
    user: UserProfile,
    input: CreateDocDto,
    idempotencyKey: string,
  ): Promise<CreateOutcome> {
    const path = input.path === undefined ? FolderPath.home : FolderPath.parse(input.path);
    // What the request means: the title as stored, the HTML as sent, the path normalised.
    const fingerprint = requestFingerprint({
      title: input.title,
      html: input.html ?? '',
      path: path.toString(),
    });
    const { response, replayed } = await this.idempotency.run<CreatedDocDto>(
      { userId: user.id, key: idempotencyKey, fingerprint },
      {
        perform: (uuid, complete) =>
          this.create(user, input, {
            uuid,
            inTransaction: (manager) => complete(manager, { uuid }),
          }),
        findDone: async (uuid) => {
          const exists = await this.transactions.exclusive((manager) =>
            this.docs.existsOwned(manager, uuid, user.id),
          );
          return exists ? { uuid } : null;
        },
      },
    );
    return { doc: response, replayed };
  }

  /** One page and its pagination, from one moment of the list (see `DocListRepository.listPage`). */
  async list(user: UserProfile, query: ListDocsQueryDto): Promise<DocListDto> {
    const filter = listFilter(query);
    const offset = (query.page - 1) * query.per_page;
    const { rows, totalCount } =
      filter === null
        ? { rows: [], totalCount: 0 }
        : await this.lists.listPage(user.id, filter, offset, query.per_page);
    return {
      docs: toDocListItems(rows, user.id),
      pagination: paginate(query.page, query.per_page, totalCount),
    };
  }

  async get(user: UserProfile, uuid: string): Promise<DocDetailDto> {
    const rows = await this.docs.findDetailForUser(uuid, user.id);
    if (rows.length === 0) throw new DocumentNotFound();
    return toDocDetail(rows, user.id);
  }

  /**
   * Changes the document if the caller may (owner or editor; only the owner moves it) and,
   * with `If-Match`, only if it is still the version the caller saw: checked and written in
   * one statement, which also keeps the version it replaces as a revision. Returns the new
   * version.
   */
  async update(
    user: UserProfile,
    uuid: string,
    input: UpdateDocDto,
    condition: VersionCondition,
  ): Promise<number> {
    if (input.title === undefined && input.html === undefined && input.path === undefined) {
      throw new InvalidInput('at least one of title, html or path must be given');
    }
    const path = input.path === undefined ? undefined : FolderPath.parse(input.path);
    return this.write(user, uuid, condition, {
      ...(input.title !== undefined && { title: input.title }),
      ...(input.html !== undefined && { html: await this.sanitizer.sanitize(input.html) }),
      ...(path !== undefined && { path }),
    });
  }

  /**
   * Writes a new version with these changes (HTML sanitised, with its search terms), as
   * `update` does; `restoreHtml` for a revision's. Returns the new version. The title's and the
   * text's search terms are written by the same statement as they are.
   */
  async write(
    user: UserProfile,
    uuid: string,
    condition: VersionCondition,
    changes: { title?: string; html?: StoredHtml; path?: FolderPath },
  ): Promise<number> {
    const versions = matchingVersions(condition);
    const { path, title, html } = changes;
    const content: DocChanges = {
      ...(title !== undefined && { title, searchTitle: indexTerms(title) }),
      ...(html !== undefined && {
        html: html.html,
        searchBody: html.searchTerms,
        bodyCounts: html.termCounts,
      }),
    };
    if (title !== undefined || html !== undefined) {
      await this.docs.addSearchTerms({
        searchTitle: content.searchTitle ?? null,
        bodyCounts: content.bodyCounts ?? null,
      });
    }
    if (path === undefined) {
      return this.writeOrExplain(user, uuid, 'update', condition, () =>
        this.docs.update(uuid, user.id, content, this.clock.now(), versions),
      );
    }
    // A move: the folders are made (in the owner's tree: only the owner may move) in the
    // update's transaction; a refused update leaves none behind.
    const folder = path.isHome ? { home: true as const } : { folderPathHash: path.hash() };
    return this.writeOrExplain(user, uuid, 'move', condition, () =>
      this.transactions
        .run(async (manager) => {
          const at = this.clock.now();
          await this.folders.ensure(manager, user.id, path, at);
          const version = await this.docs.update(
            uuid,
            user.id,
            { ...content, folder },
            at,
            versions,
            manager,
          );
          if (version === null) throw new NothingWritten();
          return version;
        })
        .catch((error: unknown) => {
          if (error instanceof NothingWritten) return null;
          throw error;
        }),
    );
  }

  /** A revision's HTML (sanitised when it was written) as `write` takes it. */
  restoreHtml(html: string): Promise<StoredHtml> {
    return this.sanitizer.withSearchTerms(html);
  }

  /**
   * Moves the document to its owner's trash if the caller owns it (and, with `If-Match`, it is
   * that version): from then on it is 404 for everyone until the owner restores it.
   */
  async remove(user: UserProfile, uuid: string, condition: VersionCondition): Promise<void> {
    const versions = matchingVersions(condition);
    await this.writeOrExplain(user, uuid, 'delete', condition, async () =>
      (await this.docs.moveToTrash(uuid, user.id, this.clock.now(), versions)) ? true : null,
    );
  }

  /**
   * Runs a write whose statement checks who may and which version; when it matched nothing,
   * reads why: not a member (404), a role that may not (403), another version (412). If the
   * document has changed in between so that the write would now match, it is tried again.
   */
  private async writeOrExplain<T>(
    user: UserProfile,
    uuid: string,
    action: DocAction,
    condition: VersionCondition,
    write: () => Promise<T | null>,
  ): Promise<T> {
    const versions = matchingVersions(condition);
    for (let attempt = 1; ; attempt++) {
      // An empty list (only tags that are no version) cannot match: no write to try.
      const result = versions?.length === 0 ? null : await write();
      if (result !== null) return result;
      const access = await this.access.findAccess(uuid, user.id);
      if (access === null) throw new DocumentNotFound();
      if (!mayDo(access.role, action)) throw new RoleForbids(access.role, action);
      if (versions !== undefined && !versions.includes(access.version)) {
        const weakTagsOnly = condition !== undefined && 'weakOnly' in condition;
        throw new VersionMismatch(access.version, weakTagsOnly);
      }
      if (attempt === WRITE_ATTEMPTS) throw new DocumentBusy();
    }
  }
}

/** Rolls back a move's folders when its update matched nothing (`writeOrExplain` says why). */
class NothingWritten extends Error {}

/** How often a write is tried when the document keeps changing under it. */
const WRITE_ATTEMPTS = 3;

/**
 * What the list shows; null when the filters exclude everything. A folder names the caller's
 * own documents there, by the folder path's hash, so the list needs no lookup first.
 */
function listFilter(query: ListDocsQueryDto): ListFilter | null {
  if (query.path === undefined) return { role: query.role };
  const folder = FolderPath.parse(query.path);
  if (query.role !== undefined && query.role !== 'owner') return null;
  return { folder: folder.isHome ? { home: true } : { folderPathHash: folder.hash() } };
}

/** The versions `If-Match` accepts: any (no condition in SQL), or a list (maybe empty). */
function matchingVersions(condition: VersionCondition): number[] | undefined {
  return condition === undefined || 'any' in condition ? undefined : condition.versions;
}
