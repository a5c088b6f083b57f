import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Tenant } from '../identity/tenant.entity';
import { User } from '../identity/user.entity';
import { ProjectTask } from './project-task.entity';

/** One change of a task's dates (the task dates history): before, after, who and when. */
@Entity('project_task_date_change')
@Index('IDX_project_task_date_change_task', ['tenantId', 'taskId'])
export class ProjectTaskDateChange {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'tenant_id' })
  tenant: Relation<Tenant>;

  @Column({ name: 'task_id', type: 'integer' })
  taskId: number;

  @ManyToOne(() => ProjectTask, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'task_id' })
  task: Relation<ProjectTask>;

  @Column({ name: 'old_start_at', type: 'timestamptz' })
  oldStartAt: Date;

  @Column({ name: 'old_end_at', type: 'timestamptz' })
  oldEndAt: Date;

  @Column({ name: 'new_start_at', type: 'timestamptz' })
  newStartAt: Date;

  @Column({ name: 'new_end_at', type: 'timestamptz' })
  newEndAt: Date;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User> | null;

  @CreateDateColumn({ name: 'changed_at', type: 'timestamptz' })
  changedAt: Date;
}
