import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';

/** A category of equipment (lifting, pressure, electrical …), in a tree; `is_equipment` marks the ones that hold equipment. */
@Entity('equipment_category')
@Index('IDX_equipment_category_tenant', ['tenantId', 'parentId'])
export class EquipmentCategory {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  @Column({ name: 'parent_id', type: 'integer', nullable: true })
  parentId: number | null;

  @ManyToOne(() => EquipmentCategory, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'parent_id' })
  parent: Relation<EquipmentCategory> | null;

  @Column({ name: 'is_equipment', type: 'boolean', default: true })
  isEquipment: boolean;

  /** A regulatory preset (`lifting`, `lifting_listed`, `lifting_manual`, `accessory`, `electrical` …) that fills a new control's frequency; null: none. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  preset: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
