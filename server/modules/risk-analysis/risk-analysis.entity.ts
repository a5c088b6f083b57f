import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { RiskAnalysisTemplate } from './risk-analysis-template.entity';
import { Tenant } from '../identity/tenant.entity';

/** The risk analysis of a subject (a prevention plan now; a security protocol or a PPSPS later), copied from a template. */
@Entity('risk_analysis')
@Index('UQ_risk_analysis_subject', ['tenantId', 'subjectType', 'subjectId'], { unique: true })
@Check('CHK_risk_analysis_subject_type', `"subject_type" IN ('prevention_plan', 'security_protocol', 'ppsps')`)
export class RiskAnalysis {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  /** prevention_plan, security_protocol or ppsps. */
  @Column({ name: 'subject_type', type: 'varchar', length: 30 })
  subjectType: string;

  /** Id of the plan / protocol / PPSPS (no foreign key: the subject table depends on the type). */
  @Column({ name: 'subject_id', type: 'integer' })
  subjectId: number;

  @Column({ name: 'template_id', type: 'integer', nullable: true })
  templateId: number | null;

  @ManyToOne(() => RiskAnalysisTemplate, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'template_id' })
  template: Relation<RiskAnalysisTemplate> | null;

  /** Name of the template when the analysis was created. */
  @Column({ name: 'template_name', type: 'varchar', length: 255, nullable: true })
  templateName: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
