import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { DocumentType } from '../plan-document/document-type.entity';
import { RiskAnalysisInterference } from './risk-analysis-interference.entity';
import { Tenant } from '../identity/tenant.entity';

/** The documents an interference risk needs (join table). */
@Entity('risk_analysis_interference_document_type')
@Index('IDX_risk_analysis_interference_document_type_document_type', ['documentTypeId'])
export class RiskAnalysisInterferenceDocumentType {
  @PrimaryColumn({ name: 'interference_id', type: 'integer' })
  interferenceId: number;

  @PrimaryColumn({ name: 'document_type_id', type: 'integer' })
  documentTypeId: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @ManyToOne(() => RiskAnalysisInterference, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'interference_id' })
  interference: Relation<RiskAnalysisInterference>;

  @ManyToOne(() => DocumentType, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_type_id' })
  documentType: Relation<DocumentType>;
}
