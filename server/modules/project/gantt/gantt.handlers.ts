import type { Request, Response } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { routeId } from '../../../kernel/http/respond';
import { projectAbilities, requireProject } from '../project-access';
import { changeTaskProgress, ganttTask, ganttTasks, moveTask, type GanttTask } from './gantt.service';
import { parseGanttUpdate } from './gantt.schema';

/** True when the company has the gantt (toggle `gantt`, on by default). */
export function ganttEnabled(res: Response): boolean {
  return (res.locals.toggles as Record<string, boolean> | undefined)?.gantt !== false;
}

/** Status of each refusal of an update (the spec: 401 with the message when the assignee is unavailable). */
const REFUSAL_STATUS = { not_found: 404, invalid: 400, unavailable: 401, stale: 409 } as const;

/** `project_task_gantt {id}`: the tasks of the project as the gantt draws them (JSON). */
export async function projectTaskGantt(req: Request, res: Response): Promise<void> {
  if (!ganttEnabled(res)) throw new HttpError(404, 'errors.not_found.title');
  const project = await requireProject(req, routeId(req));
  res.set('Cache-Control', 'no-store').json(await ganttTasks(req.ctx.db, project.tenantId, project.id));
}

/**
 * `project_task_update` (POST `id` + `progress`, or `id` + `start` + `end` in DD/MM/YYYY): answers
 * the updated task. 404 outside the company or the visible projects, 403 without the tasks
 * ability, 401 with the translated message when the assignee is unavailable, 409 stale, 400 bad input.
 */
export async function projectTaskUpdate(req: Request, res: Response): Promise<void> {
  if (!ganttEnabled(res)) throw new HttpError(404, 'errors.not_found.title');
  const input = parseGanttUpdate(req.body);
  if (!input) throw new HttpError(400, 'project-gantt.errors.invalid');
  const user = req.authUser!;
  const db = req.ctx.db;
  const task = await ganttTask(db, user.tenantId, input.id);
  if (!task || task.projectId === null) throw new HttpError(404, 'errors.not_found.title');
  const project = await requireProject(req, task.projectId);
  if (!(await projectAbilities(db, user, project)).tasks) throw new HttpError(403, 'project-gantt.errors.forbidden');
  const result = 'progress' in input
    ? await changeTaskProgress(db, user.tenantId, task.id, input.progress, input.version)
    : await moveTask(db, user.id, user.tenantId, task.id, input.start, input.end, input.version);
  if (!result.ok) {
    res.status(REFUSAL_STATUS[result.reason]).json({ message: req.t(result.message) });
    return;
  }
  const updated = await ganttTask(db, user.tenantId, task.id);
  if (!updated) throw new HttpError(404, 'errors.not_found.title');
  const { projectId: _projectId, ...answer } = updated;
  res.set('Cache-Control', 'no-store').json(answer satisfies GanttTask);
}
