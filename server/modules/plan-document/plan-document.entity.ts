import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { DocumentType } from './document-type.entity';
import { PlanDocumentLink } from './plan-document-link.entity';

/** What a document belongs to: a whole plan, a company or a staff member of a plan, or a CRM record. */
export type DocumentOwnerKind = 'plan' | 'plan_company' | 'plan_staff' | 'tiers' | 'contact';

/** Every value of `PlanDocument.ownerKind`. */
export const DOCUMENT_OWNER_KINDS: readonly DocumentOwnerKind[] = ['plan', 'plan_company', 'plan_staff', 'tiers', 'contact'];

/**
 * One version of a document (insurance certificate, K-bis, clearance ...) of an owner. A new
 * upload of the same type for the same owner adds a row with `revision` n+1; the current
 * version is the highest revision not in the trash, the older rows are the history (so putting
 * a version in the trash, or restoring it, needs no bookkeeping). A plan-specific model of an editable type is a row with
 * `is_model` on the plan (owner kind `plan`). Files are in `plan_document_file`.
 */
@Entity('plan_document')
@Index('IDX_plan_document_owner', ['tenantId', 'ownerKind', 'ownerId', 'documentTypeId'])
@Index('IDX_plan_document_plan', ['tenantId', 'planId'])
// The home card « Documents à renouveler »: the company's current documents by expiry date.
@Index('IDX_plan_document_expiry', ['tenantId', 'expiresOn', 'id'], { where: '"deleted_at" IS NULL AND NOT "is_model"' })
@Index('UQ_plan_document_revision', ['tenantId', 'ownerKind', 'ownerId', 'documentTypeId', 'isModel', 'revision'], { unique: true })
@Check('CHK_plan_document_owner_kind', `"owner_kind" IN ('plan', 'plan_company', 'plan_staff', 'tiers', 'contact')`)
@Check('CHK_plan_document_revision', '"revision" >= 1')
export class PlanDocument {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'owner_kind', type: 'varchar', length: 20 })
  ownerKind: DocumentOwnerKind;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId: number;

  /** The plan the document was given on (null for a CRM document not tied to a plan). */
  @Column({ name: 'plan_id', type: 'integer', nullable: true })
  planId: number | null;

  @Column({ name: 'document_type_id', type: 'integer' })
  documentTypeId: number;

  @ManyToOne(() => DocumentType, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'document_type_id' })
  documentType: Relation<DocumentType>;

  @Column({ type: 'varchar', length: 255, default: '' })
  comment: string;

  /** Valid from this date (the date on the certificate). */
  @Column({ name: 'valid_from', type: 'date', nullable: true })
  validFrom: string | null;

  /** Expires at the end of this day; null = no expiry. */
  @Column({ name: 'expires_on', type: 'date', nullable: true })
  expiresOn: string | null;

  /** Version number of the document for its owner and type (1, 2 ...). */
  @Column({ type: 'integer', default: 1 })
  revision: number;

  /** A plan-specific model of an editable document type, replacing the type's blank file on that plan. */
  @Column({ name: 'is_model', type: 'boolean', default: false })
  isModel: boolean;

  @Column({ name: 'validated_by_id', type: 'integer', nullable: true })
  validatedById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'validated_by_id' })
  validatedBy: Relation<User> | null;

  @Column({ name: 'validated_at', type: 'timestamptz', nullable: true })
  validatedAt: Date | null;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<User> | null;

  /** The portal link the outside company gave this version through (issue 25 item 2), null otherwise. */
  @Column({ name: 'portal_link_id', type: 'integer', nullable: true })
  portalLinkId: number | null;

  @ManyToOne(() => PlanDocumentLink, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'portal_link_id', foreignKeyConstraintName: 'FK_plan_document_portal_link' })
  portalLink: Relation<PlanDocumentLink> | null;

  /** Optimistic lock of the edit form. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete). */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
