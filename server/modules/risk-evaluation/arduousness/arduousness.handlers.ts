import type { Request, Response } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { queryId } from '../../../kernel/http/fields';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest, PER_PAGE_CHOICES } from '../../../kernel/http/pagination';
import { renderScreen, renderView } from '../../../kernel/http/render';
import { orNotFound, removedWith, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { entityWorkstationChoices } from '../core/du-entity-workstations';
import { entityChoices } from '../core/du-places.service';
import { evaluationAbilities, mayAddEvaluation, type EvaluationAbilities } from '../core/du-policy';
import { itemInScope, loadDuScope } from '../core/du-scope';
import { EXPOSURE_FORM, exposureFilterSchema, exposureSchema } from './arduousness.schema';
import {
  employeeChoices, exposureChoiceErrors, findExposure, listCriteria, listExposures, saveExposure, setExposureArchived, trashExposure,
  type CriterionRow, type ExposureRecord,
} from './arduousness.service';

/** `GET /unique-document/arduousness` (du_arduousness_index): the exposures, filtered; those reaching their threshold flagged. */
export async function exposureIndex(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const db = req.ctx.db;
  const scope = await loadDuScope(db, user);
  const filters = exposureFilterSchema.parse(req.query);
  const page = pageRequest(req, 25);
  const [{ rows, total }, items, workstations, criteria] = await Promise.all([
    listExposures(db, user.tenantId, scope, filters, page),
    entityChoices(db, user.tenantId, scope),
    entityWorkstationChoices(db, user.tenantId, filters.item),
    listCriteria(db, user.tenantId),
  ]);
  await renderScreen(req, res, 'risk-evaluation/arduousness/index', {
    title: req.t('du-arduousness.title'), hideTitle: true, rows, filters, items, workstations, criteria,
    pager: buildPager(req, page, total), perPageChoices: PER_PAGE_CHOICES, canAdd: mayAddEvaluation(user),
    abilitiesOf: (itemId: number) => evaluationAbilities(user, scope, itemId),
  });
}

const idOf = (v: unknown): number | null => queryId.parse(Array.isArray(v) ? v[v.length - 1] : v);

/** The criterion block's choices: the criteria, and the constraints of the chosen one. */
function criterionBlock(criteria: CriterionRow[], values: Record<string, unknown>) {
  const chosen = criteria.find((c) => c.id === idOf(values.criterionId));
  return { criteria, constraints: chosen ? chosen.constraints : [] };
}

async function renderForm(req: Request, res: Response, record: ExposureRecord | null, editable: boolean, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const user = req.authUser!;
  const db = req.ctx.db;
  const scope = await loadDuScope(db, user);
  const [items, workstations, criteria, employees] = await Promise.all([
    entityChoices(db, user.tenantId, scope, record?.hierarchyItemId ?? null),
    entityWorkstationChoices(db, user.tenantId, idOf(values.hierarchyItemId), record?.workstationId ?? null),
    listCriteria(db, user.tenantId),
    employeeChoices(db, user.tenantId, record?.employeeIds ?? []),
  ]);
  await renderScreen(req, res, 'risk-evaluation/arduousness/form', {
    title: req.t(record ? (editable ? 'du-arduousness.edit_title' : 'du-arduousness.show_title') : 'du-arduousness.new_title'),
    record, values, errors, items, workstations, employees, block: criterionBlock(criteria, values), editable, form: EXPOSURE_FORM,
  });
}

async function save(req: Request, res: Response, record: ExposureRecord | null): Promise<void> {
  const user = req.authUser!;
  const form = parseForm(exposureSchema, req.body, EXPOSURE_FORM);
  if (!form.ok) return renderForm(req, res, record, true, form.values, form.errors);
  const scope = await loadDuScope(req.ctx.db, user);
  const errors = await exposureChoiceErrors(req.ctx.db, user.tenantId, (id) => itemInScope(scope, id), form.data);
  if (Object.keys(errors).length) return renderForm(req, res, record, true, form.values, errors);
  const result = await saveExposure(req.ctx.db, user.tenantId, record?.id ?? null, form.data);
  if (!result.ok) return stale(req, res);
  saved(req, res, record ? 'du-arduousness.flash.saved' : 'du-arduousness.flash.created');
}

/** `GET|POST /unique-document/arduousness/new` (du_arduousness_new). */
export async function exposureNew(req: Request, res: Response): Promise<void> {
  if (req.method === 'GET') {
    const item = queryId.parse(req.query.item);
    return renderForm(req, res, null, true, { version: 0, ...(item ? { hierarchyItemId: item } : {}) });
  }
  return save(req, res, null);
}

async function visible(req: Request): Promise<{ record: ExposureRecord; abilities: EvaluationAbilities }> {
  const user = req.authUser!;
  const record = orNotFound(await findExposure(req.ctx.db, user.tenantId, routeId(req)));
  const abilities = evaluationAbilities(user, await loadDuScope(req.ctx.db, user), record.hierarchyItemId);
  if (!abilities.view) orNotFound(null);
  return { record, abilities };
}

/** `GET|POST /unique-document/arduousness/{id}` (du_arduousness_edit): shown to viewers, saved by editors. */
export async function exposureEdit(req: Request, res: Response): Promise<void> {
  const { record, abilities } = await visible(req);
  if (req.method === 'GET') return renderForm(req, res, record, abilities.editFully, { ...record });
  if (!abilities.editFully) throw new HttpError(403, 'risk-evaluation.unauthorised');
  return save(req, res, record);
}

/**
 * `POST /unique-document/arduousness/form` (du_arduousness_form): a block re-posted when one of its
 * selects changes (`_block`): `criterion` → the constraints of the chosen criterion, `place` → the
 * workstations of the chosen entity. Nothing saved.
 */
export async function exposureFormRefresh(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  if (!mayAddEvaluation(user) && !can(user, 'unique_document.edit')) throw new HttpError(403, 'risk-evaluation.unauthorised');
  const raw = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[EXPOSURE_FORM] : undefined;
  const values = raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
  if (values._block === 'place') {
    const [items, workstations] = await Promise.all([
      entityChoices(req.ctx.db, user.tenantId, await loadDuScope(req.ctx.db, user)),
      entityWorkstationChoices(req.ctx.db, user.tenantId, idOf(values.hierarchyItemId)),
    ]);
    res.status(200).type('html').send(await renderView(res, 'risk-evaluation/arduousness/_place_block', { values, errors: {}, items, workstations, editable: true, form: EXPOSURE_FORM }));
    return;
  }
  const block = criterionBlock(await listCriteria(req.ctx.db, tenantOf(req)), values);
  res.status(200).type('html').send(await renderView(res, 'risk-evaluation/arduousness/_criterion_block', { values, errors: {}, block, editable: true, form: EXPOSURE_FORM }));
}

async function archive(req: Request, res: Response, archived: boolean): Promise<void> {
  const { record, abilities } = await visible(req);
  if (!abilities.archive) throw new HttpError(403, 'risk-evaluation.unauthorised');
  await setExposureArchived(req.ctx.db, req.authUser!.tenantId, record.id, archived);
  removedWith(req, res, archived ? 'du-arduousness.flash.archived' : 'du-arduousness.flash.unarchived');
}

/** `POST /unique-document/arduousness/{id}/archive` (du_arduousness_archive). */
export const exposureArchive = (req: Request, res: Response) => archive(req, res, true);
/** `POST /unique-document/arduousness/{id}/unarchive` (du_arduousness_unarchive). */
export const exposureUnarchive = (req: Request, res: Response) => archive(req, res, false);

/** `POST /unique-document/arduousness/{id}/delete` (du_arduousness_delete): to the trash. */
export async function exposureDelete(req: Request, res: Response): Promise<void> {
  const { record, abilities } = await visible(req);
  if (!abilities.delete) throw new HttpError(403, 'risk-evaluation.unauthorised');
  await trashExposure(req.ctx.db, req.authUser!.tenantId, record.id, `${record.criterionLabel} — ${record.itemName}`.slice(0, 200), req.authUser!.id);
  removedWith(req, res, 'risk-evaluation.flash.trashed');
}

