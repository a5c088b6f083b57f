import crypto from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { loadConfig } from '../../kernel/config';
import { rowsOf, type Db } from '../../kernel/db/sql';
import { recordHistory } from '../../kernel/history/history.service';
import { enqueue } from '../../kernel/jobs';
import { createStorage, promoteUpload, tenantKey, tmpKey } from '../../kernel/storage';
import { loadToggles } from '../../kernel/toggles/toggles';
import { renderPlanPdf } from './plan-pdf.service';
import { afterCompanySignature, recordSignature, requiredCompanies, signatureStatus, type RequiredCompany } from './plan-signers.service';
import { PLAN_HISTORY_SUBJECT } from './prevention-plan.service';

/** Job that renders the plan once and mails a signing link to every company that has not signed. */
export const SIGN_LINK_JOB = 'pdp.send_sign_links';
/** How long a mailed link stays usable. */
export const SIGN_LINK_TTL_DAYS = 14;
/** Sends of the links of one batch tried before giving up on a company (mail transport down). */
const MAX_MAIL_ATTEMPTS = 5;

/** Where the plans' PDF shown to signers live. */
export const signLinkStorage = createStorage(loadConfig());

/** Payload of {@link SIGN_LINK_JOB}. */
export interface SignLinkJob {
  planId: number;
  tenantId: number;
  /** The plan's amendment number when queued: a job of an older round does nothing. */
  round: number;
  /** Who asked (relaunch), null for the workflow or an automatic amendment. */
  userId?: number | null;
  /** Only these companies (a retry after a failed mail). */
  companyIds?: number[];
  attempt?: number;
}

