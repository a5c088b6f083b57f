import type { Request } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { orNotFound } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { duEntityName } from './du-document';
import { itemInScope, loadDuScope } from './du-scope';

/** An entity whose document the user may see: its id and name. */
export interface DuEntity { id: number; name: string }

/**
 * The entity `itemId` when it is a live entity of the user's company within their scope (the
 * document's view right); 404 otherwise, as for another company's. `edit` also needs
 * `unique_document.edit` (403 « Action non autorisée. »).
 */
export async function requireDuEntity(req: Request, itemId: number | null | undefined, ability: 'view' | 'edit' = 'view'): Promise<DuEntity> {
  const user = req.authUser!;
  if (!itemId) orNotFound(null);
  const name = orNotFound(await duEntityName(req.ctx.db, user.tenantId, itemId!));
  if (!itemInScope(await loadDuScope(req.ctx.db, user), itemId!)) orNotFound(null);
  if (ability === 'edit' && !can(user, 'unique_document.edit')) throw new HttpError(403, 'risk-evaluation.unauthorised');
  return { id: itemId!, name };
}
