import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { seedCrmDemo } from '../../../server/modules/crm/crm.demo';
import { seedPreventionPlanDemo } from '../../../server/modules/prevention-plan/core/prevention-plan.demo';
import { seedPlanCompaniesDemo } from '../../../server/modules/prevention-plan/companies/plan-company.demo';
import { loadPlanRef } from '../../../server/modules/prevention-plan/core/plan-access';
import { runPlanChecks } from '../../../server/modules/prevention-plan/core/plan-checks';
import { seedPlanSignaturesDemo } from '../../../server/modules/prevention-plan/signing/plan-signature.demo';
import { signatureStatus } from '../../../server/modules/prevention-plan/core/plan-signers.service';
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
    expect(plans).toHaveLength(8);
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
    const plans: Array<{ id: number; number: string; status: string }> = await db.query(
      `SELECT id, pdp_number AS number, status FROM prevention_plan WHERE tenant_id = $1 AND pdp_number LIKE 'PDP-DEMO-%' ORDER BY pdp_number`, [user.tenantId]);
    // Eight plans, four of them past the companies' signing (0005 waiting for the internal signature, 0006 to 0008 signed inside too).
    expect(plans.map((p) => [p.number, p.status])).toEqual([
      ['PDP-DEMO-0001', 'draft'], ['PDP-DEMO-0002', 'waiting_manual'], ['PDP-DEMO-0003', 'waiting_sign'], ['PDP-DEMO-0004', 'waiting_tiers'],
      ['PDP-DEMO-0005', 'waiting_internal'], ['PDP-DEMO-0006', 'in_operation'], ['PDP-DEMO-0007', 'in_operation'], ['PDP-DEMO-0008', 'expired'],
    ]);
    const seen: Array<Record<string, unknown>> = [];
    for (const p of plans) {
      const status = await signatureStatus(db, user.tenantId, p.id);
      seen.push({
        number: p.number,
        companiesSigned: status.allCompaniesSigned,
        internal: status.internal != null,
        signatures: status.signatures.length > 0,
        imagesOk: status.signatures.every((s) => checkSignatureImage(s.image).ok),
      });
    }
    const past = (status: string) => ['waiting_internal', 'in_operation', 'expired'].includes(status);
    const inside = (status: string) => ['in_operation', 'expired'].includes(status);
    expect(seen).toEqual(plans.map((p) => ({ number: p.number, companiesSigned: past(p.status), internal: inside(p.status), signatures: past(p.status), imagesOk: true })));
  });
});