/** SHA-256 (hex) of a token or a file. */
export function sha256Hex(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

/** A fresh random token (256 bits, URL-safe): only the mail carries it. */
export function newSignToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * Queues the sending of signing links for the plan's current round, in the caller's transaction
 * (the links leave only if the change commits). Called by the workflow (`send_tiers`,
 * `send_tiers_amend`), by the relaunch and by the automatic amendment.
 */
export async function queueSignLinks(manager: EntityManager, tenantId: number, planId: number, opts: { userId?: number | null } = {}): Promise<void> {
  const [plan] = rowsOf<{ round: number }>(await manager.query(
    'SELECT amendment_number AS round FROM prevention_plan WHERE id = $1 AND tenant_id = $2', [planId, tenantId]));
  if (!plan) return;
  const payload: SignLinkJob = { planId, tenantId, round: Number(plan.round), userId: opts.userId ?? null };
  await enqueue(manager, SIGN_LINK_JOB, payload as unknown as Record<string, unknown>, { tenantId });
}

/** Revokes every unused link of the plan (it went back to draft: links of that send are void). */
export async function revokePlanLinks(manager: EntityManager, tenantId: number, planId: number): Promise<number> {
  return rowsOf(await manager.query(
    `UPDATE plan_sign_link SET revoked_at = $3 WHERE tenant_id = $1 AND plan_id = $2 AND used_at IS NULL AND revoked_at IS NULL RETURNING id`,
    [tenantId, planId, clock.now()])).length;
}

/** A link just made, with the token to mail. */
export interface MadeLink {
  linkId: number;
  token: string;
  company: RequiredCompany;
  expiresAt: Date;
}

/** The plan facts a mail and the signing page show. */
export interface LinkPlan {
  id: number;
  tenantId: number;
  pdpNumber: string;
  subject: string | null;
  status: string;
  round: number;
  tenantName: string;
}

async function loadLinkPlan(db: Db, tenantId: number, planId: number): Promise<LinkPlan | null> {
  const [row] = rowsOf<LinkPlan>(await db.query(
    `SELECT p.id, p.tenant_id AS "tenantId", p.pdp_number AS "pdpNumber", p.subject, p.status, p.amendment_number AS round, te.name AS "tenantName"
       FROM prevention_plan p JOIN tenant te ON te.id = p.tenant_id
      WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL`, [planId, tenantId]));
  return row ? { ...row, round: Number(row.round) } : null;
}

/** The companies a send would reach now: required, not signed this round, with an e-mail. */
export async function pendingCompanies(db: Db, tenantId: number, planId: number): Promise<{ withEmail: RequiredCompany[]; withoutEmail: RequiredCompany[] }> {
  const status = await signatureStatus(db, tenantId, planId);
  const pending = status.companies.filter((c) => !c.signature).map(({ signature: _s, ...c }) => c);
  return { withEmail: pending.filter((c) => !!c.email?.trim()), withoutEmail: pending.filter((c) => !c.email?.trim()) };
}

/**
 * Makes the links of one send: renders the plan's PDF once, stores it with its SHA-256, and in one
 * transaction revokes the earlier unused links of each company and creates its new link. The
 * file is written to a temporary key and promoted once the rows committed (DESIGN §11): a
 * rollback leaves an orphan the purge job removes. Nothing is made when the plan no longer waits
 * for the companies in `round`.
 */
export async function makeSignLinks(ds: DataSource, job: SignLinkJob): Promise<{ plan: LinkPlan; links: MadeLink[] } | null> {
  const plan = await loadLinkPlan(ds, job.tenantId, job.planId);
  if (!plan || plan.status !== 'waiting_tiers' || plan.round !== job.round) return null;
  let targets = (await pendingCompanies(ds, job.tenantId, job.planId)).withEmail;
  if (job.companyIds) targets = targets.filter((c) => job.companyIds!.includes(c.id));
  if (!targets.length) return { plan, links: [] };

  const pdf = await renderPlanPdf(ds, job.tenantId, job.planId);
  const pdfSha256 = sha256Hex(pdf);
  const name = `${plan.pdpNumber}${plan.round > 0 ? `-avenant-${plan.round}` : ''}.pdf`;
  const key = tenantKey(job.tenantId, name);
  const staged = tmpKey();
  await signLinkStorage.put(staged, pdf, { contentType: 'application/pdf' });

  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SIGN_LINK_TTL_DAYS * 86_400_000);
  const links = await ds.transaction(async (m) => {
    const [file] = rowsOf<{ id: number }>(await m.query(
      `INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes, created_by) VALUES ($1, $2, $3, 'application/pdf', $4, $5) RETURNING id`,
      [job.tenantId, key, name, pdf.length, job.userId ?? null]));
    const out: MadeLink[] = [];
    for (const company of targets) {
      await m.query(
        `UPDATE plan_sign_link SET revoked_at = $4 WHERE tenant_id = $1 AND plan_id = $2 AND plan_company_id = $3 AND used_at IS NULL AND revoked_at IS NULL`,
        [job.tenantId, job.planId, company.id, now]);
      const token = newSignToken();
      const [link] = rowsOf<{ id: number }>(await m.query(
        `INSERT INTO plan_sign_link (tenant_id, plan_id, plan_company_id, round, email, token_hash, expires_at, pdf_file_id, pdf_sha256, created_by_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [job.tenantId, job.planId, company.id, plan.round, company.email!.trim().slice(0, 180), sha256Hex(token), expiresAt, file.id, pdfSha256, job.userId ?? null, now]));
      out.push({ linkId: Number(link.id), token, company, expiresAt });
    }
    return out;
  });
  await promoteUpload(signLinkStorage, staged, key);
  return { plan, links };
}

/**
 * The job: makes the links, then mails them one by one (after the commit, so a mailed link always
 * exists). A company whose mail failed gets a new link later from a follow-up job, up to
 * {@link MAX_MAIL_ATTEMPTS} times; the others are not sent again.
 */
export async function runSignLinkJob(ds: DataSource, job: SignLinkJob, mail: (plan: LinkPlan, link: MadeLink) => Promise<void>): Promise<number> {
  const made = await makeSignLinks(ds, job);
  if (!made) return 0;
  const failed: number[] = [];
  let lastError: unknown;
  for (const link of made.links) {
    try {
      await mail(made.plan, link);
    } catch (err) {
      failed.push(link.company.id);
      lastError = err;
    }
  }
  if (failed.length) {
    const attempt = (job.attempt ?? 1) + 1;
    if (attempt > MAX_MAIL_ATTEMPTS) throw lastError instanceof Error ? lastError : new Error(String(lastError));
    const runAt = new Date(clock.now().getTime() + 60_000 * 2 ** (attempt - 2));
    await ds.transaction((m) => enqueue(m, SIGN_LINK_JOB, { ...job, companyIds: failed, attempt } as unknown as Record<string, unknown>, { tenantId: job.tenantId, runAt, maxAttempts: 1 }));
  }
  return made.links.length - failed.length;
}

/** A link found by its token, with what its page shows. */
export interface FoundLink {
  id: number;
  tenantId: number;
  planId: number;
  planCompanyId: number;
  round: number;
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  pdfFileId: number;
  pdfSha256: string;
  pdpNumber: string;
  subject: string | null;
  planStatus: string;
  planRound: number;
  companyName: string;
  tenantName: string;
}

/** Why a link cannot be used (each has its French page), or `valid`. */
export type LinkState = 'valid' | 'unknown' | 'used' | 'revoked' | 'expired' | 'stale' | 'signed';

const LINK_COLUMNS = `l.id, l.tenant_id AS "tenantId", l.plan_id AS "planId", l.plan_company_id AS "planCompanyId", l.round, l.email,
  l.expires_at AS "expiresAt", l.used_at AS "usedAt", l.revoked_at AS "revokedAt", l.pdf_file_id AS "pdfFileId", l.pdf_sha256 AS "pdfSha256",
  p.pdp_number AS "pdpNumber", p.subject, p.status AS "planStatus", p.amendment_number AS "planRound", pc.name AS "companyName", te.name AS "tenantName"`;
const LINK_FROM = `FROM plan_sign_link l
  JOIN prevention_plan p ON p.id = l.plan_id AND p.tenant_id = l.tenant_id AND p.deleted_at IS NULL
  JOIN plan_company pc ON pc.id = l.plan_company_id AND pc.tenant_id = l.tenant_id
  JOIN tenant te ON te.id = l.tenant_id`;

/** Tokens are base64url; anything longer than this is not one of ours (and is not hashed). */
const MAX_TOKEN_LENGTH = 200;

/** The link of `token` (whatever its state), or null for a token that was never made. */
export async function findLink(db: Db, token: string): Promise<FoundLink | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const [row] = rowsOf<FoundLink>(await db.query(`SELECT ${LINK_COLUMNS} ${LINK_FROM} WHERE l.token_hash = $1`, [sha256Hex(token)]));
  return row ? { ...row, round: Number(row.round), planRound: Number(row.planRound) } : null;
}

/**
 * The state of a link now: used, revoked (a newer link was sent, or the plan went back to draft),
 * expired, stale (the plan changed round or no longer waits for the companies), signed (the
 * company signed another way, e.g. in the application), or valid. The module toggle off makes
 * every link unknown.
 */
export async function linkState(db: Db, link: FoundLink | null): Promise<LinkState> {
  if (!link) return 'unknown';
  if ((await loadToggles(db, link.tenantId)).module_prevention_plan === false) return 'unknown';
  if (link.usedAt) return 'used';
  if (link.revokedAt) return 'revoked';
  if (new Date(link.expiresAt).getTime() <= clock.now().getTime()) return 'expired';
  if (link.planStatus !== 'waiting_tiers' || link.planRound !== link.round) return 'stale';
  const required = await requiredCompanies(db, link.tenantId, link.planId);
  if (!required.some((c) => c.id === link.planCompanyId)) return 'stale';
  const [signed] = await db.query(
    `SELECT 1 FROM plan_signature WHERE plan_id = $1 AND tenant_id = $2 AND signer_key = $3 AND round = $4 AND superseded_at IS NULL`,
    [link.planId, link.tenantId, `company:${link.planCompanyId}`, link.planRound]);
  return signed ? 'signed' : 'valid';
}

/** The contact name the signature form offers (the company's manager on the plan). */
export async function linkContactName(db: Db, link: FoundLink): Promise<string> {
  const company = (await requiredCompanies(db, link.tenantId, link.planId)).find((c) => c.id === link.planCompanyId);
  return company?.contactName ?? '';
}

/** A signature drawn on a link's page. */
export interface LinkSignature {
  name: string;
  image: string;
}

/**
 * Signs with a link, in ONE transaction: the link row is locked (`FOR UPDATE`, so a double submit
 * waits and then finds it used), then the plan row; the link's state is checked again; the history
 * row, the signature (channel `link`, watermarked, with the SHA-256 of the PDF shown) and the use
 * of the link are written; when every required company has signed, the plan moves on to internal
 * validation. Answers the state that refused it otherwise.
 */
export async function signWithLink(ds: DataSource, token: string, signature: LinkSignature): Promise<{ ok: true; signatureId: number; link: FoundLink } | { ok: false; state: LinkState }> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return { ok: false, state: 'unknown' };
  const refused = new Error('refused');
  let state: LinkState = 'unknown';
  try {
    return await ds.transaction(async (m) => {
      const [locked] = rowsOf<{ id: number }>(await m.query('SELECT id FROM plan_sign_link WHERE token_hash = $1 FOR UPDATE', [sha256Hex(token)]));
      if (!locked) { state = 'unknown'; throw refused; }
      const [head] = rowsOf<{ tenantId: number; planId: number }>(await m.query('SELECT tenant_id AS "tenantId", plan_id AS "planId" FROM plan_sign_link WHERE id = $1', [locked.id]));
      await m.query('SELECT id FROM prevention_plan WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [head.planId, head.tenantId]);
      const link = await findLink(m, token);
      state = await linkState(m, link);
      if (state !== 'valid' || !link) throw refused;

      const now = clock.now();
      const history = await recordHistory(m, {
        tenantId: link.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: link.planId, workflow: 'prevention_plan', transition: 'sign',
        from: link.planStatus, to: link.planStatus, comment: link.companyName, userId: null, createdAt: now,
        signature: {
          name: signature.name, image: signature.image, signedAt: now.toISOString(), channel: 'link', hasWatermark: true,
          company: link.companyName, planCompanyId: link.planCompanyId, email: link.email, round: link.round, sha256: link.pdfSha256,
        },
      });
      const saved = await recordSignature(m, {
        tenantId: link.tenantId, planId: link.planId, kind: 'company', signerKey: `company:${link.planCompanyId}`, planCompanyId: link.planCompanyId,
        userId: null, signerName: signature.name, image: signature.image, hasWatermark: true, channel: 'link', pdfSha256: link.pdfSha256, historyId: history.id,
      });
      if (!saved.created) { state = 'signed'; throw refused; }
      await m.query('UPDATE plan_sign_link SET used_at = $2 WHERE id = $1', [link.id, now]);
      await afterCompanySignature(m, link.tenantId, link.planId);
      return { ok: true as const, signatureId: saved.id, link };
    });
  } catch (err) {
    if (err === refused) return { ok: false, state };
    throw err;
  }
}

/** The last link of a company in the plan's current round, for the signatures tab. */
export interface CompanyLinkStatus {
  email: string;
  sentAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  expired: boolean;
}

/** The last link mailed to each company of the plan in its current round, by plan_company id. */
export async function companyLinkStatuses(db: Db, tenantId: number, planId: number): Promise<Map<number, CompanyLinkStatus>> {
  const rows = rowsOf<{ companyId: number; email: string; sentAt: Date; expiresAt: Date; usedAt: Date | null }>(await db.query(
    `SELECT DISTINCT ON (l.plan_company_id) l.plan_company_id AS "companyId", l.email, l.created_at AS "sentAt", l.expires_at AS "expiresAt", l.used_at AS "usedAt"
       FROM plan_sign_link l JOIN prevention_plan p ON p.id = l.plan_id AND p.amendment_number = l.round
      WHERE l.tenant_id = $1 AND l.plan_id = $2
      ORDER BY l.plan_company_id, l.created_at DESC, l.id DESC`, [tenantId, planId]));
  const now = clock.now().getTime();
  return new Map(rows.map((r) => [Number(r.companyId), { ...r, expired: !r.usedAt && new Date(r.expiresAt).getTime() <= now }]));
}
