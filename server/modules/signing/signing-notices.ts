import path from 'node:path';
import ejs from 'ejs';
import type { DataSource, EntityManager } from 'typeorm';
import { rowsOf } from '../../kernel/db/sql';
import { formatDate } from '../../kernel/i18n/format';
import { translator } from '../../kernel/i18n/i18n';
import { VIEWS_DIR } from '../../kernel/http/render';
import { absoluteUrl } from '../../kernel/http/urls';
import { defineJobHandler, enqueue } from '../../kernel/jobs';
import { clock } from '../../kernel/clock';
import { signLinkSubject, type SignLinkSubject } from './sign-link-subjects';
import { linkTexts } from './sign-link.texts';
import { requiredCompanies, signatureStatus } from './signers.service';

/** The job that mails the signing notices, after the transaction that caused them commits. */
export const SIGNING_NOTICE_JOB = 'signing-notice';

/**
 * The moments people are told about (issue 25 item 4): a company signed, the last company
 * signed (the document now waits for the internal signer), the document went into operation
 * (each company receives the signed PDF).
 */
export type SigningNoticeKind = 'company_signed' | 'all_signed' | 'in_operation';

/** A notice to mail: which document, what happened, and the company that signed, if any. */
export interface SigningNotice {
  type: string;
  tenantId: number;
  documentId: number;
  kind: SigningNoticeKind;
  companyId?: number | null;
}

/** Queues a notice in the caller's transaction: nothing leaves when it rolls back. Types without links have none. */
export async function queueSigningNotice(manager: EntityManager, notice: SigningNotice): Promise<void> {
  if (!signLinkSubject(notice.type)) return;
  await enqueue(manager, SIGNING_NOTICE_JOB, { ...notice }, { tenantId: notice.tenantId });
}

interface NoticeDocument {
  number: string; title: string | null; status: string; tenantName: string;
  signerEmail: string | null; signerName: string; signerLocale: string | null;
}

async function loadDocument(ds: DataSource, s: SignLinkSubject, n: SigningNotice): Promise<NoticeDocument | null> {
  const sub = s.subject;
  return rowsOf<NoticeDocument>(await ds.query(
    `SELECT d."${s.numberColumn}" AS number, d."${s.titleColumn}" AS title, d.status, te.name AS "tenantName",
            u.email AS "signerEmail", TRIM(CONCAT_WS(' ', u.first_name, u.last_name)) AS "signerName", u.locale AS "signerLocale"
       FROM "${sub.table}" d JOIN tenant te ON te.id = d.tenant_id
       LEFT JOIN app_user u ON u.id = d."${sub.internalSignerColumn}" AND u.enabled
      WHERE d.id = $1 AND d.tenant_id = $2 AND d.deleted_at IS NULL`, [n.documentId, n.tenantId]))[0] ?? null;
}

type Texts = (key: string, vars?: Record<string, unknown>) => string;

/** The notice's variables: the document named in its own words (« le plan de prévention … », « le PPSPS … »). */
const named = (lt: Texts, vars: Record<string, unknown>) => ({ ...vars, document: lt('document', vars), short: lt('short', vars) });

async function render(lt: Texts, locals: { kind: SigningNoticeKind; vars: Record<string, unknown>; name: string; url: string | null }): Promise<string> {
  return ejs.renderFile(path.join(VIEWS_DIR, 'plan-sign-link', 'notice.ejs'), { lt, ...locals }, { async: false });
}

/** Mails one notice: to the internal signer when a company signs, to every company at operation. */
export async function sendSigningNotice(ds: DataSource, n: SigningNotice): Promise<void> {
  const s = signLinkSubject(n.type);
  if (!s) return;
  const doc = await loadDocument(ds, s, n);
  if (!doc) return;
  const companies = await requiredCompanies(ds, s.subject, n.tenantId, n.documentId);
  const base: Record<string, unknown> = { number: doc.number, subject: doc.title ?? '', sender: doc.tenantName };
  if (n.kind === 'in_operation') {
    // The final document travels with the notice; a company without an e-mail is told by other means.
    const pdf = s.renderPdf ? await s.renderPdf(ds, n.tenantId, n.documentId) : null;
    for (const company of companies) {
      const to = company.email?.trim();
      if (!to) continue;
      const lt = linkTexts(translator(await contactLocale(ds, company.contactUserId)), s);
      const vars = named(lt, { ...base, company: company.name, date: formatDate(clock.now()) });
      const html = await render(lt, { kind: n.kind, vars, name: company.contactName, url: null });
      await s.mailer().send({
        to, subject: lt('notice.in_operation.subject', vars), html,
        attachments: pdf ? [{ filename: `${doc.number}.pdf`, content: pdf, contentType: 'application/pdf' }] : [],
      });
    }
    return;
  }
  if (!doc.signerEmail) return;
  const lt = linkTexts(translator(doc.signerLocale || 'fr'), s);
  const status = await signatureStatus(ds, s.subject, n.tenantId, n.documentId);
  const vars = named(lt, {
    ...base, company: companies.find((c) => c.id === n.companyId)?.name ?? '',
    signed: status.companies.filter((c) => c.signature).length, total: status.companies.length,
  });
  const url = s.pageRoute ? absoluteUrl(s.pageRoute, { id: n.documentId }) : null;
  const html = await render(lt, { kind: n.kind, vars, name: doc.signerName, url });
  await s.mailer().send({ to: doc.signerEmail, subject: lt(`notice.${n.kind}.subject`, vars), html });
}

/** The language of a company contact's account, French without one (the document's language). */
async function contactLocale(ds: DataSource, userId: number | null): Promise<string> {
  if (!userId) return 'fr';
  const [u] = await ds.query('SELECT locale FROM app_user WHERE id = $1', [userId]);
  return u?.locale || 'fr';
}

/** The job's handler, shared by every type signable by link. */
export const signingNoticeHandler = defineJobHandler<SigningNotice>(SIGNING_NOTICE_JOB, (payload, ctx) => sendSigningNotice(ctx.dataSource, payload));
