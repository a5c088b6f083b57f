import type { PlanDocumentsView, Requirement } from './plan-document.requirements';
import { requirementOf } from './plan-document.requirements';

/** One document the portal asks a company for: a requirement of the plan, or a type asked by mail. */
export interface PortalItem extends Requirement {
  /** `plan_company:5:12`: owner and type, the value the upload form posts. */
  key: string;
}

const keyOf = (r: Pick<Requirement, 'ownerKind' | 'ownerId'>, typeId: number) => `${r.ownerKind}:${r.ownerId}:${typeId}`;

/**
 * What the portal of plan company `companyId` lists: the plan's requirements of documents the
 * outside company provides, for the company or one of its staff members, then each type asked by
 * mail that no rule requires (per staff member when nominative). Types the user company provides
 * are never asked here; another company's documents never appear.
 */
export function portalItems(view: PlanDocumentsView, companyId: number, askedTypeIds: number[]): PortalItem[] {
  const company = view.owners.companies.find((c) => c.id === companyId);
  if (!company) return [];
  const staff = view.owners.staff.filter((s) => s.planCompanyId === companyId);
  const ours = (r: Pick<Requirement, 'ownerKind' | 'ownerId'>) =>
    (r.ownerKind === 'plan_company' && r.ownerId === companyId) || (r.ownerKind === 'plan_staff' && staff.some((s) => s.id === r.ownerId));
  const items: PortalItem[] = view.requirements
    .filter((r) => r.type.addedBy === 'outside_company' && ours(r))
    .map((r) => ({ ...r, key: keyOf(r, r.type.id) }));
  const seen = new Set(items.map((i) => i.key));
  for (const typeId of askedTypeIds) {
    const type = view.types.find((t) => t.id === typeId && t.active && t.addedBy === 'outside_company');
    if (!type) continue;
    const targets = type.nominative
      ? staff.map((s) => ({ scope: 'staff' as const, ownerKind: 'plan_staff' as const, ownerId: s.id, ownerLabel: s.name, planCompanyId: companyId }))
      : [{ scope: 'company' as const, ownerKind: 'plan_company' as const, ownerId: companyId, ownerLabel: company.name, planCompanyId: companyId }];
    for (const target of targets) {
      const key = keyOf(target, type.id);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({ ...requirementOf(view, target, type), key });
    }
  }
  return items;
}
