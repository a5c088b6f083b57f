import type { EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { rowsOf, type Db } from '../../kernel/db/sql';
import { systemActor } from '../../kernel/rights/system-actor';
import { loadToggles } from '../../kernel/toggles/toggles';
import type { PlanSignatureChannel, PlanSignatureKind } from './plan-signature.entity';

/** An outside company of a plan whose signature the plan needs. */
export interface RequiredCompany {
  id: number;
  kind: 'EE' | 'ST';
  name: string;
  contactId: number | null;
  /** Where its signing link goes: the company's contact e-mail on the plan, else the CRM contact's. */
  email: string | null;
  contactName: string;
  /** The contact's user account, when he has one (he may then sign in the application). */
  contactUserId: number | null;
}

/** A signature as the screens, PDF and guards read it. */
export interface SignatureView {
  id: number;
  kind: PlanSignatureKind;
  signerKey: string;
  planCompanyId: number | null;
  planStaffId: number | null;
  userId: number | null;
  signerName: string;
  image: string;
  hasWatermark: boolean;
  channel: PlanSignatureChannel;
  round: number;
  pdfSha256: string | null;
  signedAt: Date;
  supersededAt: Date | null;
}

const SIGNATURE_COLUMNS = `s.id, s.kind, s.signer_key AS "signerKey", s.plan_company_id AS "planCompanyId", s.plan_staff_id AS "planStaffId",
  s.user_id AS "userId", s.signer_name AS "signerName", s.image, s.has_watermark AS "hasWatermark", s.channel, s.round,
  s.pdf_sha256 AS "pdfSha256", s.signed_at AS "signedAt", s.superseded_at AS "supersededAt"`;

/**
 * The outside companies that must sign: every EE, and the ST too when the company's toggle
 * "subcontractor signature" is on (docs/prevention-plan-signing.md).
 */
export async function requiredCompanies(db: Db, tenantId: number, planId: number): Promise<RequiredCompany[]> {
  const toggles = await loadToggles(db, tenantId);
  const kinds = toggles.subcontractor_signature ? ['EE', 'ST'] : ['EE'];
  const rows = rowsOf<RequiredCompany>(await db.query(
    `SELECT pc.id, pc.kind, pc.name, pc.contact_id AS "contactId", COALESCE(NULLIF(pc.email, ''), c.email) AS email,
            TRIM(CONCAT_WS(' ', COALESCE(pc.first_name, c.first_name), COALESCE(pc.last_name, c.last_name))) AS "contactName",
            c.user_id AS "contactUserId"
       FROM plan_company pc LEFT JOIN contact c ON c.id = pc.contact_id AND c.tenant_id = pc.tenant_id
      WHERE pc.plan_id = $1 AND pc.tenant_id = $2 AND pc.kind = ANY($3)
      ORDER BY pc.kind, pc.name, pc.id`, [planId, tenantId, kinds]));
  return rows.map((r) => ({ ...r, id: Number(r.id), contactId: r.contactId == null ? null : Number(r.contactId), contactUserId: r.contactUserId == null ? null : Number(r.contactUserId) }));
}

/** The live signatures of the plan's current round (or of every round with `all`). */
export async function listSignatures(db: Db, tenantId: number, planId: number, opts: { all?: boolean } = {}): Promise<SignatureView[]> {
  const where = opts.all ? '' : 'AND s.superseded_at IS NULL AND s.round = p.amendment_number';
  return rowsOf<SignatureView>(await db.query(
    `SELECT ${SIGNATURE_COLUMNS} FROM plan_signature s JOIN prevention_plan p ON p.id = s.plan_id
      WHERE s.plan_id = $1 AND s.tenant_id = $2 ${where}
      ORDER BY s.round DESC, s.signed_at, s.id`, [planId, tenantId]));
}

/** Where the signatures of a plan stand for its current round. */
export interface SignatureStatus {
  round: number;
  companies: Array<RequiredCompany & { signature: SignatureView | null }>;
  allCompaniesSigned: boolean;
  /** The internal signature (ordering customer or a holder of pdp.sign) of this round. */
  internal: SignatureView | null;
  signatures: SignatureView[];
}

/** The signatures the plan needs and has in its current round. */
export async function signatureStatus(db: Db, tenantId: number, planId: number): Promise<SignatureStatus> {
  const plan = rowsOf<{ round: number }>(await db.query('SELECT amendment_number AS round FROM prevention_plan WHERE id = $1 AND tenant_id = $2', [planId, tenantId]))[0];
  const signatures = await listSignatures(db, tenantId, planId);
  const companies = (await requiredCompanies(db, tenantId, planId)).map((c) => ({
    ...c, signature: signatures.find((s) => s.kind === 'company' && s.signerKey === `company:${c.id}`) ?? null,
  }));
  return {
    round: Number(plan?.round ?? 0),
    companies,
    allCompaniesSigned: companies.length > 0 && companies.every((c) => c.signature),
    internal: signatures.find((s) => s.kind === 'internal') ?? null,
    signatures,
  };
}

/** A signature to keep. */
export interface SignatureInput {
  tenantId: number;
  planId: number;
  kind: PlanSignatureKind;
  signerKey: string;
  planCompanyId?: number | null;
  planStaffId?: number | null;
  userId?: number | null;
  signerName: string;
  image: string;
  hasWatermark: boolean;
  channel: PlanSignatureChannel;
  pdfSha256?: string | null;
  historyId?: number | null;
}

/**
 * Keeps a signature in the plan's current round. Idempotent: a second signature of the same
 * signer in the same round is not stored (`created: false`, the first one's id), so a double
 * submit keeps one.
 */
export async function recordSignature(manager: EntityManager, input: SignatureInput): Promise<{ id: number; created: boolean }> {
  const inserted = rowsOf<{ id: number }>(await manager.query(
    `INSERT INTO plan_signature (tenant_id, plan_id, kind, signer_key, plan_company_id, plan_staff_id, user_id, signer_name, image,
        has_watermark, channel, round, pdf_sha256, history_id, signed_at)
     SELECT $1, p.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, p.amendment_number, $12, $13, $14
       FROM prevention_plan p WHERE p.id = $2 AND p.tenant_id = $1
     ON CONFLICT ("plan_id", "signer_key", "round") WHERE "superseded_at" IS NULL DO NOTHING
     RETURNING id`,
    [input.tenantId, input.planId, input.kind, input.signerKey, input.planCompanyId ?? null, input.planStaffId ?? null, input.userId ?? null,
      input.signerName.slice(0, 255), input.image, input.hasWatermark, input.channel, input.pdfSha256 ?? null, input.historyId ?? null, clock.now()]));
  if (inserted[0]) return { id: Number(inserted[0].id), created: true };
  const existing = rowsOf<{ id: number }>(await manager.query(
    `SELECT s.id FROM plan_signature s JOIN prevention_plan p ON p.id = s.plan_id
      WHERE s.plan_id = $1 AND s.tenant_id = $2 AND s.signer_key = $3 AND s.round = p.amendment_number AND s.superseded_at IS NULL`,
    [input.planId, input.tenantId, input.signerKey]));
  return { id: Number(existing[0]?.id ?? 0), created: false };
}

/** Marks the live signatures of `kinds` superseded (an amendment asks them again). */
export async function supersedeSignatures(manager: EntityManager, tenantId: number, planId: number, kinds: PlanSignatureKind[]): Promise<number> {
  const rows = rowsOf(await manager.query(
    `UPDATE plan_signature SET superseded_at = $4 WHERE plan_id = $1 AND tenant_id = $2 AND kind = ANY($3) AND superseded_at IS NULL RETURNING id`,
    [planId, tenantId, kinds, clock.now()]));
  return rows.length;
}

/**
 * After a company signed: when the plan waits for the companies and all of them have signed,
 * it moves on to internal validation (`send_internal`) in the same transaction.
 */
export async function afterCompanySignature(manager: EntityManager, tenantId: number, planId: number): Promise<boolean> {
  // Imported here: the workflow module imports this one for its guards.
  const { planWorkflow } = await import('./prevention-plan.workflow');
  const status = await signatureStatus(manager, tenantId, planId);
  if (!status.allCompaniesSigned) return false;
  const state = rowsOf<{ status: string }>(await manager.query('SELECT status FROM prevention_plan WHERE id = $1 AND tenant_id = $2', [planId, tenantId]))[0];
  if (state?.status !== 'waiting_tiers') return false;
  const outcome = await planWorkflow.apply(manager, { id: planId, tenantId }, 'send_internal', { user: systemActor(tenantId) });
  return outcome.result;
}
