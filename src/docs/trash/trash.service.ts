import { Inject, Injectable } from '@nestjs/common';
import { PageQueryDto } from '../../common/dto/page-query.dto';
import { UserProfile } from '../../users/user-profile';
import { DocsService } from '../documents/docs.service';
import { NotInTrash } from './trash.errors';
import { DocDetailDto } from '../documents/dto/doc-list.dto';
import { TrashListDto } from './dto/trash.dto';
import { paginate } from '../../common/pagination';
import { toTrashItem } from './trash.mapper';
import { trashConfig, type TrashConfig } from './trash.config';
import { TrashRepository } from './trash.repository';

/**
 * The caller's trash: the documents they deleted, until the purge job deletes them for good
 * (`TRASH_RETENTION_DAYS` later). Only the owner sees, restores or purges them.
 */
@Injectable()
export class TrashService {
  constructor(
    private readonly trash: TrashRepository,
    private readonly docs: DocsService,
    @Inject(trashConfig.KEY) private readonly config: TrashConfig,
  ) {}

  async list(user: UserProfile, query: PageQueryDto): Promise<TrashListDto> {
    const { rows, totalCount } = await this.trash.page(
      user.id,
      (query.page - 1) * query.per_page,
      query.per_page,
    );
    return {
      docs: rows.map((row) => toTrashItem(row, this.config.retentionDays)),
      pagination: paginate(query.page, query.per_page, totalCount),
    };
  }

  /** Brings the document back as it was: version, versions, members and folder. */
  async restore(user: UserProfile, uuid: string): Promise<DocDetailDto> {
    if (!(await this.trash.restore(uuid, user.id))) throw new NotInTrash();
    return this.docs.get(user, uuid);
  }

  /** Deletes it for good, with its versions and members. */
  async purge(user: UserProfile, uuid: string): Promise<void> {
    if (!(await this.trash.purge(uuid, user.id))) throw new NotInTrash();
  }
}
