import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { RiskAnalysisOtherRisk } from './risk-analysis-other-risk.entity';
import { RiskAnalysisPhase } from './risk-analysis-phase.entity';
import { Tenant } from '../identity/tenant.entity';

/** The activity phases exposed to an other risk (join table). */
@Entity('risk_analysis_other_risk_phase')
@Index('IDX_risk_analysis_other_risk_phase_phase', ['phaseId'])
export class RiskAnalysisOtherRiskPhase {
  @PrimaryColumn({ name: 'other_risk_id', type: 'integer' })
  otherRiskId: number;

  @PrimaryColumn({ name: 'phase_id', type: 'integer' })
  phaseId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => RiskAnalysisOtherRisk, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'other_risk_id' })
  otherRisk: Relation<RiskAnalysisOtherRisk>;

  @ManyToOne(() => RiskAnalysisPhase, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'phase_id' })
  phase: Relation<RiskAnalysisPhase>;
}
