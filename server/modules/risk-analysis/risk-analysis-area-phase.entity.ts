import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { RiskAnalysisArea } from './risk-analysis-area.entity';
import { RiskAnalysisPhase } from './risk-analysis-phase.entity';
import { Tenant } from '../identity/tenant.entity';

/** The activity phases exposed to an analysis area (join table). */
@Entity('risk_analysis_area_phase')
@Index('IDX_risk_analysis_area_phase_phase', ['phaseId'])
export class RiskAnalysisAreaPhase {
  @PrimaryColumn({ name: 'area_id', type: 'integer' })
  areaId: number;

  @PrimaryColumn({ name: 'phase_id', type: 'integer' })
  phaseId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => RiskAnalysisArea, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'area_id' })
  area: Relation<RiskAnalysisArea>;

  @ManyToOne(() => RiskAnalysisPhase, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'phase_id' })
  phase: Relation<RiskAnalysisPhase>;
}
