import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { Tiers } from '../crm/tiers.entity';
import { TiersAddress } from '../crm/tiers-address.entity';
import { Contact } from '../crm/contact.entity';
import { PreventionPlan } from './prevention-plan.entity';

/** Kinds of company on a plan: user company, exterior company, subcontractor. */
export const PLAN_COMPANY_KINDS = ['EU', 'EE', 'ST'] as const;
export type PlanCompanyKind = (typeof PLAN_COMPANY_KINDS)[number];

/**
 * A company taking part in a prevention plan (seed 002 "Company (tiers) block used in plans").
 * The block is a snapshot copied from the CRM when the company is chosen (the plan must keep what
 * was agreed even if the CRM changes later); `pdp_company_reset` copies it again.
 * A subcontractor (ST) hangs under an EE or another ST of the same plan (`parent_id`).
 */
@Entity('plan_company')
@Index('IDX_plan_company_tenant_plan', ['tenantId', 'planId'])
@Check('CHK_plan_company_kind', `"kind" IN ('EU', 'EE', 'ST')`)
@Check('CHK_plan_company_parent', `("kind" = 'ST') = ("parent_id" IS NOT NULL)`)
export class PlanCompany {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'plan_id', type: 'integer' })
  planId: number;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan: Relation<PreventionPlan>;

  @Column({ type: 'varchar', length: 2 })
  kind: PlanCompanyKind;

  /** The company an ST works for (an EE or ST of the same plan); null for EU and EE. */
  @Column({ name: 'parent_id', type: 'integer', nullable: true })
  parentId: number | null;

  @ManyToOne(() => PlanCompany, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'parent_id' })
  parent: Relation<PlanCompany> | null;

  /** The CRM company; null for the user company (EU) typed by hand for the tenant itself. */
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

  /** The manager of the company on this plan (a CRM contact), with a snapshot of his details. */
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
