import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { InvalidInput } from '../common/errors/domain-errors';
import { TransactionRunner } from '../database/transaction-runner';
import { FolderPath } from '../folders/folder-path';
import { FoldersService } from '../folders/folders.service';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { requestFingerprint } from '../idempotency/request-fingerprint';
import { UserProfile } from '../users/user-profile';
import { toDocDetail, toDocListItems } from './doc.mapper';
import { DocsRepository, FolderFilter } from './docs.repository';
import { DocumentNotFound } from './docs.errors';
import { CreateDocDto } from './dto/create-doc.dto';
import { CreatedDocDto } from './dto/created-doc.dto';
import { DocDetailDto, DocListDto } from './dto/doc-list.dto';
import { ListDocsQueryDto } from './dto/list-docs-query.dto';
import { UpdateDocDto } from './dto/update-doc.dto';
import { HtmlSanitizer } from './html-sanitizer';
import { pageOffset, paginate } from './pagination';

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
    private readonly folders: FoldersService,
    private readonly transactions: TransactionRunner,
    private readonly sanitizer: HtmlSanitizer,
    private readonly clock: Clock,
    private readonly idempotency: IdempotencyService,
  ) {}

  /** Creates the document, its missing folders and its owner link in one transaction. */
  async create(
    user: UserProfile,
    input: CreateDocDto,
    options: CreateOptions = {},
  ): Promise<CreatedDocDto> {
    const path = input.path === undefined ? FolderPath.home : FolderPath.parse(input.path);
    const html = this.sanitizer.sanitize(input.html ?? '');
    const uuid = options.uuid ?? randomUUID();
    await this.transactions.run(async (manager) => {
      const at = this.clock.now();
      await this.folders.ensure(manager, user.id, path, at);
      await this.docs.insert(manager, {
        uuid,
        ownerId: user.id,
        folderPathHash: path.isHome ? null : path.hash(),
        title: input.title,
        html,
        at,
      });
      await options.inTransaction?.(manager);
    });
    return { uuid };
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

  /** Two queries: the count, then (unless the page is past the end) the page. */
  async list(user: UserProfile, query: ListDocsQueryDto): Promise<DocListDto> {
    const filter = folderFilter(query.path);
    const totalCount = await this.docs.countForUser(user.id, filter);
    const offset = pageOffset(query.page, query.per_page, totalCount);
    const rows =
      offset === null
        ? []
        : await this.docs.listPageForUser(user.id, filter, query.per_page, offset, totalCount);
    return {
      docs: toDocListItems(rows),
      pagination: paginate(query.page, query.per_page, totalCount),
    };
  }

  async get(user: UserProfile, uuid: string): Promise<DocDetailDto> {
    const rows = await this.docs.findDetailForUser(uuid, user.id);
    if (rows.length === 0) throw new DocumentNotFound();
    return toDocDetail(rows);
  }

  async update(user: UserProfile, uuid: string, input: UpdateDocDto): Promise<void> {
    if (input.title === undefined && input.html === undefined) {
      throw new InvalidInput('at least one of title or html must be given');
    }
    const changes = {
      ...(input.title !== undefined && { title: input.title }),
      ...(input.html !== undefined && { html: this.sanitizer.sanitize(input.html) }),
    };
    const updated = await this.transactions.exclusive((manager) =>
      this.docs.updateOwned(manager, uuid, user.id, changes, this.clock.now()),
    );
    if (!updated) throw new DocumentNotFound();
  }

  async remove(user: UserProfile, uuid: string): Promise<void> {
    const deleted = await this.transactions.run((manager) =>
      this.docs.deleteOwned(manager, uuid, user.id),
    );
    if (!deleted) throw new DocumentNotFound();
  }
}

/** A folder filter names the folder by its path's hash, so the list needs no lookup first. */
function folderFilter(path: string | undefined): FolderFilter {
  if (path === undefined) return undefined;
  const folder = FolderPath.parse(path);
  return folder.isHome ? { home: true } : { folderPathHash: folder.hash() };
}
