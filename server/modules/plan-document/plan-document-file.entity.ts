import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';
import { PlanDocument } from './plan-document.entity';

/** A file of one document version (kernel uploads, at most 10 per upload). */
@Entity('plan_document_file')
@Index(['documentId'])
export class PlanDocumentFile {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'document_id', type: 'integer' })
  documentId: number;

  @ManyToOne(() => PlanDocument, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id' })
  document: Relation<PlanDocument>;

  @Column({ name: 'file_id', type: 'integer' })
  fileId: number;

  @ManyToOne(() => StoredFile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'file_id' })
  file: Relation<StoredFile>;
}
