import type { Request } from 'express';
import { renderView } from '../../kernel/http/render';
import { rowsOf } from '../../kernel/db/sql';
import type { Workflow } from '../../kernel/workflow';
import { can } from '../../kernel/rights/registry';
import { listSignatures, signatureStatus, type SignatureView } from './signers.service';
import { signLinkSubject } from './sign-link-subjects';
import { documentLinkStatuses, type CompanyLinkStatus } from './sign-link.service';
import type { SigningSubject } from './signing-subject';
import { isEditor, isInternalSigner, type SigningWorkflowSubject } from './signing-workflow';

/** The partial of the panel. */
export const SIGNATURES_PANEL_VIEW = 'signing/_signatures';

/**
 * May the request's user have the document signed (spec: "A granted flag is passed to the
 * operation and PPSPS signature widgets")? `granted` = editor or internal signer of a document
 * not archived; `addGranted` = granted and the document waits for signatures.
 */
export interface SigningGrants {
  granted: boolean;
  addGranted: boolean;
}

/** {@link SigningGrants} of `user` on a loaded workflow subject. */
export function grantsOf(req: Request, signing: SigningSubject, subject: SigningWorkflowSubject | null): SigningGrants {
  const user = req.authUser;
  if (!subject || !user || subject.archived === true) return { granted: false, addGranted: false };
  const granted = isEditor(signing, user, subject) || isInternalSigner(signing.rightPrefix, user, subject);
  return { granted, addGranted: granted && String(subject.status).startsWith('waiting_') };
}

/** The grants of the request's user on the document `doc` (read as the workflow's guards read it). */
export async function signingGrants(req: Request, workflow: Workflow<SigningWorkflowSubject>, subject: SigningSubject, doc: { id: number; tenantId: number }): Promise<SigningGrants> {
  return grantsOf(req, subject, await workflow.load(req.ctx.db, doc));
}

/** Route names of the paper (signed) and external files of a document (signed-file.handlers.ts). */
export interface SigningFileRoutes {
  signed: string;
  signedDownload: string;
  external: string;
  externalDownload: string;
}

/** What a page gives to draw the signatures of one of its documents. */
export interface SignaturesPanelOptions {
  workflow: Workflow<SigningWorkflowSubject>;
  subject: SigningSubject;
  doc: { id: number; tenantId: number; number: string };
  /** Translation key prefix of the company kinds (`security-protocol.kinds`), or none to show the kind as is. */
  kindLabels?: string;
  files?: SigningFileRoutes;
  /** Route name of the relaunch of the companies' signing links (`pds_relaunch_companies`), for a document signed by link. */
  relaunchRoute?: string;
  /** `data-testid` of the panel. */
  testId?: string;
}

/** A paper or external file of the document, as the panel shows it. */
export interface PanelFile {
  name: string | null;
  uploadUrl: string | null;
  downloadUrl: string;
  show: boolean;
}

/** Everything the panel partial reads. */
export interface SignaturesPanelData extends SigningGrants {
  status: string;
  round: number;
  companies: Array<{ id: number; kind: string; kindLabel: string; name: string; contactName: string; signature: SignatureView | null; linkStatus: CompanyLinkStatus | null }>;
  /** URL of the relaunch (new signing links to the unsigned companies), when the user may press it now. */
  relaunchUrl: string | null;
  internal: { name: string | null; signature: SignatureView | null };
  previous: SignatureView[];
  signedFile: PanelFile | null;
  externalFile: PanelFile | null;
  watermark: string;
  testId: string;
}

async function fileName(req: Request, tenantId: number, id: unknown): Promise<string | null> {
  if (id == null) return null;
  const [row] = rowsOf<{ name: string }>(await req.ctx.db.query('SELECT original_name AS name FROM stored_file WHERE id = $1 AND tenant_id = $2', [Number(id), tenantId]));
  return row?.name ?? null;
}

/** The data of the signatures panel of a document for the request's user. */
export async function signaturesPanelData(req: Request, o: SignaturesPanelOptions): Promise<SignaturesPanelData> {
  const { doc, subject: s } = o;
  const loaded = await o.workflow.load(req.ctx.db, doc);
  const grants = grantsOf(req, s, loaded);
  const status = String(loaded?.status ?? 'draft');
  const current = await signatureStatus(req.ctx.db, s, doc.tenantId, doc.id);
  const all = await listSignatures(req.ctx.db, s, doc.tenantId, doc.id, { all: true });
  const liveIds = new Set(current.signatures.map((x) => x.id));
  const [signer] = rowsOf<{ name: string | null }>(await req.ctx.db.query(
    `SELECT NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), '') AS name FROM "${s.table}" d JOIN app_user u ON u.id = d."${s.internalSignerColumn}" WHERE d.id = $1 AND d.tenant_id = $2`,
    [doc.id, doc.tenantId]));
  const routes = req.ctx.routes;
  const files = o.files;
  const signedName = await fileName(req, doc.tenantId, loaded?.signedFileId);
  // Signing by e-mailed link (sign-link.*): each company's last link, and the relaunch while the companies sign.
  const byLink = signLinkSubject(s.type) != null;
  const links = byLink ? await documentLinkStatuses(req.ctx.db, s.type, doc.tenantId, doc.id) : new Map<number, CompanyLinkStatus>();
  const mayRelaunch = byLink && status === 'waiting_tiers' && current.companies.some((c) => !c.signature)
    && (grants.granted || can(req.authUser!, `${s.rightPrefix}.sign`));
  const relaunchUrl = mayRelaunch && o.relaunchRoute ? routes.path(o.relaunchRoute, { id: doc.id }) : null;
  const externalName = await fileName(req, doc.tenantId, loaded?.externalFileId);
  return {
    ...grants,
    status,
    round: current.round,
    companies: current.companies.map((c) => ({
      id: c.id, kind: c.kind, kindLabel: o.kindLabels ? req.t(`${o.kindLabels}.${c.kind}`) : c.kind, name: c.name, contactName: c.contactName, signature: c.signature,
      linkStatus: links.get(c.id) ?? null,
    })),
    relaunchUrl,
    internal: { name: signer?.name ?? null, signature: current.internal },
    // Earlier rounds and superseded signatures (inspection signatures are shown where they are collected).
    previous: all.filter((x) => !liveIds.has(x.id) && x.kind !== 'inspection'),
    signedFile: files ? {
      name: signedName, show: status === 'waiting_manual' || signedName != null,
      uploadUrl: grants.granted && status === 'waiting_manual' ? routes.path(files.signed, { id: doc.id }) : null,
      downloadUrl: routes.path(files.signedDownload, { id: doc.id }),
    } : null,
    externalFile: files ? {
      name: externalName, show: status === 'draft' ? grants.granted || externalName != null : externalName != null,
      uploadUrl: grants.granted && status === 'draft' ? routes.path(files.external, { id: doc.id }) : null,
      downloadUrl: routes.path(files.externalDownload, { id: doc.id }),
    } : null,
    watermark: req.t('plan-signature.watermark', { number: doc.number }),
    testId: o.testId ?? `${s.rightPrefix}-signatures-panel`,
  };
}

/**
 * HTML of the signatures panel (views/signing/_signatures.ejs): the companies that must sign
 * this round with their state and signature, the internal signature, the paper and external
 * files, and the earlier rounds collapsed. Shared by security protocols and PPSPS.
 */
export async function renderSignaturesPanel(req: Request, o: SignaturesPanelOptions): Promise<string> {
  return renderView(req.res!, SIGNATURES_PANEL_VIEW, { panel: await signaturesPanelData(req, o) });
}
