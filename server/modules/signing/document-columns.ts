import { Column, CreateDateColumn, JoinColumn, ManyToOne, UpdateDateColumn, type Relation } from 'typeorm';
import { StoredFile } from '../../kernel/storage/stored-file.entity';
import { User } from '../identity/user.entity';

/**
 * The columns every signed safety document has (prevention_plan, security_protocol, ppsps): its
 * signing state and round, the paper-signed and external files, the trash and the optimistic
 * lock. Each entity adds its own fields and its state check.
 */
export abstract class SignedDocumentColumns {
  @Column({ type: 'varchar', length: 20, default: 'draft' })
  status: string;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  /** Current signing round: 0 for the first signatures, n after the n-th amendment. */
  @Column({ name: 'amendment_number', type: 'integer', default: 0 })
  amendmentNumber: number;

  /** The document signed on paper and scanned, required by `validate_manual`. */
  @Column({ name: 'signed_file_id', type: 'integer', nullable: true })
  signedFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'signed_file_id' })
  signedFile: Relation<StoredFile> | null;

  /** A document written outside the application (PDF), attached as is (`validate_external_file`). */
  @Column({ name: 'external_file_id', type: 'integer', nullable: true })
  externalFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'external_file_id' })
  externalFile: Relation<StoredFile> | null;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<User> | null;

  /** Optimistic lock: bumped by every save. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /** Set while the document is in the shared trash. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
