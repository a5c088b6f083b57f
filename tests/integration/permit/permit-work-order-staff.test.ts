import { createTestApp, type TestApp } from '../../support/app';
import { addPermit, permitFields, permitScene, postPermit, XHR } from './permit-fixtures';

// Issue 25 item 11: the fire permit takes its work order's sector and offers the plan's outside workers.

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = async (sql: string, params: unknown[]) => (await t.db.dataSource.query(sql, params)) as Array<Record<string, any>>;
const html = (s: string) => s.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** A second sector of the site, a work order in it, and two outside companies with staff on the plan (plus the user company's). */
async function scene() {
  const s = await permitScene(t);
  const tenantId = s.customer.tenantId;
  const [site] = await q('SELECT item_id FROM sector WHERE id = $1', [s.sectorId]);
  const [boiler] = await q("INSERT INTO sector (tenant_id, item_id, name) VALUES ($1, $2, 'Chaufferie') RETURNING id", [tenantId, site.item_id]);
  const [wo] = await q(`INSERT INTO work_order (tenant_id, plan_id, number, start_date, end_date, sector_id) VALUES ($1, $2, $3, CURRENT_DATE, CURRENT_DATE, $4) RETURNING id`,
    [tenantId, s.planId, `BT-S-${Date.now()}`, boiler.id]);
  const company = async (kind: string, name: string, parent: number | null = null) =>
    (await q('INSERT INTO plan_company (tenant_id, plan_id, kind, name, parent_id) VALUES ($1, $2, $3, $4, $5) RETURNING id', [tenantId, s.planId, kind, name, parent]))[0].id as number;
  const staff = async (companyId: number, first: string, last: string) =>
    (await q('INSERT INTO plan_staff (tenant_id, plan_id, plan_company_id, first_name, last_name) VALUES ($1, $2, $3, $4, $5) RETURNING id', [tenantId, s.planId, companyId, first, last]))[0].id as number;
  const eu = await company('EU', 'Chimie du Rhône SA');
  const ee = await company('EE', 'Soudures Durand SARL');
  const st = await company('ST', 'Calorifuge Martin', ee);
  const ids = {
    julie: await staff(ee, 'Julie', 'Roche'), marc: await staff(st, 'Marc', 'Blanc'), host: await staff(eu, 'Hélène', 'Vidal'),
  };
  return { s, boiler: Number(boiler.id), workOrder: Number(wo.id), ids };
}

describe('fire permit of a work order', () => {
  it('opened from a work order, prefills that work order and its sector, still editable', async () => {
    const { s, boiler, workOrder } = await scene();
    const woPage = html((await s.customer.agent.get(t.ctx.routes.path('work_order_show', { id: workOrder }))).text);
    expect(woPage).toContain(`href="/fire-permit/add/${s.planId}?work_order=${workOrder}" data-modal data-modal-size="lg" data-testid="work-order-fire-permit"`);
    expect(woPage).toContain('Créer un permis de feu');
    const form = html((await s.customer.agent.get(`/fire-permit/add/${s.planId}?work_order=${workOrder}`).set(XHR)).text);
    expect(form).toMatch(new RegExp(`<option value="${workOrder}" selected>BT-S-`));
    expect(form).toMatch(new RegExp(`<option value="${boiler}" selected>Usine de Lyon – Chaufferie</option>`));
    expect(form).toMatch(new RegExp(`<option value="${s.sectorId}">Usine de Lyon – Atelier soudure</option>`));
    // Without a work order nothing is chosen; another plan's work order in the query is ignored.
    const plain = html((await s.customer.agent.get(`/fire-permit/add/${s.planId}?work_order=999999`).set(XHR)).text);
    expect(plain).not.toMatch(/<option value="\d+" selected>Usine de Lyon/);
    // The user picks another sector: kept.
    const other = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { workOrderId: String(workOrder) }));
    expect((await q('SELECT sector_id FROM permit WHERE id = $1', [other]))[0].sector_id).toBe(s.sectorId);
  });

  it('left without a sector, takes the work order\'s on save; without a work order stays without', async () => {
    const { s, boiler, workOrder } = await scene();
    const id = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields({}, { workOrderId: String(workOrder) }));
    expect((await q('SELECT sector_id, work_order_id FROM permit WHERE id = $1', [id]))[0]).toEqual({ sector_id: boiler, work_order_id: workOrder });
    const page = html((await s.customer.agent.get(`/fire-permit/${id}`)).text);
    expect(page).toContain('Chaufferie');
    const none = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields({}));
    expect((await q('SELECT sector_id FROM permit WHERE id = $1', [none]))[0].sector_id).toBeNull();
  });
});

describe('the plan\'s outside workers in the permit\'s people', () => {
  it('are offered by company beside the users, saved with their company, shown and kept on edit', async () => {
    const { s, ids } = await scene();
    const form = html((await s.customer.agent.get(`/fire-permit/add/${s.planId}`).set(XHR)).text);
    expect(form).toContain('Intervenants du plan (entreprises extérieures)');
    expect(form).toMatch(new RegExp(`<optgroup label="Soudures Durand SARL">\\s*<option value="${ids.julie}">Julie Roche \\(Soudures Durand SARL\\)</option>`));
    expect(form).toMatch(new RegExp(`<optgroup label="Calorifuge Martin">\\s*<option value="${ids.marc}">Marc Blanc \\(Calorifuge Martin\\)</option>`));
    // The user company's staff are its users, not outside workers.
    expect(form).not.toContain('Hélène Vidal');

    const id = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { workerStaffIds: [String(ids.julie), String(ids.marc)], postSupervisorStaffIds: [String(ids.julie)] }));
    const persons = await q('SELECT role, user_id, plan_staff_id, name FROM permit_person WHERE permit_id = $1 AND plan_staff_id IS NOT NULL ORDER BY role, name', [id]);
    expect(persons).toEqual([
      { role: 'post_supervisor', user_id: null, plan_staff_id: ids.julie, name: 'Julie Roche (Soudures Durand SARL)' },
      { role: 'worker', user_id: null, plan_staff_id: ids.julie, name: 'Julie Roche (Soudures Durand SARL)' },
      { role: 'worker', user_id: null, plan_staff_id: ids.marc, name: 'Marc Blanc (Calorifuge Martin)' },
    ]);
    const page = html((await s.customer.agent.get(`/fire-permit/${id}`)).text);
    expect(page).toContain('Julie Roche (Soudures Durand SARL), Marc Blanc (Calorifuge Martin)');

    const edit = html((await s.customer.agent.get(`/fire-permit/${id}/edit`).set(XHR)).text);
    expect(edit).toMatch(new RegExp(`<option value="${ids.marc}" selected>Marc Blanc`));
    // Typed names stay in the names box, chosen workers are not copied there.
    expect(edit).toMatch(/name="permit\[workerNames\]"[^>]*>Luc Durand\nAnne Petit<\/textarea>/);
  });

  it('refuses a worker of another plan or company with a French message, keeping what was typed', async () => {
    const { s, ids } = await scene();
    const other = await scene();
    const res = await postPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { description: 'Meulage quai 3', workerStaffIds: [String(ids.julie), String(other.ids.marc)] }));
    expect(res.status).toBe(200);
    const text = html(res.text);
    expect(text).toContain('Cette valeur n\'est pas valide.');
    expect(text).toContain('Meulage quai 3');
    expect((await q("SELECT count(*)::int AS n FROM permit WHERE description = 'Meulage quai 3' AND tenant_id = $1", [s.customer.tenantId]))[0].n).toBe(0);
  });
});
