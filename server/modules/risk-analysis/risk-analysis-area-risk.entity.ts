import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Risk } from './risk.entity';
import { RiskAnalysisArea } from './risk-analysis-area.entity';
import { Tenant } from '../identity/tenant.entity';

/** The risks of an analysis area (copied from the template, join table). */
@Entity('risk_analysis_area_risk')
@Index('IDX_risk_analysis_area_risk_risk', ['riskId'])
export class RiskAnalysisAreaRisk {
  @PrimaryColumn({ name: 'area_id', type: 'integer' })
  areaId: number;

  @PrimaryColumn({ name: 'risk_id', type: 'integer' })
  riskId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => RiskAnalysisArea, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'area_id' })
  area: Relation<RiskAnalysisArea>;

  @ManyToOne(() => Risk, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'risk_id' })
  risk: Relation<Risk>;
}
