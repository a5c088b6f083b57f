import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import type { RouteHandler } from '../../kernel/http/route-table';

/** 201 with the flash for the reloaded page (modal form saved); `redirect` sends the client there instead. */
export function saved(req: Request, res: Response, key: string, params: Record<string, unknown> = {}, redirect?: string): void {
  addFlash(req, 'success', key, params);
  res.status(201).json(redirect ? { message: req.t(key, params), redirect } : { message: req.t(key, params) });
}

/** 409 with the optimistic-lock message. */
export function stale(req: Request, res: Response): void {
  res.status(409).json({ message: req.t('errors.stale') });
}

/** 200 after a removal to the trash (with a flash for the reloaded page). */
export function removed(req: Request, res: Response): void {
  addFlash(req, 'success', 'questionnaire.flash.trashed');
  res.status(200).json({ message: req.t('questionnaire.flash.trashed') });
}

/** The numeric `{id}` of the route. */
export const routeId = (req: Request): number => Number(req.routeParams.id);

/** The active company of the request. */
export const tenantOf = (req: Request): number => req.authUser!.tenantId;

/** 404 unless found (another company's rows are not found either). */
export function orNotFound<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new HttpError(404, 'errors.not_found.title');
  return value;
}

/** One route name for a modal form: GET shows it, POST saves it (the spec's `*_add` / `*_edit` names). */
export function formRoute(show: RouteHandler, save: RouteHandler): RouteHandler {
  return (req, res, next) => (req.method === 'POST' ? save(req, res, next) : show(req, res, next));
}
