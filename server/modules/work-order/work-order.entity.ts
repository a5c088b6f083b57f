import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Sector } from '../hierarchy/sector.entity';
import { StoredFile } from '../../kernel/storage/stored-file.entity';
import { PreventionPlan, PlanCompany } from '../prevention-plan';

/** Work order states of seed 002. */
export const WORK_ORDER_STATES = ['draft', 'waiting_sign', 'in_operation', 'expired'] as const;
/** One work order state. */
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];

/** ATEX zone classes a work order may be in ('none' outside explosive atmospheres). */
export const ATEX_ZONES = ['none', '0', '1', '2', '20', '21', '22'] as const;

/** Whose step a work order waits for while `waiting_sign` (seed 002 "waiting role"). */
export const WAITING_ROLES = ['ordering_customer', 'contact', 'validator'] as const;

/**
 * A work order (bon de travail): releases work of one company of a prevention plan on given days.
 * `number` is the display number (BT-<year>-<seq> per company); `order_number` the customer's own
 * order reference. `day` is the day the order was issued for, `hours` its time slot as typed.
 */
@Entity('work_order')
@Index('IDX_work_order_plan', ['tenantId', 'planId'])
@Index('IDX_work_order_state', ['tenantId', 'state', 'startDate'])
@Index('IDX_work_order_list', ['tenantId', 'startDate', 'id'])
@Index('UQ_work_order_number', ['tenantId', 'number'], { unique: true })
@Index('IDX_work_order_machine', ['tenantId', 'machineId'])
@Check('CHK_work_order_state', `"state" IN ('draft', 'waiting_sign', 'in_operation', 'expired')`)
@Check('CHK_work_order_dates', `"end_date" >= "start_date"`)
export class WorkOrder {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'plan_id', type: 'integer' })
  planId: number;

  @ManyToOne(() => PreventionPlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan: Relation<PreventionPlan>;

  @Column({ type: 'varchar', length: 30 })
  number: string;

  @Column({ name: 'order_number', type: 'varchar', length: 100, nullable: true })
  orderNumber: string | null;

  @Column({ type: 'varchar', length: 20, default: 'draft' })
  state: string;

  @Column({ name: 'waiting_role', type: 'varchar', length: 30, nullable: true })
  waitingRole: string | null;

  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  @Column({ name: 'end_date', type: 'date' })
  endDate: string;

  @Column({ type: 'date', nullable: true })
  day: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  hours: string | null;

  /** The plan's company doing the work (EE or ST). */
  @Column({ name: 'plan_company_id', type: 'integer', nullable: true })
  planCompanyId: number | null;

  @ManyToOne(() => PlanCompany, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'plan_company_id' })
  planCompany: Relation<PlanCompany> | null;

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

  @Column({ type: 'text', nullable: true })
  participants: string | null;

  @Column({ name: 'atex_zone', type: 'varchar', length: 10, default: 'none' })
  atexZone: string;

  @Column({ type: 'text', nullable: true })
  nature: string | null;

  @Column({ type: 'text', nullable: true })
  comments: string | null;

  /** The scanned paper work order, once signed. */
  @Column({ name: 'signed_file_id', type: 'integer', nullable: true })
  signedFileId: number | null;

  @ManyToOne(() => StoredFile, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'signed_file_id' })
  signedFile: Relation<StoredFile> | null;

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
