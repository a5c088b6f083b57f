import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { QuoteConsequence } from './quote-consequence.entity';
import { QuoteProbability } from './quote-probability.entity';
import { RiskAnalysis } from './risk-analysis.entity';
import { Tenant } from '../identity/tenant.entity';

/** A risk born of phases running together, rated before (initial) and after (residual) its measures. */
@Entity('risk_analysis_interference')
@Index('IDX_risk_analysis_interference_analysis', ['tenantId', 'analysisId'])
export class RiskAnalysisInterference {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'analysis_id', type: 'integer' })
  analysisId: number;

  @ManyToOne(() => RiskAnalysis, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'analysis_id' })
  analysis: Relation<RiskAnalysis>;

  @Column({ type: 'varchar', length: 255 })
  label: string;

  @Column({ name: 'initial_consequence_id', type: 'integer', nullable: true })
  initialConsequenceId: number | null;

  @ManyToOne(() => QuoteConsequence, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'initial_consequence_id' })
  initialConsequence: Relation<QuoteConsequence> | null;

  @Column({ name: 'initial_probability_id', type: 'integer', nullable: true })
  initialProbabilityId: number | null;

  @ManyToOne(() => QuoteProbability, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'initial_probability_id' })
  initialProbability: Relation<QuoteProbability> | null;

  @Column({ name: 'residual_consequence_id', type: 'integer', nullable: true })
  residualConsequenceId: number | null;

  @ManyToOne(() => QuoteConsequence, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'residual_consequence_id' })
  residualConsequence: Relation<QuoteConsequence> | null;

  @Column({ name: 'residual_probability_id', type: 'integer', nullable: true })
  residualProbabilityId: number | null;

  @ManyToOne(() => QuoteProbability, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'residual_probability_id' })
  residualProbability: Relation<QuoteProbability> | null;

  @Column({ type: 'text', nullable: true })
  measures: string | null;

  @Column({ name: 'person_in_charge', type: 'varchar', length: 255, nullable: true })
  personInCharge: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
