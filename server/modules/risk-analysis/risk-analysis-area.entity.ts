import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { RiskAnalysis } from './risk-analysis.entity';
import { RiskArea } from './risk-area.entity';
import { Tenant } from '../identity/tenant.entity';

/** A risk area of an analysis, copied from the template: concerned or not, responsible company, phases. */
@Entity('risk_analysis_area')
@Index('IDX_risk_analysis_area_analysis', ['tenantId', 'analysisId', 'position'])
export class RiskAnalysisArea {
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

  @Column({ name: 'source_area_id', type: 'integer', nullable: true })
  sourceAreaId: number | null;

  @ManyToOne(() => RiskArea, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'source_area_id' })
  sourceArea: Relation<RiskArea> | null;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'integer', default: 0 })
  position: number;

  /** null = not stated yet. */
  @Column({ type: 'boolean', nullable: true })
  concerned: boolean | null;

  @Column({ name: 'responsible_kind', type: 'varchar', length: 2, nullable: true })
  responsibleKind: string | null;

  /** Company of the subject responsible for the area. */
  @Column({ name: 'responsible_company_id', type: 'integer', nullable: true })
  responsibleCompanyId: number | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
