import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { formatDate } from '../../../kernel/i18n/format';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, removedWith, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { requireEquipment } from '../core/equipment-access';
import type { EquipmentSubject } from '../core/equipment-tabs';
import { MAINTENANCE_FORM, MAINTENANCE_TYPES, maintenanceSchema } from './book.schema';
import { deleteMaintenance, findMaintenance, saveMaintenance, supervisorOptions, type MaintenanceRow } from './book.service';
import { recordId } from './book-http';

async function renderForm(req: Request, res: Response, equipment: EquipmentSubject, row: MaintenanceRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'equipment/book/_maintenance_form', {
    title: req.t(row ? 'vgp-book.maintenance.edit' : 'vgp-book.maintenance.add'), equipment, row, values, errors, form: MAINTENANCE_FORM,
    types: MAINTENANCE_TYPES, supervisors: await supervisorOptions(req.ctx.db, tenantOf(req), row?.supervisorId ?? null),
  });
}

async function save(req: Request, res: Response, equipment: EquipmentSubject, row: MaintenanceRow | null): Promise<void> {
  const form = parseForm(maintenanceSchema, req.body, MAINTENANCE_FORM);
  if (!form.ok) return renderForm(req, res, equipment, row, form.values, form.errors);
  const result = await saveMaintenance(req.ctx.db, tenantOf(req), equipment.id, row?.id ?? null, form.data, row?.supervisorId ?? null);
  if (result.ok) return saved(req, res, 'vgp-book.flash.maintenance_saved');
  if ('stale' in result) return stale(req, res);
  return renderForm(req, res, equipment, row, form.values, result.errors);
}

/** An intervention of the company on an equipment the user sees (404 otherwise). */
async function visibleMaintenance(req: Request): Promise<{ row: MaintenanceRow; equipment: EquipmentSubject }> {
  const row = orNotFound(await findMaintenance(req.ctx.db, tenantOf(req), recordId(req)));
  return { row, equipment: await requireEquipment(req.ctx.db, req.authUser!, row.equipmentId) };
}

/** `GET|POST /equipment/{id}/maintenance/new` (vgp_equipment_maintenance_add): an intervention of the equipment's maintenance book. */
export async function maintenanceAdd(req: Request, res: Response): Promise<void> {
  const equipment = await requireEquipment(req.ctx.db, req.authUser!, recordId(req));
  if (req.method === 'POST') return save(req, res, equipment, null);
  await renderForm(req, res, equipment, null, { date: formatDate(todayIso()), type: 'maintenance', supervisor: req.authUser!.id, version: 0 });
}

/** `GET|POST /equipment/maintenance/{id}/edit` (vgp_equipment_maintenance_edit). */
export async function maintenanceEdit(req: Request, res: Response): Promise<void> {
  const { row, equipment } = await visibleMaintenance(req);
  if (req.method === 'POST') return save(req, res, equipment, row);
  await renderForm(req, res, equipment, row, { subject: row.subject, supervisor: row.supervisorId ?? '', date: formatDate(row.date), type: row.type, version: row.version });
}

/** `POST /equipment/maintenance/{id}/delete` (vgp_equipment_maintenance_delete). */
export async function maintenanceDelete(req: Request, res: Response): Promise<void> {
  const { row } = await visibleMaintenance(req);
  await deleteMaintenance(req.ctx.db, tenantOf(req), row.id);
  removedWith(req, res, 'vgp-book.flash.maintenance_deleted');
}
