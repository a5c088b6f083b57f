import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { ENV_MANAGE } from '../core/waste-rights';
import { answerRemoval } from '../../../kernel/http/record-outcome';
import { listQuerySchema, WASTE_FORM, wasteSchema } from './catalogue.schema';
import { familyOptions } from './family.service';
import { cedChoiceLabel, findWaste, listWastes, removeWaste, saveWaste, searchCedCodes, type WasteRow } from './waste.service';

/** `GET /waste` (waste_index): the company's wastes with their code of the European list; `?q=` searches label, internal code or code. */
export async function index(req: Request, res: Response): Promise<void> {
  const { q } = listQuerySchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listWastes(req.ctx.db, tenantOf(req), q, page.perPage, page.offset);
  await renderScreen(req, res, 'waste/catalogue/wastes', {
    title: req.t('waste.waste.title'), hideTitle: true, rows, q, pager: buildPager(req, page, total), canEdit: can(req.authUser!, ENV_MANAGE), section: 'wastes',
  });
}

/** `GET /waste/codes?q=` (waste_code_autocomplete): entries of the European list by code or words, `[{id, label}]`. */
export async function codes(req: Request, res: Response): Promise<void> {
  const term = typeof req.query.q === 'string' ? req.query.q.slice(0, 100) : '';
  res.json(term.trim() ? await searchCedCodes(req.ctx.db, term) : []);
}

async function renderForm(req: Request, res: Response, row: WasteRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'waste/catalogue/_waste_form', {
    title: req.t(row ? 'waste.waste.edit_title' : 'waste.waste.new_title'), form: WASTE_FORM, values, errors,
    families: await familyOptions(req.ctx.db, tenantOf(req)),
    action: row ? req.ctx.routes.path('waste_edit', { id: row.id }) : req.ctx.routes.path('waste_add'),
  });
}

async function submit(req: Request, res: Response, row: WasteRow | null): Promise<void> {
  const form = parseForm(wasteSchema, req.body, WASTE_FORM);
  if (!form.ok) return renderForm(req, res, row, form.values, form.errors);
  const result = await saveWaste(req.ctx.db, tenantOf(req), row?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, row, form.values, result.errors);
  saved(req, res, row ? 'waste.waste.flash.updated' : 'waste.waste.flash.created', { name: form.data.label });
}

/** `GET|POST /waste/new` (waste_add). */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderForm(req, res, null, { label: '', cedCode: '', cedLabel: '', familyId: '', internalCode: '', toAnalysis: false, version: 0 });
}

/** `GET|POST /waste/{id}/edit` (waste_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findWaste(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, row);
  await renderForm(req, res, row, {
    label: row.label, cedCode: row.cedCode, cedLabel: cedChoiceLabel(row.cedCode, row.cedLabel, row.hazardous), familyId: row.familyId ?? '',
    internalCode: row.internalCode ?? '', toAnalysis: row.toAnalysis, version: row.version,
  });
}

/** `POST /waste/{id}/delete` (waste_delete): 409 while a voucher or a CAP certificate uses it. */
export async function remove(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findWaste(req.ctx.db, tenantOf(req), routeId(req)));
  answerRemoval(req, res, await removeWaste(req.ctx.db, tenantOf(req), row.id), row.label, 'waste.waste.flash.removed');
}
