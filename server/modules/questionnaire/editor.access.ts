import type { Request } from 'express';
import type { RouteHandler } from '../../kernel/http/route-table';
import { recordAudit } from '../../kernel/audit/audit';
import { HttpError } from '../../kernel/http/errors';
import { can } from '../../kernel/rights/registry';
import { ownerEditRights, questionnaireOwner } from './owners';

/** The right that opens the editor of every questionnaire. */
export const EDITOR_RIGHT = 'admin.nomenclatures';

async function refuse(req: Request, right: string): Promise<never> {
  await recordAudit(req.ctx.db, { event: 'permission_refused', req, detail: { route: req.routeName, right } }).catch(() => undefined);
  throw new HttpError(403, 'errors.forbidden.message');
}

/**
 * 403 unless the user may open some questionnaire's editor: `admin.nomenclatures`, or the edit right
 * an owner declared (`vgp.forms`). Checked before any lookup, as the route's right would be.
 */
export async function requireSomeEditor(req: Request): Promise<void> {
  if (can(req.authUser, EDITOR_RIGHT) || ownerEditRights().some((r) => can(req.authUser, r))) return;
  await refuse(req, EDITOR_RIGHT);
}

/** 403 unless the user may edit the questionnaires of this owner type. */
export async function requireEditorOf(req: Request, ownerType: string): Promise<void> {
  if (can(req.authUser, EDITOR_RIGHT)) return;
  const right = questionnaireOwner(ownerType)?.editRight;
  if (right && can(req.authUser, right)) return;
  await refuse(req, EDITOR_RIGHT);
}

/** An editor route's handler: {@link requireSomeEditor} first; the handler then checks the owner of what it finds. */
export function editorRoute(handler: RouteHandler): RouteHandler {
  return async (req, res, next) => {
    await requireSomeEditor(req);
    return handler(req, res, next);
  };
}

/** First body parser of an editor route taking files: refuses before any upload is read. */
export const editorGate: RouteHandler = async (req, _res, next) => {
  await requireSomeEditor(req);
  next();
};
