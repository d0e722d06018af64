import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { InvalidInput } from '../../common/errors/domain-errors';
import { toIsoTimestamp } from '../../database/sql-values';
import { FolderPath } from '../../folders/folder-path';
import { GroupsService } from '../../groups/groups.service';
import { UserProfile } from '../../users/user-profile';
import { toUserDetails, toUserProfile } from '../../users/user.mapper';
import { UsersService } from '../../users/users.service';
import { AddFolderShareDto } from './dto/add-folder-share.dto';
import { FolderShareDto, FolderSharesDto } from './dto/folder-share.dto';
import { toFolderShare } from './folder-share.mapper';
import { FolderSharesRepository, Grantee } from '../access/folder-shares.repository';
import { FolderShareNotFound } from './sharing.errors';

/**
 * Sharing a folder of one's own tree with a user or a group: the grantee has the role on every
 * document in it and below it, those there now and those created or moved there later.
 */
@Injectable()
export class FolderSharesService {
  constructor(
    private readonly shares: FolderSharesRepository,
    private readonly users: UsersService,
    private readonly groups: GroupsService,
    private readonly clock: Clock,
  ) {}

  /** The caller's shares: all of them, or those of a folder and the folders above it. */
  async list(caller: UserProfile, path?: string): Promise<FolderSharesDto> {
    const folder = path === undefined ? undefined : FolderPath.parse(path);
    const rows = await this.shares.findAll(caller.id, folder?.enclosingHashes());
    return { shares: rows.map(toFolderShare) };
  }

  /**
   * Shares the folder (`added: true`), or gives the grantee of an existing share of it the new
   * role. Errors in order: the input (400), no such user or group (404), the caller themselves
   * (400).
   */
  async share(
    caller: UserProfile,
    input: AddFolderShareDto,
  ): Promise<{ added: boolean; share: FolderShareDto }> {
    const folder = FolderPath.parse(input.path);
    if (input.email === undefined && input.group_id === undefined) {
      throw new InvalidInput('give email (a user) or group_id (a group) to share the folder with');
    }
    if (input.email !== undefined && input.group_id !== undefined) {
      throw new InvalidInput('give either email (a user) or group_id (a group), not both');
    }
    let grantee: Grantee;
    let shownGrantee: Pick<FolderShareDto, 'user' | 'group'>;
    if (input.email !== undefined) {
      const user = toUserProfile(await this.users.getByEmail(input.email));
      if (user.id === caller.id) {
        throw new InvalidInput('you own this folder: share it with another user or a group');
      }
      grantee = { type: 'user', id: user.id };
      shownGrantee = { user: toUserDetails(user) };
    } else {
      const group = await this.groups.summary(input.group_id!);
      grantee = { type: 'group', id: group.id };
      shownGrantee = { group };
    }
    const at = this.clock.now();
    const path = folder.toString();
    const outcome = await this.shares.share(
      caller.id,
      { path, pathHash: folder.hash(), isHome: folder.isHome },
      grantee,
      input.role,
      at,
    );
    const added = outcome.kind === 'added';
    return {
      added,
      share: {
        id: outcome.id,
        path,
        ...shownGrantee,
        role: input.role,
        created_at: toIsoTimestamp(added ? at : outcome.createdAt),
      },
    };
  }

  /** Removes one of the caller's shares: its grantee loses what it gave at once. */
  async remove(caller: UserProfile, id: number): Promise<void> {
    if (!(await this.shares.remove(caller.id, id))) throw new FolderShareNotFound();
  }
}
