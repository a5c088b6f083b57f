import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { HierarchyItem } from '../../hierarchy/hierarchy-item.entity';
import { StoredFile } from '../../../kernel/storage';

/**
 * A frozen version of an entity's unique risk document (issue 23 item 5): the printed PDF (kept in
 * the storage, `pdf_file_id`), the rows as printed (`data`, the exact JSON text) and a hash chain:
 * `hash` = SHA-256 of `pdf_sha256`, `previous_hash` (the entity's previous version) and
 * `data_sha256`. Never edited nor deleted: a database trigger (migration `CreateDuHistoryVersion`)
 * refuses DELETE and any UPDATE but the one that fills the signature fields while they are empty.
 */
@Entity('du_history_version')
@Unique('UQ_du_history_version_number', ['tenantId', 'hierarchyItemId', 'number'])
@Index('IDX_du_history_version_signed', ['tenantId', 'signedAt'])
export class DuHistoryVersion {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'hierarchy_item_id', type: 'integer' })
  hierarchyItemId: number;

  @ManyToOne(() => HierarchyItem, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem>;

  /** 1, 2, 3… within the entity. */
  @Column({ type: 'integer' })
  number: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<User> | null;

  @Column({ name: 'pdf_file_id', type: 'integer' })
  pdfFileId: number;

  @ManyToOne(() => StoredFile, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'pdf_file_id' })
  pdfFile: Relation<StoredFile>;

  @Column({ name: 'pdf_sha256', type: 'varchar', length: 64 })
  pdfSha256: string;

  /** The rows as printed, the exact JSON text whose SHA-256 is `data_sha256`. */
  @Column({ type: 'text' })
  data: string;

  @Column({ name: 'data_sha256', type: 'varchar', length: 64 })
  dataSha256: string;

  /** The entity's previous version's `hash`; null for the first. */
  @Column({ name: 'previous_hash', type: 'varchar', length: 64, nullable: true })
  previousHash: string | null;

  @Column({ type: 'varchar', length: 64 })
  hash: string;

  @Column({ name: 'signed_at', type: 'timestamptz', nullable: true })
  signedAt: Date | null;

  @Column({ name: 'signer_name', type: 'varchar', length: 255, nullable: true })
  signerName: string | null;

  @Column({ name: 'signature_image', type: 'text', nullable: true })
  signatureImage: string | null;

  @Column({ name: 'signed_by_id', type: 'integer', nullable: true })
  signedById: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'signed_by_id' })
  signedBy: Relation<User> | null;
}

/** One reminder mailed for a signed version older than 12 months (once per version). */
@Entity('du_history_reminder')
export class DuHistoryReminder {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'version_id', type: 'integer', unique: true })
  versionId: number;

  @ManyToOne(() => DuHistoryVersion, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'version_id' })
  version: Relation<DuHistoryVersion>;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;
}
