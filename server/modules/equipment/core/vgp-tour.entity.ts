import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { HierarchyItem } from '../../hierarchy/hierarchy-item.entity';

/** A control round (« tournée »): an entity, a date and time, a controller, and controls in order. */
@Entity('vgp_tour')
@Index('IDX_vgp_tour_list', ['tenantId', 'scheduledAt', 'id'])
export class VgpTour {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  @Column({ name: 'hierarchy_item_id', type: 'integer', nullable: true })
  hierarchyItemId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'hierarchy_item_id' })
  hierarchyItem: Relation<HierarchyItem> | null;

  @Column({ name: 'scheduled_at', type: 'timestamptz' })
  scheduledAt: Date;

  @Column({ name: 'controller_id', type: 'integer', nullable: true })
  controllerId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'controller_id' })
  controller: Relation<User> | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
