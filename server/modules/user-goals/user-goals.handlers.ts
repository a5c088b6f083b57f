import type { Request, Response } from 'express';
import { clock } from '../../kernel/clock';
import { addFlash } from '../../kernel/http/flash';
import type { FieldError } from '../../kernel/http/forms';
import { parseForm } from '../../kernel/http/forms';
import { HttpError } from '../../kernel/http/errors';
import { renderScreen } from '../../kernel/http/render';
import { GOAL_KINDS, QUARTERS } from './user-goal.entity';
import { cellName, goalsSchema, YEAR_SPAN, type GoalsInput } from './user-goals.schema';
import { findGoalUser, goalYears, loadGoals, saveGoals } from './user-goals.service';

/** The current year in Paris (goals are per calendar year of the company). */
function currentYear(): number {
  return Number(new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', year: 'numeric' }).format(clock.now()));
}

function yearChoices(): number[] {
  const y = currentYear();
  return Array.from({ length: 2 * YEAR_SPAN + 1 }, (_, i) => y - YEAR_SPAN + i);
}

/** A year from the query or body, kept inside the offered range (else the current year). */
function pickYear(raw: unknown): number {
  const y = Number(raw);
  return Number.isInteger(y) && yearChoices().includes(y) ? y : currentYear();
}

async function targetUser(req: Request): Promise<{ id: number; name: string }> {
  const user = await findGoalUser(req.ctx.db, req.authUser!.tenantId, Number(req.routeParams.id));
  if (!user) throw new HttpError(404, 'errors.not_found.title');
  return user;
}

async function renderForm(req: Request, res: Response, user: { id: number; name: string }, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'user-goals/_form', {
    title: req.t('goals.edit_title', { name: user.name }), goalUser: user, values, errors, years: yearChoices(), quarters: QUARTERS, kinds: GOAL_KINDS, cellName,
  });
}

/** `GET /admin/users/{id}/goals?year=`: the quarterly grid of a user (modal). */
export async function edit(req: Request, res: Response): Promise<void> {
  const user = await targetUser(req);
  const year = pickYear(req.query.year);
  await renderForm(req, res, user, { year, ...(await loadGoals(req.ctx.db, req.authUser!.tenantId, user.id, year)) });
}

/**
 * `POST /admin/users/{id}/goals`: saves the grid of the chosen year (201), or re-renders it
 * with the errors next to the cells (200). The "show" button only reloads the grid of the
 * year picked in the selector, without saving.
 */
export async function save(req: Request, res: Response): Promise<void> {
  const user = await targetUser(req);
  const tenantId = req.authUser!.tenantId;
  if (req.body?._load === '1') {
    const year = pickYear((req.body?.goals as Record<string, unknown> | undefined)?.year);
    return renderForm(req, res, user, { year, ...(await loadGoals(req.ctx.db, tenantId, user.id, year)) });
  }
  const form = parseForm(goalsSchema(currentYear()), req.body, 'goals');
  if (!form.ok) return renderForm(req, res, user, form.values, form.errors);
  const input = form.data as unknown as GoalsInput;
  await saveGoals(req.ctx.db, tenantId, user.id, input);
  addFlash(req, 'success', 'goals.flash.saved', { name: user.name, year: input.year });
  res.status(201).json({ message: req.t('goals.flash.saved', { name: user.name, year: input.year }) });
}

/** `GET /account/goals?year=`: the logged-in user's own goals, read only. */
export async function mine(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const years = await goalYears(req.ctx.db, user.tenantId, user.id);
  const y = Number(req.query.year);
  const year = Number.isInteger(y) && y > 1900 && y < 3000 ? y : currentYear();
  const values = await loadGoals(req.ctx.db, user.tenantId, user.id, year);
  const empty = Object.values(values).every((v) => v === '');
  await renderScreen(req, res, 'user-goals/mine', {
    title: req.t('goals.mine_title'), year, values, empty, quarters: QUARTERS, kinds: GOAL_KINDS, cellName,
    years: [...new Set([...years, currentYear(), year])].sort((a, b) => a - b),
  });
}
