import type { DataSource } from 'typeorm';
import type { Db } from '../../../kernel/db/sql';
import { recordHistory } from '../../../kernel/history/history.service';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import type { PlanRef } from '../core/plan-ref';
import { afterCompanySignature, listSignatures, recordSignature, signatureStatus, type SignatureView } from '../core/plan-signers.service';
import { PLAN_HISTORY_SUBJECT } from '../core/prevention-plan.service';

/** History rows written by the signatures tab, with their labels in the plan's history. */
export const SIGNATURE_HISTORY_LABELS: Record<string, string> = {
  company_site_sign: 'plan-signature.history.company_site_sign',
  staff_site_sign: 'plan-signature.history.staff_site_sign',
  signed_file: 'plan-signature.history.signed_file',
};

/** A company that must sign the current round, with its signature (null = waiting). */
export interface CompanySigner {
  id: number;
  kind: string;
  name: string;
  contactName: string | null;
  contactUserId: number | null;
  signature: SignatureView | null;
}

/** A staff member of the plan with his signature of the current round (null = waiting). */
export interface StaffSigner {
  id: number;
  planCompanyId: number;
  companyName: string;
  name: string;
  qualification: string | null;
  external: boolean;
  /** The staff member's account (his own, or his CRM contact's). */
  userId: number | null;
  signature: SignatureView | null;
}

/** Everything the signatures tab shows. */
export interface PlanSigners {
  round: number;
  companies: CompanySigner[];
  allCompaniesSigned: boolean;
  staff: StaffSigner[];
  /** The ordering customer (internal signer), null when the plan has none. */
  internal: { userId: number; name: string; signature: SignatureView | null } | null;
  /** Superseded signatures and those of earlier rounds, newest first. */
  previous: SignatureView[];
  signedFile: { id: number; name: string } | null;
}

/** The signature kinds of this tab (inspection signatures belong to the inspection tab). */
const SHOWN_KINDS: string[] = ['company', 'staff', 'internal'];

/** The company, staff and internal signatures superseded or of earlier rounds, newest first. */
async function previousSignatures(db: Db, tenantId: number, planId: number, round: number): Promise<SignatureView[]> {
  const all = await listSignatures(db, tenantId, planId, { all: true });
  return all.filter((s) => SHOWN_KINDS.includes(s.kind) && (s.supersededAt != null || s.round !== round))
    .sort((a, b) => new Date(b.signedAt).getTime() - new Date(a.signedAt).getTime() || b.id - a.id);
}

const STAFF_SQL = `SELECT s.id, s.plan_company_id AS "planCompanyId", pc.name AS "companyName",
    trim(COALESCE(s.first_name, '') || ' ' || s.last_name) AS name, s.qualification, s.external,
    COALESCE(s.user_id, c.user_id) AS "userId"
  FROM plan_staff s JOIN plan_company pc ON pc.id = s.plan_company_id LEFT JOIN contact c ON c.id = s.contact_id AND c.tenant_id = s.tenant_id`;

/** The plan's staff members as signers (without signature), by company then name. */
async function staffMembers(db: Db, tenantId: number, planId: number): Promise<Array<Omit<StaffSigner, 'signature'>>> {
  return db.query(`${STAFF_SQL} WHERE s.tenant_id = $1 AND s.plan_id = $2
    ORDER BY CASE pc.kind WHEN 'EU' THEN 0 WHEN 'EE' THEN 1 ELSE 2 END, lower(pc.name), lower(s.last_name), lower(COALESCE(s.first_name, '')), s.id`, [tenantId, planId]);
}

/** One staff member of the tenant as a signer, or null. */
export async function findStaffSigner(db: Db, tenantId: number, staffId: number): Promise<(Omit<StaffSigner, 'signature'> & { planId: number }) | null> {
  if (!Number.isSafeInteger(staffId)) return null;
  const rows = await db.query(`SELECT x.*, s.plan_id AS "planId" FROM (${STAFF_SQL} WHERE s.tenant_id = $1 AND s.id = $2) x JOIN plan_staff s ON s.id = x.id`, [tenantId, staffId]);
  return rows[0] ?? null;
}

