import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';

/** A type of control (VGP, maintenance, internal check …); `auto_plan` plans the next control when one is validated. */
@Entity('equipment_type')
@Index('IDX_equipment_type_tenant', ['tenantId'])
export class EquipmentType {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  @Column({ name: 'auto_plan', type: 'boolean', default: true })
  autoPlan: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;
}
