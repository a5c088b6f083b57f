import { closePdfBrowser } from '../../../server/kernel/pdf';
import { createTestApp, type TestApp } from '../../support/app';
import { binary, pdfText } from '../../support/pdf';
import { actor, createWorkOrder, newCompany, planWithCompany, postForm, row, signed, transition, fields, XHR } from '../work-order/fixtures';
import { addPermit, permitFields, permitScene, postPermit, postStep } from '../permit/permit-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await closePdfBrowser(); await t.close(); });

/** A machine of the company, with a slip in `state` when given; returns both ids. */
async function machine(tenantId: number, code: string, state?: string): Promise<{ machineId: number; slipId: number | null }> {
  const ds = t.db.dataSource;
  const [m] = await ds.query('INSERT INTO lockout_machine (tenant_id, code, name) VALUES ($1, $2, $3) RETURNING id', [tenantId, code, 'Presse hydraulique']);
  if (!state) return { machineId: m.id, slipId: null };
  const [s] = await ds.query(`INSERT INTO lockout_slip (tenant_id, number, machine_id, subject, state) VALUES ($1, $2, $3, 'Changement du vérin', $4) RETURNING id`,
    [tenantId, `CONS-${code}`, m.id, state]);
  return { machineId: m.id, slipId: s.id };
}

const setSlip = (slipId: number, state: string) => t.db.dataSource.query('UPDATE lockout_slip SET state = $2 WHERE id = $1', [slipId, state]);

const MESSAGE = (code: string) => `La machine Presse hydraulique (${code}) n'est pas consignée : la consignation doit être faite avant les travaux.`;
/** The states of a slip that leave its machine not locked out (every one but `consigned`). */
const NOT_CONSIGNED = ['draft', 'awaiting_consignment', 'end_works', 'deconsigned'];

describe('work order on a machine: validated only while a slip of the machine is consigned (issue 26 item 3)', () => {
  async function waitingWorkOrder(code: string | null, state?: string) {
    const company = newCompany();
    const oc = await actor(t, company, ['pdp.view']);
    const validator = await actor(t, company, ['pdp.view', 'pdp.view_all', 'pdp.validate_work_orders'], 'Valérie');
    const { planId, companyId } = await planWithCompany(t, oc);
    const m = code ? await machine(oc.tenantId, code, state) : null;
    const id = await createWorkOrder(oc, planId, companyId, m ? { machineId: String(m.machineId) } : {});
    expect((await transition(oc, id, 'send')).body.result).toBe(true);
    await transition(oc, id, 'sign', signed('Camille Test'));
    await transition(oc, id, 'sign', signed('Julien Morel'));
    return { oc, validator, id, planId, companyId, slipId: m?.slipId ?? null, machineId: m?.machineId ?? null };
  }

  it('offers the company\'s machines on the form and validates as before when none is chosen', async () => {
    const s = await waitingWorkOrder(null);
    await machine(s.oc.tenantId, 'PRESSE-00');
    const form = await s.oc.agent.get(`/work-order/add/${s.planId}`).set(XHR);
    expect(form.text).toContain('name="work_order[machineId]"');
    expect(form.text).toContain('PRESSE-00 – Presse hydraulique');
    expect((await row(t, s.id)).machine_id).toBeNull();
    expect((await transition(s.validator, s.id, 'validate')).body).toMatchObject({ result: true, state: { name: 'in_operation' } });
  });

  it('refuses validation, with the French reason, for a slip in draft, awaiting, end of works or deconsigned; validates once it is consigned', async () => {
    const s = await waitingWorkOrder('PRESSE-01', 'draft');
    expect((await row(t, s.id)).machine_id).toBe(s.machineId);
    for (const state of NOT_CONSIGNED) {
      await setSlip(s.slipId!, state);
      // The page draws the button disabled with the reason before any click.
      const page = await s.validator.agent.get(`/work-order/${s.id}`);
      expect(page.text).toMatch(/data-transition="validate"[^>]*disabled[^>]*data-blocked="1"/);
      expect(page.text).toContain('La machine Presse hydraulique (PRESSE-01) n&#39;est pas consignée : la consignation doit être faite avant les travaux.');
      const refused = await transition(s.validator, s.id, 'validate');
      expect({ state, status: refused.status, message: refused.body.message }).toEqual({ state, status: 403, message: MESSAGE('PRESSE-01') });
      expect(refused.body.buttons).toContain('data-blocked="1"');
      expect((await row(t, s.id)).state).toBe('waiting_sign');
    }
    await setSlip(s.slipId!, 'consigned');
    const page = await s.validator.agent.get(`/work-order/${s.id}`);
    expect(page.text).not.toContain('data-blocked="1"');
    expect(page.text).toContain('PRESSE-01 – Presse hydraulique');
    const pdf = await s.validator.agent.get(`/work-order/${s.id}/pdf`).buffer(true).parse(binary as never);
    expect(pdfText(pdf.body as Buffer)).toContain('PRESSE-01 – Presse hydraulique');
    expect((await transition(s.validator, s.id, 'validate')).body).toMatchObject({ result: true, state: { name: 'in_operation' } });
  });

  it('refuses a machine of another company as an invalid choice, and the machine of a slip archived does not count', async () => {
    const other = await actor(t, newCompany(), ['pdp.view']);
    const foreign = await machine(other.tenantId, 'AUTRE-01', 'consigned');
    const s = await waitingWorkOrder('PRESSE-02', 'deconsigned');
    const res = await postForm(s.oc, `/work-order/add/${s.planId}`, fields(s.companyId, { machineId: String(foreign.machineId) }));
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="error-machineId"');
    expect(res.text).not.toContain('AUTRE-01');
    // Archived (abandoned) slips never unlock the work, whatever their stored state.
    await t.db.dataSource.query('UPDATE lockout_slip SET state = $2, archived = true WHERE id = $1', [s.slipId, 'consigned']);
    expect((await transition(s.validator, s.id, 'validate')).status).toBe(403);
  });
});

