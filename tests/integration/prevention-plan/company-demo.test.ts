import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { seedCrmDemo } from '../../../server/modules/crm/crm.demo';
import { seedPreventionPlanDemo } from '../../../server/modules/prevention-plan/prevention-plan.demo';
import { seedPlanCompaniesDemo } from '../../../server/modules/prevention-plan/plan-company.demo';
import { loadPlanRef } from '../../../server/modules/prevention-plan/plan-access';
import { runPlanChecks } from '../../../server/modules/prevention-plan/plan-checks';
import { seedPlanSignaturesDemo } from '../../../server/modules/prevention-plan/plan-signature.demo';
import { signatureStatus } from '../../../server/modules/prevention-plan/plan-signers.service';
import { checkSignatureImage } from '../../../server/modules/user-signature/user-signature.service';
import { newCompany } from './company-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('demo companies and staff of the demo plans', () => {
  it('gives every demo plan an EU, exterior companies from the CRM, a subcontractor under one of them and staff; twice is once', async () => {
    const db = t.db.dataSource;
    const user = await makeUser(t, { company: newCompany() });
    await seedCrmDemo(db, user.tenantId);
    await seedPreventionPlanDemo(db, user.tenantId);
    await seedPlanCompaniesDemo(db, user.tenantId);
    await seedPlanCompaniesDemo(db, user.tenantId);
    const plans: Array<{ id: number }> = await db.query(`SELECT id FROM prevention_plan WHERE tenant_id = $1 AND pdp_number LIKE 'PDP-DEMO-%'`, [user.tenantId]);
    expect(plans.length).toBeGreaterThan(0);
    for (const p of plans) {
      const companies: Array<{ id: number; kind: string; parent_id: number | null; tiers_id: number | null }> = await db.query('SELECT id, kind, parent_id, tiers_id FROM plan_company WHERE plan_id = $1', [p.id]);
      expect(companies.filter((c) => c.kind === 'EU')).toHaveLength(1);
      const ee = companies.filter((c) => c.kind === 'EE');
      expect(ee.length).toBeGreaterThanOrEqual(1);
      expect(ee.every((c) => c.tiers_id != null)).toBe(true);
      const st = companies.filter((c) => c.kind === 'ST');
      expect(st).toHaveLength(1);
      expect(ee.map((c) => c.id)).toContain(st[0].parent_id);
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM plan_staff WHERE plan_id = $1', [p.id]);
      expect(n).toBeGreaterThanOrEqual(3);
      const ref = (await loadPlanRef(db, user.tenantId, p.id))!;
      expect((await runPlanChecks(db, ref)).filter((pb) => pb.tab === 'companies')).toEqual([]);
    }
  });

  it('signs the demo plans past the companies\' signing: companies from waiting_internal on, the ordering customer once in operation', async () => {
    const db = t.db.dataSource;
    const user = await makeUser(t, { company: newCompany() });
    await seedCrmDemo(db, user.tenantId);
    await seedPreventionPlanDemo(db, user.tenantId);
    await seedPlanCompaniesDemo(db, user.tenantId);
    await seedPlanSignaturesDemo(db, user.tenantId);
    await seedPlanSignaturesDemo(db, user.tenantId);
    const plans: Array<{ id: number; status: string }> = await db.query(`SELECT id, status FROM prevention_plan WHERE tenant_id = $1 AND pdp_number LIKE 'PDP-DEMO-%'`, [user.tenantId]);
    for (const p of plans) {
      const status = await signatureStatus(db, user.tenantId, p.id);
      const past = ['waiting_internal', 'in_operation', 'expired'].includes(p.status);
      expect(status.allCompaniesSigned).toBe(past);
      expect(status.internal != null).toBe(['in_operation', 'expired'].includes(p.status));
      for (const s of status.signatures) expect(checkSignatureImage(s.image).ok).toBe(true);
    }
  });
});
