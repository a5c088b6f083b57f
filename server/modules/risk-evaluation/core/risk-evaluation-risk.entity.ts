import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { DuRisk } from './du-risk.entity';
import { RiskEvaluation } from './risk-evaluation.entity';

/** The associated risks of an evaluation (join table). */
@Entity('risk_evaluation_risk')
@Index('IDX_risk_evaluation_risk_risk', ['riskId'])
export class RiskEvaluationRisk {
  @PrimaryColumn({ name: 'evaluation_id', type: 'integer' })
  evaluationId: number;

  @PrimaryColumn({ name: 'risk_id', type: 'integer' })
  riskId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => RiskEvaluation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'evaluation_id' })
  evaluation: Relation<RiskEvaluation>;

  @ManyToOne(() => DuRisk, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'risk_id' })
  risk: Relation<DuRisk>;
}