describe('permit on a machine: its before-work step (its validation) needs a consigned slip of the machine', () => {
  it('draws the step button disabled with the reason and refuses the step until the slip is consigned; no machine, no change', async () => {
    const s = await permitScene(t, ['pdp.view']);
    const plain = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s));
    expect((await postStep(s.customer, `/fire-permit/${plain}/step/before`, { questionId: s.survey.questionId, answer: s.survey.yes })).status).toBe(201);

    const m = await machine(s.customer.tenantId, 'FOUR-01', 'draft');
    const form = await s.customer.agent.get(`/fire-permit/add/${s.planId}`).set(XHR);
    expect(form.text).toContain('FOUR-01 – Presse hydraulique');
    const id = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { machineId: String(m.machineId) }));
    for (const state of NOT_CONSIGNED) {
      await setSlip(m.slipId!, state);
      const page = await s.customer.agent.get(`/fire-permit/${id}`);
      expect(page.text).toMatch(/<button[^>]*disabled[^>]*data-testid="permit-step-before"/);
      expect(page.text).toContain('La machine Presse hydraulique (FOUR-01) n&#39;est pas consignée');
      const refused = await postStep(s.customer, `/fire-permit/${id}/step/before`, { questionId: s.survey.questionId, answer: s.survey.yes });
      expect({ state, status: refused.status, message: refused.body.message }).toEqual({ state, status: 403, message: MESSAGE('FOUR-01') });
    }
    await setSlip(m.slipId!, 'consigned');
    const page = await s.customer.agent.get(`/fire-permit/${id}`);
    expect(page.text).toMatch(/<a[^>]*data-testid="permit-step-before"/);
    expect(page.text).toContain('FOUR-01 – Presse hydraulique');
    expect((await postStep(s.customer, `/fire-permit/${id}/step/before`, { questionId: s.survey.questionId, answer: s.survey.yes })).status).toBe(201);
    const pdf = await s.customer.agent.get(`/fire-permit/${id}/pdf`).buffer(true).parse(binary as never);
    expect(pdfText(pdf.body as Buffer)).toContain('FOUR-01 – Presse hydraulique');
    const [p] = await t.db.dataSource.query('SELECT state, machine_id FROM permit WHERE id = $1', [id]);
    expect(p).toEqual({ state: 'in_progress', machine_id: m.machineId });
  });

  it('refuses a machine of another company as invalid', async () => {
    const s = await permitScene(t, ['pdp.view']);
    const other = await actor(t, newCompany(), ['pdp.view']);
    const foreign = await machine(other.tenantId, 'AUTRE-02', 'consigned');
    const res = await postPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { machineId: String(foreign.machineId) }));
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="error-machineId"');
  });
});

