import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { isDraftSubmit, parseForm, type FieldError } from '../../kernel/http/forms';
import { buildPager, pageRequest, PER_PAGE_CHOICES } from '../../kernel/http/pagination';
import { renderScreen } from '../../kernel/http/render';
import { can } from '../../kernel/rights/registry';
import { tenantCached } from '../../kernel/tenant-cache';
import { buildFilterSelects, readSelection } from '../hierarchy/hierarchy-filter.service';
import { itemOptions } from '../hierarchy/hierarchy.service';
import { serviceOptions } from '../hierarchy/user-organisation.service';
import { ACTION_LEVELS, ACTION_STATUSES } from './action.entity';
import { actionSource, actionSources, describeSource, type ActionSourceInfo } from './action-sources';
import { iterateActions, listActions, setArchived, trashDrafts, type ActionRow, type ListRequest } from './action-list.service';
import { ACTION_FORM, createSchema, filterSchema, SORTS, withDateMessages, type ActionFilters } from './action-plan.schema';
import { createAction, isAssignable, searchAssignees } from './action-plan.service';
import { promoteFiles, saveFiles, type PendingFiles } from './action-plan.uploads';
import { CSV_COLUMNS, CSV_TYPES } from './action-plan.csv';
import { sendExport, type ExportFormat } from '../../kernel/table-export';
import { deadlineState, frDate, LEVEL_COLORS, STATUS_COLORS, todayIso } from './action-view.helpers';

function listRequest(req: Request, mine: boolean): ListRequest {
  const filters = filterSchema.parse(req.query);
  return { filters, itemIds: [...readSelection(req.query.selected).values()].flat(), mine };
}

/** URL of the current list sorted by `column` (same column: the other direction). */
function sortUrl(req: Request, filters: ActionFilters) {
  return (column: string) => {
    const q = new URLSearchParams((req.originalUrl ?? '').split('?')[1] ?? '');
    const current = filters.sort || 'id';
    const currentDir = filters.dir || (current === 'deadline' ? 'asc' : 'desc');
    q.set('sort', column);
    q.set('dir', current === column && currentDir === 'asc' ? 'desc' : 'asc');
    q.delete('page');
    return `${req.path}?${q.toString()}`;
  };
}

async function renderList(req: Request, res: Response, mine: boolean): Promise<void> {
  const user = req.authUser!;
  const list = listRequest(req, mine);
  const page = pageRequest(req, 50);
  const [{ rows, total }, hierarchySelects] = await Promise.all([
    listActions(req.ctx.db, user, list, page),
    mine ? [] : buildFilterSelects(req.ctx.db, user.tenantId, { rootItem: 0, restricted: false, userId: user.id, selection: readSelection(req.query.selected), cached: tenantCached(req) }),
  ]);
  const today = todayIso();
  const exportQuery = (req.originalUrl ?? '').split('?')[1] ?? '';
  await renderScreen(req, res, 'action-plan/index', {
    title: req.t(mine ? 'action-plan.mine.title' : 'action-plan.index.title'), hideTitle: true, mine,
    rows: rows.map((r) => ({ ...r, deadlineState: deadlineState(r.status, r.deadline, today) })),
    filters: list.filters, pager: buildPager(req, page, total), perPageChoices: PER_PAGE_CHOICES,
    statuses: ACTION_STATUSES, levels: ACTION_LEVELS, sources: actionSources(), sorts: SORTS,
    hierarchySelects,
    sortUrl: sortUrl(req, list.filters),
    exportUrl: `${req.ctx.routes.path('action_plan_export')}${exportQuery ? `?${exportQuery}` : ''}`,
    exportXlsxUrl: `${req.ctx.routes.path('action_plan_export_xlsx')}${exportQuery ? `?${exportQuery}` : ''}`,
    frDate, statusColors: STATUS_COLORS, levelColors: LEVEL_COLORS, canOpen: can(user, 'action.view'),
  });
}

/** `GET /action-plan`: the action plan with its filters, sort, pager and bulk actions. */
export const index = (req: Request, res: Response) => renderList(req, res, false);
/** `GET /action-plan/mine`: actions assigned to or created by the user. */
export const mine = (req: Request, res: Response) => renderList(req, res, true);

/**
 * The filtered list as a table for both exports, read in batches: CSV for French Excel (UTF-8 BOM,
 * `;`) or an Excel workbook (docs/services.md, « Exports CSV et Excel »).
 */
