import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { can } from '../../kernel/rights/registry';
import { findEvent, type EventRecord } from './event.service';
import { eventPolicy } from './event.policy';
import { orNotFound, routeId, tenantOf } from '../../kernel/http/respond';
export { tenantOf, routeId, orNotFound, saved, stale } from '../../kernel/http/respond';

/** 403 with a French message (the client shows it as an alert). */
export function refused(req: Request, res: Response, key = 'event.unauthorised'): void {
  res.status(403).json({ message: req.t(key) });
}

/**
 * The event `{id}` if the user may see it; 404 otherwise (another company's, in the trash, or
 * hidden by the record rules: a hidden event is not admitted to exist).
 */
export async function visibleEvent(req: Request, id = routeId(req)): Promise<EventRecord> {
  const event = orNotFound(await findEvent(req.ctx.db, tenantOf(req), id));
  if (!eventPolicy.see(req.authUser!, event)) throw new HttpError(404, 'errors.not_found.title');
  return event;
}

/** What the user may do on an event, for the templates (computed here, never in EJS). */
export interface EventAbilities { edit: boolean; delete: boolean; addAction: boolean }

export function abilitiesOf(req: Request, event: EventRecord): EventAbilities {
  const user = req.authUser!;
  return { edit: eventPolicy.edit(user, event), delete: eventPolicy.delete(user, event), addAction: can(user, 'action.add') };
}
