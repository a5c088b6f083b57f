import type { Request, Response } from 'express';
import { orNotFound, routeId, saved } from '../../../kernel/http/respond';
import { isSlipOfficer, requireSlip } from '../core/slip-access';
import { setCheck } from './slip.service';

/**
 * `POST /consignment/{id}/points/{point}/check` (consignment_check): the officer checks an
 * isolation point done (`done=1`, awaiting consignment) or removed (`done=0`, end of works).
 */
export async function check(req: Request, res: Response): Promise<void> {
  const slip = await requireSlip(req, routeId(req));
  const done = String(req.body?.done ?? '') === '1';
  const allowedState = done ? slip.state === 'awaiting_consignment' : ['awaiting_consignment', 'end_works'].includes(slip.state);
  if (!isSlipOfficer(req.authUser!, slip) || slip.archived || !allowedState) {
    res.status(403).json({ message: req.t('lockout.errors.forbidden') });
    return;
  }
  orNotFound(await setCheck(req.ctx.db, slip.tenantId, req.authUser!.id, slip, routeId(req, 'point'), done) ? true : null);
  saved(req, res, done ? 'lockout.check.flash.done' : 'lockout.check.flash.removed');
}
