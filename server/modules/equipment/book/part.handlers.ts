import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { formatDate } from '../../../kernel/i18n/format';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, removedWith, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { sendFileOf } from '../../../kernel/storage';
import { requireEquipment } from '../core/equipment-access';
import type { EquipmentSubject } from '../core/equipment-tabs';
import { PART_FORM, PART_TYPES, partSchema } from './book.schema';
import { deletePart, findPart, savePart, type PartRow } from './book.service';
import { recordId } from './book-http';
import { keepPartFile, PART_FILE_TYPES, partStorage, partUploadError } from './part.uploads';

async function renderForm(req: Request, res: Response, equipment: EquipmentSubject, row: PartRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}, uploadError: string | null = null): Promise<void> {
  await renderScreen(req, res, 'equipment/book/_part_form', {
    title: req.t(row ? 'vgp-book.part.edit' : 'vgp-book.part.add'), equipment, row, values, errors, form: PART_FORM, types: PART_TYPES,
    accept: PART_FILE_TYPES.map((e) => `.${e}`).join(','), uploadError,
  });
}

async function save(req: Request, res: Response, equipment: EquipmentSubject, row: PartRow | null): Promise<void> {
  const form = parseForm(partSchema, req.body, PART_FORM);
  const refused = partUploadError(req);
  if (!form.ok || refused) return renderForm(req, res, equipment, row, form.values, form.ok ? {} : form.errors, refused);
  const staged = req.uploads?.[0];
  const file = staged ? await keepPartFile(req, staged) : null;
  const result = await savePart(req.ctx.db, tenantOf(req), equipment.id, row?.id ?? null, form.data, file?.id);
  if (result.ok) return saved(req, res, 'vgp-book.flash.part_saved');
  return stale(req, res);
}

/** A part of the company on an equipment the user sees (404 otherwise). */
async function visiblePart(req: Request): Promise<{ row: PartRow; equipment: EquipmentSubject }> {
  const row = orNotFound(await findPart(req.ctx.db, tenantOf(req), recordId(req)));
  return { row, equipment: await requireEquipment(req.ctx.db, req.authUser!, row.equipmentId) };
}

/** `GET|POST /equipment/{id}/parts/new` (vgp_equipment_part_add): a document of the equipment, with its optional file. */
export async function partAdd(req: Request, res: Response): Promise<void> {
  const equipment = await requireEquipment(req.ctx.db, req.authUser!, recordId(req));
  if (req.method === 'POST') return save(req, res, equipment, null);
  await renderForm(req, res, equipment, null, { type: 'other', version: 0 });
}

/** `GET|POST /equipment/parts/{id}/edit` (vgp_equipment_part_edit): a new file replaces the current one. */
export async function partEdit(req: Request, res: Response): Promise<void> {
  const { row, equipment } = await visiblePart(req);
  if (req.method === 'POST') return save(req, res, equipment, row);
  await renderForm(req, res, equipment, row, { type: row.type, reference: row.reference ?? '', label: row.label, date: formatDate(row.date), version: row.version });
}

/** `POST /equipment/parts/{id}/delete` (vgp_equipment_part_delete). */
export async function partDelete(req: Request, res: Response): Promise<void> {
  const { row } = await visiblePart(req);
  await deletePart(req.ctx.db, tenantOf(req), row.id);
  removedWith(req, res, 'vgp-book.flash.part_deleted');
}

/** `GET /equipment/parts/{id}/file` (vgp_equipment_part_file): the part's file, for who sees the equipment. */
export async function partFile(req: Request, res: Response): Promise<void> {
  const { row } = await visiblePart(req);
  await sendFileOf(res, req.ctx.db.manager, partStorage, tenantOf(req), row.fileId);
}
