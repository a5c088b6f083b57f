import type { Request } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import { findAnalysis, loadAnalysis, type AnalysisView } from '../../risk-analysis/analysis.service';
import { loadPlanDocuments } from '../../plan-document/plan-document.requirements';
import { ownerLabel } from '../../plan-document/plan-document.tab';
import type { DocumentRow } from '../../plan-document/plan-document.service';
import { listAdvice, type AdviceRow } from './plan-advice.service';
import { listPlanCompanies, type PlanCompanyRow } from './plan-company.service';
import { listParticipants, type ParticipantRow } from './plan-inspection.service';
import { listMaterials, listMedicalWorks, type MaterialRow, type MedicalWorkRow } from './plan-material.service';
import { listPlanStaff, type PlanStaffRow } from './plan-staff.service';
import { findPlan, type PlanRecord } from './prevention-plan.service';
import { safeImage } from '../../signing/document-pdf';

type Db = DataSource | EntityManager;

/** A signature as the printed plan shows it. */
export interface PrintSignature {
  id: number;
  kind: string;
  signerKey: string;
  signerName: string;
  companyName: string | null;
  image: string | null;
  hasWatermark: boolean;
  signedAt: Date;
}

/** An amendment of the plan. */
export interface PrintAmendment { number: number; reason: string; automatic: boolean; createdAt: Date }

/** A company with its staff members. */
export interface PrintCompany extends PlanCompanyRow { parentName: string | null; staff: PlanStaffRow[] }

/** Everything the printed plan shows, read once. */
export interface PlanPrint {
  plan: PlanRecord;
  tenantName: string;
  /** The current signing round (0 before any amendment). */
  round: number;
  companies: PrintCompany[];
  materials: MaterialRow[];
  medicalWorks: MedicalWorkRow[];
  participants: ParticipantRow[];
  advice: AdviceRow[];
  analysis: AnalysisView | null;
  documents: Array<DocumentRow & { ownerLabel: string }>;
  amendments: PrintAmendment[];
  signatures: PrintSignature[];
}

/** The plan's current signing round (`amendment_number`). */
export async function currentRound(db: Db, tenantId: number, planId: number): Promise<number> {
  const [r] = await db.query('SELECT amendment_number AS n FROM prevention_plan WHERE id = $1 AND tenant_id = $2', [planId, tenantId]);
  return Number(r?.n ?? 0);
}

/**
 * Signatures of the plan not superseded: those of `round` when given (the plan), every
 * round otherwise; `kinds` restricts them. Ordered as the plan signs: internal last.
 */
export async function printSignatures(db: Db, tenantId: number, planId: number, opts: { round?: number; kinds?: string[] } = {}): Promise<PrintSignature[]> {
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT s.id, s.kind, s.signer_key, s.signer_name, s.image, s.has_watermark, s.signed_at, pc.name AS company_name, sc.name AS staff_company
       FROM plan_signature s
       LEFT JOIN plan_company pc ON pc.id = s.plan_company_id AND pc.tenant_id = s.tenant_id
       LEFT JOIN plan_staff ps ON ps.id = s.plan_staff_id AND ps.tenant_id = s.tenant_id
       LEFT JOIN plan_company sc ON sc.id = ps.plan_company_id AND sc.tenant_id = s.tenant_id
      WHERE s.tenant_id = $1 AND s.plan_id = $2 AND s.superseded_at IS NULL
        AND ($3::int IS NULL OR s.round = $3) AND ($4::text[] IS NULL OR s.kind = ANY($4::text[]))
      ORDER BY CASE s.kind WHEN 'company' THEN 0 WHEN 'staff' THEN 1 WHEN 'inspection' THEN 2 ELSE 3 END, s.signed_at, s.id`,
    [tenantId, planId, opts.round ?? null, opts.kinds ?? null]);
  return rows.map((r) => ({
    id: r.id, kind: r.kind, signerKey: r.signer_key, signerName: r.signer_name, companyName: r.company_name ?? r.staff_company ?? null,
    image: safeImage(r.image), hasWatermark: !!r.has_watermark, signedAt: r.signed_at,
  }));
}

/** The plan's amendments, oldest first. */
export async function printAmendments(db: Db, tenantId: number, planId: number): Promise<PrintAmendment[]> {
  const rows: Array<Record<string, any>> = await db.query(
    'SELECT number, reason, automatic, created_at FROM plan_amendment WHERE tenant_id = $1 AND plan_id = $2 ORDER BY number, id', [tenantId, planId]);
  return rows.map((r) => ({ number: r.number, reason: r.reason ?? '', automatic: !!r.automatic, createdAt: r.created_at }));
}

/** The companies with their staff; a subcontractor names the company it works for. */
export async function printCompanies(db: Db, tenantId: number, planId: number): Promise<PrintCompany[]> {
  const companies = await listPlanCompanies(db, tenantId, planId);
  const staff = await listPlanStaff(db, tenantId, planId);
  const names = new Map(companies.map((c) => [c.id, c.name]));
  return companies.map((c) => ({
    ...c, parentName: c.parentId != null ? names.get(c.parentId) ?? null : null, staff: staff.filter((s) => s.planCompanyId === c.id),
  }));
}

/** The plan's risk analysis (the risk-analysis module's own reading), or null when none was created. */
async function printAnalysis(db: Db, tenantId: number, planId: number, companies: PlanCompanyRow[], siteId: number | null): Promise<AnalysisView | null> {
  const head = await findAnalysis(db, tenantId, 'prevention_plan', planId);
  if (!head) return null;
  const subject = {
    type: 'prevention_plan' as const, id: planId, tenantId, siteId,
    companies: companies.map((c) => ({ id: c.id, name: c.name, kind: c.kind })), url: () => '',
  };
  return loadAnalysis(db, subject, head);
}

/** Everything the printed plan shows; null for an unknown plan (or another tenant's). */
export async function loadPlanPrint(db: Db, tenantId: number, planId: number, t: (key: string, o?: Record<string, unknown>) => string): Promise<PlanPrint | null> {
  const plan = await findPlan(db, tenantId, planId);
  if (!plan) return null;
  const [tenant] = await db.query('SELECT name FROM tenant WHERE id = $1', [tenantId]);
  const round = await currentRound(db, tenantId, planId);
  const companies = await printCompanies(db, tenantId, planId);
  const docs = await loadPlanDocuments(db, tenantId, planId);
  return {
    plan, tenantName: tenant?.name ?? 'Vigie', round, companies,
    materials: await listMaterials(db, tenantId, planId),
    medicalWorks: await listMedicalWorks(db, tenantId, planId),
    participants: await listParticipants(db, tenantId, planId),
    advice: await listAdvice(db, tenantId, planId),
    analysis: await printAnalysis(db, tenantId, planId, companies, plan.hierarchyItemId),
    // The documents tab's wording of an owner reads only the translator of the request.
    documents: docs.current.map((d) => ({ ...d, ownerLabel: ownerLabel({ t } as unknown as Request, docs, d) })),
    amendments: await printAmendments(db, tenantId, planId),
    signatures: await printSignatures(db, tenantId, planId, { round }),
  };
}
