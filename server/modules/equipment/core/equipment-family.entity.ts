import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { EquipmentCategory } from './equipment-category.entity';

/** A family of controls within a category (e.g. « Chariots élévateurs » under « Levage »); `vgp_family {id}` lists them for the dependent select. */
@Entity('equipment_family')
@Index('IDX_equipment_family_category', ['tenantId', 'categoryId'])
export class EquipmentFamily {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  @Column({ name: 'category_id', type: 'integer' })
  categoryId: number;

  @ManyToOne(() => EquipmentCategory, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'category_id' })
  category: Relation<EquipmentCategory>;

  @Column({ type: 'integer', default: 1 })
  version: number;
}
