import type { Request, Response } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { buildPager, pageRequest, PER_PAGE_CHOICES } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, removedWith, routeId } from '../../../kernel/http/respond';
import { listFamilies, listLevels } from '../core/du-lists.service';
import { entityChoices, workUnitChoices, workstationChoices } from '../core/du-places.service';
import { evaluationAbilities, mayAddEvaluation } from '../core/du-policy';
import { loadDuScope } from '../core/du-scope';
import { loadListExtras } from '../core/du-list-extras';
import { evaluationFilterSchema, listEvaluations } from './evaluation-list.service';
import { findEvaluation, setArchived, trashEvaluation } from '../core/du-evaluation.service';

/**
 * `GET /unique-document` (unique_document_index): the document, by entity and work unit, filtered
 * by danger family, priority level, workstation and archived state, each line coloured by its level.
 */
export async function evaluationIndex(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const db = req.ctx.db;
  const scope = await loadDuScope(db, user);
  const filters = evaluationFilterSchema.parse(req.query);
  const page = pageRequest(req, 25);
  const [{ rows, total }, items, workUnits, workstations, families, levels] = await Promise.all([
    listEvaluations(db, user.tenantId, scope, filters, page),
    entityChoices(db, user.tenantId, scope),
    workUnitChoices(db, user.tenantId),
    workstationChoices(db, user.tenantId, filters.item, filters.workUnit),
    listFamilies(db, user.tenantId),
    listLevels(db, user.tenantId),
  ]);
  // Columns and buttons the later parts contribute (actions' progress, bulk duplicate): one query each for the page.
  const extras = await loadListExtras(req, rows.map((r) => r.id), '#du-evaluation-table');
  await renderScreen(req, res, 'risk-evaluation/evaluations/index', {
    title: req.t('risk-evaluation.index.title'), hideTitle: true, rows, filters, pager: buildPager(req, page, total), perPageChoices: PER_PAGE_CHOICES,
    items, workUnits, workstations, families, levels, canAdd: mayAddEvaluation(user), extras,
    abilitiesOf: (itemId: number) => evaluationAbilities(user, scope, itemId),
  });
}

async function visibleRecord(req: Request, ability: 'archive' | 'delete') {
  const user = req.authUser!;
  const record = orNotFound(await findEvaluation(req.ctx.db, user.tenantId, routeId(req)));
  const abilities = evaluationAbilities(user, await loadDuScope(req.ctx.db, user), record.hierarchyItemId);
  if (!abilities.view) orNotFound(null);
  if (!abilities[ability]) throw new HttpError(403, 'risk-evaluation.unauthorised');
  return record;
}

/** `POST /unique-document/evaluations/{id}/archive` (risk_evaluation_archive). */
export async function evaluationArchive(req: Request, res: Response): Promise<void> {
  const record = await visibleRecord(req, 'archive');
  await setArchived(req.ctx.db, req.authUser!.tenantId, record.id, true);
  removedWith(req, res, 'risk-evaluation.flash.archived');
}

/** `POST /unique-document/evaluations/{id}/unarchive` (risk_evaluation_unarchive). */
export async function evaluationUnarchive(req: Request, res: Response): Promise<void> {
  const record = await visibleRecord(req, 'archive');
  await setArchived(req.ctx.db, req.authUser!.tenantId, record.id, false);
  removedWith(req, res, 'risk-evaluation.flash.unarchived');
}

/** `POST /unique-document/evaluations/{id}/delete` (risk_evaluation_delete): to the trash, restorable there. */
export async function evaluationDelete(req: Request, res: Response): Promise<void> {
  const record = await visibleRecord(req, 'delete');
  await trashEvaluation(req.ctx.db, req.authUser!.tenantId, record.id, record.dangerousSituation.slice(0, 120), req.authUser!.id);
  removedWith(req, res, 'risk-evaluation.flash.trashed');
}
