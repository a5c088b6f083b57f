import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Sector } from '../hierarchy/sector.entity';
import { PreventionPlan } from '../prevention-plan';
import { WorkOrder } from '../work-order';

/**
 * Permit states, driven by the control steps: `draft` until the before-work check is signed,
 * `in_progress` while the work goes on, `post_work` between the after-work check and the last
 * one (the fire permit's two-hour check), `closed` once every step is done.
 */
export const PERMIT_STATES = ['draft', 'in_progress', 'post_work', 'closed'] as const;
/** One permit state. */
export type PermitState = (typeof PERMIT_STATES)[number];

/**
 * A work permit of one of the types of `permit-types.ts` (fire, confined space, height work ...).
 * One table for every type: a type adds only data (survey type, steps), never columns.
 * `plan_id` is null for a permit outside plans (fire permits, right `pdp.view_fire_permits`).
 * `last_check_due_at` is when the last step (two hours after the after-work check) is due.
 */
@Entity('permit')
@Index('IDX_permit_plan', ['tenantId', 'planId', 'type'])
@Index('IDX_permit_period', ['tenantId', 'type', 'startAt'])
@Index('UQ_permit_number', ['tenantId', 'number'], { unique: true })
@Index('IDX_permit_machine', ['tenantId', 'machineId'])
@Check('CHK_permit_type', `"type" IN ('fire', 'confined_space', 'height_work', 'dust', 'roofing', 'atex', 'fidaa', 'aoc')`)
@Check('CHK_permit_state', `"state" IN ('draft', 'in_progress', 'post_work', 'closed')`)
@Check('CHK_permit_dates', `"end_at" >= "start_at"`)
export class Permit {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ type: 'varchar', length: 20 })
  type: string;

  @Column({ type: 'varchar', length: 30 })
  number: string;

  @Column({ type: 'varchar', length: 20, default: 'draft' })
  state: string;

  @Column({ name: 'plan_id', type: 'integer', nullable: true })
  planId: number | null;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'plan_id' })
  plan: Relation<PreventionPlan> | null;

  @Column({ name: 'work_order_id', type: 'integer', nullable: true })
  workOrderId: number | null;

  @ManyToOne(() => WorkOrder, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'work_order_id' })
  workOrder: Relation<WorkOrder> | null;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'start_at', type: 'timestamptz' })
  startAt: Date;

  @Column({ name: 'end_at', type: 'timestamptz' })
  endAt: Date;

  @Column({ name: 'sector_id', type: 'integer', nullable: true })
  sectorId: number | null;

  @ManyToOne(() => Sector, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'sector_id' })
  sector: Relation<Sector> | null;

  /**
   * The machine worked on (optional), a machine of the lockout module: its choices and the rule
   * « locked out before the work » come from the rules contributed before validation
   * (docs/lockout.md). The relation names the entity by its name so this module imports no other.
   */
  @Column({ name: 'machine_id', type: 'integer', nullable: true })
  machineId: number | null;

  @ManyToOne('LockoutMachine', { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'machine_id' })
  machine: unknown;

  @Column({ name: 'manager_id', type: 'integer', nullable: true })
  managerId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'manager_id' })
  manager: Relation<User> | null;

  @Column({ name: 'last_check_due_at', type: 'timestamptz', nullable: true })
  lastCheckDueAt: Date | null;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy: Relation<User> | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
