import type { Request, Response } from 'express';
import { addFlash } from '../../../kernel/http/flash';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, removedWith, routeId } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { sendStoredFile, StoredFile } from '../../../kernel/storage';
import { DEADLINE_COLOURS, deadlineState } from '../core/deadline';
import { requireControllable } from '../core/equipment-access';
import { todayIso } from '../../../kernel/clock';
import { byMonth, listControls, type ListSubject } from './controls-list.service';
import { categoryOptions, entityOptions, operatorOptions } from './controls-options';
import { LIST_STATES, listFilterSchema } from './controls.schema';
import { deleteControllable, findControllable, setArchived } from './controls.service';
import { storage } from './controls.uploads';

async function list(req: Request, res: Response, mine: boolean): Promise<void> {
  const db = req.ctx.db;
  const user = req.authUser!;
  const f = listFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const subject: ListSubject = mine ? { operatorId: user.id } : { all: true };
  const { rows, total } = await listControls(db, user, subject, f, page);
  const [categories, operators, entities] = await Promise.all([categoryOptions(db, user.tenantId), mine ? [] : operatorOptions(db, user.tenantId), mine ? [] : entityOptions(db, user.tenantId)]);
  const route = mine ? 'vgp_my_controls' : 'vgp_controllable_index';
  await renderScreen(req, res, 'equipment/controls/index', {
    hideTitle: true, title: req.t(mine ? 'vgp-controls.mine.title' : 'vgp-controls.index.title'), route, mine, f, groups: byMonth(rows), rows,
    states: LIST_STATES, colours: DEADLINE_COLOURS, categories, operators, entities, pager: buildPager(req, page, total),
    filtered: Object.entries(f).some(([k, v]) => k !== 'archived' && v !== '' && v !== null),
    canManage: can(user, 'vgp.controls_manage'),
  });
}

/** `GET /equipment/controls` (vgp_controllable_index): every control in the user's scope by deadline, filters and monthly planning. */
export const controllableIndex = (req: Request, res: Response): Promise<void> => list(req, res, false);

/** `GET /equipment/my-controls` (vgp_my_controls): the controls the user operates. */
export const myControls = (req: Request, res: Response): Promise<void> => list(req, res, true);

/** `GET /equipment/controls/{id}` (vgp_controllable_show). */
export async function controllableShow(req: Request, res: Response): Promise<void> {
  const subject = await requireControllable(req.ctx.db, req.authUser!, routeId(req));
  const record = (await findControllable(req.ctx.db, subject.tenantId, subject.id))!;
  const state = deadlineState(record.deadline, todayIso());
  const user = req.authUser!;
  await renderScreen(req, res, 'equipment/controls/show', {
    hideTitle: true, title: record.name, record, state, colour: DEADLINE_COLOURS[state],
    canManage: can(user, 'vgp.controls_manage'), canPlan: can(user, 'vgp.plan'),
  });
}

/** `POST /equipment/controls/{id}/archive` (vgp_controllable_archive). */
export async function controllableArchive(req: Request, res: Response): Promise<void> {
  const subject = await requireControllable(req.ctx.db, req.authUser!, routeId(req));
  await setArchived(req.ctx.db, subject.tenantId, subject.id, true);
  removedWith(req, res, 'vgp-controls.flash.archived', { name: subject.name });
}

/** `POST /equipment/controls/{id}/unarchive` (vgp_controllable_unarchive). */
export async function controllableUnarchive(req: Request, res: Response): Promise<void> {
  const subject = await requireControllable(req.ctx.db, req.authUser!, routeId(req));
  await setArchived(req.ctx.db, subject.tenantId, subject.id, false);
  removedWith(req, res, 'vgp-controls.flash.unarchived', { name: subject.name });
}

/** `POST /equipment/controls/{id}/delete` (vgp_controllable_delete): refused (409) while controls were carried out or a tour holds it. */
export async function controllableDelete(req: Request, res: Response): Promise<void> {
  const subject = await requireControllable(req.ctx.db, req.authUser!, routeId(req));
  if ((await deleteControllable(req.ctx.db, subject.tenantId, subject.id)) === 'in_use') {
    res.status(409).json({ message: req.t('vgp-controls.delete.in_use') });
    return;
  }
  addFlash(req, 'success', 'vgp-controls.flash.deleted', { name: subject.name });
  res.status(200).json({ message: req.t('vgp-controls.flash.deleted', { name: subject.name }), redirect: req.ctx.routes.path('vgp_controllable_index') });
}

/** `GET /equipment/controls/{id}/modus-operandi` (vgp_controllable_modus_file): the modus operandi file. */
export async function controllableModusFile(req: Request, res: Response): Promise<void> {
  const subject = await requireControllable(req.ctx.db, req.authUser!, routeId(req));
  const record = (await findControllable(req.ctx.db, subject.tenantId, subject.id))!;
  const file = orNotFound(record.modusOperandiFileId ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id: record.modusOperandiFileId, tenantId: subject.tenantId }) : null);
  await sendStoredFile(res, storage, file);
}
