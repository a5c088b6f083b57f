import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { RiskAnalysisInterference } from './risk-analysis-interference.entity';
import { RiskAnalysisPhase } from './risk-analysis-phase.entity';
import { Tenant } from '../identity/tenant.entity';

/** The phases an interference risk is between (join table). */
@Entity('risk_analysis_interference_phase')
@Index('IDX_risk_analysis_interference_phase_phase', ['phaseId'])
export class RiskAnalysisInterferencePhase {
  @PrimaryColumn({ name: 'interference_id', type: 'integer' })
  interferenceId: number;

  @PrimaryColumn({ name: 'phase_id', type: 'integer' })
  phaseId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => RiskAnalysisInterference, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'interference_id' })
  interference: Relation<RiskAnalysisInterference>;

  @ManyToOne(() => RiskAnalysisPhase, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'phase_id' })
  phase: Relation<RiskAnalysisPhase>;
}
