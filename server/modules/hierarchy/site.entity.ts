import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';

/** A work site of the company (HR side): address, contacts, plan and sectors. */
@Entity('site')
export class Site {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  /** Company name, free text until the CRM exists. */
  @Column({ type: 'varchar', length: 180, nullable: true })
  company: string | null;

  @Column({ type: 'text', nullable: true })
  address: string | null;

  @Column({ name: 'responsible_contact', type: 'varchar', length: 255, nullable: true })
  responsibleContact: string | null;

  @Column({ name: 'labour_inspection_address', type: 'text', nullable: true })
  labourInspectionAddress: string | null;

  @Column({ name: 'plan_file_id', type: 'integer', nullable: true })
  planFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'plan_file_id' })
  planFile: Relation<StoredFile> | null;

  /** Document types expected on the site, one per line (free text until the catalogue exists). */
  @Column({ name: 'document_types', type: 'text', nullable: true })
  documentTypes: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete); every read of the module skips such rows. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