describe('the machine page lists the work orders naming it, as the work order list would show them to the reader', () => {
  const listed = (html: string) => [...html.matchAll(/data-testid="work-order-row" data-id="(\d+)"/g)].map((m) => Number(m[1]));
  /** `n` copies of work order `id` (same plan, machine and dates, numbers suffixed with `tag`). */
  async function copies(id: number, n: number, tag: string): Promise<void> {
    const ds = t.db.dataSource;
    const cols = (await ds.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'work_order' AND column_name NOT IN ('id', 'number')`))
      .map((c: { column_name: string }) => `"${c.column_name}"`).join(', ');
    await ds.query(`INSERT INTO work_order (${cols}, number) SELECT ${cols}, number || '-' || $2 || g FROM work_order, generate_series(1, ${n}) g WHERE id = $1`, [id, tag]);
  }

  it("shows the machine's work orders only, an empty state that says how to link one, and nothing to a reader without the plans' view right", async () => {
    const company = newCompany();
    const oc = await actor(t, company, ['pdp.view', 'consignment.access']);
    const { planId, companyId } = await planWithCompany(t, oc);
    const press = await machine(oc.tenantId, 'PRESSE-10');
    const lathe = await machine(oc.tenantId, 'TOUR-10');
    const onPress = await createWorkOrder(oc, planId, companyId, { machineId: String(press.machineId) });
    const onLathe = await createWorkOrder(oc, planId, companyId, { machineId: String(lathe.machineId) });
    const page = await oc.agent.get(`/consignment/machines/${press.machineId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Bons de travail sur cette machine');
    expect(listed(page.text)).toEqual([onPress]);
    expect(page.text).toContain(`href="/work-order/${onPress}"`);
    expect(listed((await oc.agent.get(`/consignment/machines/${lathe.machineId}`)).text)).toEqual([onLathe]);

    const saw = await machine(oc.tenantId, 'SCIE-10');
    const empty = await oc.agent.get(`/consignment/machines/${saw.machineId}`);
    expect(listed(empty.text)).toEqual([]);
    expect(empty.text).toContain('Aucun bon de travail ne nomme cette machine.');

    // A reader who does not see the plan does not see its work orders here either.
    const stranger = await actor(t, company, ['pdp.view', 'consignment.access'], 'Paul');
    const strange = await stranger.agent.get(`/consignment/machines/${press.machineId}`);
    expect(strange.status).toBe(200);
    expect(listed(strange.text)).toEqual([]);
    // Without the plans' view right, the card is not drawn at all.
    const lockoutOnly = await actor(t, company, ['consignment.access'], 'Luc');
    const hidden = await lockoutOnly.agent.get(`/consignment/machines/${press.machineId}`);
    expect(hidden.status).toBe(200);
    expect(hidden.text).not.toContain('data-testid="machine-work-orders"');
  });

  it('shows the 20 newest: all 20 without a note, 20 of 21 with « Les 20 plus récents sur 21 »', async () => {
    const company = newCompany();
    const oc = await actor(t, company, ['pdp.view', 'consignment.access']);
    const { planId, companyId } = await planWithCompany(t, oc);
    const press = await machine(oc.tenantId, 'PRESSE-20');
    const first = await createWorkOrder(oc, planId, companyId, { machineId: String(press.machineId) });
    await copies(first, 19, 'a');
    const twenty = await oc.agent.get(`/consignment/machines/${press.machineId}`);
    expect(listed(twenty.text)).toHaveLength(20);
    expect(twenty.text).not.toContain('plus récents sur');
    await copies(first, 1, 'b');
    const more = await oc.agent.get(`/consignment/machines/${press.machineId}`);
    expect(listed(more.text)).toHaveLength(20);
    expect(more.text).toContain('Les 20 plus récents sur 21');
  });
});

describe('the machine page lists the permits naming it, as the permit pages would let the reader see them', () => {
  const listed = (html: string) => [...html.matchAll(/data-testid="permit-row-(\d+)"/g)].map((m) => Number(m[1]));

  it("shows the machine's permits of plans the reader sees, those outside plans only with pdp.view_fire_permits, and no card without pdp.view", async () => {
    const s = await permitScene(t, ['pdp.view', 'consignment.access']);
    const ds = t.db.dataSource;
    const oven = await machine(s.customer.tenantId, 'FOUR-10');
    const saw = await machine(s.customer.tenantId, 'SCIE-11');
    const inPlan = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { machineId: String(oven.machineId) }));
    const onSaw = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { machineId: String(saw.machineId) }));
    // The same permit outside any plan (as the fire permit list allows), on the oven.
    const cols = (await ds.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'permit' AND column_name NOT IN ('id', 'number', 'plan_id')`))
      .map((c: { column_name: string }) => `"${c.column_name}"`).join(', ');
    const [{ id: outside }] = await ds.query(`INSERT INTO permit (${cols}, number, plan_id) SELECT ${cols}, number || '-H', NULL FROM permit WHERE id = $1 RETURNING id`, [inPlan]);

    const page = await s.customer.agent.get(`/consignment/machines/${oven.machineId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Permis sur cette machine');
    expect(listed(page.text)).toEqual([inPlan]);
    expect(page.text).toContain(`href="/fire-permit/${inPlan}"`);
    expect(listed((await s.customer.agent.get(`/consignment/machines/${saw.machineId}`)).text)).toEqual([onSaw]);

    // A reader who does not see the plan but sees fire permits outside plans: the outside one only.
    const fireReader = await actor(t, s.company, ['pdp.view', 'pdp.view_fire_permits', 'consignment.access'], 'Firmin');
    expect(listed((await fireReader.agent.get(`/consignment/machines/${oven.machineId}`)).text)).toEqual([outside]);
    expect((await fireReader.agent.get(`/fire-permit/${outside}`)).status).toBe(200);

    const press = await machine(s.customer.tenantId, 'PRESSE-11');
    const empty = await s.customer.agent.get(`/consignment/machines/${press.machineId}`);
    expect(empty.text).toContain('Aucun permis ne nomme cette machine.');
    const lockoutOnly = await actor(t, s.company, ['consignment.access'], 'Luc');
    const hidden = await lockoutOnly.agent.get(`/consignment/machines/${oven.machineId}`);
    expect(hidden.status).toBe(200);
    expect(hidden.text).not.toContain('data-testid="machine-permits"');

    // The 20 newest: 20 listed without a note, then 20 of 21 with the note.
    const copy = (n: number, tag: string) => ds.query(`INSERT INTO permit (${cols}, number, plan_id) SELECT ${cols}, number || '-' || $2 || g, plan_id FROM permit, generate_series(1, ${n}) g WHERE id = $1`, [inPlan, tag]);
    await copy(19, 'a');
    const twenty = await s.customer.agent.get(`/consignment/machines/${oven.machineId}`);
    expect(listed(twenty.text)).toHaveLength(20);
    expect(twenty.text).not.toContain('plus récents sur');
    await copy(1, 'b');
    const more = await s.customer.agent.get(`/consignment/machines/${oven.machineId}`);
    expect(listed(more.text)).toHaveLength(20);
    expect(more.text).toContain('Les 20 plus récents sur 21');
  });
});
