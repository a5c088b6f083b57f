import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { StoredFile } from '../../../kernel/storage/stored-file.entity';
import { Equipment } from './equipment.entity';

/** A document attached to an equipment (« pièce »): quote, notice, conformity certificate, plan or other, with its file. */
@Entity('equipment_part')
@Index('IDX_equipment_part_equipment', ['tenantId', 'equipmentId'])
@Check('CHK_equipment_part_type', `"type" IN ('quote', 'notice', 'conformity_certificate', 'plan', 'other')`)
export class EquipmentPart {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'equipment_id', type: 'integer' })
  equipmentId: number;

  @ManyToOne(() => Equipment, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'equipment_id' })
  equipment: Relation<Equipment>;

  @Column({ type: 'varchar', length: 30 })
  type: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  reference: string | null;

  @Column({ type: 'varchar', length: 255 })
  label: string;

  @Column({ name: 'part_date', type: 'date', nullable: true })
  partDate: string | null;

  @Column({ name: 'file_id', type: 'integer', nullable: true })
  fileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'file_id' })
  file: Relation<StoredFile> | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
