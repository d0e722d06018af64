import { Injectable } from '@nestjs/common';
import { ChangeAnnouncer } from '../../common/change-announcer';
import type { SharingChange } from './doc-events';

/**
 * Sharing announces each change of who has a document (a member added or removed, a group's
 * share, a folder's share) in its transaction, so sharing needs to know none of its listeners.
 */
@Injectable()
export class SharingChanges extends ChangeAnnouncer<SharingChange> {}
