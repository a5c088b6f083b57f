import type { Request, Response } from 'express';
import { orNotFound, removedWith } from '../../../kernel/http/respond';

/** Outcome of a removal as the services answer it. */
export type Removal = { removed: true } | { inUse: { label: string; count: number } } | 'not_found';

/**
 * Answers a removal: 200 removed (with a flash), 409 « Suppression impossible » naming what holds
 * the row and how many times (`inUseKey`), 404 unknown.
 */
export function answerRemoval(req: Request, res: Response, result: Removal, inUseKey: string): void {
  const r = orNotFound(result === 'not_found' ? null : result);
  if ('inUse' in r) {
    res.status(409).json({ message: req.t(inUseKey, r.inUse) });
    return;
  }
  removedWith(req, res, 'risk-evaluation.flash.trashed');
}
