import type { Request, Response } from 'express';
import { HttpError } from './errors';
import { addFlash } from './flash';

/**
 * The answers every module's modal forms give (docs/architecture.md, « Conventions HTTP »): 201 saved, 409 stale, 200 removed,
 * each with a French message and a flash for the page the client reloads.
 */

/** The active company of the request. */
export const tenantOf = (req: Request): number => req.authUser!.tenantId;

/** The numeric route parameter `name` (`id` by default). */
export const routeId = (req: Request, name = 'id'): number => Number(req.routeParams[name]);

/** 404 unless found (another company's rows are not found either). */
export function orNotFound<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new HttpError(404, 'errors.not_found.title');
  return value;
}

/** 201 with a flash for the reloaded page (modal form saved); `redirect` sends the client there instead. */
export function saved(req: Request, res: Response, key: string, params: Record<string, unknown> = {}, redirect?: string): void {
  addFlash(req, 'success', key, params);
  res.status(201).json(redirect ? { message: req.t(key, params), redirect } : { message: req.t(key, params) });
}

/** 409 with the optimistic-lock message. */
export function stale(req: Request, res: Response): void {
  res.status(409).json({ message: req.t('errors.stale') });
}

/** 200 after a removal, with a flash for the reloaded page. */
export function removedWith(req: Request, res: Response, key: string, params: Record<string, unknown> = {}): void {
  addFlash(req, 'success', key, params);
  res.status(200).json({ message: req.t(key, params) });
}
