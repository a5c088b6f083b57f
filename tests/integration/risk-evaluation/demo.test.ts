import { seedHierarchyDemo } from '../../../server/modules/hierarchy/hierarchy.demo';
import { riskEvaluationModule } from '../../../server/modules/risk-evaluation/risk-evaluation.routes';
import { createTestApp, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('demo data of the unique risk document', () => {
  it('gives the Lyon-Gerland plant a document over its six work units and the four levels, once', async () => {
    const u = await makeUser(t);
    const q = (sql: string, p: unknown[] = [u.tenantId]) => t.db.dataSource.query(sql, p);
    await seedHierarchyDemo(t.db.dataSource, u.tenantId);
    await riskEvaluationModule.demo!(t.db.dataSource, u.tenantId);
    await riskEvaluationModule.demo!(t.db.dataSource, u.tenantId);
    expect((await q('SELECT count(*)::int AS n FROM du_workstation WHERE tenant_id = $1'))[0].n).toBe(9);
    const byItem = await q(`SELECT i.name, count(*)::int AS n, count(DISTINCT e.work_unit_id)::int AS units FROM risk_evaluation e
      JOIN hierarchy_item i ON i.id = e.hierarchy_item_id WHERE e.tenant_id = $1 GROUP BY i.name ORDER BY i.name`);
    expect(byItem).toEqual([{ name: 'Entrepôt de Saint-Priest', n: 2, units: 2 }, { name: 'Usine de Lyon-Gerland', n: 29, units: 6 }]);
    const levels = await q(`SELECT l.label, count(*)::int AS n FROM risk_evaluation e JOIN du_priority_level l ON l.id = e.priority_level_id
      WHERE e.tenant_id = $1 GROUP BY l.label, l.min_value ORDER BY l.min_value`);
    expect(levels.map((l: { label: string }) => l.label)).toEqual(['Faible', 'Modéré', 'Élevé', 'Critique']);
    expect(levels.every((l: { n: number }) => l.n >= 3)).toBe(true);
    // Every line names its risks, is rated by the same rule as a save, and one is archived.
    expect((await q('SELECT count(*)::int AS n FROM risk_evaluation e WHERE e.tenant_id = $1 AND NOT EXISTS (SELECT 1 FROM risk_evaluation_risk r WHERE r.evaluation_id = e.id)'))[0].n).toBe(0);
    expect((await q(`SELECT count(*)::int AS n FROM risk_evaluation e JOIN du_scale_value g ON g.id = e.gravity_id JOIN du_scale_value p ON p.id = e.probability_id
      JOIN du_scale_value c ON c.id = e.control_id WHERE e.tenant_id = $1 AND e.priority_risk <> g.valuation * p.valuation * c.valuation`))[0].n).toBe(0);
    expect((await q('SELECT count(*)::int AS n FROM risk_evaluation WHERE tenant_id = $1 AND archived'))[0].n).toBe(1);
  });
});
