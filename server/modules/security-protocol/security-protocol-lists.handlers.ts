import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { routeId, saved, tenantOf } from '../../kernel/http/respond';
import { loadConfig } from '../../kernel/config';
import { createStorage, sendStoredFile, StoredFile } from '../../kernel/storage';
import { keepUploads, uploadFiles } from '../../kernel/uploads';
import { listItemSchema } from './security-protocol.schema';
import { PROTOCOL_LISTS, type ProtocolListKey } from './security-protocol-lists';

const storage = createStorage(loadConfig());
/** The image field of a handling equipment. */
export const EQUIPMENT_IMAGE_FIELD = 'pds_list[image]';
/** Body parser of the handling equipment form: one image, 5 MB. */
export const equipmentImageUpload = uploadFiles({ storage, field: EQUIPMENT_IMAGE_FIELD, maxFiles: 1, maxBytes: 5 * 1024 * 1024, allowed: ['png', 'jpg', 'jpeg', 'gif', 'webp'] });

interface Row { id: number; label: string; imageFileId: number | null; uses: number }

async function listRows(req: Request, key: ProtocolListKey): Promise<Row[]> {
  const l = PROTOCOL_LISTS[key];
  return req.ctx.db.query(
    `SELECT x.id, x.label, ${l.image ? 'x.image_file_id' : 'NULL::int'} AS "imageFileId",
            (SELECT count(*)::int FROM ${l.link} k WHERE k.${l.linkColumn} = x.id) AS uses
       FROM ${l.table} x WHERE x.tenant_id = $1 ORDER BY lower(x.label), x.id`, [tenantOf(req)]);
}

async function findRow(req: Request, key: ProtocolListKey): Promise<Row> {
  const rows = (await listRows(req, key)).filter((r) => r.id === routeId(req));
  if (!rows.length) throw new HttpError(404, 'errors.not_found.title');
  return rows[0];
}

/** `GET /security-protocol/admin/<list>`: the list with its add / edit / delete buttons. */
export const listIndex = (key: ProtocolListKey) => async (req: Request, res: Response): Promise<void> => {
  await renderScreen(req, res, 'security-protocol/admin/index', {
    title: req.t(`security-protocol.lists.${key}.title`), listKey: key, listRoutes: PROTOCOL_LISTS[key].routes, rows: await listRows(req, key), image: PROTOCOL_LISTS[key].image,
  });
};

async function renderItemForm(req: Request, res: Response, key: ProtocolListKey, row: Row | null, values: Record<string, unknown>, errors: Record<string, FieldError>, uploadErrors: Array<{ key: string; params?: Record<string, unknown> }> = []) {
  await renderScreen(req, res, 'security-protocol/admin/_form', {
    title: req.t(`security-protocol.lists.${key}.${row ? 'edit' : 'add'}`), listKey: key, row, values, errors, uploadErrors, image: PROTOCOL_LISTS[key].image,
    action: row ? req.ctx.routes.path(PROTOCOL_LISTS[key].routes.edit, { id: row.id }) : req.ctx.routes.path(PROTOCOL_LISTS[key].routes.add),
  });
}

async function submitItem(req: Request, res: Response, key: ProtocolListKey, row: Row | null): Promise<void> {
  const l = PROTOCOL_LISTS[key];
  const form = parseForm(listItemSchema, req.body, 'pds_list');
  if (req.uploadErrors?.length) return renderItemForm(req, res, key, row, form.values, form.ok ? {} : form.errors, req.uploadErrors);
  if (!form.ok) return renderItemForm(req, res, key, row, form.values, form.errors);
  const fileId = l.image && req.uploads?.length ? (await keepUploads(req, storage, req.uploads))[0].id : null;
  if (row) {
    await req.ctx.db.query(
      `UPDATE ${l.table} SET label = $3${fileId ? ', image_file_id = $4' : ''} WHERE id = $1 AND tenant_id = $2`,
      fileId ? [row.id, tenantOf(req), form.data.label, fileId] : [row.id, tenantOf(req), form.data.label]);
  } else {
    await req.ctx.db.query(
      `INSERT INTO ${l.table} (tenant_id, label${l.image ? ', image_file_id' : ''}) VALUES ($1, $2${l.image ? ', $3' : ''})`,
      l.image ? [tenantOf(req), form.data.label, fileId] : [tenantOf(req), form.data.label]);
  }
  saved(req, res, `security-protocol.lists.flash.${row ? 'updated' : 'added'}`, { label: form.data.label }, req.ctx.routes.path(PROTOCOL_LISTS[key].routes.index));
}

/** `GET|POST /security-protocol/admin/<list>/new`. */
export const listAdd = (key: ProtocolListKey) => async (req: Request, res: Response): Promise<void> => {
  if (req.method === 'POST') return submitItem(req, res, key, null);
  await renderItemForm(req, res, key, null, { label: '' }, {});
};

/** `GET|POST /security-protocol/admin/<list>/{id}/edit`. */
export const listEdit = (key: ProtocolListKey) => async (req: Request, res: Response): Promise<void> => {
  const row = await findRow(req, key);
  if (req.method === 'POST') return submitItem(req, res, key, row);
  await renderItemForm(req, res, key, row, { label: row.label }, {});
};

/** `POST /security-protocol/admin/<list>/{id}/delete`: refused (403) while a protocol uses it. */
export const listRemove = (key: ProtocolListKey) => async (req: Request, res: Response): Promise<void> => {
  const row = await findRow(req, key);
  if (row.uses > 0) {
    res.status(403).json({ message: req.t('security-protocol.lists.in_use') });
    return;
  }
  await req.ctx.db.query(`DELETE FROM ${PROTOCOL_LISTS[key].table} WHERE id = $1 AND tenant_id = $2`, [row.id, tenantOf(req)]);
  res.status(200).json({ message: req.t('security-protocol.lists.flash.removed', { label: row.label }) });
};

/** `GET /security-protocol/admin/handling-equipment/{id}/image` (pds_handling_equipment_image): the picture. */
export async function equipmentImage(req: Request, res: Response): Promise<void> {
  const [row] = await req.ctx.db.query('SELECT image_file_id FROM handling_equipment WHERE id = $1 AND tenant_id = $2', [routeId(req), tenantOf(req)]);
  const file = row?.image_file_id ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id: row.image_file_id, tenantId: tenantOf(req) }) : null;
  if (!file) throw new HttpError(404, 'errors.not_found.title');
  await sendStoredFile(res, storage, file, { inline: true });
}
