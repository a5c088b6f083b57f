import type { DataSource, EntityManager } from 'typeorm';
import { todayIso } from '../../kernel/clock';
import type { PlanProblem } from '../prevention-plan';
import { listDocumentTypes, type DocumentTypeRow } from './document-type.service';
import { loadPlanOwners, type PlanOwners } from './plan-document.owners';
import { analysisTargets, requirementTargets, type AnalysisNeed, type RequirementScope, type RequirementTarget } from './plan-document.rules';
import { currentVersions, documentState, listPlanDocuments, type DocumentRow, type DocumentState } from './plan-document.service';

type Db = DataSource | EntityManager;

export type { RequirementScope } from './plan-document.rules';

/** A document a plan needs, and the best current document that answers it (or none). */
export interface Requirement extends RequirementTarget {
  type: DocumentTypeRow;
  document: DocumentRow | null;
  state: DocumentState;
}

/** Everything the documents tab and the plan check read, loaded once. */
export interface PlanDocumentsView {
  owners: PlanOwners;
  types: DocumentTypeRow[];
  /** Every version (history included), newest first. */
  documents: DocumentRow[];
  /** Current versions only (not the plan models). */
  current: DocumentRow[];
  /** Plan-specific models of editable types, by type id. */
  models: Map<number, DocumentRow>;
  requirements: Requirement[];
}

/** The documents that answer a requirement: the owner's own, or the CRM record's behind it. */
function answers(req: Pick<Requirement, 'ownerKind' | 'ownerId'>, typeId: number, owners: PlanOwners, current: DocumentRow[]): DocumentRow[] {
  const same = (d: DocumentRow) => d.documentTypeId === typeId && !d.isModel;
  if (req.ownerKind === 'plan') return current.filter((d) => same(d) && d.ownerKind === 'plan' && d.ownerId === req.ownerId);
  if (req.ownerKind === 'plan_company') {
    const tiersId = owners.companies.find((c) => c.id === req.ownerId)?.tiersId ?? null;
    return current.filter((d) => same(d) && ((d.ownerKind === 'plan_company' && d.ownerId === req.ownerId) || (tiersId !== null && d.ownerKind === 'tiers' && d.ownerId === tiersId)));
  }
  const contactId = owners.staff.find((s) => s.id === req.ownerId)?.contactId ?? null;
  return current.filter((d) => same(d) && ((d.ownerKind === 'plan_staff' && d.ownerId === req.ownerId) || (contactId !== null && d.ownerKind === 'contact' && d.ownerId === contactId)));
}

/** The answer that lasts longest (no expiry beats any date). */
function best(docs: DocumentRow[]): DocumentRow | null {
  return docs.reduce<DocumentRow | null>((a, d) => (!a ? d : !a.expiresOn ? a : !d.expiresOn || d.expiresOn > a.expiresOn ? d : a), null);
}

let analysisTables: boolean | undefined;

/** The document types the plan's risk analysis needs (areas stated as concerned, interference risks). */
export async function analysisNeeds(db: Db, tenantId: number, planId: number): Promise<AnalysisNeed[]> {
  // The risk-analysis tables come with their own migration: a database without them needs nothing.
  if (!analysisTables) {
    const [r] = await db.query(`SELECT to_regclass('risk_analysis_area_document_type') IS NOT NULL AND to_regclass('risk_analysis_interference_document_type') IS NOT NULL AS ok`);
    analysisTables = Boolean(r?.ok);
    if (!analysisTables) return [];
  }
  const rows = await db.query(
    `SELECT DISTINCT x.document_type_id, a.responsible_company_id FROM risk_analysis r
       JOIN risk_analysis_area a ON a.analysis_id = r.id AND a.tenant_id = r.tenant_id AND a.concerned IS TRUE
       JOIN risk_analysis_area_document_type x ON x.area_id = a.id
      WHERE r.tenant_id = $1 AND r.subject_type = 'prevention_plan' AND r.subject_id = $2
     UNION
     SELECT DISTINCT x.document_type_id, NULL::int FROM risk_analysis r
       JOIN risk_analysis_interference i ON i.analysis_id = r.id AND i.tenant_id = r.tenant_id
       JOIN risk_analysis_interference_document_type x ON x.interference_id = i.id
      WHERE r.tenant_id = $1 AND r.subject_type = 'prevention_plan' AND r.subject_id = $2`, [tenantId, planId]);
  return rows.map((r: Record<string, any>) => ({ documentTypeId: r.document_type_id, planCompanyId: r.responsible_company_id ?? null }));
}

/** Loads the documents of a plan and works out its required documents and their state on `today`. */
export async function loadPlanDocuments(db: Db, tenantId: number, planId: number, today = todayIso()): Promise<PlanDocumentsView> {
  const owners = await loadPlanOwners(db, tenantId, planId);
  const types = await listDocumentTypes(db, tenantId);
  const documents = await listPlanDocuments(db, tenantId, planId, owners);
  const latest = currentVersions(documents);
  const current = latest.filter((d) => !d.isModel);
  const models = new Map(latest.filter((d) => d.isModel && d.ownerKind === 'plan' && d.ownerId === planId).map((d) => [d.documentTypeId, d]));
  const needs = await analysisNeeds(db, tenantId, planId);
  const requirements: Requirement[] = [];
  const seen = new Set<string>();
  for (const type of types.filter((t) => t.active)) {
    const targets = [...requirementTargets(type, owners), ...needs.filter((n) => n.documentTypeId === type.id).flatMap((n) => analysisTargets(type, n, owners))];
    for (const target of targets) {
      const t = target.ownerKind === 'plan' ? { ...target, ownerId: planId } : target;
      const key = `${t.ownerKind}:${t.ownerId}`;
      if (seen.has(`${type.id}:${key}`)) continue;
      seen.add(`${type.id}:${key}`);
      const document = best(answers(t, type.id, owners, current));
      requirements.push({ ...t, type, document, state: document ? documentState(document.expiresOn, today) : 'missing' });
    }
  }
  return { owners, types, documents, current, models, requirements };
}

const SCOPE_KEY: Record<RequirementScope, string> = { plan: 'plan', company: 'company', staff: 'staff' };

/** The warnings of a plan: one per required document missing or expired, naming the type and the company or person. */
export function documentProblems(view: Pick<PlanDocumentsView, 'requirements'>): PlanProblem[] {
  return view.requirements
    .filter((r) => r.state === 'missing' || r.state === 'expired')
    .map((r) => ({
      severity: 'warning' as const,
      key: `plan-document.check.${r.state}_${SCOPE_KEY[r.scope]}`,
      params: { type: r.type.label, owner: r.ownerLabel, date: r.document?.expiresOn ? `${r.document.expiresOn.slice(8, 10)}/${r.document.expiresOn.slice(5, 7)}/${r.document.expiresOn.slice(0, 4)}` : '' },
      tab: 'documents',
    }));
}

/** The requirement of `type` from one owner of the plan, answered like the plan's own (documents asked by mail outside the rules). */
export function requirementOf(view: PlanDocumentsView, target: RequirementTarget, type: DocumentTypeRow, today = todayIso()): Requirement {
  const document = best(answers(target, type.id, view.owners, view.current));
  return { ...target, type, document, state: document ? documentState(document.expiresOn, today) : 'missing' };
}
