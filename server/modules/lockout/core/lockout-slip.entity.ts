import { Column, CreateDateColumn, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../../identity/tenant.entity';
import { User } from '../../identity/user.entity';
import { LockoutActivity } from './lockout-activity.entity';
import { LockoutMachine } from './lockout-machine.entity';

/** The states of a consignment slip (seed 002 section 4), in workflow order. */
export const SLIP_STATES = ['draft', 'awaiting_consignment', 'consigned', 'end_works', 'deconsigned'] as const;
/** One state of a slip. */
export type SlipState = (typeof SLIP_STATES)[number];

/**
 * A consignment slip (bon de consignation, seed 002): number, machine, officer (chargé de
 * consignation), work manager (chargé de travaux), subject, dates, linked prevention plan,
 * ordering customer, activities, state, archived flag and the optimistic lock.
 */
@Entity('lockout_slip')
@Index('IDX_lockout_slip_list', ['tenantId', 'archived', 'id'])
@Index('UQ_lockout_slip_number', ['tenantId', 'number'], { unique: true })
@Index('IDX_lockout_slip_machine', ['tenantId', 'machineId', 'state'])
@Index('IDX_lockout_slip_plan', ['tenantId', 'planId', 'id'])
@Index('IDX_lockout_slip_state', ['tenantId', 'state', 'id'])
export class LockoutSlip {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 30 })
  number: string;

  @Column({ name: 'machine_id', type: 'integer' })
  machineId: number;

  @ManyToOne(() => LockoutMachine, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'machine_id' })
  machine: Relation<LockoutMachine>;

  @Column({ name: 'officer_id', type: 'integer', nullable: true })
  officerId: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'officer_id' })
  officer: Relation<User> | null;

  @Column({ name: 'work_manager_id', type: 'integer', nullable: true })
  workManagerId: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'work_manager_id' })
  workManager: Relation<User> | null;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ name: 'start_date', type: 'date', nullable: true })
  startDate: string | null;

  @Column({ name: 'end_date', type: 'date', nullable: true })
  endDate: string | null;

  @Column({ name: 'plan_id', type: 'integer', nullable: true })
  planId: number | null;

  @ManyToOne('prevention_plan', { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'plan_id' })
  plan?: unknown;

  @Column({ name: 'ordering_customer_id', type: 'integer', nullable: true })
  orderingCustomerId: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'ordering_customer_id' })
  orderingCustomer: Relation<User> | null;

  @ManyToMany(() => LockoutActivity)
  @JoinTable({ name: 'lockout_slip_activity', joinColumn: { name: 'slip_id' }, inverseJoinColumn: { name: 'activity_id' } })
  activities: Relation<LockoutActivity>[];

  @Column({ type: 'varchar', length: 30, default: 'draft' })
  state: string;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<User> | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