async function exportActions(req: Request, res: Response, format: ExportFormat): Promise<void> {
  const list = listRequest(req, false);
  const t = (k: string, p?: Record<string, unknown>) => req.t(k, p);
  const source = (r: ActionRow) => (r.sourceType ? `${actionSource(r.sourceType) ? t(actionSource(r.sourceType)!.labelKey) : r.sourceType} n°${r.sourceId}` : '');
  async function* batches() {
    for await (const batch of iterateActions(req.ctx.db, req.authUser!, list)) {
      yield batch.map((r) => [
        r.id, t(`action-plan.status.${r.status}`), t(`action-plan.levels.${r.level}`), r.comments, r.complement ?? '',
        r.immediate ? t('list.yes') : t('list.no'), r.assigneeName ?? '', r.creatorName ?? '', r.deadline, r.closureDate,
        source(r), r.hierarchyItemName ?? '', r.serviceName ?? '', r.createdAt,
      ]);
    }
  }
  await sendExport(res, format, {
    base: 'plan-d-actions', sheet: t('action-plan.index.title'),
    columns: CSV_COLUMNS.map((c) => ({ header: t(`action-plan.csv.${c}`), type: CSV_TYPES[c], width: c === 'comments' || c === 'complement' ? 50 : undefined })),
    batches: batches(),
  });
}

/** `GET /action-plan/export.csv` (action_plan_export): the filtered list as CSV for French Excel. */
export const exportCsv = (req: Request, res: Response) => exportActions(req, res, 'csv');
/** `GET /action-plan/export.xlsx` (action_plan_export_xlsx): the same list, filters and columns as an Excel workbook. */
export const exportXlsx = (req: Request, res: Response) => exportActions(req, res, 'xlsx');

/** `GET /action-plan/assignees?q=`: users who may be assigned, for the autocomplete. */
export async function assignees(req: Request, res: Response): Promise<void> {
  const term = typeof req.query.q === 'string' ? req.query.q.slice(0, 100) : '';
  res.json(term.trim().length < 1 ? [] : await searchAssignees(req.ctx.db, req.authUser!.tenantId, term));
}

function readIds(body: unknown): number[] {
  const raw = (body as Record<string, unknown> | undefined)?.ids;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return [...new Set(list.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2_147_483_647))].slice(0, 1000);
}

async function bulk(req: Request, res: Response, run: (ids: number[]) => Promise<{ done: number; skipped: number }>, keys: { done: string; none: string }): Promise<void> {
  const ids = readIds(req.body);
  if (!ids.length) {
    res.status(400).json({ message: req.t('validation.selection') });
    return;
  }
  const { done, skipped } = await run(ids);
  if (!done) {
    res.status(409).json({ message: req.t(keys.none) });
    return;
  }
  addFlash(req, 'success', keys.done, { count: done });
  if (skipped) addFlash(req, 'warning', 'action-plan.bulk.skipped', { count: skipped });
  res.status(200).json({ message: req.t(keys.done, { count: done }) });
}

/** `POST /action-plan/bulk/archive`: archives the selected closed or abandoned actions. */
export const bulkArchive = (req: Request, res: Response) => bulk(req, res, (ids) => setArchived(req.ctx.db, req.authUser!, ids, true), { done: 'action-plan.bulk.archived', none: 'action-plan.bulk.none_archivable' });
/** `POST /action-plan/bulk/unarchive`: brings the selected archived actions back. */
export const bulkUnarchive = (req: Request, res: Response) => bulk(req, res, (ids) => setArchived(req.ctx.db, req.authUser!, ids, false), { done: 'action-plan.bulk.unarchived', none: 'action-plan.bulk.none_unarchivable' });
/** `POST /action-plan/bulk/delete`: moves the selected drafts to the trash. */
export const bulkDelete = (req: Request, res: Response) => bulk(req, res,
  (ids) => trashDrafts(req.ctx.db, req.authUser!, ids, (a) => req.t('action-plan.trash_title', { id: a.id, text: a.comments.slice(0, 80) })),
  { done: 'action-plan.bulk.deleted', none: 'action-plan.bulk.none_deletable' });

/**
 * The source of a quick add (`?source=` kind and the `{id}` record), or 404: also when the user
 * does not see the record under its module's rules (outside their scope, a confidential event).
 */
async function quickSource(req: Request): Promise<{ type: string; id: number; info: ActionSourceInfo }> {
  const type = typeof req.query.source === 'string' ? req.query.source : '';
  const id = Number(req.routeParams.id);
  const def = actionSource(type);
  const user = req.authUser!;
  const info = def && Number.isSafeInteger(id) && await def.sees(req.ctx.db, user, id)
    ? await describeSource(req.ctx.db, user.tenantId, type, id, user.locale) : null;
  if (!info) throw new HttpError(404, 'errors.not_found.title');
  return { type, id, info };
}

