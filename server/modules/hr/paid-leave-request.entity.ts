import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Employee } from './employee.entity';

/** Kinds of leave an employee asks for. Only `paid_leave` is taken from the paid-leave balance. */
export const LEAVE_TYPES = ['paid_leave', 'rtt', 'rest_time', 'unpaid', 'other'] as const;
/** States of a request: asked, then approved or refused by a manager; the employee may cancel while asked. */
export const LEAVE_STATES = ['requested', 'approved', 'refused', 'cancelled'] as const;
/** One request state. */
export type LeaveState = (typeof LEAVE_STATES)[number];

/**
 * A leave request of an employee (seed 002 "Paid-leave request": type, rest time count, dates).
 * Approved, it makes the employee unavailable from `start_date` to `end_date` (whole days).
 * `rest_time_count` is the number of rest-time days the request uses, when its type is `rest_time`.
 */
@Entity('paid_leave_request')
@Index('IDX_paid_leave_request_employee', ['tenantId', 'employeeId', 'startDate'])
@Index('IDX_paid_leave_request_state', ['tenantId', 'state'])
@Index('IDX_paid_leave_request_list', ['tenantId', 'startDate', 'id'])
@Check('CHK_paid_leave_request_type', `"type" IN ('paid_leave', 'rtt', 'rest_time', 'unpaid', 'other')`)
@Check('CHK_paid_leave_request_state', `"state" IN ('requested', 'approved', 'refused', 'cancelled')`)
@Check('CHK_paid_leave_request_dates', '"end_date" >= "start_date"')
export class PaidLeaveRequest {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'employee_id', type: 'integer' })
  employeeId: number;

  @ManyToOne(() => Employee, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'employee_id' })
  employee: Relation<Employee>;

  @Column({ type: 'varchar', length: 20, default: 'paid_leave' })
  type: string;

  @Column({ name: 'rest_time_count', type: 'numeric', precision: 6, scale: 2, nullable: true })
  restTimeCount: string | null;

  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  @Column({ name: 'end_date', type: 'date' })
  endDate: string;

  @Column({ type: 'varchar', length: 20, default: 'requested' })
  state: LeaveState;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ name: 'decision_comment', type: 'text', nullable: true })
  decisionComment: string | null;

  @Column({ name: 'requested_by_id', type: 'integer', nullable: true })
  requestedById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'requested_by_id' })
  requestedBy: Relation<User> | null;

  @Column({ name: 'decided_by_id', type: 'integer', nullable: true })
  decidedById: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'decided_by_id' })
  decidedBy: Relation<User> | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
