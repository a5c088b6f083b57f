import type { DataSource } from 'typeorm';
import type { Job } from './job.entity';
import { extensionPoint } from '../extension';

/** What a handler receives beside its payload. */
export interface JobContext {
  job: Job;
  dataSource: DataSource;
  /** `clock.now()` when the job was claimed. */
  now: Date;
}

/** Does the work of one job; throwing schedules a retry. */
export type JobHandler<P = Record<string, unknown>> = (payload: P, ctx: JobContext) => Promise<void> | void;

const handlers = new Map<string, JobHandler<any>>();

/** A job handler declared as data: the jobs named `name` are run by `run`. */
export interface JobHandlerDef<P = Record<string, unknown>> {
  name: string;
  run: JobHandler<P>;
}

/** Declares the handler of the jobs named `name` (once per name). */
export function registerJobHandler<P = Record<string, unknown>>(name: string, handler: JobHandler<P>): void {
  if (handlers.has(name)) throw new Error(`Un gestionnaire est déjà déclaré pour le job « ${name} ».`);
  handlers.set(name, handler);
}

/** Declares a job handler as data, without registering it: the owning module contributes it to {@link jobHandlers}. */
export function defineJobHandler<P = Record<string, unknown>>(name: string, run: JobHandler<P>): JobHandlerDef<P> {
  return { name, run };
}

/** The job handlers: a module contributes its own (`contribute(jobHandlers, { name, run })`). */
export const jobHandlers = extensionPoint<JobHandlerDef<any>>('jobs:handlers', (def) => registerJobHandler(def.name, def.run));

/** Forgets a handler (tests). */
export function unregisterJobHandler(name: string): void {
  handlers.delete(name);
}

/** The handler of `name`, if any. */
export function jobHandler(name: string): JobHandler<any> | undefined {
  return handlers.get(name);
}
