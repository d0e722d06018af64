import { Inject, Injectable } from '@nestjs/common';
import { VersionCondition } from '../../common/http/entity-tags';
import { PageQueryDto } from '../../common/dto/page-query.dto';
import { UserProfile } from '../../users/user-profile';
import { mayDo } from '../access/doc-access';
import { DocAccessRepository } from '../access/doc-access.repository';
import { DocsService } from '../documents/docs.service';
import { DocumentNotFound, RoleForbids } from '../documents/docs.errors';
import { RevisionNotKept } from './revisions.errors';
import { DocDetailDto } from '../documents/dto/doc-list.dto';
import { RevisionDto, RevisionListDto } from './dto/revision.dto';
import { paginate } from '../../common/pagination';
import { toRevision, toRevisionListItem } from './revision.mapper';
import { revisionsConfig, type RevisionsConfig } from './revisions.config';
import { RevisionsRepository } from './revisions.repository';

/**
 * A document's versions: every member may read them; the owner and editors may restore one,
 * which writes it again as a new version. The newest `REVISIONS_KEEP` are kept (the current
 * one always); older ones are gone from the moment they fall out, whenever they are deleted.
 */
@Injectable()
export class RevisionsService {
  constructor(
    private readonly access: DocAccessRepository,
    private readonly docsService: DocsService,
    private readonly revisions: RevisionsRepository,
    @Inject(revisionsConfig.KEY) private readonly config: RevisionsConfig,
  ) {}

  /** A page of the kept versions, newest first, for any member. */
  async list(user: UserProfile, uuid: string, query: PageQueryDto): Promise<RevisionListDto> {
    const access = await this.access.findAccess(uuid, user.id);
    if (access === null) throw new DocumentNotFound();
    const { rows, totalCount } = await this.revisions.page(
      access.docId,
      this.oldestKept(access.version),
      (query.page - 1) * query.per_page,
      query.per_page,
    );
    return {
      revisions: rows.map(toRevisionListItem),
      pagination: paginate(query.page, query.per_page, totalCount),
    };
  }

  async get(user: UserProfile, uuid: string, version: number): Promise<RevisionDto> {
    const access = await this.access.findAccess(uuid, user.id);
    if (access === null) throw new DocumentNotFound();
    const row = await this.revisions.find(access.docId, this.oldestKept(access.version), version);
    if (row === null) throw new RevisionNotKept(version);
    return toRevision(row);
  }

  /**
   * Writes a kept version's title and HTML as a new version (owner or editor; `If-Match` as for
   * an update). Returns the document as it is then.
   */
  async restore(
    user: UserProfile,
    uuid: string,
    version: number,
    condition: VersionCondition,
  ): Promise<DocDetailDto> {
    const access = await this.access.findAccess(uuid, user.id);
    if (access === null) throw new DocumentNotFound();
    if (!mayDo(access.role, 'update')) throw new RoleForbids(access.role, 'update');
    const revision = await this.revisions.find(
      access.docId,
      this.oldestKept(access.version),
      version,
    );
    if (revision === null) throw new RevisionNotKept(version);
    await this.docsService.write(user, uuid, condition, {
      title: revision.title,
      html: await this.docsService.restoreHtml(revision.html ?? ''),
    });
    return this.docsService.get(user, uuid);
  }

  /** The oldest version kept while `current` is the document's version. */
  private oldestKept(current: number): number {
    return Math.max(1, current - this.config.keep + 1);
  }
}
