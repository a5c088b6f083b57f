import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { setToggle } from '../../../server/kernel/toggles/toggles';
import { ARRETE_1993_WORKS } from '../../../server/modules/prevention-admin/work-type.defaults';
import { findWorkTypes, listWorkTypeOptions } from '../../../server/modules/prevention-admin/work-type.service';
import { seedPreventionAdminDemo } from '../../../server/modules/prevention-admin/prevention-admin.demo';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const db = () => t.db.dataSource;

async function admin(rights = ['admin.nomenclatures', 'admin.trash']) {
  const user = await makeUser(t, { rights });
  const { agent, csrf } = await loginAs(t, user);
  return { user, agent, csrf };
}
const form = (name: string, fields: Record<string, string | string[]>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${name}[${k}]`, v]));

describe('work types', () => {
  it('seeds every company once with the arrêté du 19 mars 1993 list flagged dangerous, roof works and ordinary works', async () => {
    const { user, agent } = await admin();
    const options = await listWorkTypeOptions(db(), user.tenantId);
    const dangerous = options.filter((o) => o.dangerous).map((o) => o.label);
    expect(dangerous).toEqual([...ARRETE_1993_WORKS, 'Travaux en toiture']);
    expect(dangerous).toContain('Travaux de démolition');
    expect(dangerous).toContain('Travaux dans ou sur des cuves et accumulateurs de matière ou en atmosphère confinée');
    expect(options.find((o) => o.label === 'Travaux en toiture')).toMatchObject({ dangerous: true, isRoofWork: true });
    expect(options.find((o) => o.label === 'Nettoyage des locaux')).toMatchObject({ dangerous: false, isRoofWork: false });

    const page = await agent.get('/admin/prevention/work-types');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Types de travaux');
    expect(page.text).toMatch(/data-work-type="Travaux exposant à des rayonnements ionisants"[\s\S]*?Travaux dangereux/);
    // Removed defaults never come back, and racing first reads seed once.
    const roof = options.find((o) => o.isRoofWork)!;
    await db().query('UPDATE work_type SET deleted_at = now() WHERE id = $1', [roof.id]);
    await Promise.all([1, 2].map(() => listWorkTypeOptions(db(), user.tenantId)));
    const again = await listWorkTypeOptions(db(), user.tenantId);
    expect(again.length).toBe(options.length - 1);
    expect(again.some((o) => o.isRoofWork)).toBe(false);
  });

  it('adds, validates in French keeping what was typed, edits with the optimistic lock and removes to the trash', async () => {
    const { user, agent, csrf } = await admin();
    const newForm = await agent.get('/admin/prevention/work-types/new').set(XHR);
    expect(newForm.status).toBe(200);
    expect(newForm.text).toContain('Nouveau type de travaux');

    const empty = await agent.post('/admin/prevention/work-types/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...form('work_type', { label: ' ', weighting: '4', dangerous: ['0', '1'] }) });
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Veuillez renseigner ce champ.');
    expect(empty.text).toMatch(/name="work_type\[weighting\]"[^>]*value="4"/);
    expect(empty.text).toMatch(/id="work_type_dangerous"[^>]*checked/);

    const badWeight = await agent.post('/admin/prevention/work-types/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...form('work_type', { label: 'Désamiantage', weighting: 'beaucoup' }) });
    expect(badWeight.status).toBe(200);
    expect(badWeight.text).toContain('Cette valeur n&#39;est pas valide.');
    expect(badWeight.text).toMatch(/name="work_type\[label\]"[^>]*value="Désamiantage"/);

    const taken = await agent.post('/admin/prevention/work-types/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...form('work_type', { label: 'travaux de démolition' }) });
    expect(taken.status).toBe(200);
    expect(taken.text).toContain('Cette valeur est déjà utilisée.');

    const created = await agent.post('/admin/prevention/work-types/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...form('work_type', { label: 'Désamiantage', weighting: '5', position: '1', dangerous: ['0', '1'], isRoofWork: '0', active: ['0', '1'] }) });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('« Désamiantage » a été ajouté.');
    const [row] = await db().query('SELECT id, dangerous, weighting, is_roof_work, active FROM work_type WHERE tenant_id = $1 AND label = $2', [user.tenantId, 'Désamiantage']);
    expect(row).toMatchObject({ dangerous: true, weighting: 5, is_roof_work: false, active: true });

    const edited = await agent.post(`/admin/prevention/work-types/${row.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...form('work_type', { label: 'Désamiantage (SS4)', weighting: '5', position: '1', dangerous: '0', active: '0', version: '1' }) });
    expect(edited.status).toBe(201);
    expect(edited.body.message).toBe('« Désamiantage (SS4) » a été modifié.');
    const stale = await agent.post(`/admin/prevention/work-types/${row.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...form('work_type', { label: 'Autre', version: '1' }) });
    expect(stale.status).toBe(409);
    // Inactive: no longer offered, but found for a plan that already holds it.
    expect(await findWorkTypes(db(), user.tenantId, [row.id])).toEqual([]);
    expect((await findWorkTypes(db(), user.tenantId, [row.id], { withRetired: true }))[0]).toMatchObject({ label: 'Désamiantage (SS4)', dangerous: false });

    const removed = await agent.post(`/admin/prevention/work-types/${row.id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("L'élément a été placé dans la corbeille.");
    const trash = await agent.get('/admin/trash');
    expect(trash.text).toContain('Désamiantage (SS4)');
    expect((await agent.get(`/admin/prevention/work-types/${row.id}/edit`).set(XHR)).status).toBe(404);
  });
});

