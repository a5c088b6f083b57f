import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { NOMENCLATURE_KIND_DEFS, NOMENCLATURE_KINDS, isNomenclatureKind, type NomenclatureKind } from './nomenclature.kinds';
import { itemSchema } from './nomenclature.schema';
import { findForAdmin, listForAdmin, nextPosition, removeItem, saveItem, type NomenclatureRow } from './nomenclature.service';
import { tenantOf } from '../../kernel/http/respond';

const kindLabel = (req: Request, kind: NomenclatureKind) => req.t(NOMENCLATURE_KIND_DEFS[kind].labelKey);

/** The `kind` of the query; the first list when absent, 404 when unknown. */
function queryKind(req: Request): NomenclatureKind {
  const kind = req.query.kind;
  if (kind === undefined || kind === '') return NOMENCLATURE_KINDS[0];
  if (!isNomenclatureKind(kind)) throw new HttpError(404, 'errors.not_found.title');
  return kind;
}

async function itemOr404(req: Request): Promise<NomenclatureRow> {
  const item = await findForAdmin(req.ctx.db, tenantOf(req), Number(req.routeParams.id));
  if (!item) throw new HttpError(404, 'errors.not_found.title');
  return item;
}

/** `GET /admin/nomenclatures?kind=`: one tab per list, the values of the chosen one in order. */
export async function index(req: Request, res: Response): Promise<void> {
  const kind = queryKind(req);
  const rows = await listForAdmin(req.ctx.db, tenantOf(req), kind);
  const kinds = NOMENCLATURE_KINDS.map((k) => NOMENCLATURE_KIND_DEFS[k]);
  await renderScreen(req, res, 'nomenclature/index', { title: req.t('nomenclature.title'), hideTitle: true, kind, kinds, rows, kindLabel: kindLabel(req, kind) });
}

async function renderForm(req: Request, res: Response, kind: NomenclatureKind, item: NomenclatureRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const title = req.t(item ? 'nomenclature.edit_title' : 'nomenclature.new_title', { list: kindLabel(req, kind) });
  await renderScreen(req, res, 'nomenclature/_form', { title, kind, item, values, errors });
}

/** Validates and saves; 201 with a flash when saved, 200 with the errors and what was typed, 409 when stale. */
async function save(req: Request, res: Response, kind: NomenclatureKind, item: NomenclatureRow | null): Promise<void> {
  const form = parseForm(itemSchema, req.body, 'nomenclature_item');
  if (!form.ok) return renderForm(req, res, kind, item, form.values, form.errors);
  const result = await saveItem(req.ctx.db, tenantOf(req), kind, item?.id ?? null, form.data);
  if (!result.ok) {
    if ('stale' in result) {
      res.status(409).json({ message: req.t('errors.stale') });
      return;
    }
    return renderForm(req, res, kind, item, form.values, result.errors);
  }
  const key = item ? 'nomenclature.flash.updated' : 'nomenclature.flash.created';
  addFlash(req, 'success', key, { label: form.data.label });
  res.status(201).json({ message: req.t(key, { label: form.data.label }) });
}

/** `GET|POST /admin/nomenclatures/new?kind=`: the add form (modal), then its submission. */
export async function add(req: Request, res: Response): Promise<void> {
  const kind = queryKind(req);
  if (req.method === 'POST') return save(req, res, kind, null);
  await renderForm(req, res, kind, null, { label: '', position: await nextPosition(req.ctx.db, tenantOf(req), kind), active: true, version: 0 });
}

/** `GET|POST /admin/nomenclatures/{id}/edit`: the edit form (modal), then its submission (optimistic lock). */
export async function edit(req: Request, res: Response): Promise<void> {
  const item = await itemOr404(req);
  if (req.method === 'POST') return save(req, res, item.kind, item);
  await renderForm(req, res, item.kind, item, { ...item });
}

/** `POST /admin/nomenclatures/{id}/delete`: to the shared trash; 200 when removed. */
export async function remove(req: Request, res: Response): Promise<void> {
  const done = await removeItem(req.ctx.db, tenantOf(req), Number(req.routeParams.id), req.authUser!.id,
    (row) => `${row.label} (${kindLabel(req, row.kind)})`);
  if (!done) throw new HttpError(404, 'errors.not_found.title');
  addFlash(req, 'success', 'nomenclature.flash.trashed');
  res.status(200).json({ message: req.t('nomenclature.flash.trashed') });
}
