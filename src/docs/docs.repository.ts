import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { Folder } from '../folders/entities/folder.entity';
import { User } from '../users/entities/user.entity';
import { Doc } from './entities/doc.entity';
import { UserDoc } from './entities/user-doc.entity';

/** Which of a user's documents to list: all, or those directly in one folder (`null` = home). */
export type FolderFilter = { folderId: number | null } | undefined;

/** One row per document and user: a document with n users comes back as n rows. */
export interface DocUserRow {
  doc_id: number;
  uuid: string;
  title: string;
  path: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  html?: string;
  user_id: number;
  fname: string;
  lname: string;
  email: string;
  avatar_url: string | null;
}

export interface NewDoc {
  uuid: string;
  ownerId: number;
  folderId: number | null;
  title: string;
  html: string;
  at: Date;
}

@Injectable()
export class DocsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Writes the document and its owner's `user_docs` row. */
  async insert(manager: EntityManager, doc: NewDoc): Promise<void> {
    const result = await manager.insert(Doc, {
      uuid: doc.uuid,
      ownerId: doc.ownerId,
      folderId: doc.folderId,
      title: doc.title,
      html: doc.html,
      createdAt: doc.at,
      updatedAt: doc.at,
    });
    await manager.insert(UserDoc, {
      userId: doc.ownerId,
      docId: Number(result.identifiers[0].id),
      role: 'owner',
      docUpdatedAt: doc.at,
      createdAt: doc.at,
    });
  }

  async countForUser(userId: number, filter: FolderFilter): Promise<number> {
    const query = this.dataSource
      .createQueryBuilder(UserDoc, 'ud')
      .select('COUNT(*)', 'count')
      .where('ud.user_id = :userId', { userId });
    const row = await withFolderFilter(query, filter).getRawOne<{ count: number | string }>();
    return Number(row?.count ?? 0);
  }

  /**
   * One page of the user's documents, most recently updated first, with every user of each
   * document. The page is chosen on the `user_docs` index alone, then joined (deferred join).
   */
  listPageForUser(
    userId: number,
    filter: FolderFilter,
    limit: number,
    offset: number,
  ): Promise<DocUserRow[]> {
    return this.dataSource
      .createQueryBuilder()
      .select(DOC_USER_COLUMNS)
      .from((subQuery) => {
        const page = subQuery
          .select(['ud.doc_id AS page_doc_id', 'ud.doc_updated_at AS page_updated_at'])
          .from(UserDoc, 'ud')
          .where('ud.user_id = :userId', { userId })
          .orderBy('ud.doc_updated_at', 'DESC')
          .addOrderBy('ud.doc_id', 'DESC')
          .limit(limit)
          .offset(offset);
        return withFolderFilter(page, filter);
      }, 'page')
      .innerJoin(Doc, 'd', 'd.id = page.page_doc_id')
      .leftJoin(Folder, 'f', 'f.id = d.folder_id')
      .innerJoin(UserDoc, 'members', 'members.doc_id = d.id')
      .innerJoin(User, 'u', 'u.id = members.user_id')
      .orderBy('page.page_updated_at', 'DESC')
      .addOrderBy('page.page_doc_id', 'DESC')
      .addOrderBy(OWNER_FIRST, 'ASC')
      .addOrderBy('members.created_at', 'ASC')
      .addOrderBy('members.user_id', 'ASC')
      .getRawMany<DocUserRow>();
  }

  /** A document the user can see, with its HTML and every user of it. */
  findDetailForUser(uuid: string, userId: number): Promise<DocUserRow[]> {
    return this.dataSource
      .createQueryBuilder()
      .select([...DOC_USER_COLUMNS, 'd.html AS html'])
      .from(Doc, 'd')
      .innerJoin(UserDoc, 'me', 'me.doc_id = d.id AND me.user_id = :userId', { userId })
      .leftJoin(Folder, 'f', 'f.id = d.folder_id')
      .innerJoin(UserDoc, 'members', 'members.doc_id = d.id')
      .innerJoin(User, 'u', 'u.id = members.user_id')
      .where('d.uuid = :uuid', { uuid })
      .orderBy(OWNER_FIRST, 'ASC')
      .addOrderBy('members.created_at', 'ASC')
      .addOrderBy('members.user_id', 'ASC')
      .getRawMany<DocUserRow>();
  }

  /** Changes an owned document; false when the user owns no document with this UUID. */
  async updateOwned(
    manager: EntityManager,
    uuid: string,
    ownerId: number,
    changes: { title?: string; html?: string },
    at: Date,
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Doc)
      .set({ ...changes, updatedAt: at })
      .where('uuid = :uuid AND owner_id = :ownerId', { uuid, ownerId })
      .execute();
    if (!result.affected) return false;
    await manager
      .createQueryBuilder()
      .update(UserDoc)
      .set({ docUpdatedAt: at })
      .where('doc_id = (SELECT id FROM docs WHERE uuid = :uuid)', { uuid })
      .execute();
    return true;
  }

  /** Deletes an owned document (its `user_docs` rows go with it). */
  async deleteOwned(manager: EntityManager, uuid: string, ownerId: number): Promise<boolean> {
    await manager
      .createQueryBuilder()
      .delete()
      .from(UserDoc)
      .where('doc_id = (SELECT id FROM docs WHERE uuid = :uuid AND owner_id = :ownerId)', {
        uuid,
        ownerId,
      })
      .execute();
    const result = await manager
      .createQueryBuilder()
      .delete()
      .from(Doc)
      .where('uuid = :uuid AND owner_id = :ownerId', { uuid, ownerId })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}

const DOC_USER_COLUMNS = [
  'd.id AS doc_id',
  'd.uuid AS uuid',
  'd.title AS title',
  'f.path AS path',
  'd.created_at AS created_at',
  'd.updated_at AS updated_at',
  'u.id AS user_id',
  'u.fname AS fname',
  'u.lname AS lname',
  'u.email AS email',
  'u.avatar_url AS avatar_url',
];

const OWNER_FIRST = "CASE WHEN members.role = 'owner' THEN 0 ELSE 1 END";

function withFolderFilter<T extends SelectQueryBuilder<object>>(query: T, filter: FolderFilter): T {
  if (filter === undefined) return query;
  const condition =
    filter.folderId === null
      ? 'filter_doc.id = ud.doc_id AND filter_doc.folder_id IS NULL'
      : 'filter_doc.id = ud.doc_id AND filter_doc.folder_id = :folderId';
  return query.innerJoin(Doc, 'filter_doc', condition, { folderId: filter.folderId });
}
