import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../../database/column-types';

/**
 * One event, written in the transaction of the change it reports (by a trigger for the
 * document's own events, by the sharing or group transaction for the others), and only when
 * some webhook wants it. It holds what the payload says (no html), so a delivery later sends
 * the document, group or folder as it was then. Deleted once no delivery needs it.
 */
@Entity({ name: 'webhook_events' })
export class WebhookEvent {
  @PrimaryGeneratedColumn()
  id: number;

  /** `evt_` and 32 hex digits: the payload's `id` and the `Webhook-Id` header. */
  @Index('IDX_webhook_events_uuid', { unique: true })
  @Column({ type: 'varchar', length: 36 })
  uuid: string;

  @Column({ type: 'varchar', length: 32 })
  type: string;

  /**
   * The document, on a document's events (none on a group's or a folder's). No foreign key:
   * the event of a purge outlives its document.
   */
  @Column({ name: 'doc_id', type: 'int', nullable: true })
  docId: number | null;

  @Column({ name: 'doc_uuid', type: 'varchar', length: 36, nullable: true })
  docUuid: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  title: string | null;

  @Column({ type: 'int', nullable: true })
  version: number | null;

  @Column(timestampColumn('doc_updated_at', true))
  docUpdatedAt: Date | null;

  /** Who made the change; none when an operator made it with the CLI. */
  @Column({ name: 'actor_id', type: 'int', nullable: true })
  actorId: number | null;

  /** On member events: the member added or removed, and the role given or held. */
  @Column({ name: 'member_user_id', type: 'int', nullable: true })
  memberUserId: number | null;

  @Column({ name: 'member_role', type: 'varchar', length: 16, nullable: true })
  memberRole: string | null;

  @Column(timestampColumn('created_at'))
  createdAt: Date;

  /** On a group's events and a group's shares: the group, and the role a share gives it. */
  @Column({ name: 'group_id', type: 'int', nullable: true })
  groupId: number | null;

  @Column({ name: 'group_name', type: 'varchar', length: 100, nullable: true })
  groupName: string | null;

  @Column({ name: 'group_role', type: 'varchar', length: 16, nullable: true })
  groupRole: string | null;

  /** On a folder's events: the share, whose folder it is, and its path. */
  @Column({ name: 'folder_share_id', type: 'int', nullable: true })
  folderShareId: number | null;

  @Column({ name: 'folder_owner_id', type: 'int', nullable: true })
  folderOwnerId: number | null;

  @Column({ name: 'folder_path', type: 'text', nullable: true })
  folderPath: string | null;
}
