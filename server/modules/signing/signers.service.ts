import type { EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { rowsOf, type Db } from '../../kernel/db/sql';
import { loadToggles } from '../../kernel/toggles/toggles';
import type { SigningSubject } from './signing-subject';

/** Who signs (`company`, `staff`, `internal`, `inspection`) and where (`app`, `site`, `link`). */
export type SignatureKind = 'company' | 'staff' | 'internal' | 'inspection';
export type SignatureChannel = 'app' | 'site' | 'link';

/** An outside company of a document whose signature the document needs. */
export interface RequiredCompany {
  id: number;
  kind: string;
  name: string;
  contactId: number | null;
  /** Where its signing link goes: the company's e-mail on the document, else the CRM contact's. */
  email: string | null;
  contactName: string;
  /** The contact's user account, when he has one (he may then sign in the application). */
  contactUserId: number | null;
}

/** A signature as screens, PDFs and guards read it. */
export interface SignatureView {
  id: number;
  kind: SignatureKind;
  signerKey: string;
  planCompanyId: number | null;
  planStaffId: number | null;
  userId: number | null;
  signerName: string;
  image: string;
  hasWatermark: boolean;
  channel: SignatureChannel;
  round: number;
  pdfSha256: string | null;
  signedAt: Date;
  supersededAt: Date | null;
}

/** Where the signatures of a document stand for its current round. */
export interface SignatureStatus {
  round: number;
  companies: Array<RequiredCompany & { signature: SignatureView | null }>;
  allCompaniesSigned: boolean;
  /** The internal signature of this round (the last one given). */
  internal: SignatureView | null;
  signatures: SignatureView[];
}

/** A signature to keep. */
export interface SignatureInput {
  tenantId: number;
  /** The document's id (named `planId` for the prevention plan's callers). */
  planId: number;
  kind: SignatureKind;
  signerKey: string;
  planCompanyId?: number | null;
  planStaffId?: number | null;
  userId?: number | null;
  signerName: string;
  image: string;
  hasWatermark: boolean;
  channel: SignatureChannel;
  pdfSha256?: string | null;
  historyId?: number | null;
}

/** The company kinds that sign now: the subject's, plus the toggled ones while `subcontractor_signature` is on. */
export async function requiredKinds(db: Db, s: SigningSubject, tenantId: number): Promise<string[]> {
  if (!s.toggledKinds?.length) return s.signingKinds;
  const toggles = await loadToggles(db, tenantId);
  return toggles.subcontractor_signature ? [...s.signingKinds, ...s.toggledKinds] : s.signingKinds;
}

/** The outside companies of the document that must sign. */
export async function requiredCompanies(db: Db, s: SigningSubject, tenantId: number, id: number): Promise<RequiredCompany[]> {
  const kinds = await requiredKinds(db, s, tenantId);
  const rows = rowsOf<RequiredCompany>(await db.query(
    `SELECT pc.id, pc.kind, pc.name, pc.contact_id AS "contactId", COALESCE(NULLIF(pc.email, ''), c.email) AS email,
            TRIM(CONCAT_WS(' ', COALESCE(pc.first_name, c.first_name), COALESCE(pc.last_name, c.last_name))) AS "contactName",
            c.user_id AS "contactUserId"
       FROM "${s.companyTable}" pc LEFT JOIN contact c ON c.id = pc.contact_id AND c.tenant_id = pc.tenant_id
      WHERE pc."${s.fk}" = $1 AND pc.tenant_id = $2 AND pc.kind = ANY($3)
      ORDER BY array_position($3::varchar[], pc.kind::varchar), pc.name, pc.id`, [id, tenantId, kinds]));
  return rows.map((r) => ({ ...r, id: Number(r.id), contactId: r.contactId == null ? null : Number(r.contactId), contactUserId: r.contactUserId == null ? null : Number(r.contactUserId) }));
}

/** The live signatures of the document's current round (or of every round with `all`). */
export async function listSignatures(db: Db, s: SigningSubject, tenantId: number, id: number, opts: { all?: boolean } = {}): Promise<SignatureView[]> {
  const where = opts.all ? '' : 'AND x.superseded_at IS NULL AND x.round = d.amendment_number';
  return rowsOf<SignatureView>(await db.query(
    `SELECT x.id, x.kind, x.signer_key AS "signerKey", x.plan_company_id AS "planCompanyId", x.plan_staff_id AS "planStaffId",
            x.user_id AS "userId", x.signer_name AS "signerName", x.image, x.has_watermark AS "hasWatermark", x.channel, x.round,
            x.pdf_sha256 AS "pdfSha256", x.signed_at AS "signedAt", x.superseded_at AS "supersededAt"
       FROM "${s.signatureTable}" x JOIN "${s.table}" d ON d.id = x."${s.fk}"
      WHERE x."${s.fk}" = $1 AND x.tenant_id = $2 ${where}
      ORDER BY x.round DESC, x.signed_at, x.id`, [id, tenantId]));
}

/** The signatures the document needs and has in its current round. */
export async function signatureStatus(db: Db, s: SigningSubject, tenantId: number, id: number): Promise<SignatureStatus> {
  const doc = rowsOf<{ round: number }>(await db.query(`SELECT amendment_number AS round FROM "${s.table}" WHERE id = $1 AND tenant_id = $2`, [id, tenantId]))[0];
  const signatures = await listSignatures(db, s, tenantId, id);
  const companies = (await requiredCompanies(db, s, tenantId, id)).map((c) => ({
    ...c, signature: signatures.find((x) => x.kind === 'company' && x.signerKey === `company:${c.id}`) ?? null,
  }));
  return {
    round: Number(doc?.round ?? 0),
    companies,
    allCompaniesSigned: companies.length > 0 && companies.every((c) => c.signature),
    internal: [...signatures].reverse().find((x) => x.kind === 'internal') ?? null,
    signatures,
  };
}

/**
 * Keeps a signature in the document's current round. Idempotent: a second signature of the same
 * signer in the same round is not stored (`created: false`, the first one's id).
 */
export async function recordSignature(manager: EntityManager, s: SigningSubject, input: SignatureInput): Promise<{ id: number; created: boolean }> {
  const inserted = rowsOf<{ id: number }>(await manager.query(
    `INSERT INTO "${s.signatureTable}" (tenant_id, "${s.fk}", kind, signer_key, plan_company_id, plan_staff_id, user_id, signer_name, image,
        has_watermark, channel, round, pdf_sha256, history_id, signed_at)
     SELECT $1, d.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, d.amendment_number, $12, $13, $14
       FROM "${s.table}" d WHERE d.id = $2 AND d.tenant_id = $1
     ON CONFLICT ("${s.fk}", "signer_key", "round") WHERE "superseded_at" IS NULL DO NOTHING
     RETURNING id`,
    [input.tenantId, input.planId, input.kind, input.signerKey, input.planCompanyId ?? null, input.planStaffId ?? null, input.userId ?? null,
      input.signerName.slice(0, 255), input.image, input.hasWatermark, input.channel, input.pdfSha256 ?? null, input.historyId ?? null, clock.now()]));
  if (inserted[0]) return { id: Number(inserted[0].id), created: true };
  const existing = rowsOf<{ id: number }>(await manager.query(
    `SELECT x.id FROM "${s.signatureTable}" x JOIN "${s.table}" d ON d.id = x."${s.fk}"
      WHERE x."${s.fk}" = $1 AND x.tenant_id = $2 AND x.signer_key = $3 AND x.round = d.amendment_number AND x.superseded_at IS NULL`,
    [input.planId, input.tenantId, input.signerKey]));
  return { id: Number(existing[0]?.id ?? 0), created: false };
}

/** Marks the live signatures of `kinds` superseded (an amendment asks them again). */
export async function supersedeSignatures(manager: EntityManager, s: SigningSubject, tenantId: number, id: number, kinds: SignatureKind[]): Promise<number> {
  const rows = rowsOf(await manager.query(
    `UPDATE "${s.signatureTable}" SET superseded_at = $4 WHERE "${s.fk}" = $1 AND tenant_id = $2 AND kind = ANY($3) AND superseded_at IS NULL RETURNING id`,
    [id, tenantId, kinds, clock.now()]));
  return rows.length;
}

/** The internal signer's substitutes. */
export async function substituteIds(db: Db, s: SigningSubject, tenantId: number, id: number): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.query(`SELECT user_id AS id FROM "${s.substituteTable}" WHERE "${s.fk}" = $1 AND tenant_id = $2`, [id, tenantId])).map((r) => Number(r.id));
}
