import { createTestApp, type TestApp } from '../../support/app';
import { makePlan } from '../risk-analysis/helpers';
import { actor, postForm, XHR, type Actor } from '../risk-evaluation/du-fixtures';
import { ALL_RIGHTS, lastId, machineWithPoints } from './lockout-fixtures';

/** The prevention plan's « Consignations » tab: lists the plan's slips and creates one with the plan and its ordering customer filled. */
let t: TestApp;
let a: Actor;
beforeAll(async () => {
  t = await createTestApp();
  a = await actor(t, [...ALL_RIGHTS, 'pdp.view']);
});
afterAll(async () => { await t.close(); });

it('lists the plan\'s slips and creates one for the plan, the plan\'s workers offered as staff', async () => {
  const ds = t.db.dataSource;
  const plan = await makePlan(t, a.tenantId, a.id);
  await ds.query('UPDATE prevention_plan SET ordering_customer_id = $2 WHERE id = $1', [plan.id, a.id]);
  const [worker] = await ds.query("INSERT INTO plan_staff (tenant_id, plan_id, plan_company_id, last_name, first_name) VALUES ($1, $2, $3, 'Renard', 'Léo') RETURNING id", [a.tenantId, plan.id, plan.ee]);
  const { machineId } = await machineWithPoints(t, a, 'PT-1', 1);

  const empty = await a.agent.get(`/prevention-plan/${plan.id}?tab=consignment`);
  expect(empty.status).toBe(200);
  expect(empty.text).toContain('data-testid="plan-consignment"');
  expect(empty.text).toContain('Aucun bon de consignation pour ce plan.');
  expect(empty.text).toContain(`/consignment/new?plan=${plan.id}`);

  const form = await a.agent.get(`/consignment/new?plan=${plan.id}`).set(XHR);
  expect(form.text).toContain(`name="lockout_slip[planId]" value="${plan.id}"`);
  expect(form.text).toMatch(new RegExp(`id="lockout_slip_orderingCustomerId"[\\s\\S]*?<option value="${a.id}" selected>`));

  const created = await postForm(a, '/consignment/new', 'lockout_slip', { machineId, subject: 'Consignation pour le plan', planId: plan.id, orderingCustomerId: a.id, version: 0 });
  expect(created.status).toBe(201);
  const slipId = await lastId(t, 'lockout_slip', a.tenantId);
  const listed = await a.agent.get(`/prevention-plan/${plan.id}?tab=consignment`);
  expect(listed.text).toContain('Consignation pour le plan');

  const staffForm = await a.agent.get(`/consignment/${slipId}/staff/new`).set(XHR);
  expect(staffForm.text).toContain('Léo Renard (Électro Services)');
  expect((await postForm(a, `/consignment/${slipId}/staff/new`, 'lockout_staff', { planStaffId: worker.id })).status).toBe(201);
  expect(await ds.query('SELECT name, company, plan_staff_id FROM lockout_staff WHERE slip_id = $1', [slipId])).toEqual([{ name: 'Léo Renard', company: 'Électro Services', plan_staff_id: worker.id }]);
});
