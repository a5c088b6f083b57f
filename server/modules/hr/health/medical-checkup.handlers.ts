import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { employeeOptions, requireEmployee } from '../employee-access';
import { isoToFrench } from './health-dates';
import { checkupFilterSchema, checkupSchema } from './health.schema';
import { listCheckupTypes } from './health-types.service';
import { CHECKUP_STATUSES, findCheckup, listMonitoring, saveCheckup } from './medical-checkup.service';
import { recordId } from './health-http';

const positive = (v: unknown): number | null => { const n = Number(v); return Number.isSafeInteger(n) && n > 0 ? n : null; };

/** `GET /rh/medical-checkups` (rh_medical_checkup_index): next check-up per employee, status, filters. */
export async function checkupIndex(req: Request, res: Response): Promise<void> {
  const db = req.ctx.db;
  const f = checkupFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total, counts } = await listMonitoring(db, req.authUser!, f, page);
  const services: Array<{ id: number; name: string }> = await db.query('SELECT id, name FROM service WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(name), id', [tenantOf(req)]);
  await renderScreen(req, res, 'hr/health/checkup_index', {
    hideTitle: true, title: req.t('hr-health.checkups.title'), rows, counts, f, statuses: CHECKUP_STATUSES,
    types: await listCheckupTypes(db, tenantOf(req)), services, pager: buildPager(req, page, total),
    filtered: !!(f.q || f.status || f.type || f.service),
  });
}

async function checkupForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const db = req.ctx.db;
  await renderScreen(req, res, 'hr/health/_checkup_form', {
    title: req.t(id ? 'hr-health.checkups.edit' : 'hr-health.checkups.add'), id, values, errors,
    // A recorded check-up stays editable after its employee left.
    employees: await employeeOptions(db, req.authUser!, id ? { includeGone: true } : { today: todayIso() }), types: await listCheckupTypes(db, tenantOf(req)), maxDate: isoToFrench(todayIso()),
  });
}

async function save(req: Request, res: Response, id: number | null): Promise<void> {
  const form = parseForm(checkupSchema, req.body, 'medical_checkup');
  if (!form.ok) return checkupForm(req, res, id, form.values, form.errors);
  const result = await saveCheckup(req.ctx.db, req.authUser!, id, form.data);
  if (result.ok) return saved(req, res, 'hr-health.flash.checkup_saved', { date: isoToFrench(result.nextDate) });
  if ('stale' in result) return stale(req, res);
  return checkupForm(req, res, id, form.values, result.errors);
}

/** `GET|POST /rh/medical-checkups/new?employee=` (rh_medical_checkup_add). */
export async function checkupAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return save(req, res, null);
  const employee = positive(req.query.employee);
  if (employee) await requireEmployee(req, employee);
  await checkupForm(req, res, null, { employee: employee ?? '', date: isoToFrench(todayIso()), version: 0 });
}

/** `GET|POST /rh/medical-checkups/{id}/edit` (rh_medical_checkup_edit). */
export async function checkupEdit(req: Request, res: Response): Promise<void> {
  const checkup = orNotFound(await findCheckup(req.ctx.db, req.authUser!, recordId(req)));
  if (req.method === 'POST') return save(req, res, checkup.id);
  await checkupForm(req, res, checkup.id, { employee: checkup.employeeId, type: checkup.typeId, date: isoToFrench(checkup.date), comment: checkup.comment ?? '', version: checkup.version });
}
