import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { loadConfig } from '../../kernel/config';
import { rowsOf, type Db } from '../../kernel/db/sql';
import { recordHistory } from '../../kernel/history/history.service';
import { formatDate } from '../../kernel/i18n/format';
import { enqueue } from '../../kernel/jobs';
import { escapeHtml, renderPdf } from '../../kernel/pdf';
import { createStorage, promoteUpload, tenantKey, tmpKey } from '../../kernel/storage';
import { loadToggles } from '../../kernel/toggles/toggles';
import { MAX_PUBLIC_TOKEN_LENGTH, newPublicToken, publicLinkState, sha256Hex } from '../../kernel/public-link';
import { recordSignature, requiredCompanies, signatureStatus, type RequiredCompany } from './signers.service';
import { afterCompanySignature } from './signing-steps';
import { signLinkSubject, type SignLinkSubject } from './sign-link-subjects';

/**
 * Signing by e-mailed link for every signed safety document (docs/plan-sign-link.md). One table,
 * `plan_sign_link`: `subject_type` says which document type (`prevention_plan`, `security_protocol`,
 * `ppsps`), `document_id` holds the document's id and `company_id` the id of its row in the type's
 * company table (no foreign key: three tables); a plan's link also fills `plan_id` /
 * `plan_company_id`, whose foreign keys remove it with the plan or the company.
 */

/** Job that renders the document once and mails a signing link to every company that has not signed. */
export const SIGN_LINK_JOB = 'pdp.send_sign_links';
/** How long a mailed link stays usable. */
export const SIGN_LINK_TTL_DAYS = 14;
/** Sends of the links of one batch tried before giving up on a company (mail transport down). */
const MAX_MAIL_ATTEMPTS = 5;
/** The type of links made before `subject_type` existed, and of jobs queued without it. */
export const DEFAULT_SIGN_LINK_TYPE = 'prevention_plan';

/** Where the PDFs shown to signers live. */
export const signLinkStorage = createStorage(loadConfig());

/** Payload of {@link SIGN_LINK_JOB}. */
export interface SignLinkJob {
  /** The document type (`prevention_plan` when absent: jobs queued before the generalisation). */
  subjectType?: string;
  /** The document's id (named after the first type, the plan). */
  planId: number;
  tenantId: number;
  /** The document's amendment number when queued: a job of an older round does nothing. */
  round: number;
  /** Who asked (relaunch), null for the workflow or an automatic amendment. */
  userId?: number | null;
  /** Only these companies (a retry after a failed mail). */
  companyIds?: number[];
  attempt?: number;
}

/** SHA-256 (hex) of a token or a file (the kernel's public-link helper). */
export { sha256Hex };

/** A fresh random token (256 bits, URL-safe): only the mail carries it. */
export const newSignToken = newPublicToken;

function subjectOf(type: string | undefined): SignLinkSubject {
  const s = signLinkSubject(type ?? DEFAULT_SIGN_LINK_TYPE);
  if (!s) throw new Error(`Lien de signature : type de document inconnu « ${type} »`);
  return s;
}

/**
 * Queues the sending of signing links for the document's current round, in the caller's
 * transaction (the links leave only if the change commits). Called by the workflow listeners
 * (`send_tiers`, `send_tiers_amend`), the relaunch and the automatic amendment.
 */
export async function queueDocumentSignLinks(manager: EntityManager, type: string, tenantId: number, id: number, opts: { userId?: number | null } = {}): Promise<void> {
  const { subject } = subjectOf(type);
  const [doc] = rowsOf<{ round: number }>(await manager.query(
    `SELECT amendment_number AS round FROM "${subject.table}" WHERE id = $1 AND tenant_id = $2`, [id, tenantId]));
  if (!doc) return;
  const payload: SignLinkJob = { subjectType: type, planId: id, tenantId, round: Number(doc.round), userId: opts.userId ?? null };
  await enqueue(manager, SIGN_LINK_JOB, payload as unknown as Record<string, unknown>, { tenantId });
}

