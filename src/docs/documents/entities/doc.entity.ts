import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { largeTextColumn, timestampColumn } from '../../../database/column-types';
import { Folder } from '../../../folders/entities/folder.entity';
import { User } from '../../../users/entities/user.entity';

/**
 * A document. Its users, the owner included, are its `user_docs` rows, through which the list
 * reads; the list of one of the owner's folders reads the folder list-order index here.
 */
@Entity({ name: 'docs' })
@Index('IDX_docs_owner_folder_list_order', ['ownerId', 'folderId', 'deletedAt', 'updatedAt', 'id'])
export class Doc {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Index('UQ_docs_uuid', { unique: true })
  @Column({ type: 'varchar', length: 36 })
  uuid: string;

  @Column({ name: 'owner_id', type: 'int' })
  ownerId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  /** Null for the home folder `~`. */
  @Column({ name: 'folder_id', type: 'int', nullable: true })
  folderId: number | null;

  @ManyToOne(() => Folder, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'folder_id' })
  folder?: Folder | null;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column(largeTextColumn)
  html: string;

  @Column(timestampColumn('created_at'))
  createdAt: Date;

  @Column(timestampColumn('updated_at'))
  updatedAt: Date;

  /** 1 when created, one up on each update: the document's strong ETag. */
  @Column({ type: 'int', default: 1 })
  version: number;

  /**
   * Who wrote the current version; null for documents last written before revisions were
   * kept. No foreign key, as `DocRevision.userId`, to which a trigger copies it.
   */
  @Column({ name: 'updated_by', type: 'int', nullable: true })
  updatedBy: number | null;

  /**
   * When it went to the trash; null while it is not there. In the folder list-order index, so
   * a folder's list skips trashed documents on the index alone.
   */
  @Column(timestampColumn('deleted_at', true))
  deletedAt: Date | null;

  /**
   * The title's and the text's search terms (`common/text/search-terms.ts`), written with the
   * title and the HTML by the same statement; the postings (`search_postings`) are counted
   * from them, and a phrase is checked against them.
   */
  @Column({ name: 'search_title', type: 'text', nullable: true })
  searchTitle: string | null;

  @Column({ name: 'search_body', ...largeTextColumn, nullable: true })
  searchBody: string | null;

  /**
   * Always empty at rest. On MySQL a new document's INSERT passes its postings here and the
   * table's triggers write them (migration PostingsWithTheirDocument); on SQLite it is unused.
   */
  @Column({ name: 'pending_postings', ...largeTextColumn, nullable: true, select: false })
  pendingPostings: string | null;
}
