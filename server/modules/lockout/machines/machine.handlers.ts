import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { activityOptions, sectorOptions } from '../core/lockout-options';
import { answerRemoval } from '../../../kernel/http/record-outcome';
import { LOCKOUT_ADD, LOCKOUT_MANAGE } from '../core/lockout-rights';
import { slipsOfMachine } from '../core/slip-queries';
import { workOrdersOfMachine } from '../../work-order';
import { permitsOfMachine } from '../../permit/permit.service';
import { MACHINE_FORM, machineQuerySchema, machineSchema } from './machine.schema';
import { findMachine, listMachines, listPhotos, listPoints, removeMachine, saveMachine, type MachineRecord } from './machine.service';

/** `GET /consignment/machines` (consignment_machine_index): machines by code, searched by code or name, filtered by sector and activity. */
export async function index(req: Request, res: Response): Promise<void> {
  const query = machineQuerySchema.parse(req.query);
  const page = pageRequest(req);
  const tenantId = tenantOf(req);
  const [{ rows, total }, sectors, activities] = await Promise.all([
    listMachines(req.ctx.db, tenantId, query, page.perPage, page.offset), sectorOptions(req.ctx.db, tenantId), activityOptions(req.ctx.db, tenantId),
  ]);
  await renderScreen(req, res, 'lockout/machines/index', {
    title: req.t('lockout.machine.title'), hideTitle: true, rows, query, sectors, activities, pager: buildPager(req, page, total),
    canEdit: can(req.authUser!, LOCKOUT_MANAGE), section: 'machines', filtered: Boolean(query.q || query.sector || query.activity),
  });
}

/** `GET /consignment/machines/{id}` (consignment_machine_show): identity, isolation points, photos, the machine's slips and the work orders and permits naming it. */
export async function show(req: Request, res: Response): Promise<void> {
  const tenantId = tenantOf(req);
  const machine = orNotFound(await findMachine(req.ctx.db, tenantId, routeId(req)));
  const [points, photos, slips, workOrders, permits] = await Promise.all([
    listPoints(req.ctx.db, tenantId, machine.id), listPhotos(req.ctx.db, tenantId, machine.id), slipsOfMachine(req.ctx.db, req.authUser!, machine.id),
    workOrdersOfMachine(req.ctx.db, req.authUser!, res.locals.toggles, machine.id), permitsOfMachine(req.ctx.db, req.authUser!, res.locals.toggles, machine.id),
  ]);
  await renderScreen(req, res, 'lockout/machines/show', {
    title: `${machine.code} – ${machine.name}`, hideTitle: true, machine, points, photos, slips, workOrders, permits,
    canEdit: can(req.authUser!, LOCKOUT_MANAGE), canAddSlip: can(req.authUser!, LOCKOUT_ADD),
  });
}

async function renderForm(req: Request, res: Response, row: MachineRecord | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const tenantId = tenantOf(req);
  const [sectors, activities] = await Promise.all([sectorOptions(req.ctx.db, tenantId), activityOptions(req.ctx.db, tenantId)]);
  await renderScreen(req, res, 'lockout/machines/_form', {
    title: req.t(row ? 'lockout.machine.edit_title' : 'lockout.machine.new_title'), form: MACHINE_FORM, values, errors, sectors, activities,
    action: row ? req.ctx.routes.path('consignment_machine_edit', { id: row.id }) : req.ctx.routes.path('consignment_machine_add'),
  });
}

async function submit(req: Request, res: Response, row: MachineRecord | null): Promise<void> {
  const form = parseForm(machineSchema, req.body, MACHINE_FORM);
  if (!form.ok) return renderForm(req, res, row, form.values, form.errors);
  const result = await saveMachine(req.ctx.db, tenantOf(req), row?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, row, form.values, result.errors);
  saved(req, res, row ? 'lockout.machine.flash.updated' : 'lockout.machine.flash.created', { name: form.data.name },
    row ? undefined : req.ctx.routes.path('consignment_machine_show', { id: result.id }));
}

/** `GET|POST /consignment/machines/new` (consignment_machine_add); 201 leads to the new machine's page. */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderForm(req, res, null, { code: '', name: '', prerequisite: '', sectorId: '', activityIds: [], version: 0 });
}

/** `GET|POST /consignment/machines/{id}/edit` (consignment_machine_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findMachine(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, row);
  await renderForm(req, res, row, {
    code: row.code, name: row.name, prerequisite: row.prerequisite ?? '', sectorId: row.sectorId ?? '', activityIds: row.activityIds.map(String), version: row.version,
  });
}

/** `POST /consignment/machines/{id}/delete` (consignment_machine_delete): 409 once a slip was written on it. */
export async function remove(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findMachine(req.ctx.db, tenantOf(req), routeId(req)));
  answerRemoval(req, res, await removeMachine(req.ctx.db, tenantOf(req), row.id), `${row.code} – ${row.name}`, 'lockout.machine.flash.removed');
}
