import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { largeTextColumn, timestampColumn } from '../../../database/column-types';
import { Doc } from '../../documents/entities/doc.entity';

/**
 * An earlier version of a document. The current version lives in `docs` only: a database
 * trigger copies the row being replaced here in the statement that updates the document, so
 * each version is stored once and none is lost or doubled, whichever code path updates.
 */
@Entity({ name: 'doc_revisions' })
export class DocRevision {
  @PrimaryColumn({ name: 'doc_id', type: 'int' })
  docId: number;

  @ManyToOne(() => Doc, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'doc_id' })
  doc?: Doc;

  @PrimaryColumn({ type: 'int' })
  version: number;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column(largeTextColumn)
  html: string;

  /** When this version was written (the document's `updated_at` then). */
  @Column(timestampColumn('created_at'))
  createdAt: Date;

  /**
   * Who wrote it; null for versions from before revisions were kept. No foreign key: user ids
   * are never reused, and a deleted user's versions stay (answered with `user: null`).
   */
  @Column({ name: 'user_id', type: 'int', nullable: true })
  userId: number | null;
}