/** Revokes every unused link of the document (it went back to draft: links of that send are void). */
export async function revokeDocumentLinks(manager: EntityManager, type: string, tenantId: number, id: number): Promise<number> {
  return rowsOf(await manager.query(
    `UPDATE plan_sign_link SET revoked_at = $4 WHERE tenant_id = $1 AND subject_type = $2 AND document_id = $3 AND used_at IS NULL AND revoked_at IS NULL RETURNING id`,
    [tenantId, type, id, clock.now()])).length;
}

/** A link just made, with the token to mail. */
export interface MadeLink {
  linkId: number;
  token: string;
  company: RequiredCompany;
  expiresAt: Date;
}

/** The document facts a mail and the signing page show. */
export interface LinkDocument {
  subjectType: string;
  id: number;
  tenantId: number;
  number: string;
  title: string | null;
  status: string;
  round: number;
  tenantName: string;
}

async function loadLinkDocument(db: Db, s: SignLinkSubject, tenantId: number, id: number): Promise<LinkDocument | null> {
  const { subject } = s;
  const [row] = rowsOf<LinkDocument>(await db.query(
    `SELECT d.id, d.tenant_id AS "tenantId", d."${s.numberColumn}" AS number, d."${s.titleColumn}" AS title, d.status, d.amendment_number AS round, te.name AS "tenantName"
       FROM "${subject.table}" d JOIN tenant te ON te.id = d.tenant_id
      WHERE d.id = $1 AND d.tenant_id = $2 AND d.deleted_at IS NULL`, [id, tenantId]));
  return row ? { ...row, subjectType: subject.type, round: Number(row.round), title: row.title || null } : null;
}

/** The companies a send would reach now: required, not signed this round, with an e-mail. */
export async function pendingDocumentCompanies(db: Db, type: string, tenantId: number, id: number): Promise<{ withEmail: RequiredCompany[]; withoutEmail: RequiredCompany[] }> {
  const status = await signatureStatus(db, subjectOf(type).subject, tenantId, id);
  const pending = status.companies.filter((c) => !c.signature).map(({ signature: _s, ...c }) => c);
  return { withEmail: pending.filter((c) => !!c.email?.trim()), withoutEmail: pending.filter((c) => !c.email?.trim()) };
}

/**
 * A type without its own PDF yet: one printed sheet with the number, the title, the companies
 * asked to sign and the round, so the signer reads what he signs and the hash proves it.
 */
async function summaryPdf(db: Db, s: SignLinkSubject, doc: LinkDocument): Promise<Buffer> {
  const companies = await requiredCompanies(db, s.subject, doc.tenantId, doc.id);
  const rows = companies.map((c) => `<tr><td>${escapeHtml(c.name)}</td><td>${escapeHtml(c.kind)}</td><td>${escapeHtml(c.contactName)}</td></tr>`).join('');
  const html = `<h1>${escapeHtml(doc.number)}</h1>${doc.title ? `<p><strong>${escapeHtml(doc.title)}</strong></p>` : ''}`
    + (doc.round > 0 ? `<p>Avenant n° ${doc.round}</p>` : '')
    + `<p>${escapeHtml(doc.tenantName)} – ${escapeHtml(formatDate(clock.now()))}</p>`
    + `<table class="table"><thead><tr><th>Entreprise</th><th>Type</th><th>Contact</th></tr></thead><tbody>${rows}</tbody></table>`;
  return renderPdf({ title: doc.number, companyName: doc.tenantName, html });
}

/** The file name of a document's PDF: `PDS-2026-0001-avenant-1.pdf`. */
export const linkPdfName = (number: string, round: number): string => `${number}${round > 0 ? `-avenant-${round}` : ''}.pdf`;

/**
 * Makes the links of one send: renders the document's PDF once, stores it with its SHA-256, and
 * in one transaction revokes the earlier unused links of each company and creates its new link.
 * The file is written to a temporary key and promoted once the rows committed (docs/architecture.md « Fiabilité »): a
 * rollback leaves an orphan the purge job removes. Nothing is made when the document no longer
 * waits for the companies in `round`.
 */
