import { createTestApp, type TestApp } from '../../support/app';
import { actor, completeFields, createPlan, insertPlan, newCompany, planRow, postPlan, RIGHTS, setting, XHR, type Actor } from './plan-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const post = (a: Actor, url: string, body: Record<string, unknown> = {}) => a.agent.post(url).set(XHR).type('form').send({ _csrf_token: a.csrf, ...body });
const advice = (a: Actor, id: number, content = 'Avis favorable') => post(a, `/prevention-plan/${id}/advice`, { 'plan_advice[kind]': 'notice', 'plan_advice[content]': content });

describe('plan rights (seed 002 section 6)', () => {
  it('view: involved users see the plan; others need pdp.view_all, else 404', async () => {
    const company = newCompany();
    const author = await actor(t, company, RIGHTS.author);
    const customer = await actor(t, company, RIGHTS.reader, 'Claire');
    const substitute = await actor(t, company, RIGHTS.reader, 'Julien');
    const stranger = await actor(t, company, RIGHTS.reader, 'Karim');
    const viewAll = await actor(t, company, RIGHTS.viewAll, 'Sophie');
    const nobody = await actor(t, company, []);
    const s = await setting(t, author.tenantId);
    const id = await createPlan(author, s, { orderingCustomerId: String(customer.id), substituteIds: [String(substitute.id)] });
    for (const who of [author, customer, substitute, viewAll]) expect((await who.agent.get(`/prevention-plan/${id}`)).status).toBe(200);
    expect((await stranger.agent.get(`/prevention-plan/${id}`)).status).toBe(404);
    expect((await nobody.agent.get(`/prevention-plan/${id}`)).status).toBe(403);
    expect((await nobody.agent.get('/prevention-plan/')).status).toBe(403);
    const strangerList = await stranger.agent.get('/prevention-plan/');
    expect(strangerList.text).not.toContain(`data-plan="${id}"`);
    expect((await customer.agent.get('/prevention-plan/')).text).toContain(`data-plan="${id}"`);
  });

  it('pdp.view_all reaches the plans of the user\'s hierarchy scope only', async () => {
    const company = newCompany();
    const author = await actor(t, company, RIGHTS.author);
    const s = await setting(t, author.tenantId);
    const scoped = await actor(t, company, RIGHTS.viewAll, 'Sophie');
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [scoped.id, s.other, scoped.tenantId]);
    const onSite = await insertPlan(t, author.tenantId, author.id, { hierarchy_item_id: s.site });
    const onOther = await insertPlan(t, author.tenantId, author.id, { hierarchy_item_id: s.other });
    expect((await scoped.agent.get(`/prevention-plan/${onSite}`)).status).toBe(404);
    expect((await scoped.agent.get(`/prevention-plan/${onOther}`)).status).toBe(200);
    const list = await scoped.agent.get('/prevention-plan/');
    expect(list.text).toContain(`data-plan="${onOther}"`);
    expect(list.text).not.toContain(`data-plan="${onSite}"`);
  });

  it('edit: the creator edits his own, pdp.manage every plan, pdp.edit alone not the others\'', async () => {
    const company = newCompany();
    const author = await actor(t, company, RIGHTS.author);
    const colleague = await actor(t, company, [...RIGHTS.author, 'pdp.view_all'], 'Marc');
    const manager = await actor(t, company, RIGHTS.manager, 'Hélène');
    const s = await setting(t, author.tenantId);
    const id = await createPlan(author, s);
    expect((await colleague.agent.get(`/prevention-plan/${id}/edit`)).status).toBe(403);
    const before = await planRow(t, id);
    expect((await postPlan(colleague, `/prevention-plan/${id}/edit`, { ...completeFields(author, s), subject: 'Par le collègue', version: '1' })).status).toBe(403);
    expect(await planRow(t, id)).toEqual(before);
    expect((await colleague.agent.get(`/prevention-plan/${id}`)).text).not.toContain('data-testid="plan-edit"');
    expect((await author.agent.get(`/prevention-plan/${id}`)).text).toContain('data-testid="plan-edit"');
    expect((await postPlan(author, `/prevention-plan/${id}/edit`, { ...completeFields(author, s), subject: 'Par le créateur', version: '1' })).status).toBe(201);
    expect((await postPlan(manager, `/prevention-plan/${id}/edit`, { ...completeFields(author, s), subject: 'Par le responsable', version: '2' })).status).toBe(201);
    expect((await planRow(t, id)).subject).toBe('Par le responsable');
    const add = await actor(t, company, RIGHTS.reader);
    expect((await add.agent.get('/prevention-plan/new')).status).toBe(403);
  });

  it('comment: pdp.comment or the ordering customer posts advice; others 403', async () => {
    const company = newCompany();
    const author = await actor(t, company, RIGHTS.author);
    const customer = await actor(t, company, RIGHTS.reader, 'Claire');
    const commenter = await actor(t, company, [...RIGHTS.viewAll, 'pdp.comment'], 'Nadia');
    const s = await setting(t, author.tenantId);
    const id = await createPlan(author, s, { orderingCustomerId: String(customer.id) });
    expect((await advice(author, id)).status).toBe(403);
    const ok = await advice(customer, id, 'Avis favorable sous réserve du balisage.');
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe('Votre avis a été publié.');
    expect((await advice(commenter, id, 'Merci de confirmer la date.')).status).toBe(201);
    const empty = await advice(commenter, id, '   ');
    expect(empty.status).toBe(200);
    expect(empty.text).toMatch(/data-testid="error-content">Veuillez renseigner ce champ.</);
    const page = await author.agent.get(`/prevention-plan/${id}?tab=advice`);
    expect(page.text).toContain('Avis favorable sous réserve du balisage.');
    expect(page.text).toContain('Merci de confirmer la date.');
    expect(page.text).toMatch(/class="tab-pane fade show active" id="tab-advice"/);
    const rows = await t.db.dataSource.query('SELECT kind, author_id FROM plan_advice WHERE plan_id = $1 ORDER BY id', [id]);
    expect(rows).toEqual([{ kind: 'notice', author_id: customer.id }, { kind: 'notice', author_id: commenter.id }]);
  });

  it('manage archives and unarchives; delete sends to the trash; the others are refused', async () => {
    const company = newCompany();
    const author = await actor(t, company, RIGHTS.author);
    const manager = await actor(t, company, RIGHTS.manager, 'Hélène');
    const s = await setting(t, author.tenantId);
    const id = await createPlan(author, s);
    expect((await post(author, `/prevention-plan/${id}/archive`)).status).toBe(403);
    expect((await planRow(t, id)).archived).toBe(false);
    const archived = await post(manager, `/prevention-plan/${id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.message).toBe('Le plan de prévention a été archivé.');
    expect((await planRow(t, id)).archived).toBe(true);
    // An archived plan is read-only, even for its creator.
    expect((await author.agent.get(`/prevention-plan/${id}/edit`)).status).toBe(403);
    const history = await author.agent.get(`/prevention-plan/${id}/history`).set(XHR);
    expect(history.status).toBe(200);
    expect(history.text).toContain('Création du plan');
    expect(history.text).toContain('Archivage');
    const back = await post(manager, `/prevention-plan/${id}/unarchive`);
    expect(back.body.message).toBe('Le plan de prévention a été désarchivé.');
    expect((await planRow(t, id)).archived).toBe(false);
    const refused = await post(author, `/prevention-plan/${id}/delete`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Action non autorisée.');
    expect((await planRow(t, id)).deleted_at).toBeNull();
    const deleted = await post(manager, `/prevention-plan/${id}/delete`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Le plan de prévention a été supprimé.');
    expect((await planRow(t, id)).deleted_at).not.toBeNull();
    const [trash] = await t.db.dataSource.query("SELECT title FROM trash_item WHERE subject_table = 'prevention_plan' AND subject_id = $1", [id]);
    expect(trash.title).toContain('Maintenance des armoires électriques');
    expect((await manager.agent.get(`/prevention-plan/${id}`)).status).toBe(404);
    const rows = await t.db.dataSource.query("SELECT transition FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 ORDER BY id", [id]);
    expect(rows.map((h: { transition: string }) => h.transition)).toEqual(['create', 'archive', 'unarchive', 'delete']);
  });

  it('another company\'s plan answers 404 on every route, even to a manager', async () => {
    const author = await actor(t, newCompany(), RIGHTS.author);
    const s = await setting(t, author.tenantId);
    const id = await createPlan(author, s);
    await post(author, `/prevention-plan/${id}/materials/new`, { 'plan_material[type]': 'Nacelle' });
    const [material] = await t.db.dataSource.query('SELECT id FROM plan_material WHERE plan_id = $1', [id]);
    const outsider = await actor(t, newCompany(), RIGHTS.manager);
    for (const url of [`/prevention-plan/${id}`, `/prevention-plan/${id}/edit`, `/prevention-plan/${id}/history`]) {
      expect((await outsider.agent.get(url)).status).toBe(404);
    }
    for (const url of [`/prevention-plan/${id}/archive`, `/prevention-plan/${id}/delete`, `/prevention-plan/${id}/advice`, `/prevention-plan/materials/${material.id}/remove`]) {
      expect((await post(outsider, url)).status).toBe(404);
    }
    expect((await planRow(t, id))).toMatchObject({ archived: false, deleted_at: null });
    expect(await t.db.dataSource.query('SELECT id FROM plan_material WHERE plan_id = $1', [id])).toEqual([{ id: material.id }]);
    expect(await t.db.dataSource.query('SELECT id FROM plan_advice WHERE plan_id = $1', [id])).toEqual([]);
  });
});
