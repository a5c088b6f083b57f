import type { Request } from 'express';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { can } from '../../../kernel/rights/registry';
import { HttpError } from '../../../kernel/http/errors';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { LOCKOUT_MANAGE, LOCKOUT_VIEW_ALL } from './lockout-rights';
import { validId } from '../../../kernel/http/record-outcome';

/** Sees every slip of the company (view all or manage), not only those one takes part in. */
export const seesAllSlips = (user: AuthUser): boolean => can(user, LOCKOUT_VIEW_ALL) || can(user, LOCKOUT_MANAGE);

/**
 * SQL condition on slip alias `s` for `user` (parameter `$<n>` is the user's id): every slip with
 * view all, else the slips one wrote, is the officer, work manager or ordering customer of, or
 * works on (a staff row of one's own).
 */
export function slipVisibleSql(user: AuthUser, n: number): string {
  if (seesAllSlips(user)) return `($${n}::int IS NOT NULL)`;
  return `(s.created_by_id = $${n} OR s.officer_id = $${n} OR s.work_manager_id = $${n} OR s.ordering_customer_id = $${n}
    OR EXISTS (SELECT 1 FROM lockout_staff st WHERE st.slip_id = s.id AND st.user_id = $${n}))`;
}

/** What a handler knows of a slip it may see. */
export interface SlipRef {
  id: number; tenantId: number; number: string; machineId: number; state: string; archived: boolean; version: number;
  officerId: number | null; workManagerId: number | null; createdById: number | null; planId: number | null;
}

/** The slip `id` of the active company if the user may see it; 404 otherwise (another company's, or not one's own). */
export async function requireSlip(req: Request, id: number, db: Db = req.ctx.db): Promise<SlipRef> {
  const user = req.authUser!;
  if (!validId(id)) throw new HttpError(404, 'errors.not_found.title');
  const [row] = rowsOf<SlipRef>(await db.query(
    `SELECT s.id, s.tenant_id AS "tenantId", s.number, s.machine_id AS "machineId", s.state, s.archived, s.version,
            s.officer_id AS "officerId", s.work_manager_id AS "workManagerId", s.created_by_id AS "createdById", s.plan_id AS "planId"
       FROM lockout_slip s WHERE s.id = $1 AND s.tenant_id = $2 AND ${slipVisibleSql(user, 3)}`, [id, user.tenantId, user.id]));
  if (!row) throw new HttpError(404, 'errors.not_found.title');
  return row;
}

/** The slip's officer, work manager or author, or a manager: may edit the slip, its staff, collect signatures and archive. */
export const drivesSlip = (user: AuthUser, slip: SlipRef): boolean =>
  can(user, LOCKOUT_MANAGE) || [slip.officerId, slip.workManagerId, slip.createdById].includes(user.id);

/** The slip's officer or a manager: checks the isolation points. */
export const isSlipOfficer = (user: AuthUser, slip: SlipRef): boolean => can(user, LOCKOUT_MANAGE) || slip.officerId === user.id;
