import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { HttpError } from '../../../kernel/http/errors';
import { queryId } from '../../../kernel/http/fields';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest, PER_PAGE_CHOICES } from '../../../kernel/http/pagination';
import { renderScreen, renderView } from '../../../kernel/http/render';
import { orNotFound, removedWith, routeId, saved, stale } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { sendFileOf } from '../../../kernel/storage';
import { entityWorkstationChoices } from '../core/du-entity-workstations';
import { entityChoices } from '../core/du-places.service';
import { evaluationAbilities, mayAddEvaluation, type EvaluationAbilities } from '../core/du-policy';
import { itemInScope, loadDuScope } from '../core/du-scope';
import { CHEMICAL_FORM, chemicalFilterSchema, chemicalSchema } from './chemical.schema';
import { chemicalChoiceErrors, findChemical, listChemicals, saveChemical, setChemicalArchived, trashChemical, type ChemicalRecord } from './chemical.service';
import { keepSds, sdsUploadError, storage } from './chemical.uploads';
import { GHS_CODES } from './ghs';

/** `GET /unique-document/chemicals` (du_chemical_index): the chemical products, filtered. */
export async function chemicalIndex(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const db = req.ctx.db;
  const scope = await loadDuScope(db, user);
  const filters = chemicalFilterSchema.parse(req.query);
  const page = pageRequest(req, 25);
  const [{ rows, total }, items, workstations] = await Promise.all([
    listChemicals(db, user.tenantId, scope, filters, page, todayIso()),
    entityChoices(db, user.tenantId, scope),
    entityWorkstationChoices(db, user.tenantId, filters.item),
  ]);
  await renderScreen(req, res, 'risk-evaluation/chemical/index', {
    title: req.t('du-chemical.title'), hideTitle: true, rows, filters, items, workstations, ghs: GHS_CODES,
    pager: buildPager(req, page, total), perPageChoices: PER_PAGE_CHOICES, canAdd: mayAddEvaluation(user),
    abilitiesOf: (itemId: number) => evaluationAbilities(user, scope, itemId),
  });
}

async function renderForm(req: Request, res: Response, record: ChemicalRecord | null, editable: boolean, values: Record<string, unknown>, errors: Record<string, FieldError> = {}, uploadError: string | null = null): Promise<void> {
  const user = req.authUser!;
  const scope = await loadDuScope(req.ctx.db, user);
  const itemId = Number(values.hierarchyItemId) || null;
  const [items, workstations] = await Promise.all([
    entityChoices(req.ctx.db, user.tenantId, scope, record?.hierarchyItemId ?? null),
    entityWorkstationChoices(req.ctx.db, user.tenantId, itemId, record?.workstationId ?? null),
  ]);
  const chosen = new Set((Array.isArray(values.pictograms) ? values.pictograms : values.pictograms ? [values.pictograms] : []).map(String));
  await renderScreen(req, res, 'risk-evaluation/chemical/form', {
    title: req.t(record ? (editable ? 'du-chemical.edit_title' : 'du-chemical.show_title') : 'du-chemical.new_title'),
    record, values, errors, items, workstations, ghs: GHS_CODES, chosen, editable, uploadError, form: CHEMICAL_FORM,
  });
}

async function save(req: Request, res: Response, record: ChemicalRecord | null): Promise<void> {
  const user = req.authUser!;
  const form = parseForm(chemicalSchema, req.body, CHEMICAL_FORM);
  const refused = sdsUploadError(req);
  if (!form.ok || refused) return renderForm(req, res, record, true, form.values, form.ok ? {} : form.errors, refused);
  const scope = await loadDuScope(req.ctx.db, user);
  const errors = await chemicalChoiceErrors(req.ctx.db, user.tenantId, (id) => itemInScope(scope, id), form.data);
  if (Object.keys(errors).length) return renderForm(req, res, record, true, form.values, errors);
  const staged = req.uploads?.[0];
  if (staged && !form.data.sdsDate) return renderForm(req, res, record, true, form.values, { sdsDate: 'du-chemical.validation.sds_date' });
  const file = staged ? await keepSds(req, staged) : null;
  const result = await saveChemical(req.ctx.db, user.tenantId, record?.id ?? null, form.data, file?.id);
  if (!result.ok) return stale(req, res);
  saved(req, res, record ? 'du-chemical.flash.saved' : 'du-chemical.flash.created');
}

