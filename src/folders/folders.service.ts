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
   * transaction and returns its id; `null` stands for the home folder. Safe when several
   * requests create the same folder at once: the unique index keeps one row.
   */
  async ensure(
    manager: EntityManager,
    userId: number,
    path: FolderPath,
    at: Date,
  ): Promise<number | null> {
    if (path.isHome) return null;
    const lineage = path
      .lineage()
      .map((folder) => ({ path: folder.toString(), pathHash: folder.hash() }));
    await this.folders.insertMissing(manager, userId, lineage, at);
    const id = await this.folders.findId(userId, path.hash(), manager);
    if (id === null) throw new Error(`folder ${path.toString()} missing right after its insert`);
    return id;
  }

  /** The folder's id, `null` for home, `undefined` when the user has no such folder. */
  async find(userId: number, path: FolderPath): Promise<number | null | undefined> {
    if (path.isHome) return null;
    return (await this.folders.findId(userId, path.hash())) ?? undefined;
  }

  async list(user: UserProfile): Promise<FolderDto[]> {
    const rows = await this.folders.listByUser(user.id);
    return rows.map(toFolderDto).sort((a, b) => compareCodePoints(a.path, b.path));
  }
}
