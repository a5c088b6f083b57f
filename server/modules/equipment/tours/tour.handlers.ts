import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { addFlash } from '../../../kernel/http/flash';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { formatDate, formatDateTime } from '../../../kernel/i18n/format';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { saved, stale, tenantOf } from '../../../kernel/http/respond';
import { DEADLINE_COLOURS, deadlineState } from '../core/deadline';
import { loadVgpScope } from '../core/equipment-access';
import { requireTour } from './tour-access';
import { TOUR_FORM, tourSchema } from './tour.schema';
import { controllerOptions, deleteTour, entityOptions, listTours, saveTour, type TourRow } from './tour.service';
import { listTourControls } from './tour-controls.service';

/** `GET /equipment/tours` (vgp_tour_index): the tours, latest first, with their progress. */
export async function tourIndex(req: Request, res: Response): Promise<void> {
  const page = pageRequest(req);
  const { rows, total } = await listTours(req.ctx.db, req.authUser!, page);
  await renderScreen(req, res, 'equipment/tours/index', { title: req.t('vgp-tours.title'), hideTitle: true, rows, pager: buildPager(req, page, total) });
}

async function renderForm(req: Request, res: Response, tour: TourRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const db = req.ctx.db;
  const [entities, controllers] = await Promise.all([
    entityOptions(db, tenantOf(req), await loadVgpScope(db, req.authUser!), tour?.hierarchyItemId ?? null),
    controllerOptions(db, tenantOf(req), tour?.controllerId ?? null),
  ]);
  await renderScreen(req, res, 'equipment/tours/_form', { title: req.t(tour ? 'vgp-tours.edit' : 'vgp-tours.add'), tour, values, errors, form: TOUR_FORM, entities, controllers });
}

async function save(req: Request, res: Response, tour: TourRow | null): Promise<void> {
  const form = parseForm(tourSchema, req.body, TOUR_FORM);
  if (!form.ok) return renderForm(req, res, tour, form.values, form.errors);
  const result = await saveTour(req.ctx.db, req.authUser!, tour, form.data);
  if (result.ok) return saved(req, res, 'vgp-tours.flash.saved', {}, tour ? undefined : req.ctx.routes.path('vgp_tour_show', { id: result.id }));
  if ('stale' in result) return stale(req, res);
  return renderForm(req, res, tour, form.values, result.errors);
}

/** `GET|POST /equipment/tours/new` (vgp_tour_add): a tour; once saved, its page. */
export async function tourAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return save(req, res, null);
  await renderForm(req, res, null, { date: formatDate(todayIso()), time: '08:00', controller: req.authUser!.id, version: 0 });
}

/** `GET|POST /equipment/tours/{id}/edit` (vgp_tour_edit). */
export async function tourEdit(req: Request, res: Response): Promise<void> {
  const tour = await requireTour(req);
  if (req.method === 'POST') return save(req, res, tour);
  const [date, time] = formatDateTime(tour.scheduledAt).split(' ');
  await renderForm(req, res, tour, { name: tour.name, entity: tour.hierarchyItemId ?? '', date, time, controller: tour.controllerId ?? '', version: tour.version });
}

/** `GET /equipment/tours/{id}` (vgp_tour_show): the tour and its controls in order (reorder, remove, done / undo). */
export async function tourShow(req: Request, res: Response): Promise<void> {
  const tour = await requireTour(req);
  const controls = await listTourControls(req.ctx.db, tenantOf(req), tour.id);
  const today = todayIso();
  await renderScreen(req, res, 'equipment/tours/show', {
    title: tour.name, hideTitle: true, tour, controls,
    stateOf: (deadline: string | null) => { const s = deadlineState(deadline, today); return { state: s, colour: DEADLINE_COLOURS[s] }; },
  });
}

/** `POST /equipment/tours/{id}/delete` (vgp_tour_delete): the tour goes, its controls stay; back to the list. */
export async function tourDelete(req: Request, res: Response): Promise<void> {
  const tour = await requireTour(req);
  await deleteTour(req.ctx.db, tenantOf(req), tour.id);
  addFlash(req, 'success', 'vgp-tours.flash.deleted');
  res.status(200).json({ message: req.t('vgp-tours.flash.deleted'), redirect: req.ctx.routes.path('vgp_tour_index') });
}
