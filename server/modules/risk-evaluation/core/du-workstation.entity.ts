import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { HierarchyItem } from '../../hierarchy/hierarchy-item.entity';
import { WorkUnit } from '../../hierarchy/work-unit.entity';

/**
 * A workstation (poste de travail) of the company: optionally tied to an entity and a work unit,
 * which narrows where the evaluation form offers it (none: offered everywhere).
 */
@Entity('du_workstation')
@Index('IDX_du_workstation_tenant', ['tenantId'])
@Index('IDX_du_workstation_item', ['hierarchyItemId'])
@Index('IDX_du_workstation_work_unit', ['workUnitId'])
export class DuWorkstation {
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

  @Column({ name: 'work_unit_id', type: 'integer', nullable: true })
  workUnitId: number | null;

  @ManyToOne(() => WorkUnit, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'work_unit_id' })
  workUnit: Relation<WorkUnit> | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete); every read skips such rows. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
