import type { Db } from '../../../kernel/db/sql';

/** One task as the progress summary reads it. */
export interface ProgressTask {
  label: string;
  state: 'todo' | 'in_progress' | 'done';
  progress: number;
  hourEstimation: number | null;
  isMilestone: boolean;
  endAt: Date;
}

/** What the project home shows of its tasks. */
export interface ProjectProgress {
  /** Tasks that are not milestones, by state. */
  tasks: { total: number; todo: number; inProgress: number; done: number };
  /** Weighted completion of the tasks (0–100): by hour estimation when every task has one, else equal weights. */
  percent: number;
  weightedByHours: boolean;
  /** Estimated hours of the tasks, and of those done. */
  hours: { total: number; done: number };
  /** Tasks and milestones not done whose end has passed. */
  late: number;
  milestones: { total: number; done: number; next: { label: string; endAt: Date } | null };
}

/**
 * Sums up a project's tasks for its home tab. A done task counts as 100 % whatever its progress
 * field says; milestones are counted apart and have no weight in the percentage.
 */
export function summarizeProgress(all: ProgressTask[], now: Date): ProjectProgress {
  const tasks = all.filter((t) => !t.isMilestone);
  const milestones = all.filter((t) => t.isMilestone);
  const completion = (t: ProgressTask) => (t.state === 'done' ? 100 : Math.min(100, Math.max(0, t.progress)));
  const weightedByHours = tasks.length > 0 && tasks.every((t) => (t.hourEstimation ?? 0) > 0);
  const weight = (t: ProgressTask) => (weightedByHours ? t.hourEstimation! : 1);
  const totalWeight = tasks.reduce((n, t) => n + weight(t), 0);
  const percent = totalWeight ? Math.round(tasks.reduce((n, t) => n + weight(t) * completion(t), 0) / totalWeight) : 0;
  const next = milestones.filter((m) => m.state !== 'done').sort((a, b) => a.endAt.getTime() - b.endAt.getTime())[0];
  return {
    tasks: {
      total: tasks.length,
      todo: tasks.filter((t) => t.state === 'todo').length,
      inProgress: tasks.filter((t) => t.state === 'in_progress').length,
      done: tasks.filter((t) => t.state === 'done').length,
    },
    percent,
    weightedByHours,
    hours: {
      total: tasks.reduce((n, t) => n + (t.hourEstimation ?? 0), 0),
      done: tasks.filter((t) => t.state === 'done').reduce((n, t) => n + (t.hourEstimation ?? 0), 0),
    },
    late: all.filter((t) => t.state !== 'done' && t.endAt.getTime() < now.getTime()).length,
    milestones: { total: milestones.length, done: milestones.filter((m) => m.state === 'done').length, next: next ? { label: next.label, endAt: next.endAt } : null },
  };
}

/** The progress summary of one project of the company. */
export async function projectProgress(db: Db, tenantId: number, projectId: number, now: Date): Promise<ProjectProgress> {
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT label, state, progress, hour_estimation, is_milestone, end_at FROM project_task WHERE tenant_id = $1 AND project_id = $2`, [tenantId, projectId]);
  return summarizeProgress(rows.map((r) => ({
    label: r.label, state: r.state, progress: Number(r.progress), hourEstimation: r.hour_estimation === null ? null : Number(r.hour_estimation),
    isMilestone: r.is_milestone, endAt: new Date(r.end_at),
  })), now);
}
