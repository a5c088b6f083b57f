import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { RiskAnalysis } from './risk-analysis.entity';
import { Tenant } from '../identity/tenant.entity';

/** A risk of the analysis outside the template areas (label, phases, measures). */
@Entity('risk_analysis_other_risk')
@Index('IDX_risk_analysis_other_risk_analysis', ['tenantId', 'analysisId'])
export class RiskAnalysisOtherRisk {
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

  @Column({ type: 'text', nullable: true })
  measures: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
