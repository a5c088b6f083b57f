import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import type { RemoveResult } from './hierarchy.service';
export { saved, stale, routeId, orNotFound } from '../../kernel/http/respond';

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

