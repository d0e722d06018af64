import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UserProfile } from '../users/user-profile';
import { FolderDto } from './dto/folder.dto';
import { toFolderDto } from './folder.mapper';
import { FolderPath } from './folder-path';
import { FoldersRepository } from './folders.repository';

@Injectable()
export class FoldersService {
  constructor(private readonly folders: FoldersRepository) {}

  /**
   * Makes sure the folder and its parents exist (like `mkdir -p`) inside the caller's
   * transaction, in one statement; nothing to do for the home folder. Safe when several
   * requests create the same folder at once: the unique index keeps one row, and the others'
   * inserts wait for it and skip it. Callers name the folder by its path hash afterwards.
   */
  async ensure(manager: EntityManager, userId: number, path: FolderPath, at: Date): Promise<void> {
    if (path.isHome) return;
    const lineage = path
      .lineage()
      .map((folder) => ({ path: folder.toString(), pathHash: folder.hash() }));
    await this.folders.insertMissing(manager, userId, lineage, at);
  }

  /** One page of the user's folders, sorted by path in code-point order, and their total. */
  async list(
    user: UserProfile,
    page: number,
    perPage: number,
  ): Promise<{ folders: FolderDto[]; totalCount: number }> {
    const { rows, totalCount } = await this.folders.page(user.id, (page - 1) * perPage, perPage);
    return { folders: rows.map(toFolderDto), totalCount };
  }
}
