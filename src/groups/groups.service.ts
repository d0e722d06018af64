import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { InvalidInput } from '../common/errors/domain-errors';
import { paginate } from '../common/pagination';
import { isUniqueViolation } from '../database/database-errors';
import { toUserProfile } from '../users/user.mapper';
import { UserProfile } from '../users/user-profile';
import { UsersService } from '../users/users.service';
import { AddGroupMemberDto } from './dto/add-group-member.dto';
import { CreateGroupDto } from './dto/create-group.dto';
import { GroupDto, GroupListDto } from './dto/group.dto';
import { GroupMemberDto, GroupMemberListDto } from './dto/group-member.dto';
import { UpdateGroupDto } from './dto/update-group.dto';
import { toGroupDto, toGroupMemberDto, toGroupMemberDtos } from './group.mapper';
import { GROUP_NAME_MAX } from './dto/new-group.input';
import { groupNameKey } from './group-roles';
import {
  GroupNameTaken,
  GroupNotFound,
  LastManager,
  ManagersOnly,
  NoGroupNamed,
  NotAGroupMember,
  ProviderManagedGroup,
} from './groups.errors';
import { GroupRow, GroupsRepository } from './groups.repository';

/** Groups: named sets of users, changed by their managers, seen by their members. */
@Injectable()
export class GroupsService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {}

  /** Makes a group whose first manager is `creator`. */
  async create(creator: UserProfile, input: CreateGroupDto): Promise<GroupDto> {
    const nameKey = groupNameKey(input.name);
    if ((await this.groups.findIdByNameKey(nameKey)) !== undefined) {
      throw new GroupNameTaken(input.name);
    }
    const at = this.clock.now();
    const description = input.description ?? null;
    let id: number;
    try {
      id = await this.groups.create({ name: input.name, nameKey, description }, creator.id, at);
    } catch (error) {
      // Another request took the name between the check and the insert.
      if (isUniqueViolation(error)) throw new GroupNameTaken(input.name);
      throw error;
    }
    return toGroupDto({
      id,
      name: input.name,
      description,
      created_at: at,
      member_count: 1,
      role: 'manager',
      managed_by: 'service',
    });
  }

  /** The CLI's `groups create`: a group whose first manager is the user with this e-mail. */
  async createWithManager(managerEmail: string, input: CreateGroupDto): Promise<GroupDto> {
    return this.create(toUserProfile(await this.users.getByEmail(managerEmail)), input);
  }

  /**
   * The CLI's `groups add`: adds the user with this e-mail to the group of this name (any
   * letter case), or gives them this role; as an operator, so no manager is asked.
   */
  async addMemberByName(
    groupName: string,
    input: AddGroupMemberDto,
  ): Promise<{ added: boolean; member: GroupMemberDto }> {
    const nameKey = groupNameKey(groupName.trim());
    const groupId = await this.groups.findIdByNameKey(nameKey);
    if (groupId === undefined) {
      if ((await this.groups.findIdByNameKey(nameKey, 'provider')) !== undefined) {
        throw new ProviderManagedGroup(groupName.trim());
      }
      throw new NoGroupNamed(groupName.trim());
    }
    return this.addToGroup(groupId, input, null);
  }

  /**
   * Any group's id and name, for sharing with it: the caller need not be in it, as a document
   * can be shared with a group its owner does not belong to.
   */
  async summary(groupId: number): Promise<{ id: number; name: string }> {
    const group = await this.groups.findSummary(groupId);
    if (group === undefined) throw new GroupNotFound();
    return group;
  }

  /** One page of the caller's groups, by name. */
  async list(caller: UserProfile, page: number, perPage: number): Promise<GroupListDto> {
    const { rows, totalCount } = await this.groups.pageOfUser(
      caller.id,
      (page - 1) * perPage,
      perPage,
    );
    return { groups: rows.map(toGroupDto), pagination: paginate(page, perPage, totalCount) };
  }

  /** The group, for its members. */
  async get(caller: UserProfile, groupId: number): Promise<GroupDto> {
    return toGroupDto(await this.membership(caller, groupId));
  }

  /** A manager renames the group or changes its description. */
  async update(caller: UserProfile, groupId: number, input: UpdateGroupDto): Promise<GroupDto> {
    if (input.name === undefined && input.description === undefined) {
      throw new InvalidInput('at least one of name or description must be given');
    }
    await this.asManager(caller, groupId);
    const nameKey = input.name === undefined ? undefined : groupNameKey(input.name);
    if (nameKey !== undefined) {
      const holder = await this.groups.findIdByNameKey(nameKey);
      if (holder !== undefined && holder !== groupId) throw new GroupNameTaken(input.name!);
    }
    try {
      const found = await this.groups.update(groupId, {
        name: input.name,
        nameKey,
        description: input.description,
      });
      if (!found) throw new GroupNotFound();
    } catch (error) {
      if (isUniqueViolation(error)) throw new GroupNameTaken(input.name!);
      throw error;
    }
    return toGroupDto(await this.membership(caller, groupId));
  }

  /** A manager deletes the group; its members' rows go with it. */
  async delete(caller: UserProfile, groupId: number): Promise<void> {
    await this.asManager(caller, groupId);
    await this.groups.delete(groupId);
  }

  /** One page of the group's members, managers first; for its members. */
  async members(
    caller: UserProfile,
    groupId: number,
    page: number,
    perPage: number,
  ): Promise<GroupMemberListDto> {
    const group = await this.membership(caller, groupId);
    const rows = await this.groups.pageOfMembers(groupId, (page - 1) * perPage, perPage);
    return {
      members: toGroupMemberDtos(rows),
      pagination: paginate(page, perPage, Number(group.member_count)),
    };
  }

  /**
   * A manager adds a user (by e-mail) with a role, or changes the role of one in the group
   * (`added: false`). Errors come in the order that tells a caller nothing they may not know:
   * no such group for them (404), not a manager (403), no such user (404).
   */
  async addMember(
    caller: UserProfile,
    groupId: number,
    input: AddGroupMemberDto,
  ): Promise<{ added: boolean; member: GroupMemberDto }> {
    const group = await this.membership(caller, groupId);
    if (group.managed_by === 'provider') throw new ProviderManagedGroup(group.name);
    if (group.role !== 'manager') throw new ManagersOnly(group.role);
    return this.addToGroup(groupId, input, caller.id);
  }

  /**
   * At a sign-in: the user's provider-managed groups become exactly those the identity
   * provider named (made when first named). Names that no group could have are left out.
   */
  async setProviderGroups(userId: number, names: string[]): Promise<void> {
    const groups = new Map<string, { name: string; nameKey: string }>();
    for (const raw of names) {
      const name = raw.trim();
      if (!isGroupName(name)) continue;
      const nameKey = groupNameKey(name);
      if (!groups.has(nameKey)) groups.set(nameKey, { name, nameKey });
    }
    await this.groups.setProviderGroups(userId, [...groups.values()], this.clock.now());
  }

  /** Adds or changes the member, as done by `actorId` (null: an operator). */
  private async addToGroup(
    groupId: number,
    input: AddGroupMemberDto,
    actorId: number | null,
  ): Promise<{ added: boolean; member: GroupMemberDto }> {
    const user = toUserProfile(await this.users.getByEmail(input.email));
    const at = this.clock.now();
    const outcome = await this.groups.addOrChange(groupId, user.id, input.role, at, actorId);
    if (outcome === 'no group') throw new GroupNotFound();
    if (outcome === 'last manager') throw new LastManager();
    const added = outcome.kind === 'added';
    return { added, member: toGroupMemberDto(user, input.role, added ? at : outcome.addedAt) };
  }

  /** A manager removes anyone; a member removes themselves (leaves). */
  async removeMember(caller: UserProfile, groupId: number, userId: number): Promise<void> {
    const group = await this.membership(caller, groupId);
    if (group.managed_by === 'provider') throw new ProviderManagedGroup(group.name);
    if (userId !== caller.id && group.role !== 'manager') throw new ManagersOnly(group.role);
    const outcome = await this.groups.remove(groupId, userId, caller.id);
    if (outcome === 'no group') throw new GroupNotFound();
    if (outcome === 'last manager') throw new LastManager();
    if (outcome === 'not a member') throw new NotAGroupMember(userId);
  }

  /** The group as the caller sees it: 404 unless they are in it. */
  private async membership(caller: UserProfile, groupId: number): Promise<GroupRow> {
    const group = await this.groups.findForMember(groupId, caller.id);
    if (group === undefined) throw new GroupNotFound();
    return group;
  }

  private async asManager(caller: UserProfile, groupId: number): Promise<GroupRow> {
    const group = await this.membership(caller, groupId);
    if (group.role !== 'manager') throw new ManagersOnly(group.role);
    return group;
  }
}

/** A name a group may have: 1 to 100 characters after trimming, no lone surrogate. */
function isGroupName(name: string): boolean {
  const length = [...name].length;
  return length >= 1 && length <= GROUP_NAME_MAX && !/\p{Cs}/u.test(name);
}
