import { createTestApp, type TestApp } from '../../support/app';
import { PDF } from '../plan-document/helpers';
import { actor, createWorkOrder, fields, frDay, newCompany, planWithCompany, postForm, row, XHR } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('work order add and edit modals', () => {
  it('adds a work order on a plan: form 200, errors in French keeping what was typed, 201 with a BT number', async () => {
    const oc = await actor(t, newCompany(), ['pdp.view']);
    const { planId, companyId } = await planWithCompany(t, oc);
    const form = await oc.agent.get(`/work-order/add/${planId}`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="work_order[planCompanyId]"');
    expect(form.text).toContain('Électricité Durand SARL');

    const missing = await postForm(oc, `/work-order/add/${planId}`, { hours: '8h – 12h' });
    expect(missing.status).toBe(200);
    expect(missing.text).toContain('data-testid="error-startDate"');
    expect(missing.text).toContain('data-testid="error-nature"');
    expect(missing.text).toContain('8h – 12h');

    const id = await createWorkOrder(oc, planId, companyId, { orderNumber: 'CMD-4411', participants: 'Paul Martin, Léa Roux', atexZone: '1', day: frDay(1) });
    const r = await row(t, id);
    expect(r).toMatchObject({ state: 'draft', order_number: 'CMD-4411', atex_zone: '1', participants: 'Paul Martin, Léa Roux', plan_company_id: companyId, created_by_id: oc.id });
    expect(r.number).toMatch(/^BT-\d{4}-0001$/);
    const second = await createWorkOrder(oc, planId, companyId);
    expect((await row(t, second)).number).toMatch(/^BT-\d{4}-0002$/);

    const page = await oc.agent.get(`/work-order/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(r.number);
    expect(page.text).toContain('CMD-4411');
    expect(page.text).toContain('data-transition="send"');
  });

  it('limits the duration to work_order_max_days, or the specific setting for specific works and technical stops', async () => {
    const oc = await actor(t, newCompany(), ['pdp.view']);
    const { planId, companyId } = await planWithCompany(t, oc);
    const tooLong = await postForm(oc, `/work-order/add/${planId}`, fields(companyId, { endDate: frDay(7) }));
    expect(tooLong.status).toBe(200);
    expect(tooLong.text).toContain('Un bon de travail ne peut pas durer plus de 7 jours.');
    await t.db.dataSource.query("INSERT INTO setting (tenant_id, code, value) VALUES ($1, 'work_order_max_days', '10')", [oc.tenantId]);
    expect((await postForm(oc, `/work-order/add/${planId}`, fields(companyId, { endDate: frDay(7) }))).status).toBe(201);

    const specific = await planWithCompany(t, oc, { work_site_type: 'technical_stop' });
    expect((await postForm(oc, `/work-order/add/${specific.planId}`, fields(specific.companyId, { endDate: frDay(20) }))).status).toBe(201);
    const over = await postForm(oc, `/work-order/add/${specific.planId}`, fields(specific.companyId, { endDate: frDay(30) }));
    expect(over.text).toContain('Un bon de travail ne peut pas durer plus de 30 jours.');
  });

  it('keeps the dates within the plan and the company among the plan\'s outside companies', async () => {
    const oc = await actor(t, newCompany(), ['pdp.view']);
    const { planId, companyId } = await planWithCompany(t, oc);
    const before = await postForm(oc, `/work-order/add/${planId}`, fields(companyId, { startDate: frDay(-7), endDate: frDay(-6) }));
    expect(before.status).toBe(200);
    expect(before.text).toContain('ne peut pas commencer avant le plan de prévention');
    const other = await planWithCompany(t, oc);
    const wrong = await postForm(oc, `/work-order/add/${planId}`, fields(other.companyId));
    expect(wrong.status).toBe(200);
    expect(wrong.text).toContain('data-testid="error-planCompanyId"');
    const reversed = await postForm(oc, `/work-order/add/${planId}`, fields(companyId, { startDate: frDay(2), endDate: frDay(0) }));
    expect(reversed.text).toContain('La date de fin doit suivre la date de début.');
  });

  it('the add modal without id chooses the plan; an id that is not a plan of the company answers 404', async () => {
    const company = newCompany();
    const oc = await actor(t, company, ['pdp.view']);
    const { planId, companyId } = await planWithCompany(t, oc);
    const form = await oc.agent.get('/work-order/add').set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="work_order[planId]"');
    const noPlan = await postForm(oc, '/work-order/add', fields(companyId));
    expect(noPlan.status).toBe(200);
    expect(noPlan.text).toContain('data-testid="error-planId"');
    expect((await postForm(oc, '/work-order/add', { ...fields(companyId), planId: String(planId) })).status).toBe(201);

    expect((await oc.agent.get('/work-order/add/abc').set(XHR)).status).toBe(404);
    expect((await oc.agent.get('/work-order/add/99999999').set(XHR)).status).toBe(404);
    const stranger = await actor(t, newCompany(), ['pdp.view', 'pdp.add_work_orders']);
    expect((await stranger.agent.get(`/work-order/add/${planId}`).set(XHR)).status).toBe(404);
  });

  it('edits a draft with its version (409 when stale), not once sent', async () => {
    const oc = await actor(t, newCompany(), ['pdp.view']);
    const { planId, companyId } = await planWithCompany(t, oc);
    const id = await createWorkOrder(oc, planId, companyId);
    const form = await oc.agent.get(`/work-order/${id}/edit`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Remplacement du disjoncteur général');
    const ok = await postForm(oc, `/work-order/${id}/edit`, fields(companyId, { nature: 'Pose d\'un nouveau tableau', version: '1' }));
    expect(ok.status).toBe(201);
    expect((await row(t, id)).nature).toBe('Pose d\'un nouveau tableau');
    const stale = await postForm(oc, `/work-order/${id}/edit`, fields(companyId, { version: '1' }));
    expect(stale.status).toBe(409);
    await oc.agent.post(`/work-order/${id}/apply/send`).set(XHR).type('form').send({ _csrf_token: oc.csrf });
    expect((await oc.agent.get(`/work-order/${id}/edit`).set(XHR)).status).toBe(403);
  });
});

describe('work order signed file', () => {
  it('keeps the scanned signed work order sent with the form (PDF) and serves it to those who see the work order', async () => {
    const oc = await actor(t, newCompany(), ['pdp.view']);
    const { planId, companyId } = await planWithCompany(t, oc);
    let req = oc.agent.post(`/work-order/add/${planId}`).set(XHR).field('_csrf_token', oc.csrf);
    for (const [k, v] of Object.entries(fields(companyId))) req = req.field(`work_order[${k}]`, v);
    const res = await req.attach('work_order[signedFile]', PDF, 'bon-signe.pdf');
    expect(res.status).toBe(201);
    const id = Number(/\/work-order\/(\d+)/.exec(res.body.redirect)![1]);
    expect((await row(t, id)).signed_file_id).not.toBeNull();
    const file = await oc.agent.get(`/work-order/${id}/signed-file`);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('bon-signe.pdf');
    // A file of a refused type is an error of the field, what was typed kept.
    let bad = oc.agent.post(`/work-order/add/${planId}`).set(XHR).field('_csrf_token', oc.csrf);
    for (const [k, v] of Object.entries(fields(companyId))) bad = bad.field(`work_order[${k}]`, v);
    const refused = await bad.attach('work_order[signedFile]', Buffer.from('MZ not a pdf'), 'virus.exe');
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('data-testid="error-signedFile"');
    expect(refused.text).toContain('Remplacement du disjoncteur général');
  });
});

describe('work order rights', () => {
  it('add: pdp.add_work_orders, the ordering customer or a substitute; others who see the plan get 403', async () => {
    const company = newCompany();
    const oc = await actor(t, company, ['pdp.view']);
    const { planId, companyId } = await planWithCompany(t, oc);
    const reader = await actor(t, company, ['pdp.view', 'pdp.view_all']);
    const orders = () => t.db.dataSource.query('SELECT id FROM work_order WHERE plan_id = $1 ORDER BY id', [planId]);
    expect((await reader.agent.get(`/work-order/add/${planId}`).set(XHR)).status).toBe(403);
    expect((await postForm(reader, `/work-order/add/${planId}`, fields(companyId))).status).toBe(403);
    expect(await orders()).toEqual([]);
    const adder = await actor(t, company, ['pdp.view', 'pdp.view_all', 'pdp.add_work_orders']);
    expect((await postForm(adder, `/work-order/add/${planId}`, fields(companyId))).status).toBe(201);
    expect(await orders()).toHaveLength(1);
    const substitute = await actor(t, company, ['pdp.view']);
    await t.db.dataSource.query('INSERT INTO plan_substitute (plan_id, user_id, tenant_id) VALUES ($1, $2, $3)', [planId, substitute.id, oc.tenantId]);
    expect((await postForm(substitute, `/work-order/add/${planId}`, fields(companyId))).status).toBe(201);
    // The reader sees the work orders but has no workflow button.
    const id = await createWorkOrder(oc, planId, companyId);
    const page = await reader.agent.get(`/work-order/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('data-transition="send"');
    expect((await reader.agent.post(`/work-order/${id}/apply/send`).set(XHR).type('form').send({ _csrf_token: reader.csrf })).status).toBe(403);
    expect((await row(t, id)).state).toBe('draft');
    // He may look at the zones, not draw them.
    expect((await reader.agent.get(`/work-order/${id}/localise/0`).set(XHR)).status).toBe(200);
    expect((await reader.agent.post(`/work-order/${id}/leaflet-zone/add`).set(XHR).set('X-CSRF-Token', reader.csrf).send({ type: 'marker', data: { lat: 10, lng: 10 } })).status).toBe(403);
    expect(await t.db.dataSource.query("SELECT id FROM map_zone WHERE owner_type = 'work_order' AND owner_id = $1", [id])).toEqual([]);
  });

  it('a work order of another company is not found (page, edit, pdf, history, transitions, zones)', async () => {
    const oc = await actor(t, newCompany(), ['pdp.view']);
    const { planId, companyId } = await planWithCompany(t, oc);
    const id = await createWorkOrder(oc, planId, companyId);
    const other = await actor(t, newCompany(), ['pdp.view', 'pdp.view_all', 'pdp.add_work_orders', 'pdp.validate_work_orders']);
    for (const url of [`/work-order/${id}`, `/work-order/${id}/edit`, `/work-order/${id}/pdf`, `/work-order/${id}/history`, `/work-order/${id}/localise/0`, `/work-order/${id}/coactivities`]) {
      expect({ url, status: (await other.agent.get(url).set(XHR)).status }).toEqual({ url, status: 404 });
    }
    const before = await row(t, id);
    expect((await other.agent.post(`/work-order/${id}/apply/send`).set(XHR).type('form').send({ _csrf_token: other.csrf })).status).toBe(404);
    expect((await other.agent.post(`/work-order/${id}/leaflet-zone/add`).set(XHR).set('X-CSRF-Token', other.csrf).send({ type: 'marker', data: { lat: 10, lng: 10 } })).status).toBe(404);
    expect(await row(t, id)).toEqual(before);
    expect(await t.db.dataSource.query("SELECT id FROM map_zone WHERE owner_type = 'work_order' AND owner_id = $1", [id])).toEqual([]);
  });
});
