import { closePdfBrowser } from '../../../server/kernel/pdf';
import { planMailer } from '../../../server/modules/prevention-plan/core/plan-mail';
import { createQuestionnaire } from '../../../server/modules/questionnaire/questionnaire.service';
import { createTestApp, type TestApp } from '../../support/app';
import { setting } from '../prevention-plan/plan-helpers';
import { actor, createWorkOrder, frDay, newCompany, planWithCompany, row, signed, transition, XHR } from './fixtures';
import { pdfText, binary } from '../../support/pdf';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await closePdfBrowser(); await t.close(); });

describe('work order lists, widget and indicator', () => {
  it('global list (filters, pager), list by plan, plan tab; only the plans the user sees', async () => {
    const company = newCompany();
    const oc = await actor(t, company, ['pdp.view']);
    const a = await planWithCompany(t, oc);
    const b = await planWithCompany(t, oc);
    const first = await createWorkOrder(oc, a.planId, a.companyId, { nature: 'Soudure de la tuyauterie vapeur' });
    const second = await createWorkOrder(oc, b.planId, b.companyId, { nature: 'Nettoyage du local TGBT' });
    await transition(oc, second, 'send');
    const n1 = (await row(t, first)).number;
    const n2 = (await row(t, second)).number;

    const all = await oc.agent.get('/work-order/list');
    expect(all.status).toBe(200);
    expect(all.text).toContain(n1);
    expect(all.text).toContain(n2);
    const waiting = await oc.agent.get('/work-order/list?state=waiting_sign');
    expect(waiting.text).toContain(n2);
    expect(waiting.text).not.toContain(n1);
    const search = await oc.agent.get(`/work-order/list?q=${encodeURIComponent('tuyauterie')}`);
    expect(search.text).toContain(n1);
    expect(search.text).not.toContain(n2);
    expect((await oc.agent.get(`/work-order/list?on=${frDay(20)}`)).text).toContain('data-testid="empty-state"');

    const byPlan = await oc.agent.get(`/prevention-plan/${a.planId}/work-orders`);
    expect(byPlan.status).toBe(200);
    expect(byPlan.text).toContain(n1);
    expect(byPlan.text).not.toContain(n2);
    const tab = await oc.agent.get(`/prevention-plan/${a.planId}?tab=work_orders`);
    expect(tab.text).toContain('data-testid="plan-work-orders"');
    expect(tab.text).toContain(n1);

    // A user of the company who is not involved and has no view_all sees none of them.
    const outsider = await actor(t, company, ['pdp.view']);
    const none = await outsider.agent.get('/work-order/list');
    expect(none.text).not.toContain(n1);
    expect((await outsider.agent.get(`/work-order/${first}`)).status).toBe(404);
  });

  it('the work order widget shows the work orders active on its date (today by default), the indicator counts by state', async () => {
    const oc = await actor(t, newCompany(), ['pdp.view']);
    const { planId, companyId } = await planWithCompany(t, oc);
    const id = await createWorkOrder(oc, planId, companyId, { startDate: frDay(3), endDate: frDay(4) });
    await transition(oc, id, 'send');
    const number = (await row(t, id)).number;
    const index = await oc.agent.get('/work-order/');
    expect(index.status).toBe(200);
    expect(index.text).toContain(`value="${frDay(0)}"`);
    expect(index.text).toContain('data-testid="work-order-count-waiting_sign"');
    const today = await oc.agent.get('/dashboard/work-order/active');
    expect(today.status).toBe(200);
    expect(today.body.total).toBe(0);
    const later = await oc.agent.get(`/dashboard/work-order/active?date=${encodeURIComponent(frDay(3))}`);
    expect(later.body.total).toBe(1);
    expect(later.body.rows[0][0]).toBe(number);
    expect(later.body.links[0]).toBe(`/work-order/${id}`);
    const states = await oc.agent.get('/dashboard/work-order/states');
    expect(states.body).toMatchObject({ labels: ['En attente de validation'], series: [{ data: [1] }], total: 1 });
  });

  it('weekly recap: preview by company, confirmation mails each company contact its work orders', async () => {
    const company = newCompany();
    const oc = await actor(t, company, ['pdp.view']);
    const sender = await actor(t, company, ['pdp.view', 'pdp.view_all', 'pdp.weekly_recap']);
    const { planId, companyId } = await planWithCompany(t, oc);
    const email = `durand-${Date.now()}@example.fr`;
    await t.db.dataSource.query('UPDATE plan_company SET email = $2 WHERE id = $1', [companyId, email]);
    const id = await createWorkOrder(oc, planId, companyId, { startDate: frDay(0), endDate: frDay(0) });
    const number = (await row(t, id)).number;
    expect((await oc.agent.get('/work-order/week-email')).status).toBe(403);
    const preview = await sender.agent.get('/work-order/week-email');
    expect(preview.status).toBe(200);
    expect(preview.text).toContain(number);
    expect(preview.text).toContain(email);
    const sent = await sender.agent.post('/work-order/week-email/confirm').set(XHR).type('form').send({ _csrf_token: sender.csrf });
    expect(sent.status).toBe(201);
    const mails = planMailer().sent().filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Vos bons de travail de la semaine');
    expect(mails[0].html).toContain(number);
  });
});

