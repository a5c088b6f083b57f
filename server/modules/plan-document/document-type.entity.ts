import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';

/** Who must upload a document of a type: a contact of the outside company, or an internal user. */
export type DocumentAddedBy = 'outside_company' | 'user_company';

/** Every value of `DocumentType.addedBy`. */
export const DOCUMENT_ADDED_BY: readonly DocumentAddedBy[] = ['outside_company', 'user_company'];

/**
 * A kind of document asked on prevention plans (insurance certificate, K-bis, electrical
 * clearance ...). Each flag drives a rule of `plan-document.requirements.ts`:
 * mandatory on all plans / for companies / for contacts (per staff member when nominative),
 * who may upload it, a blank file to download, a model editable per plan, to sign.
 */
@Entity('document_type')
@Index('IDX_document_type_list', ['tenantId', 'label'])
@Check('CHK_document_type_added_by', `"added_by" IN ('outside_company', 'user_company')`)
export class DocumentType {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  label: string;

  /** Blank form or model the company downloads and fills in. */
  @Column({ name: 'blank_file_id', type: 'integer', nullable: true })
  blankFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'blank_file_id' })
  blankFile: Relation<StoredFile> | null;

  @Column({ name: 'added_by', type: 'varchar', length: 20, default: 'outside_company' })
  addedBy: DocumentAddedBy;

  /** One document per person (staff member / contact) rather than per company. */
  @Column({ type: 'boolean', default: false })
  nominative: boolean;

  /** The blank model may be replaced on a given plan (a plan-specific model). */
  @Column({ name: 'editable_model', type: 'boolean', default: false })
  editableModel: boolean;

  @Column({ name: 'mandatory_all_plans', type: 'boolean', default: false })
  mandatoryAllPlans: boolean;

  @Column({ name: 'mandatory_contacts', type: 'boolean', default: false })
  mandatoryContacts: boolean;

  @Column({ name: 'mandatory_companies', type: 'boolean', default: false })
  mandatoryCompanies: boolean;

  /** Listed as "to sign"; the signing itself comes with the plan workflow (next issue). */
  @Column({ name: 'to_sign', type: 'boolean', default: false })
  toSign: boolean;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete); every read skips such rows. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