/** `GET|POST /unique-document/chemicals/new` (du_chemical_new). */
export async function chemicalNew(req: Request, res: Response): Promise<void> {
  if (req.method === 'GET') {
    const item = queryId.parse(req.query.item);
    return renderForm(req, res, null, true, { version: 0, ...(item ? { hierarchyItemId: item } : {}) });
  }
  return save(req, res, null);
}

/** A product of the company within the user's scope (404 otherwise) and what the user may do with it. */
async function visible(req: Request): Promise<{ record: ChemicalRecord; abilities: EvaluationAbilities }> {
  const user = req.authUser!;
  const record = orNotFound(await findChemical(req.ctx.db, user.tenantId, routeId(req), todayIso()));
  const abilities = evaluationAbilities(user, await loadDuScope(req.ctx.db, user), record.hierarchyItemId);
  if (!abilities.view) orNotFound(null);
  return { record, abilities };
}

/** `GET|POST /unique-document/chemicals/{id}` (du_chemical_edit): shown to viewers, saved by editors. */
export async function chemicalEdit(req: Request, res: Response): Promise<void> {
  const { record, abilities } = await visible(req);
  if (req.method === 'GET') return renderForm(req, res, record, abilities.editFully, { ...record });
  if (!abilities.editFully) throw new HttpError(403, 'risk-evaluation.unauthorised');
  return save(req, res, record);
}

/** `GET /unique-document/chemicals/{id}/sds` (du_chemical_sds): the product's safety data sheet, with the DU rights. */
export async function chemicalSds(req: Request, res: Response): Promise<void> {
  const { record } = await visible(req);
  await sendFileOf(res, req.ctx.db.manager, storage, req.authUser!.tenantId, record.sdsFileId);
}

async function archive(req: Request, res: Response, archived: boolean): Promise<void> {
  const { record, abilities } = await visible(req);
  if (!abilities.archive) throw new HttpError(403, 'risk-evaluation.unauthorised');
  await setChemicalArchived(req.ctx.db, req.authUser!.tenantId, record.id, archived);
  removedWith(req, res, archived ? 'du-chemical.flash.archived' : 'du-chemical.flash.unarchived');
}

/** `POST /unique-document/chemicals/{id}/archive` (du_chemical_archive). */
export const chemicalArchive = (req: Request, res: Response) => archive(req, res, true);
/** `POST /unique-document/chemicals/{id}/unarchive` (du_chemical_unarchive). */
export const chemicalUnarchive = (req: Request, res: Response) => archive(req, res, false);

/** `POST /unique-document/chemicals/{id}/delete` (du_chemical_delete): to the trash. */
export async function chemicalDelete(req: Request, res: Response): Promise<void> {
  const { record, abilities } = await visible(req);
  if (!abilities.delete) throw new HttpError(403, 'risk-evaluation.unauthorised');
  await trashChemical(req.ctx.db, req.authUser!.tenantId, record.id, record.product, req.authUser!.id);
  removedWith(req, res, 'risk-evaluation.flash.trashed');
}

/**
 * `POST /unique-document/chemicals/form` (du_chemical_form): the entity and workstation block
 * re-posted when the entity changes; answers it with the workstations of that entity. Nothing saved.
 */
export async function chemicalFormRefresh(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  if (!mayAddEvaluation(user) && !can(user, 'unique_document.edit')) throw new HttpError(403, 'risk-evaluation.unauthorised');
  const raw = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[CHEMICAL_FORM] : undefined;
  const values = raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
  const itemId = queryId.parse(Array.isArray(values.hierarchyItemId) ? values.hierarchyItemId.at(-1) : values.hierarchyItemId);
  const [items, workstations] = await Promise.all([
    entityChoices(req.ctx.db, user.tenantId, await loadDuScope(req.ctx.db, user)),
    entityWorkstationChoices(req.ctx.db, user.tenantId, itemId),
  ]);
  res.status(200).type('html').send(await renderView(res, 'risk-evaluation/chemical/_place_block', { form: CHEMICAL_FORM, values, errors: {}, items, workstations, editable: true }));
}
