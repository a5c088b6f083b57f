import { Column, CreateDateColumn, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { HierarchyItem } from '../../hierarchy/hierarchy-item.entity';
import { LockoutActivity } from './lockout-activity.entity';

/**
 * A machine to lock out (seed 002 « Machine »): code, name, prerequisite, sector (an entity of the
 * hierarchy whose type is attached to consignment) and activities. Its required consignments
 * (isolation points) and photos are their own tables.
 */
@Entity('lockout_machine')
@Index('IDX_lockout_machine_list', ['tenantId', 'code', 'id'])
@Index('UQ_lockout_machine_code', ['tenantId', 'code'], { unique: true })
@Index('IDX_lockout_machine_sector', ['tenantId', 'sectorId'])
export class LockoutMachine {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 60 })
  code: string;

  @Column({ type: 'varchar', length: 180 })
  name: string;

  @Column({ type: 'text', nullable: true })
  prerequisite: string | null;

  @Column({ name: 'sector_id', type: 'integer', nullable: true })
  sectorId: number | null;

  @ManyToOne(() => HierarchyItem, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'sector_id' })
  sector: Relation<HierarchyItem> | null;

  @ManyToMany(() => LockoutActivity)
  @JoinTable({ name: 'lockout_machine_activity', joinColumn: { name: 'machine_id' }, inverseJoinColumn: { name: 'activity_id' } })
  activities: Relation<LockoutActivity>[];

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
