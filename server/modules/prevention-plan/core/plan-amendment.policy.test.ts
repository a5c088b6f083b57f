import type { AuthUser } from '../../../kernel/rights/auth-user';
import { amendRule, isAmendableState } from './plan-amendment.policy';
import type { PlanSubject } from './prevention-plan.policy';

const user = (id: number, rights: string[], roles: string[] = []): AuthUser => ({
  id, username: `u${id}`, firstName: '', lastName: '', email: '', locale: 'fr', tenantId: 1, tenants: [], roles, rights: new Set(rights), lastLoginAt: null,
});
const plan = (over: Partial<PlanSubject> = {}): PlanSubject => ({
  id: 1, tenantId: 1, pdpNumber: 'PDP-2026-0001', subject: 'Levage', status: 'in_operation', archived: false, createdById: 10, orderingCustomerId: 20,
  hierarchyItemId: 5, startDate: null, endDate: null, version: 1, substituteIds: [30], extraItemIds: [], isCompanyMember: false,
  scope: { unrestricted: true, itemIds: [], serviceIds: [] }, ...over,
});

describe('who may amend a plan (seed 002 section 6)', () => {
  it('holders of pdp.amend, the ordering customer, his substitutes and the companies always may; the creator alone may not', () => {
    expect(amendRule(user(40, ['pdp.view', 'pdp.amend']), plan())).toBe(true);
    expect(amendRule(user(20, ['pdp.view']), plan())).toBe(true);
    expect(amendRule(user(30, ['pdp.view']), plan())).toBe(true);
    expect(amendRule(user(40, ['pdp.view']), plan({ isCompanyMember: true }))).toBe(true);
    expect(amendRule(user(10, ['pdp.view', 'pdp.edit']), plan())).toBe(false);
    expect(amendRule(user(40, ['pdp.view', 'pdp.view_all', 'pdp.manage']), plan())).toBe(false);
    expect(amendRule(user(1, [], ['super_admin']), plan())).toBe(true);
  });

  it('asks a plan in operation or waiting for the internal validation, not archived', () => {
    expect(isAmendableState('in_operation')).toBe(true);
    expect(isAmendableState('waiting_internal')).toBe(true);
    for (const s of ['draft', 'waiting_manual', 'waiting_sign', 'waiting_tiers', 'expired']) expect(isAmendableState(s)).toBe(false);
    expect(isAmendableState('in_operation', true)).toBe(false);
  });
});
