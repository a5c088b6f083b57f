import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, tenantOf } from '../../../kernel/http/respond';
import { typeOptions } from '../core/lockout-options';
import { answerRemoval } from '../../../kernel/http/record-outcome';
import { POINT_FORM, pointSchema } from './machine.schema';
import { findMachine, findPoint, removePoint, savePoint, type MachineRecord, type PointRow } from './machine.service';

async function renderForm(req: Request, res: Response, machine: MachineRecord, row: PointRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const types = await typeOptions(req.ctx.db, machine.tenantId);
  await renderScreen(req, res, 'lockout/machines/_point_form', {
    title: req.t(row ? 'lockout.point.edit_title' : 'lockout.point.new_title'), form: POINT_FORM, values, errors, types,
    action: row ? req.ctx.routes.path('consignment_point_edit', { id: machine.id, point: row.id }) : req.ctx.routes.path('consignment_point_add', { id: machine.id }),
  });
}

async function submit(req: Request, res: Response, machine: MachineRecord, row: PointRow | null): Promise<void> {
  const form = parseForm(pointSchema, req.body, POINT_FORM);
  if (!form.ok) return renderForm(req, res, machine, row, form.values, form.errors);
  const result = await savePoint(req.ctx.db, machine.tenantId, machine.id, row?.id ?? null, form.data);
  if (!result.ok) return renderForm(req, res, machine, row, form.values, 'errors' in result ? result.errors : {});
  saved(req, res, row ? 'lockout.point.flash.updated' : 'lockout.point.flash.created', { code: form.data.code });
}

/** `GET|POST /consignment/machines/{id}/points/new` (consignment_point_add): a required consignment of the machine. */
export async function add(req: Request, res: Response): Promise<void> {
  const machine = orNotFound(await findMachine(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, machine, null);
  await renderForm(req, res, machine, null, { code: '', typeId: '', location: '', cutMethod: '', verificationMethod: '' });
}

/** `GET|POST /consignment/machines/{id}/points/{point}/edit` (consignment_point_edit). */
export async function edit(req: Request, res: Response): Promise<void> {
  const machine = orNotFound(await findMachine(req.ctx.db, tenantOf(req), routeId(req)));
  const row = orNotFound(await findPoint(req.ctx.db, machine.tenantId, machine.id, routeId(req, 'point')));
  if (req.method === 'POST') return submit(req, res, machine, row);
  await renderForm(req, res, machine, row, { ...row });
}

/** `POST /consignment/machines/{id}/points/{point}/delete` (consignment_point_delete): 409 while a slip of the machine is in progress. */
export async function remove(req: Request, res: Response): Promise<void> {
  const machine = orNotFound(await findMachine(req.ctx.db, tenantOf(req), routeId(req)));
  const row = orNotFound(await findPoint(req.ctx.db, machine.tenantId, machine.id, routeId(req, 'point')));
  answerRemoval(req, res, await removePoint(req.ctx.db, machine.tenantId, machine.id, row.id), row.code, 'lockout.point.flash.removed');
}
