import { listActions } from '../../../server/modules/action-plan/action-list.service';
import { filterSchema as actionFilterSchema } from '../../../server/modules/action-plan/action-plan.schema';
import { longPlanIds } from '../../../server/modules/prevention-plan/core/plan-long-works.service';
import { listEvents } from '../../../server/modules/event/event-list.service';
import { listFilterSchema } from '../../../server/modules/event/event.schema';
import { evaluationFilterSchema, listEvaluations } from '../../../server/modules/risk-evaluation/evaluations/evaluation-list.service';
import { exposureFilterSchema } from '../../../server/modules/risk-evaluation/arduousness/arduousness.schema';
import { listExposures } from '../../../server/modules/risk-evaluation/arduousness/arduousness.service';
import { chemicalFilterSchema } from '../../../server/modules/risk-evaluation/chemical/chemical.schema';
import { listChemicals } from '../../../server/modules/risk-evaluation/chemical/chemical.service';
import { sampleUser } from '../../fixtures/sample-workflow';
import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { planNodes, plansOf } from '../../support/query-plan';

/**
 * The lists' query plans, checked with sequential scans and sorts disabled (tests/support/query-plan.ts):
 * a list page reads its rows in order from an index, so it stays flat however many rows the
 * company has. A list whose plan regresses (a dropped index, an ORDER BY no index matches) fails here.
 */
