import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import type { RemoveResult } from './hierarchy.service';

/** 201 with the flash for the reloaded page (modal form saved). */
export function saved(req: Request, res: Response, key: string, params: Record<string, unknown> = {}): void {
  addFlash(req, 'success', key, params);
  res.status(201).json({ message: req.t(key, params) });
}

/** 409 with the optimistic-lock message. */
export function stale(req: Request, res: Response): void {
  res.status(409).json({ message: req.t('errors.stale') });
}

/**
 * Answers a removal: 200 removed (with a flash: `hierarchy.flash.trashed` for rows moved to the trash,
 * `hierarchy.flash.deleted` for parts deleted for good), 409 in use with the refusal message, 404 unknown.
 */
export function removed(req: Request, res: Response, result: RemoveResult, key: 'hierarchy.flash.trashed' | 'hierarchy.flash.deleted' = 'hierarchy.flash.trashed'): void {
  if (result === 'not_found') throw new HttpError(404, 'errors.not_found.title');
  if (result === 'in_use') {
    res.status(409).json({ message: req.t('hierarchy.delete.in_use') });
    return;
  }
  addFlash(req, 'success', key);
  res.status(200).json({ message: req.t(key) });
}

/** The numeric `{id}` of the route. */
export const routeId = (req: Request): number => Number(req.routeParams.id);

/** 404 unless found. */
export function orNotFound<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new HttpError(404, 'errors.not_found.title');
  return value;
}
