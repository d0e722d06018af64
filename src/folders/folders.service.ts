import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UserProfile } from '../users/user-profile';
import { FolderDto } from './dto/folder.dto';
import { toFolderDto } from './folder.mapper';
import { FolderPath } from './folder-path';
import { FoldersRepository } from './folders.repository';

/** Compares strings by Unicode code point (JavaScript's default compares UTF-16 units). */
export function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = left[i].codePointAt(0)! - right[i].codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

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

  async list(user: UserProfile): Promise<FolderDto[]> {
    const rows = await this.folders.listByUser(user.id);
    return rows.map(toFolderDto).sort((a, b) => compareCodePoints(a.path, b.path));
  }
}
