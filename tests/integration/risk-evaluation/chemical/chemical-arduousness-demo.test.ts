import { seedHierarchyDemo } from '../../../../server/modules/hierarchy/hierarchy.demo';
import { riskEvaluationModule } from '../../../../server/modules/risk-evaluation/risk-evaluation.routes';
import { createTestApp, makeUser, type TestApp } from '../../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('demo data of the chemical risk and the arduousness', () => {
  it('gives the Lyon-Gerland plant its products (one SDS outdated, one missing) and exposures with their staff, once', async () => {
    const u = await makeUser(t);
    const q = (sql: string, p: unknown[] = [u.tenantId]) => t.db.dataSource.query(sql, p);
    await seedHierarchyDemo(t.db.dataSource, u.tenantId);
    for (const name of ['Bernard', 'Moreau', 'Lefèvre']) await q('INSERT INTO employee (tenant_id, last_name, first_name) VALUES ($1, $2, $3)', [u.tenantId, name, 'Camille']);
    await riskEvaluationModule.demo!(t.db.dataSource, u.tenantId);
    await riskEvaluationModule.demo!(t.db.dataSource, u.tenantId);
    const products = await q(`SELECT product, workstation_id IS NOT NULL AS placed, sds_date < (current_date - interval '3 years') AS outdated, sds_date IS NULL AS missing
      FROM du_chemical_product WHERE tenant_id = $1 ORDER BY product`);
    expect(products.map((p: { product: string }) => p.product)).toEqual(['Acétone', 'Argon-CO2 (gaz de soudage)', 'Huile soluble de coupe', 'Soude caustique 30 %', 'White spirit']);
    expect(products.every((p: { placed: boolean }) => p.placed)).toBe(true);
    expect(products.filter((p: { outdated: boolean }) => p.outdated).map((p: { product: string }) => p.product)).toEqual(['Acétone']);
    expect(products.filter((p: { missing: boolean }) => p.missing)).toHaveLength(1);
    const exposures = await q(`SELECT c.label, x.duration >= k.threshold AS flagged, (SELECT count(*)::int FROM du_arduousness_employee s WHERE s.exposure_id = x.id) AS staff
      FROM du_arduousness_exposure x JOIN du_arduousness_criterion c ON c.id = x.criterion_id JOIN du_arduousness_constraint k ON k.id = x.constraint_id
      WHERE x.tenant_id = $1 ORDER BY x.id`);
    expect(exposures).toHaveLength(6);
    expect(exposures.filter((x: { flagged: boolean }) => x.flagged).length).toBe(3);
    expect(exposures.every((x: { staff: number }) => x.staff >= 1)).toBe(true);
  });
});
