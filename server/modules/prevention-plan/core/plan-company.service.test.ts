import { companyTree, type PlanCompanyRow } from './plan-company.service';
import { companyProblems } from '../companies/plan-company.tab';

const row = (id: number, kind: 'EU' | 'EE' | 'ST', name: string, parentId: number | null = null, extra: Partial<PlanCompanyRow> = {}): PlanCompanyRow => ({
  id, planId: 1, kind, parentId, tiersId: kind === 'EU' ? null : id, name, director: null, substitutes: null, tiersAddressId: null,
  addressName: null, address: '1 rue du Port', zipCode: null, city: null, country: null, contactId: null, lastName: 'Martin',
  firstName: null, phone: null, mobile: null, email: null, version: 1, staffCount: 0, ...extra,
});

describe('companyTree', () => {
  it('puts the EU first, then each EE followed by its subcontractors, at any depth', () => {
    const tree = companyTree([
      row(4, 'ST', 'Peinture Sud', 3), row(2, 'EE', 'Zeta Levage'), row(1, 'EU', 'Chimie du Sud'),
      row(3, 'ST', 'Échafaudages', 5), row(5, 'EE', 'Alpha Maintenance'),
    ]);
    expect(tree.eu.map((n) => n.name)).toEqual(['Chimie du Sud']);
    expect(tree.ee.map((n) => n.name)).toEqual(['Alpha Maintenance', 'Zeta Levage']);
    const alpha = tree.ee[0];
    expect(alpha.children.map((n) => [n.name, n.depth])).toEqual([['Échafaudages', 1]]);
    expect(alpha.children[0].children.map((n) => [n.name, n.depth])).toEqual([['Peinture Sud', 2]]);
    expect(tree.orphans).toEqual([]);
  });
});

describe('companyProblems', () => {
  it('asks for a company, an exterior company, and a name, an address and a manager for each', () => {
    expect(companyProblems([]).map((p) => p.key)).toEqual(['plan-company.checks.no_company', 'plan-company.checks.no_external']);
    expect(companyProblems([row(1, 'EU', 'Chimie du Sud')]).map((p) => p.key)).toEqual(['plan-company.checks.no_external']);
    const problems = companyProblems([row(1, 'EE', 'Alpha', null, { address: ' ', lastName: null })]);
    expect(problems).toEqual([
      { severity: 'error', key: 'plan-company.checks.missing_address', params: { name: 'Alpha' }, tab: 'companies' },
      { severity: 'error', key: 'plan-company.checks.missing_manager', params: { name: 'Alpha' }, tab: 'companies' },
    ]);
    expect(companyProblems([row(1, 'EE', 'Alpha'), row(2, 'ST', 'Beta')]).map((p) => p.key)).toEqual(['plan-company.checks.missing_parent']);
  });
});
