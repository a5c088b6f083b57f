import type { Request, Response } from 'express';
import { orNotFound, removedWith } from '../../../kernel/http/respond';
import type { RemoveResult } from './catalogue-result';

/**
 * Answers a removal: 404 when unknown, 409 JSON `{message}` naming what still uses the record
 * (`refusedKey` with `name` and `uses`), else 200 with the flash `removedKey`.
 */
export function answerRemoval(req: Request, res: Response, outcome: RemoveResult, name: string, refusedKey: string, removedKey: string): void {
  if (outcome.status === 'not_found') orNotFound(null);
  if (outcome.status === 'in_use') {
    const uses = outcome.uses.map((u) => req.t(u)).join(', ');
    res.status(409).json({ message: req.t(refusedKey, { name, uses }) });
    return;
  }
  removedWith(req, res, removedKey, { name });
}
