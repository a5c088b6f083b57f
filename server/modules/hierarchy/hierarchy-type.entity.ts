import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';

/** A level of the company's organisation (Société, Site, Bâtiment...), with what may be attached to it. */
@Entity('hierarchy_type')
@Index(['tenantId', 'level'])
export class HierarchyType {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  /** Depth in the organisation: 1 for the top. */
  @Column({ type: 'integer', default: 1 })
  level: number;

  @Column({ name: 'parent_id', type: 'integer', nullable: true })
  parentId: number | null;

  @ManyToOne(() => HierarchyType, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'parent_id' })
  parent: Relation<HierarchyType> | null;

  /** Items of this type may carry prevention plans. */
  @Column({ name: 'attach_pdp', type: 'boolean', default: false })
  attachPdp: boolean;

  @Column({ name: 'attach_action', type: 'boolean', default: false })
  attachAction: boolean;

  @Column({ name: 'attach_rh', type: 'boolean', default: false })
  attachRh: boolean;

  @Column({ name: 'attach_project', type: 'boolean', default: false })
  attachProject: boolean;

  @Column({ name: 'attach_consignment', type: 'boolean', default: false })
  attachConsignment: boolean;

  /** Optimistic lock, checked by hand. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Set while the row is in the trash (shared soft delete); every read of the module skips such rows. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