/** The plan's nodes, leaving out sub-plans run once per row (what a row's own columns read). */
function outsideSubPlans(node: Record<string, any>): Array<Record<string, any>> {
  const children = ((node.Plans ?? []) as Array<Record<string, any>>).filter((c) => c['Parent Relationship'] !== 'SubPlan');
  return [node, ...children.flatMap(outsideSubPlans)];
}

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('list query plans', () => {
  it('events: the default order (date, newest first, undated last) comes from an index, without a sort', async () => {
    const owner = await makeUser(t, { roles: ['admin'] });
    const user = sampleUser(owner.id, ['event.list_all'], { tenantId: owner.tenantId });
    const planned = await plansOf(t.db.dataSource, (db) =>
      listEvents(db, owner.tenantId, user, listFilterSchema.parse({}), { page: 1, perPage: 25, offset: 0 }));
    const rows = planned.find((q) => /ORDER BY/.test(q.sql));
    expect(rows).toBeDefined();
    const nodes = planNodes(rows!.plan);
    expect(nodes.map((n) => n['Node Type']).filter((n) => /Sort/.test(n))).toEqual([]);
    expect(nodes.filter((n) => n['Relation Name'] === 'event').map((n) => n['Index Name'])).toEqual(['IDX_event_list_date']);
  });

  it('actions: the default order (newest first) and the deadline order come from indexes, without a sort', async () => {
    const owner = await makeUser(t, { roles: ['admin'] });
    const user = sampleUser(owner.id, ['action.view_all'], { tenantId: owner.tenantId });
    for (const sort of [{}, { sort: 'deadline' }]) {
      const planned = await plansOf(t.db.dataSource, (db) =>
        listActions(db, user, { filters: actionFilterSchema.parse(sort), itemIds: [], mine: false }, { page: 1, perPage: 50, offset: 0 }));
      const rows = planned.find((q) => /ORDER BY/.test(q.sql));
      expect(rows).toBeDefined();
      expect(planNodes(rows!.plan).map((n) => n['Node Type']).filter((n) => /Sort/.test(n))).toEqual([]);
    }
  });

  it('the unique risk document: most critical first, filtered or not, read backwards from IDX_risk_evaluation_list, without a sort', async () => {
    const owner = await makeUser(t, { roles: ['admin'] });
    for (const [query, scope] of [[{}, { unrestricted: true, itemIds: [] }], [{ level: '3', family: '4', archived: '1' }, { unrestricted: false, itemIds: [1, 2] }]] as const) {
      const planned = await plansOf(t.db.dataSource, (db) =>
        listEvaluations(db, owner.tenantId, { ...scope, itemIds: [...scope.itemIds] }, evaluationFilterSchema.parse(query), { page: 1, perPage: 25, offset: 0 }));
      const rows = planned.find((q) => /ORDER BY e\.priority_risk DESC/.test(q.sql));
      expect(rows).toBeDefined();
      const nodes = planNodes(rows!.plan);
      expect(nodes.map((n) => n['Node Type']).filter((n) => /Sort/.test(n))).toEqual([]);
      expect(nodes.filter((n) => n['Relation Name'] === 'risk_evaluation').map((n) => n['Index Name'])).toEqual(['IDX_risk_evaluation_list']);
    }
  });

  it('the chemical products (by name) and the arduousness exposures (newest first), filtered or not, come from their list indexes, without a sort', async () => {
    const owner = await makeUser(t, { roles: ['admin'] });
    const page = { page: 1, perPage: 25, offset: 0 };
    for (const [query, scope] of [[{}, { unrestricted: true, itemIds: [] }], [{ hazard: 'GHS02', outdated: '1', archived: '1' }, { unrestricted: false, itemIds: [1, 2] }]] as const) {
      const planned = await plansOf(t.db.dataSource, (db) =>
        listChemicals(db, owner.tenantId, { ...scope, itemIds: [...scope.itemIds] }, chemicalFilterSchema.parse(query), page, '2026-06-15'));
      const nodes = planNodes(planned.find((q) => /ORDER BY c\.product/.test(q.sql))!.plan);
      expect(nodes.map((n) => n['Node Type']).filter((n) => /Sort/.test(n))).toEqual([]);
      expect(nodes.filter((n) => n['Relation Name'] === 'du_chemical_product').map((n) => n['Index Name'])).toEqual(['IDX_du_chemical_product_list']);
    }
    for (const [query, scope] of [[{}, { unrestricted: true, itemIds: [] }], [{ flagged: '1', criterion: '3', archived: '1' }, { unrestricted: false, itemIds: [1, 2] }]] as const) {
      const planned = await plansOf(t.db.dataSource, (db) =>
        listExposures(db, owner.tenantId, { ...scope, itemIds: [...scope.itemIds] }, exposureFilterSchema.parse(query), page));
      const plan = planned.find((q) => /ORDER BY x\.id DESC/.test(q.sql))!.plan;
      const nodes = planNodes(plan);
      // The page's rows come in order from the index. The staff names of each row are read by a
      // sub-plan that may sort that one exposure's few employees (PGlite does): bounded, not a scan.
      expect(outsideSubPlans(plan).map((n) => n['Node Type']).filter((n) => /Sort/.test(n))).toEqual([]);
      expect(nodes.filter((n) => n['Relation Name'] === 'du_arduousness_exposure').map((n) => n['Index Name'])).toEqual(['IDX_du_arduousness_exposure_list']);
    }
  });

  it("the 400-hour rule reaches a company's other plans through its two indexes, not through all the company's rows", async () => {
    const owner = await makeUser(t, { roles: ['admin'] });
    // The dense case of the bench, smaller: 5,000 plans, 50 outside companies on 100 plans each
    // (one in ten typed by hand), so that the planner weighs a real table.
    const ds = t.db.dataSource;
    await ds.query(`INSERT INTO tiers (tenant_id, name) SELECT $1, 'Entreprise ' || g FROM generate_series(1, 50) g`, [owner.tenantId]);
    await ds.query(`INSERT INTO prevention_plan (tenant_id, pdp_number, subject, start_date, end_date, hours_worked)
      SELECT $1, 'PDP-' || g, 'Plan ' || g, date '2026-01-01' + (g % 365), date '2026-01-01' + (g % 365) + 20, 5 + g % 40 FROM generate_series(1, 5000) g`, [owner.tenantId]);
    await ds.query(`INSERT INTO plan_company (tenant_id, plan_id, kind, tiers_id, name)
      SELECT $1, p.id, 'EE', CASE WHEN t.n % 10 = 0 THEN NULL ELSE t.id END, t.name FROM prevention_plan p
        JOIN (SELECT id, name, row_number() OVER (ORDER BY id) - 1 AS n FROM tiers WHERE tenant_id = $1) t ON t.n = p.id % 50
       WHERE p.tenant_id = $1`, [owner.tenantId]);
    await ds.query('ANALYZE prevention_plan');
    await ds.query('ANALYZE plan_company');
    const newest: number[] = (await ds.query('SELECT id FROM prevention_plan WHERE tenant_id = $1 ORDER BY id DESC LIMIT 25', [owner.tenantId])).map((r: { id: number }) => r.id);
    const planned = await plansOf(ds, (db) => longPlanIds(db, owner.tenantId, newest));
    expect(planned).toHaveLength(1);
    const indexes = new Set(planNodes(planned[0].plan).map((n) => n['Index Name']).filter(Boolean));
    expect([...indexes]).toEqual(expect.arrayContaining(['IDX_plan_company_long_tiers', 'IDX_plan_company_long_name']));
    // The plans reached are read one by one by their key, never the whole table hashed: at 100,000
    // plans the hash join read every plan of the company (70 ms instead of ~5).
    const planReads = planNodes(planned[0].plan).filter((n) => n['Relation Name'] === 'prevention_plan');
    expect(planReads.length).toBeGreaterThan(0);
    expect(planReads.filter((n) => !n['Index Cond'])).toEqual([]);
  });
});
