import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { DocumentType } from '../plan-document/document-type.entity';
import { RiskAnalysisArea } from './risk-analysis-area.entity';
import { Tenant } from '../identity/tenant.entity';

/** The documents an analysis area needs (join table). */
@Entity('risk_analysis_area_document_type')
@Index('IDX_risk_analysis_area_document_type_document_type', ['documentTypeId'])
export class RiskAnalysisAreaDocumentType {
  @PrimaryColumn({ name: 'area_id', type: 'integer' })
  areaId: number;

  @PrimaryColumn({ name: 'document_type_id', type: 'integer' })
  documentTypeId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => RiskAnalysisArea, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'area_id' })
  area: Relation<RiskAnalysisArea>;

  @ManyToOne(() => DocumentType, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_type_id' })
  documentType: Relation<DocumentType>;
}
