import type { Request, Response } from 'express';
import { addFlash } from '../../kernel/http/flash';
import type { RouteHandler } from '../../kernel/http/route-table';
export { saved, stale, routeId, tenantOf, orNotFound } from '../../kernel/http/respond';

/** 200 after a removal to the trash (with a flash for the reloaded page). */
export function removed(req: Request, res: Response): void {
  addFlash(req, 'success', 'questionnaire.flash.trashed');
  res.status(200).json({ message: req.t('questionnaire.flash.trashed') });
}

/** One route name for a modal form: GET shows it, POST saves it (the spec's `*_add` / `*_edit` names). */
export function formRoute(show: RouteHandler, save: RouteHandler): RouteHandler {
  return (req, res, next) => (req.method === 'POST' ? save(req, res, next) : show(req, res, next));
}
