import type { Request } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import { HttpError } from '../../kernel/http/errors';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { mayOnPpsps, ppspsAbilities, type PpspsAbility, type PpspsSubject } from './ppsps.policy';

type Db = DataSource | EntityManager;

/** What the routes about one PPSPS know of it (dates ISO). */
export interface PpspsRef {
  id: number;
  tenantId: number;
  number: string;
  status: string;
  archived: boolean;
  createdById: number | null;
  correspondentId: number | null;
  hierarchyItemId: number | null;
  version: number;
}

/** The PPSPS `id` of the tenant (not in the trash), or null. */
export async function loadPpspsRef(db: Db, tenantId: number, id: number): Promise<PpspsRef | null> {
  if (!Number.isSafeInteger(Number(id)) || Number(id) > 2_147_483_647) return null;
  const rows: PpspsRef[] = await db.query(
    `SELECT p.id, p.tenant_id AS "tenantId", p.number, p.status, p.archived, p.created_by_id AS "createdById",
            p.correspondent_id AS "correspondentId", p.hierarchy_item_id AS "hierarchyItemId", p.version
       FROM ppsps p WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL`, [Number(id), tenantId]);
  return rows[0] ?? null;
}

/** The ref plus what the policy reads for `user`. */
export async function loadPpspsSubject(db: Db, user: AuthUser, ref: PpspsRef): Promise<PpspsSubject> {
  const subs: Array<{ id: number }> = await db.query('SELECT user_id AS id FROM ppsps_substitute WHERE ppsps_id = $1 AND tenant_id = $2', [ref.id, ref.tenantId]);
  const member = await db.query(
    `SELECT 1 FROM ppsps_company pc JOIN contact c ON c.id = pc.contact_id
      WHERE pc.ppsps_id = $1 AND pc.tenant_id = $2 AND c.user_id = $3 LIMIT 1`, [ref.id, ref.tenantId, user.id]);
  return { ...ref, substituteIds: subs.map((r) => Number(r.id)), isCompanyMember: member.length > 0 };
}

const resolved = new WeakMap<Request, Map<number, { ppsps: PpspsRef; abilities: Record<PpspsAbility, boolean> }>>();

/**
 * The PPSPS `id` for the request's user with his abilities: 404 for an unknown id, another
 * company's PPSPS or one he may not see; 403 when `ability` is refused. Remembered per request.
 */
export async function resolvePpsps(req: Request, id: number | string, ability: PpspsAbility): Promise<{ ppsps: PpspsRef; abilities: Record<PpspsAbility, boolean> }> {
  const user = req.authUser;
  if (!user) throw new HttpError(404, 'errors.not_found.title');
  let known = resolved.get(req);
  if (!known) { known = new Map(); resolved.set(req, known); }
  let entry = known.get(Number(id));
  if (!entry) {
    const ref = await loadPpspsRef(req.ctx.db, user.tenantId, Number(id));
    if (!ref) throw new HttpError(404, 'errors.not_found.title');
    const subject = await loadPpspsSubject(req.ctx.db, user, ref);
    if (!mayOnPpsps(user, 'view', subject)) throw new HttpError(404, 'errors.not_found.title');
    entry = { ppsps: ref, abilities: ppspsAbilities(user, subject) };
    known.set(ref.id, entry);
  }
  if (!entry.abilities[ability]) throw new HttpError(403, 'errors.forbidden.message');
  return entry;
}

/** Forgets what {@link resolvePpsps} remembered (after a change in the same request). */
export function forgetPpsps(req: Request): void {
  resolved.delete(req);
}

/** The PPSPS page opened on one of its tabs. */
export function ppspsTabUrl(req: Request, id: number, tab: string): string {
  return `${req.ctx.routes.path('ppsps_show', { id })}?tab=${tab}`;
}
