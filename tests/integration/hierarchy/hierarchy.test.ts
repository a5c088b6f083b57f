import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { listUserOrganisation, setUserOrganisation } from '../../../server/modules/hierarchy/user-organisation.service';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A minimal PNG: signature, IHDR with the size, IEND. */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0); ihdr.write('IHDR', 4, 'latin1'); ihdr.writeUInt32BE(width, 8); ihdr.writeUInt32BE(height, 12);
  ihdr.writeUInt8(8, 16); ihdr.writeUInt8(2, 17);
  const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, iend]);
}

async function admin() {
  const user = await makeUser(t, { rights: ['admin.hierarchy', 'admin.sites'] });
  const { agent, csrf } = await loginAs(t, user);
  return { user, agent, csrf };
}

async function seedTree(tenantId: number) {
  const q = (sql: string, p: unknown[]) => t.db.dataSource.query(sql, p).then((r: any[]) => r[0].id as number);
  const societe = await q(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Société', 1) RETURNING id`, [tenantId]);
  const site = await q(`INSERT INTO hierarchy_type (tenant_id, name, level, parent_id) VALUES ($1, 'Site', 2, $2) RETURNING id`, [tenantId, societe]);
  const root = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Acme SAS', $2) RETURNING id`, [tenantId, societe]);
  const lyon = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id, parent_id) VALUES ($1, 'Usine de Lyon', $2, $3) RETURNING id`, [tenantId, site, root]);
  const nantes = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id, parent_id) VALUES ($1, 'Usine de Nantes', $2, $3) RETURNING id`, [tenantId, site, root]);
  return { societe, site, root, lyon, nantes };
}

