import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { Equipment } from './equipment.entity';

/** A line of an equipment's maintenance book: an intervention (maintenance or repair), its subject, date and supervisor. */
@Entity('equipment_maintenance')
@Index('IDX_equipment_maintenance_equipment', ['tenantId', 'equipmentId', 'interventionDate'])
@Check('CHK_equipment_maintenance_type', `"type" IN ('maintenance', 'repair')`)
export class EquipmentMaintenance {
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

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ name: 'supervisor_id', type: 'integer', nullable: true })
  supervisorId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'supervisor_id' })
  supervisor: Relation<User> | null;

  @Column({ name: 'intervention_date', type: 'date' })
  interventionDate: string;

  @Column({ type: 'varchar', length: 20 })
  type: string;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
