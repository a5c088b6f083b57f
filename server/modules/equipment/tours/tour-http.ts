import type { Request } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { routeId } from '../../../kernel/http/respond';

/** The route's `{id}` when it can be a database id; a 404 otherwise (a too-large number never reaches SQL). */
export function recordId(req: Request): number {
  const id = routeId(req);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new HttpError(404, 'errors.not_found.title');
  return id;
}
