import { z } from 'zod';
import { MAX_ID, integer, requiredId } from '../../../kernel/http/fields';
import { isoFromFrench } from './gantt-dates';

const id = requiredId();
/** The optimistic lock when sent (a JSON call may leave it out: no check then). */
const version = z.preprocess((v) => (v === '' || v === null ? undefined : v), integer(0, MAX_ID).optional());
const day = z.string().trim().transform((s, ctx) => {
  const iso = isoFromFrench(s);
  if (!iso) { ctx.addIssue({ code: 'custom', message: 'project-gantt.errors.invalid' }); return z.NEVER; }
  return iso;
});

/**
 * The body of `project_task_update`: the task `id` and either its `progress` (0-100) or its
 * new `start` and `end` days (`DD/MM/YYYY`, the end inclusive); `version`, when sent, is the
 * optimistic lock. Days come out as `YYYY-MM-DD`.
 */
export const ganttUpdateSchema = z.union([
  z.object({ id, progress: integer(0, 100), version }),
  z.object({ id, start: day, end: day, version }),
]);

/** A parsed gantt update. */
export type GanttUpdateInput = z.infer<typeof ganttUpdateSchema>;

/** Reads a gantt update from a form-encoded or JSON body; null when malformed. */
export function parseGanttUpdate(body: unknown): GanttUpdateInput | null {
  if (!body || typeof body !== 'object') return null;
  const raw = Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([k]) => ['id', 'progress', 'start', 'end', 'version'].includes(k)));
  // An empty progress field means "dates": only one kind of change per call.
  if ('progress' in raw && (raw.progress === '' || raw.progress === null)) delete raw.progress;
  if ('progress' in raw && ('start' in raw || 'end' in raw)) return null;
  const parsed = ganttUpdateSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
