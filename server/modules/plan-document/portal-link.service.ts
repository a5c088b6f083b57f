import type { DataSource } from 'typeorm';
import { clock } from '../../kernel/clock';
import { rowsOf, type Db } from '../../kernel/db/sql';
import { recordHistory } from '../../kernel/history/history.service';
import { newPublicToken, publicLinkExpiry, publicLinkState, publicTokenHash, sha256Hex } from '../../kernel/public-link';
import { loadToggles } from '../../kernel/toggles/toggles';

/**
 * The document portal of the outside companies (issue 25 item 2, docs/plan-documents.md): one
 * mailed link per plan company, whose token (kernel `public-link`) opens a page without an account
 * where the company gives the documents its plan needs.
 */

/** How long a portal link stays usable after it was (re)sent. */
export const PORTAL_LINK_TTL_DAYS = 30;

/** A company's portal link, as the plan's documents tab shows it. */
export interface PortalLinkRow {
  id: number;
  tenantId: number;
  planId: number;
  planCompanyId: number;
  email: string;
  askedTypeIds: number[];
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A link found by its token, with the plan and company its page shows. */
export interface PortalVisit extends PortalLinkRow {
  planNumber: string;
  planSubject: string;
  planStatus: string;
  site: string | null;
  address: string | null;
  startDate: string | null;
  endDate: string | null;
  companyName: string;
  companyKind: string;
  tenantName: string;
}

/** Why a token opens nothing (each has its French page), or `valid`. */
export type PortalState = 'valid' | 'unknown' | 'revoked' | 'expired';

const LINK_COLUMNS = `l.id, l.tenant_id AS "tenantId", l.plan_id AS "planId", l.plan_company_id AS "planCompanyId", l.email, l.asked_type_ids AS "askedTypeIds",
  l.expires_at AS "expiresAt", l.revoked_at AS "revokedAt", l.created_at AS "createdAt", l.last_used_at AS "lastUsedAt"`;

const normalise = <T extends PortalLinkRow>(r: T): T => ({ ...r, id: Number(r.id), planCompanyId: Number(r.planCompanyId), askedTypeIds: (r.askedTypeIds ?? []).map(Number) });

/**
 * Sends a company its portal link: revokes its previous one (one usable link per plan company;
 * the old token was only in the old mail) and makes a new one valid {@link PORTAL_LINK_TTL_DAYS}
 * days, keeping the types asked so far and adding `askedTypeId`. Returns the token to mail.
 */
export async function issuePortalLink(ds: DataSource, input: { tenantId: number; planId: number; planCompanyId: number; email: string; userId: number; askedTypeId?: number | null }): Promise<{ id: number; token: string; expiresAt: Date }> {
  const now = clock.now();
  const token = newPublicToken();
  const expiresAt = publicLinkExpiry(PORTAL_LINK_TTL_DAYS, now);
  return ds.transaction(async (m) => {
    // Two requests at once for the same company: the second waits here and revokes the first's link.
    await m.query('SELECT id FROM plan_company WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [input.planCompanyId, input.tenantId]);
    const previous = rowsOf<{ askedTypeIds: number[] }>(await m.query(
      `UPDATE plan_document_link SET revoked_at = $3, revoked_by_id = $4 WHERE plan_company_id = $1 AND tenant_id = $2 AND revoked_at IS NULL RETURNING asked_type_ids AS "askedTypeIds"`,
      [input.planCompanyId, input.tenantId, now, input.userId]));
    const asked = new Set<number>(previous.flatMap((p) => (p.askedTypeIds ?? []).map(Number)));
    if (input.askedTypeId) asked.add(input.askedTypeId);
    const [row] = rowsOf<{ id: number }>(await m.query(
      `INSERT INTO plan_document_link (tenant_id, plan_id, plan_company_id, email, asked_type_ids, token_hash, expires_at, created_by_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [input.tenantId, input.planId, input.planCompanyId, input.email.trim().slice(0, 180), [...asked], sha256Hex(token), expiresAt, input.userId, now]));
    return { id: Number(row.id), token, expiresAt };
  });
}

/** Revokes the company's usable link (history row `document_link_revoke`); false when it had none. */
export async function revokePortalLink(ds: DataSource, tenantId: number, planId: number, planCompanyId: number, userId: number, companyName: string): Promise<boolean> {
  return ds.transaction(async (m) => {
    const done = rowsOf(await m.query(
      'UPDATE plan_document_link SET revoked_at = $4, revoked_by_id = $5 WHERE tenant_id = $1 AND plan_id = $2 AND plan_company_id = $3 AND revoked_at IS NULL RETURNING id',
      [tenantId, planId, planCompanyId, clock.now(), userId]));
    if (!done.length) return false;
    await recordHistory(m, { tenantId, subjectType: 'prevention_plan', subjectId: planId, transition: 'document_link_revoke', comment: companyName, userId });
    return true;
  });
}

/** Writes in the plan's history that a company was sent its portal link. */
export async function recordPortalLinkSent(ds: DataSource, tenantId: number, planId: number, userId: number, comment: string): Promise<void> {
  await recordHistory(ds.manager, { tenantId, subjectType: 'prevention_plan', subjectId: planId, transition: 'document_link', comment: comment.slice(0, 2000), userId });
}

/** The unrevoked link of each company of the plan (expired ones included: the tab says so), by plan company id. */
export async function portalLinksOfPlan(db: Db, tenantId: number, planId: number): Promise<Map<number, PortalLinkRow>> {
  const rows = rowsOf<PortalLinkRow>(await db.query(
    `SELECT ${LINK_COLUMNS} FROM plan_document_link l WHERE l.tenant_id = $1 AND l.plan_id = $2 AND l.revoked_at IS NULL`, [tenantId, planId]));
  return new Map(rows.map((r) => { const n = normalise(r); return [n.planCompanyId, n]; }));
}

/** The link of `token` whatever its state, or null (never made, tampered, or its plan deleted). */
export async function findPortalLink(db: Db, token: string): Promise<PortalVisit | null> {
  const hash = publicTokenHash(token);
  if (!hash) return null;
  const [row] = rowsOf<PortalVisit>(await db.query(
    `SELECT ${LINK_COLUMNS}, p.pdp_number AS "planNumber", p.subject AS "planSubject", p.status AS "planStatus", h.name AS site, p.intervention_address AS address,
            to_char(p.start_date, 'YYYY-MM-DD') AS "startDate", to_char(p.end_date, 'YYYY-MM-DD') AS "endDate",
            c.name AS "companyName", c.kind AS "companyKind", te.name AS "tenantName"
       FROM plan_document_link l
       JOIN prevention_plan p ON p.id = l.plan_id AND p.tenant_id = l.tenant_id AND p.deleted_at IS NULL
       JOIN plan_company c ON c.id = l.plan_company_id AND c.tenant_id = l.tenant_id AND c.plan_id = l.plan_id
       JOIN tenant te ON te.id = l.tenant_id
       LEFT JOIN hierarchy_item h ON h.id = p.hierarchy_item_id AND h.tenant_id = p.tenant_id
      WHERE l.token_hash = $1`, [hash]));
  return row ? normalise(row) : null;
}

/** The state of a link now: the module switched off makes it unknown; then revoked, expired (at its expiry instant), valid. */
export async function portalState(db: Db, visit: PortalVisit | null): Promise<PortalState> {
  if (!visit) return 'unknown';
  if ((await loadToggles(db, visit.tenantId)).module_prevention_plan === false) return 'unknown';
  return publicLinkState(visit);
}

/** Notes that the company used its link (the tab shows the last visit). */
export async function touchPortalLink(db: Db, id: number): Promise<void> {
  await db.query('UPDATE plan_document_link SET last_used_at = $2 WHERE id = $1', [id, clock.now()]);
}