export async function makeSignLinks(ds: DataSource, job: SignLinkJob): Promise<{ doc: LinkDocument; links: MadeLink[] } | null> {
  const s = subjectOf(job.subjectType);
  const type = s.subject.type;
  // Only a plan's link points at its plan and company with foreign keys.
  const isPlan = s.subject.table === 'prevention_plan';
  const doc = await loadLinkDocument(ds, s, job.tenantId, job.planId);
  if (!doc || doc.status !== 'waiting_tiers' || doc.round !== job.round) return null;
  let targets = (await pendingDocumentCompanies(ds, type, job.tenantId, job.planId)).withEmail;
  if (job.companyIds) targets = targets.filter((c) => job.companyIds!.includes(c.id));
  if (!targets.length) return { doc, links: [] };

  const pdf = s.renderPdf ? await s.renderPdf(ds, job.tenantId, job.planId) : await summaryPdf(ds, s, doc);
  const pdfSha256 = sha256Hex(pdf);
  const name = linkPdfName(doc.number, doc.round);
  const key = tenantKey(job.tenantId, name);
  const staged = tmpKey();
  await signLinkStorage.put(staged, pdf, { contentType: 'application/pdf' });

  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SIGN_LINK_TTL_DAYS * 86_400_000);
  const links = await ds.transaction(async (m) => {
    const [file] = rowsOf<{ id: number }>(await m.query(
      `INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes, created_by, state, tmp_key) VALUES ($1, $2, $3, 'application/pdf', $4, $5, 'pending', $6) RETURNING id`,
      [job.tenantId, key, name, pdf.length, job.userId ?? null, staged]));
    const out: MadeLink[] = [];
    for (const company of targets) {
      await m.query(
        `UPDATE plan_sign_link SET revoked_at = $5 WHERE tenant_id = $1 AND subject_type = $2 AND document_id = $3 AND company_id = $4 AND used_at IS NULL AND revoked_at IS NULL`,
        [job.tenantId, type, job.planId, company.id, now]);
      const token = newSignToken();
      const [link] = rowsOf<{ id: number }>(await m.query(
        `INSERT INTO plan_sign_link (tenant_id, subject_type, document_id, company_id, plan_id, plan_company_id, round, email, token_hash, expires_at, pdf_file_id, pdf_sha256, created_by_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
        [job.tenantId, type, job.planId, company.id, isPlan ? job.planId : null, isPlan ? company.id : null, doc.round, company.email!.trim().slice(0, 180), sha256Hex(token), expiresAt, file.id, pdfSha256, job.userId ?? null, now]));
      out.push({ linkId: Number(link.id), token, company, expiresAt });
    }
    return out;
  });
  await promoteUpload(signLinkStorage, staged, key);
  return { doc, links };
}

/**
 * The job: makes the links, then mails them one by one (after the commit, so a mailed link always
 * exists). A company whose mail failed gets a new link later from a follow-up job, up to
 * {@link MAX_MAIL_ATTEMPTS} times; the others are not sent again.
 */
export async function runSignLinkJob(ds: DataSource, job: SignLinkJob, mail: (doc: LinkDocument, link: MadeLink) => Promise<void>): Promise<number> {
  const made = await makeSignLinks(ds, job);
  if (!made) return 0;
  const failed: number[] = [];
  let lastError: unknown;
  for (const link of made.links) {
    try {
      await mail(made.doc, link);
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
  subjectType: string;
  tenantId: number;
  /** The document's id. */
  documentId: number;
  /** The company's id in the type's company table. */
  companyId: number;
  round: number;
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  pdfFileId: number;
  pdfSha256: string;
  number: string;
  title: string | null;
  documentStatus: string;
  documentRound: number;
  companyName: string;
  tenantName: string;
}

/** Why a link cannot be used (each has its French page), or `valid`. */
export type LinkState = 'valid' | 'unknown' | 'used' | 'revoked' | 'expired' | 'stale' | 'signed';

/** Tokens are base64url; anything longer than this is not one of ours (and is not hashed). */
const MAX_TOKEN_LENGTH = MAX_PUBLIC_TOKEN_LENGTH;

/** The link of `token` (whatever its state), or null for a token that was never made or whose document is gone. */
export async function findLink(db: Db, token: string): Promise<FoundLink | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const [head] = rowsOf<{ id: number; subjectType: string }>(await db.query(
    'SELECT id, subject_type AS "subjectType" FROM plan_sign_link WHERE token_hash = $1', [sha256Hex(token)]));
  const s = head ? signLinkSubject(head.subjectType) : null;
  if (!head || !s) return null;
  const { subject } = s;
  const [row] = rowsOf<FoundLink>(await db.query(
    `SELECT l.id, l.subject_type AS "subjectType", l.tenant_id AS "tenantId", l.document_id AS "documentId", l.company_id AS "companyId", l.round, l.email,
            l.expires_at AS "expiresAt", l.used_at AS "usedAt", l.revoked_at AS "revokedAt", l.pdf_file_id AS "pdfFileId", l.pdf_sha256 AS "pdfSha256",
            d."${s.numberColumn}" AS number, d."${s.titleColumn}" AS title, d.status AS "documentStatus", d.amendment_number AS "documentRound",
            c.name AS "companyName", te.name AS "tenantName"
       FROM plan_sign_link l
       JOIN "${subject.table}" d ON d.id = l.document_id AND d.tenant_id = l.tenant_id AND d.deleted_at IS NULL
       JOIN "${subject.companyTable}" c ON c.id = l.company_id AND c.tenant_id = l.tenant_id AND c."${subject.fk}" = l.document_id
       JOIN tenant te ON te.id = l.tenant_id
      WHERE l.id = $1`, [head.id]));
  return row ? { ...row, round: Number(row.round), documentRound: Number(row.documentRound), title: row.title || null } : null;
}

/**
 * The state of a link now: used, revoked (a newer link was sent, or the document went back to
 * draft), expired, stale (the document changed round or no longer waits for the companies),
 * signed (the company signed another way, e.g. in the application), or valid. The type's module
 * toggle off makes every link unknown.
 */
export async function linkState(db: Db, link: FoundLink | null): Promise<LinkState> {
  const s = link ? signLinkSubject(link.subjectType) : null;
  if (!link || !s) return 'unknown';
  if (s.toggle && (await loadToggles(db, link.tenantId))[s.toggle] === false) return 'unknown';
  if (link.usedAt) return 'used';
  const time = publicLinkState(link);
  if (time !== 'valid') return time;
  if (link.documentStatus !== 'waiting_tiers' || link.documentRound !== link.round) return 'stale';
  const required = await requiredCompanies(db, s.subject, link.tenantId, link.documentId);
  if (!required.some((c) => c.id === link.companyId)) return 'stale';
  const [signed] = await db.query(
    `SELECT 1 FROM "${s.subject.signatureTable}" WHERE "${s.subject.fk}" = $1 AND tenant_id = $2 AND signer_key = $3 AND round = $4 AND superseded_at IS NULL`,
    [link.documentId, link.tenantId, `company:${link.companyId}`, link.documentRound]);
  if (!signed) return 'valid';
  // The link row was read before the signature: if this very link signed in between (a double
  // submit), its use committed with the signature, and the visitor must read "already used".
  const [again] = await db.query('SELECT used_at FROM plan_sign_link WHERE id = $1', [link.id]);
  return again?.used_at ? 'used' : 'signed';
}

/** The contact name the signature form offers (the company's contact on the document). */
export async function linkContactName(db: Db, link: FoundLink): Promise<string> {
  const company = (await requiredCompanies(db, subjectOf(link.subjectType).subject, link.tenantId, link.documentId)).find((c) => c.id === link.companyId);
  return company?.contactName ?? '';
}

/** A signature drawn on a link's page. */
export interface LinkSignature {
  name: string;
  image: string;
}

/**
 * Signs with a link, in ONE transaction: the link row is locked (`FOR UPDATE`, so a double submit
 * waits and then finds it used), then the document row; the link's state is checked again; the
 * history row, the signature (channel `link`, watermarked, with the SHA-256 of the PDF shown) and
 * the use of the link are written; when every required company has signed, the document moves on
 * to internal validation. Answers the state that refused it otherwise.
 */
export async function signWithLink(ds: DataSource, token: string, signature: LinkSignature): Promise<{ ok: true; signatureId: number; link: FoundLink } | { ok: false; state: LinkState }> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return { ok: false, state: 'unknown' };
  const refused = new Error('refused');
  let state: LinkState = 'unknown';
  try {
    return await ds.transaction(async (m) => {
      const [head] = rowsOf<{ id: number; tenantId: number; documentId: number; subjectType: string }>(await m.query(
        'SELECT id, tenant_id AS "tenantId", document_id AS "documentId", subject_type AS "subjectType" FROM plan_sign_link WHERE token_hash = $1 FOR UPDATE', [sha256Hex(token)]));
      const s = head ? signLinkSubject(head.subjectType) : null;
      if (!head || !s) { state = 'unknown'; throw refused; }
      await m.query(`SELECT id FROM "${s.subject.table}" WHERE id = $1 AND tenant_id = $2 FOR UPDATE`, [head.documentId, head.tenantId]);
      const link = await findLink(m, token);
      state = await linkState(m, link);
      if (state !== 'valid' || !link) throw refused;

      const now = clock.now();
      const history = await recordHistory(m, {
        tenantId: link.tenantId, subjectType: s.subject.type, subjectId: link.documentId, workflow: s.subject.type, transition: 'sign',
        from: link.documentStatus, to: link.documentStatus, comment: link.companyName, userId: null, createdAt: now,
        signature: {
          name: signature.name, image: signature.image, signedAt: now.toISOString(), channel: 'link', hasWatermark: true,
          company: link.companyName, planCompanyId: link.companyId, email: link.email, round: link.round, sha256: link.pdfSha256,
        },
      });
      const saved = await recordSignature(m, s.subject, {
        tenantId: link.tenantId, planId: link.documentId, kind: 'company', signerKey: `company:${link.companyId}`, planCompanyId: link.companyId,
        userId: null, signerName: signature.name, image: signature.image, hasWatermark: true, channel: 'link', pdfSha256: link.pdfSha256, historyId: history.id,
      });
      if (!saved.created) { state = 'signed'; throw refused; }
      await m.query('UPDATE plan_sign_link SET used_at = $2 WHERE id = $1', [link.id, now]);
      await afterCompanySignature(m, s.workflow, s.subject, link.tenantId, link.documentId, link.companyId);
      return { ok: true as const, signatureId: saved.id, link };
    });
  } catch (err) {
    if (err === refused) return { ok: false, state };
    throw err;
  }
}

/** The last link of a company in the document's current round, for the signatures tab. */
export interface CompanyLinkStatus {
  email: string;
  sentAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  expired: boolean;
}

/** The last link mailed to each company of the document in its current round, by company id. */
export async function documentLinkStatuses(db: Db, type: string, tenantId: number, id: number): Promise<Map<number, CompanyLinkStatus>> {
  const { subject } = subjectOf(type);
  const rows = rowsOf<{ companyId: number; email: string; sentAt: Date; expiresAt: Date; usedAt: Date | null }>(await db.query(
    `SELECT DISTINCT ON (l.company_id) l.company_id AS "companyId", l.email, l.created_at AS "sentAt", l.expires_at AS "expiresAt", l.used_at AS "usedAt"
       FROM plan_sign_link l JOIN "${subject.table}" d ON d.id = l.document_id AND d.tenant_id = l.tenant_id AND d.amendment_number = l.round
      WHERE l.tenant_id = $1 AND l.subject_type = $2 AND l.document_id = $3
      ORDER BY l.company_id, l.created_at DESC, l.id DESC`, [tenantId, type, id]));
  const now = clock.now().getTime();
  return new Map(rows.map((r) => [Number(r.companyId), { ...r, expired: !r.usedAt && new Date(r.expiresAt).getTime() <= now }]));
}
