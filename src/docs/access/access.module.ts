import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../../events/events.module';
import { DocAccessRepository } from './doc-access.repository';
import { DocGroupsRepository } from './doc-groups.repository';
import { DocListRepository } from './doc-list.repository';
import { DocUsersRepository } from './doc-users.repository';
import { DocWaysRepository } from './doc-ways.repository';
import { DocGrantCount } from './entities/doc-grant-count.entity';
import { DocGrant } from './entities/doc-grant.entity';
import { FolderShare } from './entities/folder-share.entity';
import { FolderSharesRepository } from './folder-shares.repository';
import { TrashedDocMember } from './entities/trashed-doc-member.entity';
import { UserDocCount } from './entities/user-doc-count.entity';
import { UserDoc } from './entities/user-doc.entity';

const REPOSITORIES = [
  DocAccessRepository,
  DocListRepository,
  DocWaysRepository,
  DocUsersRepository,
  DocGroupsRepository,
  FolderSharesRepository,
];

/**
 * Who may see a document, and what they may do with it: the tables of the ways to a document
 * (its users, kept aside while it is in the trash; the grants of groups and folder shares, and
 * the counts of both), the rules that read them (`grants-sql.ts`, `doc-access.ts`), a user's
 * role on a document, a user's list, the shares that make the ways (a document's users and
 * groups, folder shares), and the writes that keep the ways in step with their document. The
 * other rooms of documents ask it. See `docs/design/access.md`.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      UserDoc,
      UserDocCount,
      DocGrant,
      DocGrantCount,
      FolderShare,
      TrashedDocMember,
    ]),
    EventsModule,
  ],
  providers: REPOSITORIES,
  exports: REPOSITORIES,
})
export class AccessModule {}
