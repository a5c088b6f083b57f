import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { RiskAnalysisTemplate } from './risk-analysis-template.entity';
import { Tenant } from '../identity/tenant.entity';

/** A risk area of a template: what it covers and who handles it. */
@Entity('risk_area')
@Index('IDX_risk_area_template', ['tenantId', 'templateId', 'position'])
@Check('CHK_risk_area_responsible_kind', `"responsible_kind" IS NULL OR "responsible_kind" IN ('EU', 'EE', 'ST')`)
export class RiskArea {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'template_id', type: 'integer' })
  templateId: number;

  @ManyToOne(() => RiskAnalysisTemplate, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'template_id' })
  template: Relation<RiskAnalysisTemplate>;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'integer', default: 0 })
  position: number;

  /** A new analysis starts with this area marked as concerned. */
  @Column({ name: 'checked_by_default', type: 'boolean', default: false })
  checkedByDefault: boolean;

  /** Kind of company responsible by default: EU, EE or ST. */
  @Column({ name: 'responsible_kind', type: 'varchar', length: 2, nullable: true })
  responsibleKind: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
