import type { Request, Response } from 'express';
import { clock, todayIso } from '../../../kernel/clock';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { parseFrenchDate } from '../../../kernel/i18n/format';
import { addDays } from './schedule-dates';
import { myTasks as listMyTasks, planning as listPlanning, planningDays, tasksByMember as listByMember, visibleProjects, type TaskStateFilter } from './task-lists.service';

const stateOf = (v: unknown, fallback: TaskStateFilter): TaskStateFilter => (v === 'open' || v === 'done' || v === 'all' ? v : fallback);

async function projectFilter(req: Request): Promise<{ projects: Array<{ id: number; label: string }>; projectId: number | null }> {
  const projects = await visibleProjects(req.ctx.db, req.authUser!);
  const wanted = Number(req.query.project);
  return { projects, projectId: projects.some((p) => p.id === wanted) ? wanted : null };
}

/** `GET /projects/my-tasks` (project_my_tasks): the user's tasks across projects and the calendar, by state. */
export async function myTasks(req: Request, res: Response): Promise<void> {
  const state = stateOf(req.query.state, 'open');
  const page = pageRequest(req);
  const { rows, total } = await listMyTasks(req.ctx.db, req.authUser!, state, page);
  await renderScreen(req, res, 'project/task/my_tasks', {
    hideTitle: true, title: req.t('project-task.my_tasks.title'), rows, state, pager: buildPager(req, page, total), now: clock.now(),
  });
}

/** `GET /projects/tasks-by-member` (project_tasks_by_member): tasks of the visible projects per member. */
export async function tasksByMember(req: Request, res: Response): Promise<void> {
  const state = stateOf(req.query.state, 'open');
  const { projects, projectId } = await projectFilter(req);
  const members = await listByMember(req.ctx.db, req.authUser!, projectId, state);
  await renderScreen(req, res, 'project/task/by_member', {
    hideTitle: true, title: req.t('project-task.by_member.title'), members, projects, projectId, state, now: clock.now(),
  });
}

/** `GET /projects/planning?view=week|month&date=DD/MM/YYYY&project=` (project_planning): the week or month of tasks per person, with unavailability. */
export async function planning(req: Request, res: Response): Promise<void> {
  const view = req.query.view === 'month' ? 'month' : 'week';
  const parsed = typeof req.query.date === 'string' ? parseFrenchDate(req.query.date) : null;
  const day = parsed ? parsed.toISOString().slice(0, 10) : todayIso();
  const { projects, projectId } = await projectFilter(req);
  const days = planningDays(view, day);
  const lines = await listPlanning(req.ctx.db, req.authUser!, days, projectId);
  const shift = (n: number) => (view === 'month' ? `${addMonthsDay(day, n)}` : addDays(day, 7 * n));
  await renderScreen(req, res, 'project/task/planning', {
    hideTitle: true, title: req.t('project-task.planning.title'), view, day, days, lines, projects, projectId, today: todayIso(),
    previous: shift(-1), next: shift(1),
  });
}

function addMonthsDay(day: string, n: number): string {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
}
