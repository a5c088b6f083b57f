import type { Request } from 'express';
import { renderView } from '../../kernel/http/render';
import { can } from '../../kernel/rights/registry';
import type { PlanCheck, PlanRef, PlanTab } from '../prevention-plan';
import { mayOnPlan } from './plan-document.access';
import { documentProblems, loadPlanDocuments, type PlanDocumentsView } from './plan-document.requirements';
import { ownValidationRefusal } from './plan-document.rules';
import { documentState, type DocumentRow } from './plan-document.service';
import { portalLinksOfPlan } from './portal-link.service';
import { clock } from '../../kernel/clock';

/** Who a document belongs to, in words ("Plan", company name, "person – company", CRM record). */
export function ownerLabel(req: Request, view: PlanDocumentsView, doc: Pick<DocumentRow, 'ownerKind' | 'ownerId'>): string {
  switch (doc.ownerKind) {
    case 'plan': return req.t('plan-document.owner.this_plan');
    case 'plan_company': return view.owners.companies.find((c) => c.id === doc.ownerId)?.name ?? '';
    case 'plan_staff': { const s = view.owners.staff.find((x) => x.id === doc.ownerId); return s ? `${s.name} – ${s.companyName}` : ''; }
    case 'tiers': return req.t('plan-document.owner.tiers', { name: view.owners.companies.find((c) => c.tiersId === doc.ownerId)?.name ?? '' });
    case 'contact': return req.t('plan-document.owner.contact', { name: view.owners.staff.find((s) => s.contactId === doc.ownerId)?.name ?? '' });
  }
}

/** HTML of the documents tab of a plan. */
export async function renderDocumentsTab(req: Request, plan: PlanRef): Promise<string> {
  const view = await loadPlanDocuments(req.ctx.db, plan.tenantId, plan.id);
  const manage = await mayOnPlan(req, plan.id, 'documents');
  const abilities = {
    add: manage, edit: manage, delete: manage, ask: manage, model: manage,
    validateAll: can(req.authUser, 'companies.validate_documents'),
  };
  const revisions = new Map<string, number>();
  for (const d of view.documents) { const k = `${d.ownerKind}:${d.ownerId}:${d.documentTypeId}:${d.isModel}`; revisions.set(k, (revisions.get(k) ?? 0) + 1); }
  const historyCount = (d: DocumentRow) => revisions.get(`${d.ownerKind}:${d.ownerId}:${d.documentTypeId}:${d.isModel}`) ?? 1;
  const typeOf = new Map(view.types.map((t) => [t.id, t]));
  return renderView(req.res!, 'plan-document/_tab', {
    plan, view, abilities, historyCount, typeOf, documentState, ownerLabel: (d: DocumentRow) => ownerLabel(req, view, d),
    ownValidation: (d: DocumentRow) => ownValidationRefusal(req.authUser!.id, d),
    problems: documentProblems(view),
    outsideCompanies: view.owners.companies.filter((c) => c.kind !== 'EU'),
    portalLinks: await portalLinksOfPlan(req.ctx.db, plan.tenantId, plan.id),
    now: clock.now(),
  });
}

/** The plan page's documents tab (50), badged with the missing or expired required documents. */
export const documentsTab: PlanTab = {
  key: 'documents',
  labelKey: 'plan-document.tab',
  icon: 'file-earmark-check',
  order: 50,
  render: renderDocumentsTab,
  badge: async (req, plan) => {
    const view = await loadPlanDocuments(req.ctx.db, plan.tenantId, plan.id);
    const n = view.requirements.filter((r) => r.state === 'missing' || r.state === 'expired').length;
    return n || null;
  },
};

/** `plan-document.required`: warnings for required documents missing or expired. */
export const requiredDocumentsCheck: PlanCheck = {
  name: 'plan-document.required',
  check: async (db, plan) => documentProblems(await loadPlanDocuments(db, plan.tenantId, plan.id)),
};
