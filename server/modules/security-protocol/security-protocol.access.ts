import type { Request } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import { HttpError } from '../../kernel/http/errors';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { mayOnProtocol, protocolAbilities, type ProtocolAbility, type ProtocolRef, type ProtocolSubject } from './security-protocol.policy';

type Db = DataSource | EntityManager;

const REF_COLUMNS = `p.id, p.tenant_id AS "tenantId", p.pds_number AS "pdsNumber", p.nature_of_goods AS "natureOfGoods", p.status, p.archived,
  p.created_by_id AS "createdById", p.responsible_id AS "responsibleId", p.hierarchy_item_id AS "hierarchyItemId",
  to_char(p.start_date, 'YYYY-MM-DD') AS "startDate", to_char(p.end_date, 'YYYY-MM-DD') AS "endDate", p.version`;

/** The protocol `id` of the tenant (not in the trash), or null. */
export async function loadProtocolRef(db: Db, tenantId: number, id: number): Promise<ProtocolRef | null> {
  if (!Number.isSafeInteger(Number(id)) || Number(id) <= 0 || Number(id) > 2_147_483_647) return null;
  const rows: ProtocolRef[] = await db.query(
    `SELECT ${REF_COLUMNS} FROM security_protocol p WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL`, [Number(id), tenantId]);
  return rows[0] ?? null;
}

/** The ref plus what the policy reads for this user. */
export async function loadProtocolSubject(db: Db, user: AuthUser, ref: ProtocolRef): Promise<ProtocolSubject> {
  const subs: Array<{ id: number }> = await db.query(
    'SELECT user_id AS id FROM security_protocol_substitute WHERE protocol_id = $1 AND tenant_id = $2', [ref.id, ref.tenantId]);
  const contact = await db.query(
    `SELECT 1 FROM security_protocol_company pc JOIN contact c ON c.id = pc.contact_id
      WHERE pc.protocol_id = $1 AND pc.tenant_id = $2 AND c.user_id = $3 LIMIT 1`, [ref.id, ref.tenantId, user.id]);
  return { ...ref, substituteIds: subs.map((r) => Number(r.id)), isCompanyContact: contact.length > 0 };
}

const resolved = new WeakMap<Request, Map<number, { protocol: ProtocolRef; abilities: Record<ProtocolAbility, boolean> }>>();

/**
 * The protocol `id` for the request's user with his abilities: 404 for an unknown id, another
 * company's protocol or one he may not see; 403 when `ability` is refused. Remembered per request.
 */
export async function resolveProtocol(req: Request, id: number | string, ability: ProtocolAbility): Promise<{ protocol: ProtocolRef; abilities: Record<ProtocolAbility, boolean> }> {
  const user = req.authUser;
  if (!user) throw new HttpError(404, 'errors.not_found.title');
  let known = resolved.get(req);
  if (!known) { known = new Map(); resolved.set(req, known); }
  let entry = known.get(Number(id));
  if (!entry) {
    const protocol = await loadProtocolRef(req.ctx.db, user.tenantId, Number(id));
    if (!protocol) throw new HttpError(404, 'errors.not_found.title');
    const subject = await loadProtocolSubject(req.ctx.db, user, protocol);
    if (!mayOnProtocol(user, 'view', subject)) throw new HttpError(404, 'errors.not_found.title');
    entry = { protocol, abilities: protocolAbilities(user, subject) };
    known.set(protocol.id, entry);
  }
  if (!entry.abilities[ability]) throw new HttpError(403, 'errors.forbidden.message');
  return entry;
}

/** Forgets what {@link resolveProtocol} remembered (after a change in the same request). */
export function forgetProtocol(req: Request): void {
  resolved.delete(req);
}

/** The protocol page opened on one of its tabs. */
export function protocolTabUrl(req: Request, id: number, tab: string): string {
  return `${req.ctx.routes.path('pds_show', { id })}?tab=${tab}`;
}