describe('prevention organisations', () => {
  it('lists by type, adds with French validation, edits and removes', async () => {
    const { user, agent, csrf } = await admin();
    const empty = await agent.get('/admin/prevention/organisations');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Aucun organisme de prevention'.replace('prevention', 'prévention'));

    const invalid = await agent.post('/admin/prevention/organisations/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...form('prevention_organisation', { name: '', type: '', email: 'pas-un-mail', phone: 'abc', contact: 'Dr Martin' }) });
    expect(invalid.status).toBe(200);
    expect(invalid.text).toContain('Veuillez renseigner ce champ.');
    expect(invalid.text).toContain('Veuillez effectuer une sélection');
    expect(invalid.text).toContain('Cette valeur n&#39;est pas une adresse e-mail valide.');
    expect(invalid.text).toMatch(/name="prevention_organisation\[contact\]"[^>]*value="Dr Martin"/);
    const badType = await agent.post('/admin/prevention/organisations/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...form('prevention_organisation', { name: 'X', type: 'police' }) });
    expect(badType.status).toBe(200);
    expect(badType.text).toContain('Cette valeur doit être l&#39;un des choix proposés.');

    const created = await agent.post('/admin/prevention/organisations/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...form('prevention_organisation', { name: 'Santé au travail Lyon', type: 'occupational_medicine', contact: 'Dr Martin', address: '10 rue des Archers\n69002 Lyon', email: 'contact@sst-lyon.fr', phone: '04 78 60 66 00' }) });
    expect(created.status).toBe(201);
    await agent.post('/admin/prevention/organisations/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...form('prevention_organisation', { name: 'Inspection du travail Lyon Est', type: 'labour_inspection' }) });
    const [org] = await db().query('SELECT id, type, address, email FROM prevention_organisation WHERE tenant_id = $1 AND name = $2', [user.tenantId, 'Santé au travail Lyon']);
    expect(org).toMatchObject({ type: 'occupational_medicine', address: '10 rue des Archers\n69002 Lyon', email: 'contact@sst-lyon.fr' });

    const all = await agent.get('/admin/prevention/organisations');
    expect(all.text).toMatch(/data-organisation="Inspection du travail Lyon Est"[\s\S]*data-organisation="Santé au travail Lyon"/);
    expect(all.text).toContain('Médecine du travail');
    const medicine = await agent.get('/admin/prevention/organisations?type=occupational_medicine');
    expect(medicine.text).toContain('data-organisation="Santé au travail Lyon"');
    expect(medicine.text).not.toContain('data-organisation="Inspection du travail Lyon Est"');

    const edited = await agent.post(`/admin/prevention/organisations/${org.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...form('prevention_organisation', { name: 'SST Lyon', type: 'occupational_medicine', email: '', version: '1' }) });
    expect(edited.status).toBe(201);
    const [after] = await db().query('SELECT name, email, version FROM prevention_organisation WHERE id = $1', [org.id]);
    expect(after).toEqual({ name: 'SST Lyon', email: null, version: 2 });
    expect((await agent.post(`/admin/prevention/organisations/${org.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...form('prevention_organisation', { name: 'Y', type: 'cram', version: '1' }) })).status).toBe(409);
    expect((await agent.post(`/admin/prevention/organisations/${org.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect((await agent.get('/admin/prevention/organisations')).text).not.toContain('data-organisation="SST Lyon"');
  });
});

describe('lots and specifications', () => {
  it('are hidden while the lot management toggle is off, then managed when it is on', async () => {
    const { user, agent, csrf } = await admin();
    expect((await agent.get('/admin/prevention/lots')).status).toBe(404);
    expect((await agent.get('/admin/prevention')).text).not.toContain('Lots et spécifications');

    await setToggle(db(), user.tenantId, 'lot_management', true);
    const hub = await agent.get('/admin/prevention');
    expect(hub.text).toContain('Lots et spécifications');
    expect((await agent.get('/admin/prevention/lots')).text).toContain('Aucun lot pour l&#39;instant.');

    const missing = await agent.post('/admin/prevention/lots/new').set(XHR).type('form').send({ _csrf_token: csrf, 'lot[label]': '' });
    expect(missing.status).toBe(200);
    expect(missing.text).toContain('Veuillez renseigner ce champ.');
    expect((await agent.post('/admin/prevention/lots/new').set(XHR).type('form').send({ _csrf_token: csrf, 'lot[label]': 'Lot 02 – Couverture' })).status).toBe(201);
    const [lot] = await db().query('SELECT id FROM lot WHERE tenant_id = $1', [user.tenantId]);
    expect((await agent.post('/admin/prevention/lots/new').set(XHR).type('form').send({ _csrf_token: csrf, 'lot[label]': 'lot 02 – couverture' })).text).toContain('Cette valeur est déjà utilisée.');

    const specForm = await agent.get(`/admin/prevention/lots/${lot.id}/specifications/new`).set(XHR);
    expect(specForm.text).toContain('Nouvelle spécification – Lot 02 – Couverture');
    for (const label of ['Étanchéité', 'Bac acier']) {
      expect((await agent.post(`/admin/prevention/lots/${lot.id}/specifications/new`).set(XHR).type('form').send({ _csrf_token: csrf, 'lot_specification[label]': label })).status).toBe(201);
    }
    const page = await agent.get('/admin/prevention/lots');
    expect(page.text).toMatch(/data-lot="Lot 02 – Couverture"[\s\S]*data-specification="Bac acier"[\s\S]*data-specification="Étanchéité"/);
    const [spec] = await db().query("SELECT id FROM lot_specification WHERE label = 'Bac acier' AND tenant_id = $1", [user.tenantId]);
    expect((await agent.post(`/admin/prevention/specifications/${spec.id}/edit`).set(XHR).type('form').send({ _csrf_token: csrf, 'lot_specification[label]': 'Bac acier nervuré', 'lot_specification[version]': '1' })).status).toBe(201);
    expect((await agent.post(`/admin/prevention/specifications/${spec.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect((await agent.post(`/admin/prevention/lots/${lot.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect((await agent.get('/admin/prevention/lots')).text).not.toContain('Étanchéité');
  });
});

describe('hub page', () => {
  it('shows a card for each existing prevention list, linked by route', async () => {
    const { agent } = await admin();
    const hub = await agent.get('/admin/prevention');
    expect(hub.status).toBe(200);
    expect(hub.text).toContain('Référentiels prévention');
    expect(hub.text).toContain('href="/admin/prevention/work-types"');
    expect(hub.text).toContain('href="/admin/prevention/organisations"');
    const others = ['admin_vat_rate_index', 'admin_document_type_index', 'admin_severity_level_index', 'admin_quote_index', 'admin_risk_family_index', 'admin_risk_index', 'admin_preventive_measure_index'];
    // Every module owning one of these lists is part of the application: each has its card.
    expect(others.map((route) => ({ route, linked: hub.text.includes(`href="${t.ctx.routes.path(route)}"`) })))
      .toEqual(others.map((route) => ({ route, linked: true })));
    // The templates need pdp.risk_analyses: not offered to an admin of the lists alone, offered to a super admin.
    expect(hub.text).not.toContain('prevention-list-risk_analysis_template_index');
    const { agent: superAgent } = await loginAs(t, await makeUser(t, { roles: ['super_admin'] }));
    const all = await superAgent.get('/admin/prevention');
    expect(all.text).toContain(`href="${t.ctx.routes.path('risk_analysis_template_index')}"`);
    expect(all.text).toContain('Modèles d&#39;analyse de risques');
  });
});

describe('rights and tenancy', () => {
  it('refuses users without admin.nomenclatures and answers 404 for another company’s rows', async () => {
    const plain = await makeUser(t, { roles: ['user'] });
    const { agent: plainAgent, csrf: plainCsrf } = await loginAs(t, plain);
    for (const url of ['/admin/prevention', '/admin/prevention/work-types', '/admin/prevention/organisations']) expect((await plainAgent.get(url)).status).toBe(403);
    const plainTypes = (await listWorkTypeOptions(db(), plain.tenantId)).map((o) => o.label);
    expect((await plainAgent.post('/admin/prevention/work-types/new').set(XHR).type('form').send({ _csrf_token: plainCsrf, 'work_type[label]': 'X' })).status).toBe(403);
    expect((await listWorkTypeOptions(db(), plain.tenantId)).map((o) => o.label)).toEqual(plainTypes);

    const other = await admin();
    const mine = await admin();
    const [wt] = await listWorkTypeOptions(db(), other.user.tenantId);
    const [org] = await db().query("INSERT INTO prevention_organisation (tenant_id, name, type) VALUES ($1, 'CARSAT Sud-Est', 'carsat') RETURNING id", [other.user.tenantId]);
    await setToggle(db(), mine.user.tenantId, 'lot_management', true);
    const [lot] = await db().query("INSERT INTO lot (tenant_id, label) VALUES ($1, 'Lot étranger') RETURNING id", [other.user.tenantId]);
    const [spec] = await db().query("INSERT INTO lot_specification (tenant_id, lot_id, label) VALUES ($1, $2, 'Spéc étrangère') RETURNING id", [other.user.tenantId, lot.id]);
    const { agent, csrf } = mine;
    expect((await agent.get(`/admin/prevention/work-types/${wt.id}/edit`).set(XHR)).status).toBe(404);
    expect((await agent.post(`/admin/prevention/work-types/${wt.id}/edit`).set(XHR).type('form').send({ _csrf_token: csrf, 'work_type[label]': 'Pirate', 'work_type[version]': '1' })).status).toBe(404);
    expect((await agent.post(`/admin/prevention/work-types/${wt.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    expect((await agent.get(`/admin/prevention/organisations/${org.id}/edit`).set(XHR)).status).toBe(404);
    expect((await agent.post(`/admin/prevention/organisations/${org.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    expect((await agent.get(`/admin/prevention/lots/${lot.id}/specifications/new`).set(XHR)).status).toBe(404);
    expect((await agent.post(`/admin/prevention/lots/${lot.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    expect((await agent.post(`/admin/prevention/specifications/${spec.id}/edit`).set(XHR).type('form').send({ _csrf_token: csrf, 'lot_specification[label]': 'x' })).status).toBe(404);
    expect((await agent.get('/admin/prevention/organisations')).text).not.toContain('CARSAT Sud-Est');
    // The other company's rows are as they were: not renamed, not deleted.
    const [{ label }] = await db().query('SELECT label FROM work_type WHERE id = $1 AND deleted_at IS NULL', [wt.id]);
    expect(label).toBe(wt.label);
    expect(await db().query('SELECT name FROM prevention_organisation WHERE id = $1 AND deleted_at IS NULL', [org.id])).toEqual([{ name: 'CARSAT Sud-Est' }]);
    expect(await db().query('SELECT label FROM lot WHERE id = $1 AND deleted_at IS NULL', [lot.id])).toEqual([{ label: 'Lot étranger' }]);
    expect(await db().query('SELECT label FROM lot_specification WHERE id = $1 AND deleted_at IS NULL', [spec.id])).toEqual([{ label: 'Spéc étrangère' }]);
  });
});

describe('demo data', () => {
  it('gives the demo company one organisation of each type and works lots, idempotently', async () => {
    const { user } = await admin();
    await seedPreventionAdminDemo(db(), user.tenantId);
    await seedPreventionAdminDemo(db(), user.tenantId);
    const types = await db().query('SELECT type, count(*)::int AS n FROM prevention_organisation WHERE tenant_id = $1 GROUP BY type ORDER BY type', [user.tenantId]);
    expect(types).toEqual(['carsat', 'cram', 'labour_inspection', 'occupational_medicine', 'oppbtp'].map((type) => ({ type, n: 1 })));
    const [{ n }] = await db().query('SELECT count(*)::int AS n FROM lot_specification WHERE tenant_id = $1', [user.tenantId]);
    expect(n).toBe(11);
  });
});
