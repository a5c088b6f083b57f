import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { StoredFile } from '../../../kernel/storage/stored-file.entity';
import { CapCertificate } from './cap-certificate.entity';

/**
 * A document attached to a CAP certificate (the signed certificate, an analysis, the consignee's
 * acceptance): a stored file of the company, served only by the certificate's route.
 */
@Entity('cap_document')
@Index('IDX_cap_document_cap', ['tenantId', 'capId', 'id'])
export class CapDocument {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'cap_id', type: 'integer' })
  capId: number;

  @ManyToOne(() => CapCertificate, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'cap_id' })
  cap: Relation<CapCertificate>;

  @Column({ name: 'file_id', type: 'integer' })
  fileId: number;

  @ManyToOne(() => StoredFile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'file_id' })
  file: Relation<StoredFile>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
