import { seedHierarchyDemo } from '../../../server/modules/hierarchy/hierarchy.demo';
import { riskEvaluationModule } from '../../../server/modules/risk-evaluation/risk-evaluation.routes';
import { verifyHistory } from '../../../server/modules/risk-evaluation/history/history-check';
import { chainHash } from '../../../server/modules/risk-evaluation/history/history.service';
import { dueDocuments } from '../../../server/modules/risk-evaluation/history/history-reminder.job';
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

  it('signs two versions of the plant\'s document a year apart, chained, through the history service (Chromium prints them)', async () => {
    const u = await makeUser(t);
    const q = (sql: string, p: unknown[] = [u.tenantId]) => t.db.dataSource.query(sql, p);
    await seedHierarchyDemo(t.db.dataSource, u.tenantId);
    await riskEvaluationModule.demo!(t.db.dataSource, u.tenantId);
    await riskEvaluationModule.demo!(t.db.dataSource, u.tenantId);
    const versions = await q(`SELECT v.number, v.hash, v.previous_hash, v.pdf_sha256, v.data_sha256, v.signed_by_id, v.signer_name, v.signature_image,
        v.created_at, v.signed_at, i.name AS entity FROM du_history_version v JOIN hierarchy_item i ON i.id = v.hierarchy_item_id
       WHERE v.tenant_id = $1 ORDER BY v.number`);
    expect(versions.map((v: { number: number; entity: string }) => [v.number, v.entity])).toEqual([[1, 'Usine de Lyon-Gerland'], [2, 'Usine de Lyon-Gerland']]);
    const [first, second] = versions;
    // Chained: the first opens the chain, the second carries the first's hash; each hash covers its PDF and data.
    expect(first.previous_hash).toBeNull();
    expect(second.previous_hash).toBe(first.hash);
    for (const v of versions) expect(v.hash).toBe(chainHash(v.pdf_sha256, v.previous_hash, v.data_sha256));
    // Both signed by the company's user, with a drawn signature, the older one 13 months ago, the newer a month ago.
    for (const v of versions) {
      expect(v.signed_by_id).toBe(u.id);
      expect(v.signer_name).toBeTruthy();
      expect(v.signature_image).toMatch(/^data:image\/png;base64,/);
      expect(new Date(v.signed_at).getTime()).toBeGreaterThan(new Date(v.created_at).getTime());
    }
    const daysAgo = (d: Date) => (Date.now() - new Date(d).getTime()) / 86_400_000;
    expect(daysAgo(first.signed_at)).toBeGreaterThan(365 + 27);
    expect(daysAgo(first.signed_at)).toBeLessThan(365 + 32);
    expect(daysAgo(second.signed_at)).toBeGreaterThan(27);
    expect(daysAgo(second.signed_at)).toBeLessThan(32);
    // The stored PDFs and data check out, and the latest signature is too recent for the yearly reminder.
    expect(await verifyHistory(t.db.dataSource, { tenantId: u.tenantId })).toEqual({ versions: 2, problems: [] });
    expect(await dueDocuments(t.db.dataSource, { tenantIds: [u.tenantId] })).toEqual([]);
    // The PAPRIPACT: shown (declared headcount), four lines, one in next year's programme.
    expect((await q(`SELECT value FROM setting WHERE tenant_id = $1 AND code = 'declared_headcount'`))[0].value).toBe('86');
    const lines = await q(`SELECT p.year, a.comments, a.source_type FROM du_papripact_line p JOIN action a ON a.id = p.action_id WHERE p.tenant_id = $1 ORDER BY p.year, a.id`);
    const year = new Date().getFullYear();
    expect(lines.map((l: { year: number }) => l.year)).toEqual([year, year, year, year + 1]);
    expect(lines.every((l: { source_type: string }) => l.source_type === 'risk_evaluation')).toBe(true);
  });

  it('starts without Chromium: one log line, no versions, the rest of the demo there', async () => {
    const u = await makeUser(t);
    const q = (sql: string) => t.db.dataSource.query(sql, [u.tenantId]);
    await seedHierarchyDemo(t.db.dataSource, u.tenantId);
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await riskEvaluationModule.demo!(t.db.dataSource, u.tenantId);
      expect(warn.mock.calls).toEqual([[expect.stringContaining('Chromium introuvable (/nonexistent/chromium')]]);
    } finally {
      warn.mockRestore();
      if (saved === undefined) delete process.env.CHROMIUM_PATH; else process.env.CHROMIUM_PATH = saved;
    }
    expect((await q('SELECT count(*)::int AS n FROM du_history_version WHERE tenant_id = $1'))[0].n).toBe(0);
    expect((await q('SELECT count(*)::int AS n FROM risk_evaluation WHERE tenant_id = $1'))[0].n).toBe(31);
    expect((await q('SELECT count(*)::int AS n FROM du_papripact_line WHERE tenant_id = $1'))[0].n).toBe(4);
  });
});
