import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';
import { VatRate } from './vat-rate.entity';

/** Commercial states of a company (spec seed 002, section 4 "Others"). */
export const TIERS_STATES = ['prospect', 'lead', 'customer', 'other'] as const;
export type TiersState = (typeof TIERS_STATES)[number];

/**
 * An outside company of the CRM (spec seed 002 "Company (CRM)"): identity, legal information,
 * activity. Addresses, contacts, activities and domains live in their own tables.
 */
@Entity('tiers')
@Index('IDX_tiers_tenant_name', ['tenantId', 'name'])
@Index('IDX_tiers_tenant_state', ['tenantId', 'state'])
@Index('IDX_tiers_vat_rate', ['vatRateId'])
// The list's order, lower(name) (expression, partial): migration ListQueryPlanIndexes.
@Index('IDX_tiers_list_name', { synchronize: false })
@Check('CHK_tiers_state', `"state" IN ('prospect', 'lead', 'customer', 'other')`)
export class Tiers {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  @Column({ type: 'varchar', length: 180, nullable: true })
  director: string | null;

  @Column({ name: 'logo_file_id', type: 'integer', nullable: true })
  logoFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'logo_file_id' })
  logoFile: Relation<StoredFile> | null;

  @Column({ type: 'varchar', length: 180, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  website: string | null;

  /** A supplier of the user company (the spec's provider flag). */
  @Column({ name: 'is_provider', type: 'boolean', default: false })
  isProvider: boolean;

  @Column({ name: 'intra_vat_number', type: 'varchar', length: 20, nullable: true })
  intraVatNumber: string | null;

  @Column({ type: 'varchar', length: 10, default: 'prospect' })
  state: TiersState;

  /** APE/NAF code, e.g. 43.21A. */
  @Column({ name: 'ape_code', type: 'varchar', length: 10, nullable: true })
  apeCode: string | null;

  /** 14 digits, stored without spaces. */
  @Column({ type: 'varchar', length: 14, nullable: true })
  siret: string | null;

  @Column({ name: 'legal_form', type: 'varchar', length: 60, nullable: true })
  legalForm: string | null;

  @Column({ name: 'creation_year', type: 'integer', nullable: true })
  creationYear: number | null;

  @Column({ name: 'staff_count', type: 'integer', nullable: true })
  staffCount: number | null;

  /** Share capital in euros. */
  @Column({ type: 'numeric', precision: 15, scale: 2, nullable: true })
  capital: string | null;

  /** Average yearly turnover in euros. */
  @Column({ name: 'average_turnover', type: 'numeric', precision: 15, scale: 2, nullable: true })
  averageTurnover: string | null;

  @Column({ name: 'activity_description', type: 'text', nullable: true })
  activityDescription: string | null;

  /** Internal referent (the spec's evaluation responsible), a user of the company. */
  @Column({ name: 'referent_id', type: 'integer', nullable: true })
  referentId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'referent_id' })
  referent: Relation<User> | null;

  @Column({ name: 'vat_rate_id', type: 'integer', nullable: true })
  vatRateId: number | null;

  @ManyToOne(() => VatRate, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'vat_rate_id' })
  vatRate: Relation<VatRate> | null;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<User> | null;

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