describe('work order checklists, zones and PDF', () => {
  it('fills a work_order survey on the work order, prints it with the signatures and the number', async () => {
    const oc = await actor(t, newCompany(), ['pdp.view']);
    const { planId, companyId } = await planWithCompany(t, oc);
    const id = await createWorkOrder(oc, planId, companyId);
    const db = t.db.dataSource;
    const survey = await db.transaction((m) => createQuestionnaire(m, oc.tenantId, { name: 'Contrôles avant travaux', ownerType: 'survey', surveyType: 'work_order' }));
    const [g] = await db.query("INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, position) VALUES ($1, $2, 'Préparation', 1) RETURNING id", [oc.tenantId, survey]);
    const [q] = await db.query("INSERT INTO questionnaire_question (tenant_id, group_id, label, answer_type, position, required) VALUES ($1, $2, 'Zone balisée', 'short', 1, true) RETURNING id", [oc.tenantId, g.id]);
    const page = await oc.agent.get(`/work-order/${id}`);
    expect(page.text).toContain('Contrôles avant travaux');
    expect(page.text).toContain('0 / 1 réponses');
    const missing = await oc.agent.post(`/work-order/${id}/checklist/${survey}`).set(XHR).field('_csrf_token', oc.csrf).field('_submit', 'SAVE');
    expect(missing.status).toBe(200);
    const saved = await oc.agent.post(`/work-order/${id}/checklist/${survey}`).set(XHR).field('_csrf_token', oc.csrf).field('_submit', 'SAVE').field(`questionnaire[q${q.id}]`, 'Oui, rubalise posée');
    expect(saved.status).toBe(201);
    expect((await oc.agent.get(`/work-order/${id}`)).text).toContain('1 / 1 réponses');

    // A zone drawn on the work order (shared zone routes).
    const zone = await oc.agent.post(`/work-order/${id}/leaflet-zone/add`).set('X-CSRF-Token', oc.csrf).set(XHR).send({ type: 'marker', data: { lat: 120, lng: 200 } });
    expect(zone.status).toBe(201);
    const localise = await oc.agent.get(`/work-order/${id}/localise/0`).set(XHR);
    expect(localise.status).toBe(200);
    expect(localise.body.intervention).toMatchObject({ id, nbZones: 1 });

    await transition(oc, id, 'send');
    await transition(oc, id, 'sign', signed('Camille Test'));
    const res = await oc.agent.get(`/work-order/${id}/pdf`).buffer(true).parse(binary as never);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.body as Buffer);
    const number = (await row(t, id)).number;
    expect(text).toContain(`Bon de travail ${number}`);
    expect(text).toContain('Zone balisée');
    expect(text).toContain('Oui, rubalise posée');
    expect(text).toContain('Camille Test');
    expect(text).toContain('Électricité Durand SARL');
  });

  it('two work orders of the same sector whose zones meet in the same period warn of each other (sector coactivities)', async () => {
    const oc = await actor(t, newCompany(), ['pdp.view']);
    const { site } = await setting(t, oc.tenantId);
    const [sector] = await t.db.dataSource.query("INSERT INTO sector (tenant_id, item_id, name) VALUES ($1, $2, 'Atelier de maintenance') RETURNING id", [oc.tenantId, site]);
    const a = await planWithCompany(t, oc);
    const b = await planWithCompany(t, oc);
    const first = await createWorkOrder(oc, a.planId, a.companyId, { sectorId: String(sector.id) });
    const second = await createWorkOrder(oc, b.planId, b.companyId, { sectorId: String(sector.id) });
    expect((await oc.agent.get(`/work-order/${first}/coactivities`)).text).toBe('');
    for (const id of [first, second]) {
      const res = await oc.agent.post(`/work-order/${id}/leaflet-zone/add`).set('X-CSRF-Token', oc.csrf).set(XHR).send({ type: 'circle', data: { lat: 100, lng: 100, radius: 30 } });
      expect(res.status).toBe(201);
    }
    const alerts = await oc.agent.get(`/work-order/${first}/coactivities`);
    expect(alerts.status).toBe(200);
    expect(alerts.text).toContain((await row(t, second)).number);
    expect((await oc.agent.get(`/work-order/${first}`)).text).toContain((await row(t, second)).number);
  });
});
