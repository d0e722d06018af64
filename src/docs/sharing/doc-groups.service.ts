import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { toIsoTimestamp } from '../../database/sql-values';
import { GroupsService } from '../../groups/groups.service';
import { UserProfile } from '../../users/user-profile';
import { mayDo } from '../access/doc-access';
import { DocumentNotFound, RoleForbids } from '../documents/docs.errors';
import { DocAccessRepository } from '../access/doc-access.repository';
import { DocGroupsRepository } from '../access/doc-groups.repository';
import { AddDocGroupDto } from './dto/add-doc-group.dto';
import { DocGroupDto } from './dto/doc-group.dto';
import { NotSharedWithGroup } from './sharing.errors';

/** Sharing a document with groups: every member of the group gets the role. */
@Injectable()
export class DocGroupsService {
  constructor(
    private readonly access: DocAccessRepository,
    private readonly docGroups: DocGroupsRepository,
    private readonly groups: GroupsService,
    private readonly clock: Clock,
  ) {}

  /** The groups the document is shared with, by when; for anyone who has the document. */
  async list(caller: UserProfile, uuid: string): Promise<DocGroupDto[]> {
    const access = await this.access.findAccess(uuid, caller.id);
    if (access === null) throw new DocumentNotFound();
    const rows = await this.docGroups.findAll(access.docId);
    return rows.map((row) => ({
      group: { id: Number(row.group_id), name: row.name },
      role: row.role,
      added_at: toIsoTimestamp(row.added_at),
    }));
  }

  /**
   * The owner gives a group a role on the document (`added: true`), or changes the role it
   * has. Errors in the order that tells nothing a caller may not know: no such document for
   * them (404), not the owner (403), no such group (404).
   */
  async share(
    caller: UserProfile,
    uuid: string,
    input: AddDocGroupDto,
  ): Promise<{ added: boolean; docGroup: DocGroupDto }> {
    const access = await this.access.findAccess(uuid, caller.id);
    if (access === null) throw new DocumentNotFound();
    if (!mayDo(access.role, 'manage members')) throw new RoleForbids(access.role, 'manage members');
    const group = await this.groups.summary(input.group_id);
    const at = this.clock.now();
    const outcome = await this.docGroups.share(access.docId, group.id, input.role, at, caller.id);
    if (outcome.kind === 'no document') throw new DocumentNotFound();
    const added = outcome.kind === 'added';
    return {
      added,
      docGroup: {
        group,
        role: input.role,
        added_at: toIsoTimestamp(added ? at : outcome.addedAt),
      },
    };
  }

  /** The owner takes the document back from a group; its members lose what it gave at once. */
  async remove(caller: UserProfile, uuid: string, groupId: number): Promise<void> {
    const access = await this.access.findAccess(uuid, caller.id);
    if (access === null) throw new DocumentNotFound();
    if (!mayDo(access.role, 'manage members')) throw new RoleForbids(access.role, 'manage members');
    if (!(await this.docGroups.remove(access.docId, groupId, caller.id))) {
      throw new NotSharedWithGroup(groupId);
    }
  }
}
