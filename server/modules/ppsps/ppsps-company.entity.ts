import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { Tiers } from '../crm/tiers.entity';
import { TiersAddress } from '../crm/tiers-address.entity';
import { Contact } from '../crm/contact.entity';
import { Ppsps } from './ppsps.entity';

/** Kinds of company on a PPSPS: contract holder, project manager, project owner, safety coordinator, subcontractor. */
export const PPSPS_COMPANY_KINDS = ['ET', 'MOE', 'MOA', 'SPS', 'ST'] as const;
export type PpspsCompanyKind = (typeof PPSPS_COMPANY_KINDS)[number];

/**
 * A company named on a PPSPS (seed 002 "Company (tiers) block"): a snapshot copied from the CRM
 * when chosen, so the signed PPSPS keeps what was agreed. A subcontractor (ST) hangs under another
 * company of the same PPSPS (`parent_id`).
 */
@Entity('ppsps_company')
@Index('IDX_ppsps_company_tenant_ppsps', ['tenantId', 'ppspsId'])
@Check('CHK_ppsps_company_kind', `"kind" IN ('ET', 'MOE', 'MOA', 'SPS', 'ST')`)
@Check('CHK_ppsps_company_parent', `("kind" = 'ST') = ("parent_id" IS NOT NULL)`)
export class PpspsCompany {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'ppsps_id', type: 'integer' })
  ppspsId: number;

  @ManyToOne(() => Ppsps, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ppsps_id' })
  ppsps: Relation<Ppsps>;

  @Column({ type: 'varchar', length: 3 })
  kind: PpspsCompanyKind;

  /** The company an ST works for (another company of the same PPSPS); null for the other kinds. */
  @Column({ name: 'parent_id', type: 'integer', nullable: true })
  parentId: number | null;

  @ManyToOne(() => PpspsCompany, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'parent_id' })
  parent: Relation<PpspsCompany> | null;

  /** The CRM company; null for a block typed by hand. */
  @Column({ name: 'tiers_id', type: 'integer', nullable: true })
  tiersId: number | null;

  @ManyToOne(() => Tiers, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'tiers_id' })
  tiers: Relation<Tiers> | null;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  director: string | null;

  /** Who stands in for the director or the manager (free text). */
  @Column({ type: 'text', nullable: true })
  substitutes: string | null;

  @Column({ name: 'tiers_address_id', type: 'integer', nullable: true })
  tiersAddressId: number | null;

  @ManyToOne(() => TiersAddress, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'tiers_address_id' })
  tiersAddress: Relation<TiersAddress> | null;

  @Column({ name: 'address_name', type: 'varchar', length: 255, nullable: true })
  addressName: string | null;

  @Column({ type: 'text', nullable: true })
  address: string | null;

  @Column({ name: 'zip_code', type: 'varchar', length: 20, nullable: true })
  zipCode: string | null;

  @Column({ type: 'varchar', length: 150, nullable: true })
  city: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  country: string | null;

  /** The company's contact on this PPSPS (a CRM contact), with a snapshot of his details. */
  @Column({ name: 'contact_id', type: 'integer', nullable: true })
  contactId: number | null;

  @ManyToOne(() => Contact, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'contact_id' })
  contact: Relation<Contact> | null;

  @Column({ name: 'last_name', type: 'varchar', length: 150, nullable: true })
  lastName: string | null;

  @Column({ name: 'first_name', type: 'varchar', length: 150, nullable: true })
  firstName: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  mobile: string | null;

  @Column({ type: 'varchar', length: 180, nullable: true })
  email: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ type: 'integer', default: 1 })
  version: number;
}
