import type { Request } from 'express';
import { orNotFound } from '../../../kernel/http/respond';
import { recordId } from './tour-http';
import { findTour, type TourRow } from './tour.service';

/** The tour of the route's `{id}` (or `id`), in the company and the user's scope (404 otherwise). */
export async function requireTour(req: Request, id = recordId(req)): Promise<TourRow> {
  return orNotFound(await findTour(req.ctx.db, req.authUser!, id));
}
