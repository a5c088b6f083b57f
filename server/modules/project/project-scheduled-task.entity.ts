import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Project } from './project.entity';

/** Recurrence units of a scheduled task. */
export const SCHEDULE_UNITS = ['day', 'week', 'month'] as const;

/**
 * A scheduled task: a task made every `every` `unit`s from `start_date` until `end_date`
 * (optional) by the job queue; `next_date` is the next occurrence still to make.
 */
@Entity('project_scheduled_task')
@Index('IDX_project_scheduled_task_next', ['nextDate'])
@Check('CHK_project_scheduled_task_unit', `"unit" IN ('day', 'week', 'month')`)
@Check('CHK_project_scheduled_task_every', '"every" >= 1')
@Check('CHK_project_scheduled_task_dates', '"end_date" IS NULL OR "end_date" >= "start_date"')
export class ProjectScheduledTask {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'project_id', type: 'integer' })
  projectId: number;

  @ManyToOne(() => Project, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project: Relation<Project>;

  @Column({ type: 'varchar', length: 255 })
  label: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'assignee_id', type: 'integer', nullable: true })
  assigneeId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'assignee_id' })
  assignee: Relation<User> | null;

  @Column({ name: 'hour_estimation', type: 'numeric', precision: 7, scale: 2, nullable: true })
  hourEstimation: string | null;

  /** How many days each made task lasts (1 = the day itself). */
  @Column({ name: 'duration_days', type: 'integer', default: 1 })
  durationDays: number;

  @Column({ type: 'integer', default: 1 })
  every: number;

  @Column({ type: 'varchar', length: 10 })
  unit: string;

  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  @Column({ name: 'end_date', type: 'date', nullable: true })
  endDate: string | null;

  @Column({ name: 'next_date', type: 'date', nullable: true })
  nextDate: string | null;

  @Column({ type: 'integer', default: 1 })
  version: number;
}
