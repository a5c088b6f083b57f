import { analysisTargets, documentState, ownValidationRefusal, requirementTargets, type RequirementFlags } from './plan-document.rules';
import type { PlanOwners } from './plan-document.owners';

const owners: PlanOwners = {
  companies: [
    { id: 1, kind: 'EU', name: 'Usine Bontemps', tiersId: null, contactId: null, email: null, managerName: null, locale: null },
    { id: 2, kind: 'EE', name: 'Levage Services', tiersId: 10, contactId: null, email: 'a@b.fr', managerName: null, locale: null },
    { id: 3, kind: 'ST', name: 'Nacelles 38', tiersId: 11, contactId: null, email: null, managerName: null, locale: null },
  ],
  staff: [
    { id: 7, planCompanyId: 1, contactId: null, name: 'Claire Roux', companyName: 'Usine Bontemps' },
    { id: 8, planCompanyId: 3, contactId: 20, name: 'Luis Garcia', companyName: 'Nacelles 38' },
  ],
};
const flags = (f: Partial<RequirementFlags>): RequirementFlags => ({ nominative: false, mandatoryAllPlans: false, mandatoryCompanies: false, mandatoryContacts: false, ...f });
const who = (f: Partial<RequirementFlags>) => requirementTargets(flags(f), owners).map((r) => `${r.ownerKind}:${r.ownerId}`);

describe('documentState', () => {
  it('is valid without expiry, expiring within 30 days (the expiry day included), expired the day after', () => {
    expect(documentState(null, '2030-06-01')).toBe('valid');
    expect(documentState('2030-07-02', '2030-06-01')).toBe('valid');
    expect(documentState('2030-07-01', '2030-06-01')).toBe('expiring');
    expect(documentState('2030-06-01', '2030-06-01')).toBe('expiring');
    expect(documentState('2030-05-31', '2030-06-01')).toBe('expired');
  });
});

describe('requirementTargets', () => {
  it('asks nothing of a type without a "mandatory" flag', () => {
    expect(who({})).toEqual([]);
    expect(who({ nominative: true })).toEqual([]);
  });
  it('asks a plan-wide type once of the plan, and a nominative one of every staff member', () => {
    expect(who({ mandatoryAllPlans: true })).toEqual(['plan:0']);
    expect(who({ mandatoryAllPlans: true, nominative: true })).toEqual(['plan_staff:7', 'plan_staff:8']);
  });
  it('asks a company type of the outside companies only (EE, ST), and per staff member of them when nominative', () => {
    expect(who({ mandatoryCompanies: true })).toEqual(['plan_company:2', 'plan_company:3']);
    expect(who({ mandatoryCompanies: true, nominative: true })).toEqual(['plan_staff:8']);
  });
  it('asks a contact type of every staff member when nominative, else once per company having staff', () => {
    expect(who({ mandatoryContacts: true, nominative: true })).toEqual(['plan_staff:7', 'plan_staff:8']);
    expect(who({ mandatoryContacts: true })).toEqual(['plan_company:1', 'plan_company:3']);
  });
  it('names the company or the person in messages', () => {
    expect(requirementTargets(flags({ mandatoryContacts: true, nominative: true }), owners).map((r) => r.ownerLabel)).toEqual(['Claire Roux (Usine Bontemps)', 'Luis Garcia (Nacelles 38)']);
  });
});

describe('analysisTargets', () => {
  const of = (nominative: boolean, planCompanyId: number | null) => analysisTargets({ nominative }, { documentTypeId: 1, planCompanyId }, owners).map((r) => `${r.ownerKind}:${r.ownerId}`);
  it('asks the responsible company, or the plan when the area names none', () => {
    expect(of(false, 3)).toEqual(['plan_company:3']);
    expect(of(false, null)).toEqual(['plan:0']);
  });
  it('asks a nominative document of the responsible company\'s staff, or of every staff member', () => {
    expect(of(true, 3)).toEqual(['plan_staff:8']);
    expect(of(true, null)).toEqual(['plan_staff:7', 'plan_staff:8']);
  });
});

describe('separation of duties', () => {
  it('refuses the validation of a version to whoever gave it, not to anyone else', () => {
    expect(ownValidationRefusal(7, { createdById: 7 })).toBe('plan-document.duties.own_validation');
    expect(ownValidationRefusal(8, { createdById: 7 })).toBeNull();
    // Given by an account since removed: anyone holding the right validates it.
    expect(ownValidationRefusal(7, { createdById: null })).toBeNull();
  });
});
