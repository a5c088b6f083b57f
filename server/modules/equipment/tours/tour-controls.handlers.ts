import type { Request, Response } from 'express';
import { z } from 'zod';
import { HttpError } from '../../../kernel/http/errors';
import { oneOf, version } from '../../../kernel/http/fields';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, removedWith, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { recordId } from './tour-http';
import { requireTour } from './tour-access';
import { TOUR_CONTROL_FORM, tourControlSchema } from './tour.schema';
import type { TourRow } from './tour.service';
import { addTourControl, candidateControls, findTourControl, markTourControl, moveTourControl, removeTourControl, type ControlChange } from './tour-controls.service';

async function renderAdd(req: Request, res: Response, tour: TourRow, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'equipment/tours/_control_form', {
    title: req.t('vgp-tours.controls.add'), tour, values, errors, form: TOUR_CONTROL_FORM, candidates: await candidateControls(req.ctx.db, tenantOf(req), tour),
  });
}

/** `GET|POST /equipment/tours/{id}/controls/new` (vgp_tour_control_add): a control of the tour's entity, put last. */
export async function tourControlAdd(req: Request, res: Response): Promise<void> {
  const tour = await requireTour(req);
  if (req.method === 'GET') return renderAdd(req, res, tour, { version: tour.version });
  const form = parseForm(tourControlSchema, req.body, TOUR_CONTROL_FORM);
  if (!form.ok) return renderAdd(req, res, tour, form.values, form.errors);
  const result = await addTourControl(req.ctx.db, tenantOf(req), tour, form.data.controllable, form.data.version);
  if (result.ok) return saved(req, res, 'vgp-tours.flash.control_added');
  if ('stale' in result) return stale(req, res);
  return renderAdd(req, res, tour, form.values, result.errors);
}

/** The control of the route's `{id}` and its tour, checked for company and scope (404 otherwise). */
async function visibleControl(req: Request): Promise<{ controlId: number; tour: TourRow }> {
  const control = orNotFound(await findTourControl(req.ctx.db, tenantOf(req), recordId(req)));
  return { controlId: control.id, tour: await requireTour(req, control.tourId) };
}

/** Reads a button's fields (`direction`, `done`, the tour's `version`); a forged value is a 400, never a 500. */
function buttonFields<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const parsed = schema.safeParse(req.body && typeof req.body === 'object' ? req.body : {});
  if (!parsed.success) throw new HttpError(400, 'errors.bad_request');
  return parsed.data;
}

function answer(req: Request, res: Response, result: ControlChange, message: string): void {
  if (!result.ok) return stale(req, res);
  res.status(200).json({ message: req.t(message) });
}

/** `POST /equipment/tours/controls/{id}/move` (vgp_tour_control_move): one place `up` or `down`. */
export async function tourControlMove(req: Request, res: Response): Promise<void> {
  const { controlId, tour } = await visibleControl(req);
  const f = buttonFields(req, z.object({ direction: oneOf(['up', 'down'] as const), version }));
  answer(req, res, await moveTourControl(req.ctx.db, tenantOf(req), tour.id, controlId, f.direction, f.version), 'vgp-tours.flash.moved');
}

/** `POST /equipment/tours/controls/{id}/done` (vgp_tour_control_done): `done=1` marks it done now, `done=0` undoes it. */
export async function tourControlDone(req: Request, res: Response): Promise<void> {
  const { controlId, tour } = await visibleControl(req);
  const f = buttonFields(req, z.object({ done: oneOf(['0', '1'] as const), version }));
  answer(req, res, await markTourControl(req.ctx.db, tenantOf(req), tour.id, controlId, f.done === '1', f.version), f.done === '1' ? 'vgp-tours.flash.done' : 'vgp-tours.flash.undone');
}

/** `POST /equipment/tours/controls/{id}/remove` (vgp_tour_control_remove): out of the tour. */
export async function tourControlRemove(req: Request, res: Response): Promise<void> {
  const { controlId, tour } = await visibleControl(req);
  const f = buttonFields(req, z.object({ version }));
  const result = await removeTourControl(req.ctx.db, tenantOf(req), tour.id, controlId, f.version);
  if (!result.ok) return stale(req, res);
  removedWith(req, res, 'vgp-tours.flash.control_removed');
}
