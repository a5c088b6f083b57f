import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { findNomenclatureItem, findNomenclatureItems, listNomenclature } from '../../../server/modules/nomenclature/nomenclature.service';
import { seedNomenclatureDemo } from '../../../server/modules/nomenclature/nomenclature.demo';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function admin(rights = ['admin.nomenclatures', 'admin.trash']) {
  const user = await makeUser(t, { rights });
  const { agent, csrf } = await loginAs(t, user);
  return { user, agent, csrf };
}

const insert = (tenantId: number, kind: string, label: string, extra: { position?: number; active?: boolean } = {}) =>
  t.db.dataSource.query('INSERT INTO nomenclature_item (tenant_id, kind, label, position, active) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [tenantId, kind, label, extra.position ?? 0, extra.active ?? true]).then((r: Array<{ id: number }>) => r[0].id);

const field = (name: string, value: string) => ({ [`nomenclature_item[${name}]`]: value });
const labels = (rows: Array<{ label: string }>) => rows.map((r) => r.label);

describe('default values', () => {
  it('gives a new company the spec defaults on first read, in order, and never brings back a removed one', async () => {
    const { user, agent, csrf } = await admin();
    expect(labels(await listNomenclature(t.db.dataSource, user.tenantId, 'efficiency_synthesis'))).toEqual(['Causes supprimées', 'Amélioration constatée', 'Non reconduit']);
    const page = await agent.get('/admin/nomenclatures?kind=domain');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/data-nomenclature-item="HSE"[\s\S]*data-nomenclature-item="Qualité"[\s\S]*data-nomenclature-item="Réunion"/);
    // A kind without defaults starts empty, with the empty state and its add button.
    const ppe = await agent.get('/admin/nomenclatures?kind=ppe');
    expect(ppe.text).toContain('data-testid="empty-state"');
    expect(ppe.text).toContain('Aucune valeur dans la liste « EPI » pour l&#39;instant.');

    const [meeting] = (await listNomenclature(t.db.dataSource, user.tenantId, 'domain')).filter((o) => o.label === 'Réunion');
    expect((await agent.post(`/admin/nomenclatures/${meeting.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    // Even purged from the trash, a removed default stays removed.
    const [item] = await t.db.dataSource.query(`SELECT id FROM trash_item WHERE subject_table = 'nomenclature_item' AND subject_id = $1`, [meeting.id]);
    expect((await agent.post(`/admin/trash/${item.id}/delete`).type('form').send({ _csrf_token: csrf })).status).toBe(302);
    expect(labels(await listNomenclature(t.db.dataSource, user.tenantId, 'domain'))).toEqual(['HSE', 'Qualité']);
  });

  it('does not seed a kind the company already filled', async () => {
    const { user } = await admin();
    await insert(user.tenantId, 'efficiency_synthesis', 'Efficace');
    expect(labels(await listNomenclature(t.db.dataSource, user.tenantId, 'efficiency_synthesis'))).toEqual(['Efficace']);
  });

  it('seeds once when two first reads race', async () => {
    const { user } = await admin();
    await Promise.all([1, 2, 3].map(() => listNomenclature(t.db.dataSource, user.tenantId, 'domain')));
    const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM nomenclature_item WHERE tenant_id = $1 AND kind = 'domain'`, [user.tenantId]);
    expect(n).toBe(3);
  });
});

describe('the admin screen', () => {
  it('adds values through the modal form, listed by position then label, with a flash', async () => {
    const { user, agent, csrf } = await admin();
    const form = await agent.get('/admin/nomenclatures/new?kind=ppe').set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Nouvelle valeur – EPI');
    expect(form.text).toMatch(/name="nomenclature_item\[position\]"[^>]*value="1"/);
    for (const [label, position] of [['Gants anti-coupure', '2'], ['Casque', '1'], ['Bouchons d\'oreilles', '2']]) {
      const res = await agent.post('/admin/nomenclatures/new?kind=ppe').set(XHR).type('form').send({ _csrf_token: csrf, ...field('label', label), ...field('position', position), ...field('active', '1') });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(`La valeur « ${label} » a été ajoutée.`);
    }
    expect(labels(await listNomenclature(t.db.dataSource, user.tenantId, 'ppe'))).toEqual(['Casque', 'Bouchons d\'oreilles', 'Gants anti-coupure']);
    const page = await agent.get('/admin/nomenclatures?kind=ppe');
    expect(page.text).toContain('La valeur « Bouchons d&#39;oreilles » a été ajoutée.');
    expect(page.text).toMatch(/data-nomenclature-item="Casque"[\s\S]*data-nomenclature-item="Bouchons d&#39;oreilles"[\s\S]*data-nomenclature-item="Gants anti-coupure"/);
    expect(page.text).toMatch(/class="nav-link active"[^>]*kind=ppe/);
  });

  it('re-renders the form with French messages and what was typed', async () => {
    const { user, agent, csrf } = await admin();
    await insert(user.tenantId, 'injury_type', 'Coupure');
    const empty = await agent.post('/admin/nomenclatures/new?kind=injury_type').set(XHR).type('form').send({ _csrf_token: csrf, ...field('label', '  '), ...field('position', '7') });
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Veuillez renseigner ce champ.');
    expect(empty.text).toMatch(/name="nomenclature_item\[position\]"[^>]*value="7"/);
    const taken = await agent.post('/admin/nomenclatures/new?kind=injury_type').set(XHR).type('form').send({ _csrf_token: csrf, ...field('label', 'coupure'), ...field('position', '3') });
    expect(taken.status).toBe(200);
    expect(taken.text).toContain('Cette valeur est déjà utilisée.');
    expect(taken.text).toMatch(/name="nomenclature_item\[label\]"[^>]*value="coupure"/);
    const badPosition = await agent.post('/admin/nomenclatures/new?kind=injury_type').set(XHR).type('form').send({ _csrf_token: csrf, ...field('label', 'Brûlure'), ...field('position', 'deux') });
    expect(badPosition.status).toBe(200);
    expect(badPosition.text).toContain('L&#39;ordre doit être un nombre entier entre 0 et 9999.');
    // The same label in another list is fine.
    expect((await agent.post('/admin/nomenclatures/new?kind=injury_site').set(XHR).type('form').send({ _csrf_token: csrf, ...field('label', 'Coupure') })).status).toBe(201);
    const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM nomenclature_item WHERE tenant_id = $1 AND kind = 'injury_type'`, [user.tenantId]);
    expect(n).toBe(1);
  });

  it('edits with the optimistic lock; an inactive value leaves the choices but stays on the screen', async () => {
    const { user, agent, csrf } = await admin();
    const id = await insert(user.tenantId, 'main_source', 'Audit interne', { position: 1 });
    const form = await agent.get(`/admin/nomenclatures/${id}/edit`).set(XHR);
    expect(form.text).toContain('Modifier une valeur – Source principale');
    expect(form.text).toMatch(/id="nomenclature_item_active"[^>]*checked/);
    const saved = await agent.post(`/admin/nomenclatures/${id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...field('label', 'Audit interne annuel'), ...field('position', '1'), 'nomenclature_item[active]': ['0'], ...field('version', '1') });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('La valeur « Audit interne annuel » a été modifiée.');
    const stale = await agent.post(`/admin/nomenclatures/${id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...field('label', 'Autre'), ...field('position', '1'), ...field('version', '1') });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/modifi/i);

    expect(await listNomenclature(t.db.dataSource, user.tenantId, 'main_source')).toEqual([]);
    expect(await findNomenclatureItem(t.db.dataSource, user.tenantId, 'main_source', id)).toBeNull();
    expect(await findNomenclatureItem(t.db.dataSource, user.tenantId, 'main_source', id, { withRetired: true })).toEqual({ id, label: 'Audit interne annuel' });
    const page = await agent.get('/admin/nomenclatures?kind=main_source');
    expect(page.text).toMatch(/data-nomenclature-item="Audit interne annuel"[\s\S]*?Inactive/);
  });

  it('removes to the shared trash; the label is free again and the value can be restored', async () => {
    const { user, agent, csrf } = await admin();
    const id = await insert(user.tenantId, 'ppe', 'Casque');
    const removed = await agent.post(`/admin/nomenclatures/${id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('La valeur a été placée dans la corbeille.');
    expect(await listNomenclature(t.db.dataSource, user.tenantId, 'ppe')).toEqual([]);
    expect((await agent.get(`/admin/nomenclatures/${id}/edit`).set(XHR)).status).toBe(404);
    expect((await agent.post(`/admin/nomenclatures/${id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    const trash = await agent.get('/admin/trash');
    expect(trash.text).toMatch(/data-trash-item="Casque \(EPI\)"[\s\S]*?Valeur de nomenclature/);
    expect((await agent.post('/admin/nomenclatures/new?kind=ppe').set(XHR).type('form').send({ _csrf_token: csrf, ...field('label', 'Casque') })).status).toBe(201);

    const [item] = await t.db.dataSource.query(`SELECT id FROM trash_item WHERE subject_table = 'nomenclature_item' AND subject_id = $1`, [id]);
    expect((await agent.post(`/admin/trash/${item.id}/restore`).type('form').send({ _csrf_token: csrf })).status).toBe(302);
    expect((await agent.get(`/admin/nomenclatures/${id}/edit`).set(XHR)).status).toBe(200);
  });

  it('refuses users without the right, unknown lists, and values of another company', async () => {
    const plain = await makeUser(t, { roles: ['user'] });
    const { agent: plainAgent } = await loginAs(t, plain);
    expect((await plainAgent.get('/admin/nomenclatures')).status).toBe(403);

    const { agent, csrf } = await admin();
    expect((await agent.get('/admin/nomenclatures?kind=risk')).status).toBe(404);
    expect((await agent.get('/admin/nomenclatures/new?kind=risk').set(XHR)).status).toBe(404);
    const other = await makeUser(t, { roles: ['admin'] });
    const foreign = await insert(other.tenantId, 'ppe', 'Harnais');
    expect((await agent.get(`/admin/nomenclatures/${foreign}/edit`).set(XHR)).status).toBe(404);
    expect((await agent.post(`/admin/nomenclatures/${foreign}/edit`).set(XHR).type('form').send({ _csrf_token: csrf, ...field('label', 'Piraté'), ...field('version', '1') })).status).toBe(404);
    expect((await agent.post(`/admin/nomenclatures/${foreign}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    const [row] = await t.db.dataSource.query('SELECT label, deleted_at FROM nomenclature_item WHERE id = $1', [foreign]);
    expect(row).toEqual({ label: 'Harnais', deleted_at: null });
  });
});

describe('the API other modules use', () => {
  it('finds only values of the company and kind that a form offers', async () => {
    const { user } = await admin();
    const other = await makeUser(t, { roles: ['admin'] });
    const gants = await insert(user.tenantId, 'ppe', 'Gants', { position: 2 });
    const casque = await insert(user.tenantId, 'ppe', 'Casque', { position: 1 });
    const old = await insert(user.tenantId, 'ppe', 'Masque papier', { active: false });
    const tete = await insert(user.tenantId, 'injury_site', 'Tête');
    const foreign = await insert(other.tenantId, 'ppe', 'Harnais');
    expect(await findNomenclatureItem(t.db.dataSource, user.tenantId, 'ppe', casque)).toEqual({ id: casque, label: 'Casque' });
    expect(await findNomenclatureItem(t.db.dataSource, user.tenantId, 'ppe', tete)).toBeNull();
    expect(await findNomenclatureItem(t.db.dataSource, user.tenantId, 'ppe', foreign)).toBeNull();
    expect(await findNomenclatureItem(t.db.dataSource, user.tenantId, 'ppe', Number.NaN)).toBeNull();
    expect(await findNomenclatureItems(t.db.dataSource, user.tenantId, 'ppe', [gants, tete, foreign, casque, old, gants, 99_999_999_999]))
      .toEqual([{ id: casque, label: 'Casque' }, { id: gants, label: 'Gants' }]);
    expect(await findNomenclatureItems(t.db.dataSource, user.tenantId, 'ppe', [])).toEqual([]);
    // Inside the caller's transaction too.
    await t.db.dataSource.transaction(async (m) => {
      expect(labels(await listNomenclature(m, user.tenantId, 'domain'))).toEqual(['HSE', 'Qualité', 'Réunion']);
      expect(labels(await findNomenclatureItems(m, user.tenantId, 'ppe', [old], { withRetired: true }))).toEqual(['Masque papier']);
    });
  });

  it('demo data is realistic and idempotent per company', async () => {
    const { user } = await admin();
    await seedNomenclatureDemo(t.db.dataSource, user.tenantId);
    await seedNomenclatureDemo(t.db.dataSource, user.tenantId);
    expect(labels(await listNomenclature(t.db.dataSource, user.tenantId, 'ppe'))).toContain('Chaussures de sécurité');
    expect(labels(await listNomenclature(t.db.dataSource, user.tenantId, 'main_source'))).toContain('Accident du travail');
    expect(labels(await listNomenclature(t.db.dataSource, user.tenantId, 'domain'))).toEqual(['HSE', 'Qualité', 'Réunion', 'Environnement']);
    const dupes = await t.db.dataSource.query('SELECT kind, lower(label) FROM nomenclature_item WHERE tenant_id = $1 GROUP BY 1, 2 HAVING count(*) > 1', [user.tenantId]);
    expect(dupes).toEqual([]);
  });
});

describe('the "values per list" widget', () => {
  it('counts the active values of the company per list, with a drilldown to each tab, never cached', async () => {
    const { user, agent } = await admin();
    const other = await makeUser(t, { roles: ['admin'] });
    await insert(user.tenantId, 'ppe', 'Casque');
    await insert(user.tenantId, 'ppe', 'Gants');
    await insert(user.tenantId, 'ppe', 'Masque papier', { active: false });
    await insert(user.tenantId, 'injury_site', 'Tête');
    await insert(other.tenantId, 'ppe', 'Harnais');
    const res = await agent.get('/dashboard/nomenclature/values').set(XHR).set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      labels: ['Synthèse d\'efficacité', 'Source principale', 'Types de lésions', 'Sièges des lésions', 'Domaines', 'EPI'],
      series: [{ label: 'Valeurs actives', data: [3, 0, 0, 1, 3, 2] }],
      total: 9,
      links: ['efficiency_synthesis', 'main_source', 'injury_type', 'injury_site', 'domain', 'ppe'].map((k) => `/admin/nomenclatures?kind=${k}`),
    });
    const page = await agent.get('/admin/nomenclatures');
    expect(page.text).toContain('data-island="dashboard-widget"');
    expect(page.text).toContain('"url":"/dashboard/nomenclature/values"');

    const plain = await makeUser(t, { roles: ['user'] });
    const { agent: plainAgent } = await loginAs(t, plain);
    expect((await plainAgent.get('/dashboard/nomenclature/values').set(XHR).set('Accept', 'application/json')).status).toBe(403);
  });
});
