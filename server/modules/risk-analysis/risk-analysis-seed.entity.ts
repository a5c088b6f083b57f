import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/**
 * Marks a list (severity levels, quote matrix, risk families, risks, preventive measures) whose
 * French defaults a company already received, so that defaults it removed never come back.
 */
@Entity('risk_analysis_seed')
export class RiskAnalysisSeed {
  @PrimaryColumn({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @PrimaryColumn({ type: 'varchar', length: 40 })
  kind: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
