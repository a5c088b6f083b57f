import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { HierarchyItem } from '../hierarchy/hierarchy-item.entity';
import { RiskAnalysisTemplate } from './risk-analysis-template.entity';
import { Tenant } from '../identity/tenant.entity';

/** The sites (hierarchy items) a template is meant for; none = every site (join table). */
@Entity('risk_analysis_template_site')
@Index('IDX_risk_analysis_template_site_hierarchy_item', ['hierarchyItemId'])
export class RiskAnalysisTemplateSite {
  @PrimaryColumn({ name: 'template_id', type: 'integer' })
  templateId: number;

  @PrimaryColumn({ name: 'hierarchy_item_id', type: 'integer' })
  hierarchyItemId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => RiskAnalysisTemplate, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'template_id' })
  template: Relation<RiskAnalysisTemplate>;

  @ManyToOne(() => HierarchyItem, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem>;
}
