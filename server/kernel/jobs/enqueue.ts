import type { EntityManager } from 'typeorm';
import { clock } from '../clock';
import { Job } from './job.entity';

/** Options of {@link enqueue}. */
export interface EnqueueOptions {
  /** When the job becomes due; now by default. */
  runAt?: Date;
  tenantId?: number | null;
  maxAttempts?: number;
}

/**
 * Adds a job with the caller's transaction manager, so the job commits or rolls back with the
 * business change that asked for it.
 */
export async function enqueue(manager: EntityManager, name: string, payload: Record<string, unknown> = {}, opts: EnqueueOptions = {}): Promise<Job> {
  const job = manager.create(Job, {
    name,
    payload,
    runAt: opts.runAt ?? clock.now(),
    tenantId: opts.tenantId ?? null,
    status: 'pending',
    attempts: 0,
    maxAttempts: opts.maxAttempts ?? 5,
  });
  return manager.save(Job, job);
}

/**
 * Adds the job unless one with the same name (and tenant) is already pending: for recurring
 * work that re-schedules itself from its own handler.
 */
export async function enqueueOnce(manager: EntityManager, name: string, payload: Record<string, unknown> = {}, opts: EnqueueOptions = {}): Promise<Job | null> {
  const existing = await manager
    .createQueryBuilder(Job, 'job')
    .where('job.name = :name', { name })
    .andWhere(`job.status = 'pending'`)
    .andWhere(opts.tenantId == null ? 'job.tenant_id IS NULL' : 'job.tenant_id = :tenantId', { tenantId: opts.tenantId })
    .getOne();
  if (existing) return null;
  return enqueue(manager, name, payload, opts);
}