/** Every signer of the plan's current round with his state, the earlier signatures and the signed paper file. */
export async function planSigners(db: Db, plan: PlanRef): Promise<PlanSigners> {
  const status = await signatureStatus(db, plan.tenantId, plan.id);
  const byKey = new Map(status.signatures.map((s) => [s.signerKey, s]));
  const companies: CompanySigner[] = status.companies.map((c) => ({
    id: c.id, kind: c.kind, name: c.name, contactName: c.contactName || null, contactUserId: c.contactUserId, signature: c.signature,
  }));
  const staff = (await staffMembers(db, plan.tenantId, plan.id)).map((s) => ({ ...s, signature: byKey.get(`staff:${s.id}`) ?? null }));
  let internal: PlanSigners['internal'] = null;
  if (plan.orderingCustomerId != null) {
    const [u]: Array<{ name: string }> = await db.query(
      `SELECT COALESCE(NULLIF(trim(COALESCE(first_name, '') || ' ' || COALESCE(last_name, '')), ''), username) AS name FROM app_user WHERE id = $1`, [plan.orderingCustomerId]);
    internal = { userId: Number(plan.orderingCustomerId), name: u?.name ?? '', signature: status.internal };
  }
  const [file]: Array<{ id: number; name: string }> = await db.query(
    `SELECT f.id, f.original_name AS name FROM prevention_plan p JOIN stored_file f ON f.id = p.signed_file_id AND f.tenant_id = p.tenant_id
      WHERE p.id = $1 AND p.tenant_id = $2`, [plan.id, plan.tenantId]);
  return {
    round: status.round, companies, allCompaniesSigned: status.allCompaniesSigned, staff, internal,
    previous: await previousSignatures(db, plan.tenantId, plan.id, status.round), signedFile: file ? { id: Number(file.id), name: file.name } : null,
  };
}

/** Is the user the ordering customer or one of his substitutes? */
export async function isOrderingSide(db: Db, user: AuthUser, plan: PlanRef): Promise<boolean> {
  if (plan.orderingCustomerId != null && Number(plan.orderingCustomerId) === user.id) return true;
  const rows = await db.query('SELECT 1 FROM plan_substitute WHERE plan_id = $1 AND tenant_id = $2 AND user_id = $3', [plan.id, plan.tenantId, user.id]);
  return rows.length > 0;
}

/** What one site signature records. */
export interface SiteSignatureInput {
  plan: PlanRef;
  /** Who held the device (the history row's author). */
  actorId: number;
  kind: 'company' | 'staff';
  /** plan_company.id or plan_staff.id. */
  signerId: number;
  /** The signer's account when he signed with his saved signature. */
  userId: number | null;
  signerName: string;
  image: string;
  /** "Julien Moreau (Maintenance Industrielle du Rhône)": the history comment. */
  label: string;
}

/**
 * Records a signature drawn on the site's device (watermarked), its history row and, for a
 * company, the move to internal validation when it was the last one, in one transaction.
 * A second submit of the same signer and round stores nothing: `created` is false.
 */
export async function recordSiteSignature(db: DataSource, input: SiteSignatureInput): Promise<{ id: number; created: boolean }> {
  const { plan } = input;
  return db.transaction(async (m) => {
    const result = await recordSignature(m, {
      tenantId: plan.tenantId, planId: plan.id, kind: input.kind, signerKey: `${input.kind}:${input.signerId}`,
      planCompanyId: input.kind === 'company' ? input.signerId : undefined,
      planStaffId: input.kind === 'staff' ? input.signerId : undefined,
      userId: input.userId ?? undefined, signerName: input.signerName, image: input.image, hasWatermark: true, channel: 'site',
    });
    if (!result.created) return result;
    const entry = await recordHistory(m, {
      tenantId: plan.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: plan.id, userId: input.actorId,
      transition: input.kind === 'company' ? 'company_site_sign' : 'staff_site_sign', comment: input.label,
    });
    await m.query('UPDATE plan_signature SET history_id = $2 WHERE id = $1', [result.id, entry.id]);
    if (input.kind === 'company') await afterCompanySignature(m, plan.tenantId, plan.id, input.signerId);
    return result;
  });
}

/** The live signature of a signer in the plan's current round, or null. */
export async function currentSignature(db: Db, tenantId: number, planId: number, signerKey: string): Promise<SignatureView | null> {
  return (await listSignatures(db, tenantId, planId)).find((s) => s.signerKey === signerKey) ?? null;
}

/** Attaches the plan signed on paper (stored file `fileId`), with its history row. */
export async function attachSignedFile(db: DataSource, plan: PlanRef, userId: number, file: { id: number; originalName: string }, now: Date): Promise<void> {
  await db.transaction(async (m) => {
    await m.query('UPDATE prevention_plan SET signed_file_id = $3, version = version + 1, updated_at = $4 WHERE id = $1 AND tenant_id = $2',
      [plan.id, plan.tenantId, file.id, now]);
    await recordHistory(m, { tenantId: plan.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: plan.id, userId, transition: 'signed_file', comment: file.originalName });
  });
}

/** The stored file id of the plan's signed paper document, or null. */
export async function signedFileId(db: Db, plan: PlanRef): Promise<number | null> {
  const [row] = await db.query('SELECT signed_file_id FROM prevention_plan WHERE id = $1 AND tenant_id = $2', [plan.id, plan.tenantId]);
  return row?.signed_file_id ?? null;
}
