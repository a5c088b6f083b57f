import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CompanyBlockColumns } from '../crm/company-block.columns';
import { Tenant } from '../identity/tenant.entity';
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
export class PpspsCompany extends CompanyBlockColumns {
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
}
