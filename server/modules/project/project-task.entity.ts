import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { Project } from './project.entity';

/** Task states of seed 002. */
export const TASK_STATES = ['todo', 'in_progress', 'done'] as const;
/** One task state. */
export type TaskState = (typeof TASK_STATES)[number];

/**
 * A task of a project (or a calendar task without project): label, dates (start and end
 * instants), hour estimation, progress (0-100), assignee, parent, description. A milestone has
 * `is_milestone`; a task of the initial planning keeps its first dates in `initial_start_at` /
 * `initial_end_at` (gantt `initalDates`) and asks for confirmation before a date change.
 */
@Entity('project_task')
@Index('IDX_project_task_project', ['tenantId', 'projectId'])
@Index('IDX_project_task_assignee', ['tenantId', 'assigneeId', 'startAt'])
@Index('UQ_project_task_schedule_day', ['scheduledTaskId', 'scheduledFor'], { unique: true, where: '"scheduled_task_id" IS NOT NULL' })
@Check('CHK_project_task_state', `"state" IN ('todo', 'in_progress', 'done')`)
@Check('CHK_project_task_progress', '"progress" >= 0 AND "progress" <= 100')
@Check('CHK_project_task_dates', '"end_at" >= "start_at"')
export class ProjectTask {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'project_id', type: 'integer', nullable: true })
  projectId: number | null;

  @ManyToOne(() => Project, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'project_id' })
  project: Relation<Project> | null;

  @Column({ name: 'parent_id', type: 'integer', nullable: true })
  parentId: number | null;

  @ManyToOne(() => ProjectTask, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'parent_id' })
  parent: Relation<ProjectTask> | null;

  @Column({ type: 'varchar', length: 255 })
  label: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'start_at', type: 'timestamptz' })
  startAt: Date;

  @Column({ name: 'end_at', type: 'timestamptz' })
  endAt: Date;

  @Column({ name: 'hour_estimation', type: 'numeric', precision: 7, scale: 2, nullable: true })
  hourEstimation: string | null;

  @Column({ type: 'integer', default: 0 })
  progress: number;

  @Column({ type: 'varchar', length: 20, default: 'todo' })
  state: TaskState;

  @Column({ name: 'assignee_id', type: 'integer', nullable: true })
  assigneeId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'assignee_id' })
  assignee: Relation<User> | null;

  @Column({ name: 'is_milestone', type: 'boolean', default: false })
  isMilestone: boolean;

  @Column({ name: 'is_initial_planning', type: 'boolean', default: false })
  isInitialPlanning: boolean;

  @Column({ name: 'initial_start_at', type: 'timestamptz', nullable: true })
  initialStartAt: Date | null;

  @Column({ name: 'initial_end_at', type: 'timestamptz', nullable: true })
  initialEndAt: Date | null;

  @Column({ name: 'done_at', type: 'timestamptz', nullable: true })
  doneAt: Date | null;

  @Column({ name: 'done_comment', type: 'text', nullable: true })
  doneComment: string | null;

  @Column({ name: 'scheduled_task_id', type: 'integer', nullable: true })
  scheduledTaskId: number | null;

  /** The day of the schedule this task was made for (one task per schedule and day). */
  @Column({ name: 'scheduled_for', type: 'date', nullable: true })
  scheduledFor: string | null;

  @Column({ name: 'created_by_id', type: 'integer', nullable: true })
  createdById: number | null;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
