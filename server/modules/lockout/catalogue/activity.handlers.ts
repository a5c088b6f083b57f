import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { LOCKOUT_MANAGE } from '../core/lockout-rights';
import { answerRemoval } from '../../../kernel/http/record-outcome';
import { ACTIVITY_FORM, activitySchema, listQuerySchema } from './catalogue.schema';
import { findActivity, listActivities, removeActivity, saveActivity, type ActivityRow } from './catalogue.service';

/** `GET /consignment/activities` (consignment_activity_index): the machine activities with the machines and slips using them; `?q=` searches. */
export async function index(req: Request, res: Response): Promise<void> {
  const { q } = listQuerySchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listActivities(req.ctx.db, tenantOf(req), q, page.perPage, page.offset);
  await renderScreen(req, res, 'lockout/catalogue/activities', {
    title: req.t('lockout.activity.title'), hideTitle: true, rows, q, pager: buildPager(req, page, total), canEdit: can(req.authUser!, LOCKOUT_MANAGE), section: 'activities',
  });
}

async function renderForm(req: Request, res: Response, row: ActivityRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'lockout/catalogue/_activity_form', {
    title: req.t(row ? 'lockout.activity.edit_title' : 'lockout.activity.new_title'), form: ACTIVITY_FORM, values, errors,
    action: row ? req.ctx.routes.path('consignment_activity_edit', { id: row.id }) : req.ctx.routes.path('consignment_activity_add'),
  });
}

async function submit(req: Request, res: Response, row: ActivityRow | null): Promise<void> {
  const form = parseForm(activitySchema, req.body, ACTIVITY_FORM);
  if (!form.ok) return renderForm(req, res, row, form.values, form.errors);
  const result = await saveActivity(req.ctx.db, tenantOf(req), row?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, row, form.values, result.errors);
  saved(req, res, row ? 'lockout.activity.flash.updated' : 'lockout.activity.flash.created', { name: form.data.name });
}

/** `GET|POST /consignment/activities/new` (consignment_activity_add). */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderForm(req, res, null, { name: '', version: 0 });
}

/** `GET|POST /consignment/activities/{id}/edit` (consignment_activity_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findActivity(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, row);
  await renderForm(req, res, row, { name: row.name, version: row.version });
}

/** `POST /consignment/activities/{id}/delete` (consignment_activity_delete): 409 while a slip is linked to it (seed 002). */
export async function remove(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findActivity(req.ctx.db, tenantOf(req), routeId(req)));
  answerRemoval(req, res, await removeActivity(req.ctx.db, tenantOf(req), row.id), row.name, 'lockout.activity.flash.removed');
}
