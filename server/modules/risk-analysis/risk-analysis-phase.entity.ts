import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { RiskAnalysis } from './risk-analysis.entity';
import { Tenant } from '../identity/tenant.entity';

/** An activity phase of an analysis (number, description; main phase, company, interference). */
@Entity('risk_analysis_phase')
@Index('IDX_risk_analysis_phase_analysis', ['tenantId', 'analysisId', 'number'])
export class RiskAnalysisPhase {
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

  @Column({ type: 'integer' })
  number: number;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'boolean', default: false })
  main: boolean;

  /** Company of the subject carrying out the phase (plan_company for a plan). */
  @Column({ name: 'company_id', type: 'integer', nullable: true })
  companyId: number | null;

  /** The phase runs alongside others (coactivity). */
  @Column({ type: 'boolean', default: false })
  interference: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