async function renderCreateForm(req: Request, res: Response, source: { type: string; id: number; info: ActionSourceInfo } | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const tenantId = req.authUser!.tenantId;
  await renderScreen(req, res, 'action-plan/_create_form', {
    title: req.t(source ? 'action-plan.quick_add.title' : 'action-plan.new.title'), form: ACTION_FORM, values, errors, source,
    postUrl: source ? req.ctx.routes.path('action_plan_quick_add', { id: source.id, source: source.type }) : req.ctx.routes.path('action_plan_new'),
    levels: ACTION_LEVELS, itemOptions: await itemOptions(req.ctx.db, tenantId), serviceOptions: await serviceOptions(req.ctx.db, tenantId),
  });
}

/** `GET /action-plan/new`: the creation form (modal). */
export async function newForm(req: Request, res: Response): Promise<void> {
  await renderCreateForm(req, res, null, { level: 'normal' });
}

/** `GET action_plan_quick_add {id}?source=`: the creation form of an action linked to a source record. */
export async function quickAddForm(req: Request, res: Response): Promise<void> {
  const source = await quickSource(req);
  await renderCreateForm(req, res, source, { level: 'normal', hierarchyItem: source.info.hierarchyItemId ?? '', service: source.info.serviceId ?? '' });
}

/**
 * Creates the action of the creation form: "Enregistrer en brouillon" (DRAFT, only types and
 * lengths checked) or "Enregistrer et transmettre" (sent to the assignee, who is then required).
 */
async function create(req: Request, res: Response, source: { type: string; id: number; info: ActionSourceInfo } | null): Promise<void> {
  const user = req.authUser!;
  const draft = isDraftSubmit(req.body);
  const form = parseForm(createSchema, req.body, ACTION_FORM, { draft });
  const values = { ...form.values };
  const errors: Record<string, FieldError> = form.ok ? {} : withDateMessages(form.errors);
  for (const [field, e] of Object.entries(req.actionFileErrors ?? {})) if (e && field.startsWith('attachment')) errors[field] = e;
  const data = form.ok ? form.data : null;
  if (data) {
    if (!draft && !data.assignee) errors.assignee = 'validation.required';
    if (data.assignee && !(await isAssignable(req.ctx.db, user.tenantId, data.assignee))) errors.assignee = 'action-plan.validation.assignee';
    for (const [field, table] of [['hierarchyItem', 'hierarchy_item'], ['service', 'service']] as const) {
      const id = data[field];
      if (id && !(await req.ctx.db.query(`SELECT 1 FROM ${table} WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL`, [id, user.tenantId])).length) errors[field] = 'validation.choice';
    }
  }
  if (!data || Object.keys(errors).length) return renderCreateForm(req, res, source, values, errors);
  const pending: PendingFiles = { saved: [] };
  const id = await req.ctx.db.transaction(async (m) => {
    const created = await createAction(m, user.tenantId, user.id, {
      comments: data.comments ?? '', complement: data.complement || null, immediate: !!data.immediate, level: data.level ?? 'normal',
      deadline: data.deadline ?? null, assigneeId: data.assignee ?? null, hierarchyItemId: data.hierarchyItem ?? null, serviceId: data.service ?? null,
      sourceType: source?.type ?? null, sourceId: source?.id ?? null, status: draft ? 'DRAFT' : 'WAITING',
    });
    const cols = await saveFiles(m, { tenantId: user.tenantId, userId: user.id }, req.actionFiles ?? {}, new Set(['attachmentFile1', 'attachmentFile2']), pending);
    const names = Object.keys(cols);
    if (names.length) await m.query(`UPDATE action SET ${names.map((c, i) => `"${c}" = $${i + 3}`).join(', ')} WHERE id = $1 AND tenant_id = $2`, [created, user.tenantId, ...names.map((c) => cols[c])]);
    return created;
  });
  await promoteFiles(pending);
  const key = draft ? 'action-plan.flash.created_draft' : 'action-plan.flash.created';
  addFlash(req, 'success', key, { id });
  res.status(201).json({ message: req.t(key, { id }), id });
}

/** `POST /action-plan/new`. */
export const createNew = (req: Request, res: Response) => create(req, res, null);
/** `POST action_plan_quick_add {id}?source=`. */
export async function quickAdd(req: Request, res: Response): Promise<void> {
  await create(req, res, await quickSource(req));
}
