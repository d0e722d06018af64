import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { InvalidInput } from '../../common/errors/domain-errors';
import { UserProfile } from '../../users/user-profile';
import { toUserProfile } from '../../users/user.mapper';
import { UsersService } from '../../users/users.service';
import { mayDo } from '../access/doc-access';
import { toDocUser, toDocUsers } from './doc-user.mapper';
import { DocUsersRepository } from '../access/doc-users.repository';
import { DocAccessRepository } from '../access/doc-access.repository';
import { DocumentNotFound, RoleForbids } from '../documents/docs.errors';
import { NotAUser } from './sharing.errors';
import { AddDocUserDto } from './dto/add-doc-user.dto';
import { DocUserDto } from './dto/doc-user.dto';

/** Sharing: who else has a document, and in which role. */
@Injectable()
export class DocUsersService {
  constructor(
    private readonly access: DocAccessRepository,
    private readonly docUsers: DocUsersRepository,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {}

  /**
   * Every user of the document, owner first, then by when they were added; for anyone who has
   * the document, through a group or a folder share too.
   */
  async list(caller: UserProfile, uuid: string): Promise<DocUserDto[]> {
    const rows = await this.docUsers.findAll(uuid, caller.id);
    if (rows.length === 0) throw new DocumentNotFound();
    return toDocUsers(rows);
  }

  /**
   * The owner gives a user (by e-mail) a role: adds them (`added: true`) or changes the role
   * they have. Errors come in the order that tells a caller nothing they may not know: no such
   * document for them (404), not the owner (403), no such user (404), the owner themselves (400).
   */
  async share(
    caller: UserProfile,
    uuid: string,
    input: AddDocUserDto,
  ): Promise<{ added: boolean; docUser: DocUserDto }> {
    const access = await this.access.findAccess(uuid, caller.id);
    if (access === null) throw new DocumentNotFound();
    if (!mayDo(access.role, 'manage members')) throw new RoleForbids(access.role, 'manage members');
    const user = toUserProfile(await this.users.getByEmail(input.email));
    if (user.id === caller.id) {
      throw new InvalidInput('you own this document: the owner’s role cannot be changed');
    }
    const at = this.clock.now();
    const outcome = await this.docUsers.share(access.docId, user.id, input.role, at, caller.id);
    if (outcome.kind === 'no document') throw new DocumentNotFound();
    const added = outcome.kind === 'added';
    return { added, docUser: toDocUser(user, input.role, added ? at : outcome.addedAt) };
  }

  /**
   * The owner removes a user, or a user removes themselves (leaves). The owner cannot be
   * removed: the document goes with its owner (delete it instead).
   */
  async remove(caller: UserProfile, uuid: string, userId: number): Promise<void> {
    const access = await this.access.findAccess(uuid, caller.id);
    if (access === null) throw new DocumentNotFound();
    const leaving = userId === caller.id;
    if (leaving && access.role === 'owner') {
      throw new InvalidInput('the owner cannot leave their document; delete it instead');
    }
    if (!leaving && !mayDo(access.role, 'manage members')) {
      throw new RoleForbids(access.role, 'manage members');
    }
    if (!(await this.docUsers.remove(access.docId, userId, caller.id))) throw new NotAUser(userId);
  }
}
