import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CompanyBlockColumns } from '../../crm/company-block.columns';
import { Tenant } from '../../identity/tenant.entity';
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
// The 400-hour rule's lookups of a company's other plans (partial, one on an expression): migration LongWorksCompanyIndexes.
@Index('IDX_plan_company_long_tiers', { synchronize: false })
@Index('IDX_plan_company_long_name', { synchronize: false })
@Check('CHK_plan_company_kind', `"kind" IN ('EU', 'EE', 'ST')`)
@Check('CHK_plan_company_parent', `("kind" = 'ST') = ("parent_id" IS NOT NULL)`)
export class PlanCompany extends CompanyBlockColumns {
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
}
