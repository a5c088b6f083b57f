import { FixedClock, useClock } from '../../../server/kernel/clock';
import { expireWorkOrders } from '../../../server/modules/work-order/work-order-expiry.job';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, createWorkOrder, newCompany, planWithCompany, row, signed, transition, XHR } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const OC = ['pdp.view'];

describe('work order workflow', () => {
  it('goes draft -> waiting_sign -> (start signatures) -> in_operation -> (end signatures) -> expired, the waiting role saying whose turn it is', async () => {
    const company = newCompany();
    const oc = await actor(t, company, OC);
    const validator = await actor(t, company, ['pdp.view', 'pdp.view_all', 'pdp.validate_work_orders'], 'Valérie');
    const { planId, companyId } = await planWithCompany(t, oc);
    const id = await createWorkOrder(oc, planId, companyId);
    expect(await row(t, id)).toMatchObject({ state: 'draft', waiting_role: null });

    const sent = await transition(oc, id, 'send');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ result: true, state: { name: 'waiting_sign' } });
    expect(sent.body.buttons).toContain('data-transition="sign"');
    expect((await row(t, id)).waiting_role).toBe('ordering_customer');

    // The validator may not validate before both start signatures.
    const early = await transition(validator, id, 'validate');
    expect(early.status).toBe(403);
    expect(early.body.message).toContain('signatures de début');

    // First press answers the signature form; posting it signs the awaited role.
    const form = await transition(oc, id, 'sign');
    expect(form.status).toBe(200);
    expect(form.body.signatureForm).toContain('data-signature-form');
    const first = await transition(oc, id, 'sign', signed('Camille Test'));
    expect(first.body).toMatchObject({ result: true, state: { name: 'waiting_sign' } });
    expect((await row(t, id)).waiting_role).toBe('contact');
    const second = await transition(oc, id, 'sign', signed('Julien Morel'));
    expect(second.body.result).toBe(true);
    expect((await row(t, id)).waiting_role).toBe('validator');
    const sigs = await t.db.dataSource.query('SELECT moment, signer_role, signer_name FROM work_order_signature WHERE work_order_id = $1 ORDER BY id', [id]);
    expect(sigs).toEqual([
      { moment: 'start', signer_role: 'ordering_customer', signer_name: 'Camille Test' },
      { moment: 'start', signer_role: 'contact', signer_name: 'Julien Morel' },
    ]);

    // The ordering customer lacks pdp.validate_work_orders: no button, 403.
    expect((await transition(oc, id, 'validate')).status).toBe(403);
    const validated = await transition(validator, id, 'validate');
    expect(validated.body).toMatchObject({ result: true, state: { name: 'in_operation' } });
    expect(await row(t, id)).toMatchObject({ state: 'in_operation', waiting_role: null });

    // An intermediate signature while in operation, then closing needs both end signatures.
    const mid = await oc.agent.post(`/work-order/${id}/sign/intermediate_contact`).set(XHR).type('form').send({ _csrf_token: oc.csrf, ...signed('Julien Morel') });
    expect(mid.status).toBe(201);
    const refused = await transition(oc, id, 'close');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('signatures de fin');
    // Two people sign the end (one person may not sign both roles: duties.test.ts).
    for (const [slot, name] of [['end_ordering_customer', 'Camille Test'], ['end_contact', 'Julien Morel']]) {
      const res = await oc.agent.post(`/work-order/${id}/sign/${slot}`).set(XHR).type('form').send({ _csrf_token: oc.csrf, ...signed(name) });
      expect(res.status).toBe(201);
    }
    // A second end signature of the same role is refused.
    expect((await oc.agent.post(`/work-order/${id}/sign/end_contact`).set(XHR).type('form').send({ _csrf_token: oc.csrf, ...signed('X') })).status).toBe(403);
    const closed = await transition(oc, id, 'close');
    expect(closed.body).toMatchObject({ result: true, state: { name: 'expired' } });

    const history = await oc.agent.get(`/work-order/${id}/history`).set(XHR);
    expect(history.status).toBe(200);
    for (const text of ['Création', 'Envoyer pour signature', 'Valider', 'Signature intermédiaire', 'Clôturer']) expect(history.text).toContain(text);
  });

  it('refuses a signature form without a drawing and keeps the typed name', async () => {
    const oc = await actor(t, newCompany(), OC);
    const { planId, companyId } = await planWithCompany(t, oc);
    const id = await createWorkOrder(oc, planId, companyId);
    await transition(oc, id, 'send');
    const res = await transition(oc, id, 'sign', { 'signature[name]': 'Camille Test', 'signature[image]': '' });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(false);
    expect(res.body.signatureForm).toContain('Camille Test');
    expect((await row(t, id)).waiting_role).toBe('ordering_customer');
  });

  it('never validates before the plan is in operation, even with the toggle "work order before validation"', async () => {
    const company = newCompany();
    const oc = await actor(t, company, OC);
    const validator = await actor(t, company, ['pdp.view', 'pdp.view_all', 'pdp.validate_work_orders']);
    const { planId, companyId } = await planWithCompany(t, oc, { status: 'waiting_sign' });
    // Without the toggle, no work order on a plan not in operation.
    expect((await oc.agent.get(`/work-order/add/${planId}`).set(XHR)).status).toBe(403);
    await t.db.dataSource.query("INSERT INTO feature_toggle (tenant_id, code, enabled) VALUES ($1, 'work_order_before_validation', true)", [oc.tenantId]);
    const id = await createWorkOrder(oc, planId, companyId);
    expect((await transition(oc, id, 'send')).body.result).toBe(true);
    await transition(oc, id, 'sign', signed('Camille Test'));
    await transition(oc, id, 'sign', signed('Julien Morel'));
    const refused = await transition(validator, id, 'validate');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Le plan de prévention doit être en application pour valider un bon de travail.');
    await t.db.dataSource.query("UPDATE prevention_plan SET status = 'in_operation' WHERE id = $1", [planId]);
    expect((await transition(validator, id, 'validate')).body.result).toBe(true);
  });

  it('the daily job expires work orders past their end date, as the system', async () => {
    const oc = await actor(t, newCompany(), OC);
    const { planId, companyId } = await planWithCompany(t, oc);
    const live = await createWorkOrder(oc, planId, companyId);
    const restore = useClock(new FixedClock(new Date(Date.now() + 5 * 86_400_000)));
    try {
      expect(await expireWorkOrders(t.db.dataSource, { tenantIds: [oc.tenantId] })).toBe(1);
    } finally { restore(); }
    expect((await row(t, live)).state).toBe('expired');
    const [h] = await t.db.dataSource.query("SELECT user_id, transition FROM history_entry WHERE subject_type = 'work_order' AND subject_id = $1 AND transition = 'close'", [live]);
    expect(h).toEqual({ user_id: null, transition: 'close' });
  });

  it('CSRF: a transition without the token is refused', async () => {
    const oc = await actor(t, newCompany(), OC);
    const { planId, companyId } = await planWithCompany(t, oc);
    const id = await createWorkOrder(oc, planId, companyId);
    const res = await oc.agent.post(`/work-order/${id}/apply/send`).set(XHR).type('form').send({ comment: '' });
    expect(res.status).toBe(403);
    expect((await row(t, id)).state).toBe('draft');
  });
});
