import type { Request, Response } from 'express';
import type { FieldError } from './forms';
import { orNotFound, removedWith } from './respond';

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/** Outcome of a removal: removed, unknown in this company, or refused with the key of the French reason. */
export type RemoveResult = { status: 'removed' } | { status: 'not_found' } | { status: 'in_use'; reason: string };

/** Whether `id` is a database id (1 to 2 147 483 647). */
export const validId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** Answers a removal: 404 when unknown, 409 `{message}` with the reason (`name` filled), else 200 with the flash `removedKey`. */
export function answerRemoval(req: Request, res: Response, outcome: RemoveResult, name: string, removedKey: string): void {
  if (outcome.status === 'not_found') orNotFound(null);
  if (outcome.status === 'in_use') {
    res.status(409).json({ message: req.t(outcome.reason, { name }) });
    return;
  }
  removedWith(req, res, removedKey, { name });
}
