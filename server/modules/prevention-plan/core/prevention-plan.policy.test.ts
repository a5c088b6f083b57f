import type { AuthUser } from '../../../kernel/rights/auth-user';
import { mayAddPlan, mayOnPlan, planAbilities, type PlanSubject } from './prevention-plan.policy';

const user = (id: number, rights: string[], roles: string[] = []): AuthUser => ({
  id, username: `u${id}`, firstName: '', lastName: '', email: '', locale: 'fr', tenantId: 1, tenants: [], roles, rights: new Set(rights), lastLoginAt: null,
});
const plan = (over: Partial<PlanSubject> = {}): PlanSubject => ({
  id: 1, tenantId: 1, pdpNumber: 'PDP-2026-0001', subject: 'Levage', status: 'draft', archived: false, createdById: 10, orderingCustomerId: 20,
  hierarchyItemId: 5, startDate: null, endDate: null, version: 1, substituteIds: [30], extraItemIds: [], isCompanyMember: false,
  scope: { unrestricted: true, itemIds: [], serviceIds: [] }, ...over,
});

describe('prevention plan rights table', () => {
  it('view: involved users with pdp.view, others through pdp.view_all within their scope', () => {
    expect(mayOnPlan(user(10, ['pdp.view']), 'view', plan())).toBe(true);
    expect(mayOnPlan(user(20, ['pdp.view']), 'view', plan())).toBe(true);
    expect(mayOnPlan(user(30, ['pdp.view']), 'view', plan())).toBe(true);
    expect(mayOnPlan(user(40, ['pdp.view']), 'view', plan({ isCompanyMember: true }))).toBe(true);
    expect(mayOnPlan(user(40, ['pdp.view']), 'view', plan())).toBe(false);
    expect(mayOnPlan(user(10, []), 'view', plan())).toBe(false);
    expect(mayOnPlan(user(40, ['pdp.view', 'pdp.view_all']), 'view', plan())).toBe(true);
    const scoped = { unrestricted: false, itemIds: [7], serviceIds: [] };
    expect(mayOnPlan(user(40, ['pdp.view', 'pdp.view_all']), 'view', plan({ scope: scoped }))).toBe(false);
    expect(mayOnPlan(user(40, ['pdp.view', 'pdp.view_all']), 'view', plan({ scope: scoped, extraItemIds: [7] }))).toBe(true);
    expect(mayOnPlan(user(40, ['pdp.view', 'pdp.view_all']), 'view', plan({ scope: scoped, hierarchyItemId: null }))).toBe(true);
  });

  it('edit: pdp.edit for the creator, ordering customer and substitutes, pdp.manage for every plan; never archived', () => {
    expect(mayOnPlan(user(10, ['pdp.view', 'pdp.edit']), 'edit', plan())).toBe(true);
    expect(mayOnPlan(user(20, ['pdp.view', 'pdp.edit']), 'edit', plan())).toBe(true);
    expect(mayOnPlan(user(30, ['pdp.view', 'pdp.edit']), 'edit', plan())).toBe(true);
    expect(mayOnPlan(user(40, ['pdp.view', 'pdp.view_all', 'pdp.edit']), 'edit', plan())).toBe(false);
    expect(mayOnPlan(user(40, ['pdp.view', 'pdp.view_all', 'pdp.edit', 'pdp.manage']), 'edit', plan())).toBe(true);
    expect(mayOnPlan(user(10, ['pdp.view']), 'edit', plan())).toBe(false);
    expect(mayOnPlan(user(10, ['pdp.view', 'pdp.edit']), 'edit', plan({ archived: true }))).toBe(false);
  });

  it('documents, risk analyses, manage and delete follow their right; comment also the ordering customer', () => {
    const all = ['pdp.view', 'pdp.view_all'];
    for (const [ability, right] of [['documents', 'pdp.documents'], ['risk_analyses', 'pdp.risk_analyses'], ['manage', 'pdp.manage'], ['delete', 'pdp.delete'], ['comment', 'pdp.comment']] as const) {
      expect({ ability, allowed: mayOnPlan(user(40, [...all, right]), ability, plan()) }).toEqual({ ability, allowed: true });
      expect({ ability, allowed: mayOnPlan(user(40, all), ability, plan()) }).toEqual({ ability, allowed: false });
      // Seeing the plan comes first: the right alone does not reach a plan out of sight.
      expect({ ability, allowed: mayOnPlan(user(40, ['pdp.view', right]), ability, plan()) }).toEqual({ ability, allowed: false });
    }
    expect(mayOnPlan(user(20, ['pdp.view']), 'comment', plan())).toBe(true);
    expect(mayOnPlan(user(10, ['pdp.view']), 'comment', plan())).toBe(false);
    expect(mayOnPlan(user(40, [...all, 'pdp.risk_analyses']), 'risk_analyses', plan({ archived: true }))).toBe(false);
    expect(mayAddPlan(user(1, ['pdp.add']))).toBe(true);
    expect(mayAddPlan(user(1, ['pdp.view']))).toBe(false);
    expect(Object.values(planAbilities(user(1, [], ['super_admin']), plan()))).toEqual(Array(8).fill(true));
  });
});