describe('hierarchy types and items', () => {
  it('creates a type and nested items through the forms, and shows the tree', async () => {
    const { agent, csrf } = await admin();
    const form = await agent.get('/admin/hierarchy/types/new').set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="hierarchy_type[name]"');
    const created = await agent.post('/admin/hierarchy/types/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, 'hierarchy_type[name]': 'Société', 'hierarchy_type[level]': '1', 'hierarchy_type[attachPdp]': ['0', '1'] });
    expect(created.status).toBe(201);
    const [type] = await t.db.dataSource.query(`SELECT * FROM hierarchy_type WHERE name = 'Société' ORDER BY id DESC LIMIT 1`);
    expect(type.attach_pdp).toBe(true);

    const invalid = await agent.post('/admin/hierarchy/items/new').set(XHR).type('form').send({ _csrf_token: csrf, 'hierarchy_item[name]': '', 'hierarchy_item[typeId]': String(type.id) });
    expect(invalid.status).toBe(200);
    expect(invalid.text).toContain('Veuillez renseigner ce champ.');

    const parent = await agent.post('/admin/hierarchy/items/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, 'hierarchy_item[name]': 'Groupe Durand', 'hierarchy_item[typeId]': String(type.id), 'hierarchy_item[city]': 'Lyon', 'hierarchy_item[areaM2]': '1200' });
    expect(parent.status).toBe(201);
    const [p] = await t.db.dataSource.query(`SELECT id, area_m2 FROM hierarchy_item WHERE name = 'Groupe Durand' AND type_id = $1`, [type.id]);
    expect(p.area_m2).toBe(1200);
    const child = await agent.post('/admin/hierarchy/items/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, 'hierarchy_item[name]': 'Atelier Nord', 'hierarchy_item[typeId]': String(type.id), 'hierarchy_item[parentId]': String(p.id) });
    expect(child.status).toBe(201);

    const tree = await agent.get('/admin/hierarchy');
    expect(tree.status).toBe(200);
    expect(tree.text).toContain('Groupe Durand');
    expect(tree.text).toMatch(/Groupe Durand[\s\S]*<ul[\s\S]*Atelier Nord/);

    // Deleting the parent is refused; the child goes, then the parent.
    const refused = await agent.post(`/admin/hierarchy/items/${p.id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Suppression impossible : cet élément est utilisé.');
    const typeRefused = await agent.post(`/admin/hierarchy/types/${type.id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(typeRefused.status).toBe(409);
    // Both refusals left the parent and the type as they were.
    expect(await t.db.dataSource.query('SELECT deleted_at FROM hierarchy_item WHERE id = $1', [p.id])).toEqual([{ deleted_at: null }]);
    expect(await t.db.dataSource.query('SELECT deleted_at FROM hierarchy_type WHERE id = $1', [type.id])).toEqual([{ deleted_at: null }]);
    const [c] = await t.db.dataSource.query(`SELECT id FROM hierarchy_item WHERE name = 'Atelier Nord' AND parent_id = $1`, [p.id]);
    expect((await agent.post(`/admin/hierarchy/items/${c.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect((await agent.post(`/admin/hierarchy/items/${p.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
  });

  it('refuses a parent below the item itself and the optimistic lock catches a stale edit', async () => {
    const { user, agent, csrf } = await admin();
    const ids = await seedTree(user.tenantId);
    const items = () => t.db.dataSource.query('SELECT * FROM hierarchy_item WHERE tenant_id = $1 ORDER BY id', [user.tenantId]);
    const before = await items();
    expect(before.map((i: { id: number; parent_id: number | null; version: number }) => [i.id, i.parent_id, i.version]))
      .toEqual([[ids.root, null, 1], [ids.lyon, ids.root, 1], [ids.nantes, ids.root, 1]]);
    const loop = await agent.post(`/admin/hierarchy/items/${ids.root}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, 'hierarchy_item[name]': 'Acme SAS', 'hierarchy_item[typeId]': String(ids.societe), 'hierarchy_item[parentId]': String(ids.lyon), 'hierarchy_item[version]': '1' });
    expect(loop.status).toBe(200);
    expect(loop.text).toContain('Ce parent n&#39;est pas valide');
    const stale = await agent.post(`/admin/hierarchy/items/${ids.lyon}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, 'hierarchy_item[name]': 'Lyon', 'hierarchy_item[typeId]': String(ids.site), 'hierarchy_item[parentId]': String(ids.root), 'hierarchy_item[version]': '7' });
    expect(stale.status).toBe(409);
    // Neither refusal wrote anything: the root keeps no parent, Lyon its name, and no version moved.
    expect(await items()).toEqual(before);
  });

  it('answers 404 for another company\'s rows and leaves them unchanged', async () => {
    const other = await makeUser(t, { rights: ['admin.hierarchy', 'admin.sites'] });
    const theirs = await seedTree(other.tenantId);
    const [site] = await t.db.dataSource.query(`INSERT INTO site (tenant_id, name) VALUES ($1, 'Site secret') RETURNING id`, [other.tenantId]);
    const { agent, csrf } = await admin();
    expect((await agent.get(`/admin/hierarchy/items/${theirs.lyon}`)).status).toBe(404);
    expect((await agent.get(`/admin/hierarchy/items/${theirs.lyon}/edit`).set(XHR)).status).toBe(404);
    expect((await agent.get(`/admin/hierarchy/types/${theirs.site}/edit`).set(XHR)).status).toBe(404);
    const edit = await agent.post(`/admin/hierarchy/items/${theirs.lyon}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, 'hierarchy_item[name]': 'Piraté', 'hierarchy_item[typeId]': String(theirs.site), 'hierarchy_item[version]': '1' });
    expect(edit.status).toBe(404);
    expect((await agent.post(`/admin/hierarchy/items/${theirs.nantes}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    expect((await agent.post(`/admin/sites/${site.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    expect((await agent.get(`/admin/sites/${site.id}/edit`).set(XHR)).status).toBe(404);
    const rows = await t.db.dataSource.query('SELECT name, version FROM hierarchy_item WHERE id = ANY($1) ORDER BY id', [[theirs.lyon, theirs.nantes]]);
    expect(rows).toEqual([{ name: 'Usine de Lyon', version: 1 }, { name: 'Usine de Nantes', version: 1 }]);
    // Using another company's type in one's own item is refused too.
    const mine = await agent.post('/admin/hierarchy/items/new').set(XHR).type('form').send({ _csrf_token: csrf, 'hierarchy_item[name]': 'X', 'hierarchy_item[typeId]': String(theirs.site) });
    expect(mine.status).toBe(200);
    expect(mine.text).toContain('Cette valeur doit être l&#39;un des choix proposés.');
  });

  it('forbids the screens to a user without the rights', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    expect((await agent.get('/admin/hierarchy')).status).toBe(403);
    expect((await agent.get('/admin/hierarchy/types')).status).toBe(403);
    expect((await agent.get('/admin/sites')).status).toBe(403);
    expect((await agent.get('/admin/services')).status).toBe(403);
    expect((await agent.post('/admin/hierarchy/types/new').set(XHR).type('form').send({ _csrf_token: csrf, 'hierarchy_type[name]': 'X', 'hierarchy_type[level]': '1' })).status).toBe(403);
    const onlyHierarchy = await makeUser(t, { rights: ['admin.hierarchy'] });
    const h = await loginAs(t, onlyHierarchy);
    expect((await h.agent.get('/admin/hierarchy')).status).toBe(200);
    expect((await h.agent.get('/admin/sites')).status).toBe(403);
  });
});

describe('files and sectors', () => {
  it('stores a sector plan with the pixel size read from the PNG header, and documents', async () => {
    const { user, agent, csrf } = await admin();
    const ids = await seedTree(user.tenantId);
    const res = await agent.post(`/admin/hierarchy/items/${ids.lyon}/sectors/new`).set(XHR)
      .field('_csrf_token', csrf).field('sector[label]', 'Zone de production').attach('plan', png(1234, 567), 'plan-zone.png');
    expect(res.status).toBe(201);
    const [sector] = await t.db.dataSource.query('SELECT * FROM sector WHERE item_id = $1', [ids.lyon]);
    expect(sector).toMatchObject({ name: 'Zone de production', plan_width: 1234, plan_height: 567, tenant_id: user.tenantId });
    expect(sector.plan_file_id).toBeTruthy();
    const refused = await agent.post(`/admin/hierarchy/items/${ids.lyon}/sectors/new`).set(XHR)
      .field('_csrf_token', csrf).field('sector[label]', 'Zone B').attach('plan', Buffer.from('%PDF-1.7\n%%EOF\n'), 'plan.png');
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('data-testid="upload-error"');

    const doc = await agent.post(`/admin/hierarchy/items/${ids.lyon}/documents/new`).set(XHR)
      .field('_csrf_token', csrf).field('label', 'Plan d\'évacuation').attach('documents', Buffer.from('%PDF-1.7\n%%EOF\n'), 'evacuation.pdf');
    expect(doc.status).toBe(201);
    const [d] = await t.db.dataSource.query('SELECT id, label FROM hierarchy_item_document WHERE item_id = $1', [ids.lyon]);
    expect(d.label).toBe('Plan d\'évacuation');
    const download = await agent.get(`/admin/hierarchy/documents/${d.id}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');

    const logo = await agent.post(`/admin/hierarchy/items/${ids.lyon}/image/logo`).set(XHR).field('_csrf_token', csrf).attach('file', png(200, 100), 'logo.png');
    expect(logo.status).toBe(201);
    const show = await agent.get(`/admin/hierarchy/items/${ids.lyon}`);
    expect(show.status).toBe(200);
    expect(show.text).toContain('1234 × 567 px');
    expect(show.text).toContain('Plan d&#39;évacuation');
    expect((await agent.post(`/admin/hierarchy/items/${ids.lyon}/lot/add`).set(XHR).type('form').send({ _csrf_token: csrf, 'part[label]': 'Lot 03 – Plomberie' })).status).toBe(201);
    expect((await agent.post(`/admin/hierarchy/items/${ids.lyon}/company/add`).set(XHR).type('form').send({ _csrf_token: csrf, 'part[label]': 'Plomberie Rhône' })).status).toBe(201);
    const again = await agent.get(`/admin/hierarchy/items/${ids.lyon}`);
    expect(again.text).toContain('Lot 03 – Plomberie');
    expect(again.text).toContain('Plomberie Rhône');
  });
});

describe('sites, services and work units', () => {
  it('creates, searches, paginates and refuses to delete a site with services', async () => {
    const { agent, csrf } = await admin();
    const site = await agent.post('/admin/sites/new').set(XHR).field('_csrf_token', csrf).field('site[name]', 'Site de Villeurbanne').field('site[company]', 'Acme').field('site[address]', '1 rue de Lyon');
    expect(site.status).toBe(201);
    const list = await agent.get('/admin/sites?q=villeur');
    expect(list.status).toBe(200);
    expect(list.text).toContain('Site de Villeurbanne');
    expect(list.text).toContain('1 résultat(s)');
    const [s] = await t.db.dataSource.query(`SELECT id FROM site WHERE name = 'Site de Villeurbanne' ORDER BY id DESC LIMIT 1`);
    const service = await agent.post('/admin/services/new').set(XHR).type('form').send({ _csrf_token: csrf, 'service[name]': 'Maintenance', 'service[siteId]': String(s.id) });
    expect(service.status).toBe(201);
    const services = await agent.get('/admin/services');
    expect(services.text).toContain('Maintenance');
    expect(services.text).toContain('Site de Villeurbanne');
    const refused = await agent.post(`/admin/sites/${s.id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Suppression impossible : cet élément est utilisé.');
    for (let i = 0; i < 27; i++) await agent.post('/admin/work-units/new').set(XHR).type('form').send({ _csrf_token: csrf, 'work_unit[name]': `Unité ${String(i).padStart(2, '0')}`, 'work_unit[weight]': '2' });
    await agent.get('/admin/work-units'); // shows (and clears) the flashes of the saves
    const page2 = await agent.get('/admin/work-units?page=2');
    expect(page2.text).toContain('Unité 26');
    expect(page2.text).not.toContain('Unité 00');
    expect(page2.text).toContain('Page 2 sur 2');
  });

  it('attaches users to items and services; attached services and items cannot be deleted', async () => {
    const { user, agent, csrf } = await admin();
    const ids = await seedTree(user.tenantId);
    const [svc] = await t.db.dataSource.query(`INSERT INTO service (tenant_id, name) VALUES ($1, 'QHSE') RETURNING id`, [user.tenantId]);
    await t.db.dataSource.transaction((m) => setUserOrganisation(m, user.tenantId, user.id, { hierarchyItemIds: [ids.lyon], serviceIds: [svc.id] }));
    expect(await listUserOrganisation(t.db.dataSource, user.tenantId, user.id)).toEqual({ hierarchyItemIds: [ids.lyon], serviceIds: [svc.id] });
    expect((await agent.post(`/admin/services/${svc.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(409);
    expect((await agent.post(`/admin/hierarchy/items/${ids.lyon}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(409);
    const other = await makeUser(t);
    const foreign = await seedTree(other.tenantId);
    await expect(t.db.dataSource.transaction((m) => setUserOrganisation(m, user.tenantId, user.id, { hierarchyItemIds: [foreign.lyon], serviceIds: [] }))).rejects.toThrow();
    expect((await listUserOrganisation(t.db.dataSource, user.tenantId, user.id)).hierarchyItemIds).toEqual([ids.lyon]);
  });
});

describe('hierarchy_filter_refresh', () => {
  it('returns one select per type, narrowed to the items below the selection, restricted to the user when asked', async () => {
    const { user, agent, csrf } = await admin();
    const ids = await seedTree(user.tenantId);
    const [batiment] = await t.db.dataSource.query(`INSERT INTO hierarchy_type (tenant_id, name, level, parent_id) VALUES ($1, 'Bâtiment', 3, $2) RETURNING id`, [user.tenantId, ids.site]);
    await t.db.dataSource.query(`INSERT INTO hierarchy_item (tenant_id, name, type_id, parent_id) VALUES ($1, 'Bâtiment A', $2, $3), ($1, 'Bâtiment N', $2, $4)`, [user.tenantId, batiment.id, ids.lyon, ids.nantes]);
    const all = await agent.post(`/hierarchy/filter-refresh/0/0/hierarchyItems`).set(XHR).type('form').send({ _csrf_token: csrf });
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toContain('text/html');
    expect(all.text).toContain('data-hierarchy-filter');
    expect(all.text).toContain(`name="selected[t${ids.site}][]"`);
    expect(all.text).toContain('Bâtiment A');
    expect(all.text).toContain('Bâtiment N');

    const narrowed = await agent.post(`/hierarchy/filter-refresh/0/0/hierarchyItems`).set(XHR).type('form').send({ _csrf_token: csrf, [`selected[t${ids.site}][]`]: String(ids.lyon) });
    expect(narrowed.text).toContain(`<option value="${ids.lyon}" selected>Usine de Lyon</option>`);
    expect(narrowed.text).toContain('Bâtiment A');
    expect(narrowed.text).not.toContain('Bâtiment N');

    const rooted = await agent.post(`/hierarchy/filter-refresh/${ids.nantes}/0/x`).set(XHR).type('form').send({ _csrf_token: csrf });
    expect(rooted.text).toContain('Bâtiment N');
    expect(rooted.text).not.toContain('Usine de Lyon');

    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [user.id, ids.nantes, user.tenantId]);
    const restricted = await agent.post(`/hierarchy/filter-refresh/0/1/hierarchyItems`).set(XHR).type('form').send({ _csrf_token: csrf });
    expect(restricted.text).toContain('Usine de Nantes');
    expect(restricted.text).not.toContain('Usine de Lyon');

    const other = await makeUser(t);
    const foreign = await seedTree(other.tenantId);
    expect((await agent.post(`/hierarchy/filter-refresh/${foreign.root}/0/x`).set(XHR).type('form').send({ _csrf_token: csrf })).status).toBe(404);
    expect((await agent.post(`/hierarchy/filter-refresh/0/2/x`).set(XHR).type('form').send({ _csrf_token: csrf })).status).toBe(404);
  });
});
