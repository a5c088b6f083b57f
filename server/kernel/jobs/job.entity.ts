import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Life of a job row. */
export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/** A unit of background work (notification, reminder, PDF...) stored in PostgreSQL. */
@Entity('job')
@Check('CHK_job_status', `"status" IN ('pending', 'running', 'done', 'failed')`)
@Index('IDX_job_pending_run_at', ['runAt'], { where: `"status" = 'pending'` })
@Index('IDX_job_running_locked_at', ['lockedAt'], { where: `"status" = 'running'` })
export class Job {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'tenant_id', type: 'integer', nullable: true })
  tenantId: number | null;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  payload: Record<string, unknown>;

  @Column({ name: 'run_at', type: 'timestamptz' })
  runAt: Date;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: JobStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'max_attempts', type: 'integer', default: 5 })
  maxAttempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'locked_at', type: 'timestamptz', nullable: true })
  lockedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
