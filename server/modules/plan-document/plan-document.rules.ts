import { todayIso } from '../../kernel/clock';
import type { DocumentTypeRow } from './document-type.service';
import type { PlanOwners } from './plan-document.owners';

/** A document expiring within this many days is shown as "expiring soon". */
export const EXPIRING_SOON_DAYS = 30;

/** State of a document (or of a required document that has none). */
export type DocumentState = 'missing' | 'valid' | 'expiring' | 'expired';

/** The state of a document on `today` (YYYY-MM-DD): expired after its expiry day, expiring within {@link EXPIRING_SOON_DAYS}. */
export function documentState(expiresOn: string | null, today = todayIso()): Exclude<DocumentState, 'missing'> {
  if (!expiresOn) return 'valid';
  if (expiresOn < today) return 'expired';
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + EXPIRING_SOON_DAYS);
  return expiresOn <= soon.toISOString().slice(0, 10) ? 'expiring' : 'valid';
}

/**
 * Separation of duties (docs/separation-of-duties.md): the translation key of why `userId` may not
 * validate this version, the one they gave themself; null when someone else gave it.
 */
export function ownValidationRefusal(userId: number, doc: { createdById: number | null }): string | null {
  return doc.createdById !== null && Number(doc.createdById) === userId ? 'plan-document.duties.own_validation' : null;
}

/** Whom a required document is asked of. */
export type RequirementScope = 'plan' | 'company' | 'staff';

/** The flags of a type that decide who must provide it. */
export type RequirementFlags = Pick<DocumentTypeRow, 'nominative' | 'mandatoryAllPlans' | 'mandatoryCompanies' | 'mandatoryContacts'>;

/** One owner a document is required of (`ownerId` 0 stands for the plan itself). */
export interface RequirementTarget {
  scope: RequirementScope;
  ownerKind: 'plan' | 'plan_company' | 'plan_staff';
  ownerId: number;
  /** Company or person named in messages ('' for the plan itself). */
  ownerLabel: string;
  /** The plan company concerned (the one to ask), null for the plan itself. */
  planCompanyId: number | null;
}

/**
 * Who must provide a document of `type` on a plan (docs/plan-documents.md):
 * - a nominative type is asked per staff member: of every company when mandatory for contacts
 *   or on all plans, of the outside companies (EE, ST) when mandatory for companies;
 * - another type is asked once for the plan when mandatory on all plans, once per outside
 *   company when mandatory for companies, once per company having staff when mandatory for contacts.
 */
export function requirementTargets(type: RequirementFlags, owners: PlanOwners): RequirementTarget[] {
  const outside = owners.companies.filter((c) => c.kind !== 'EU');
  const outsideIds = new Set(outside.map((c) => c.id));
  const out: RequirementTarget[] = [];
  if (type.nominative) {
    const staff = type.mandatoryContacts || type.mandatoryAllPlans ? owners.staff : type.mandatoryCompanies ? owners.staff.filter((s) => outsideIds.has(s.planCompanyId)) : [];
    for (const s of staff) out.push({ scope: 'staff', ownerKind: 'plan_staff', ownerId: s.id, ownerLabel: `${s.name} (${s.companyName})`, planCompanyId: s.planCompanyId });
    return out;
  }
  if (type.mandatoryAllPlans) out.push({ scope: 'plan', ownerKind: 'plan', ownerId: 0, ownerLabel: '', planCompanyId: null });
  const companies = new Map<number, (typeof owners.companies)[number]>();
  if (type.mandatoryCompanies) for (const c of outside) companies.set(c.id, c);
  if (type.mandatoryContacts) for (const c of owners.companies) if (owners.staff.some((s) => s.planCompanyId === c.id)) companies.set(c.id, c);
  for (const c of companies.values()) out.push({ scope: 'company', ownerKind: 'plan_company', ownerId: c.id, ownerLabel: c.name, planCompanyId: c.id });
  return out;
}

/** A document a risk analysis of the plan needs: of the area's responsible company, or of the plan. */
export interface AnalysisNeed { documentTypeId: number; planCompanyId: number | null }

/**
 * Who must provide a document needed by the plan's risk analysis (an area stated as concerned,
 * or an interference risk): the area's responsible company, or the plan itself when none is
 * named; a nominative type is asked of that company's staff (of every staff member without one).
 */
export function analysisTargets(type: Pick<DocumentTypeRow, 'nominative'>, need: AnalysisNeed, owners: PlanOwners): RequirementTarget[] {
  const company = need.planCompanyId !== null ? owners.companies.find((c) => c.id === need.planCompanyId) : undefined;
  if (type.nominative) {
    return owners.staff.filter((s) => !company || s.planCompanyId === company.id)
      .map((s) => ({ scope: 'staff' as const, ownerKind: 'plan_staff' as const, ownerId: s.id, ownerLabel: `${s.name} (${s.companyName})`, planCompanyId: s.planCompanyId }));
  }
  if (company) return [{ scope: 'company', ownerKind: 'plan_company', ownerId: company.id, ownerLabel: company.name, planCompanyId: company.id }];
  return [{ scope: 'plan', ownerKind: 'plan', ownerId: 0, ownerLabel: '', planCompanyId: null }];
}
