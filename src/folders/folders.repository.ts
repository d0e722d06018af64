import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Folder } from './entities/folder.entity';

export interface FolderRow {
  path: string;
  created_at: Date | string;
}

@Injectable()
export class FoldersRepository {
  constructor(@InjectRepository(Folder) private readonly folders: Repository<Folder>) {}

  /** Inserts the folders that do not exist yet; existing ones (same user and path) are kept. */
  async insertMissing(
    manager: EntityManager,
    userId: number,
    folders: { path: string; pathHash: string }[],
    createdAt: Date,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(Folder)
      .values(folders.map((folder) => ({ ...folder, userId, createdAt })))
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  listByUser(userId: number): Promise<FolderRow[]> {
    return this.folders
      .createQueryBuilder('f')
      .select(['f.path AS path', 'f.created_at AS created_at'])
      .where('f.user_id = :userId', { userId })
      .getRawMany<FolderRow>();
  }
}
