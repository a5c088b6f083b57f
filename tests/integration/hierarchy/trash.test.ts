import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { listUserOrganisation, serviceOptions } from '../../../server/modules/hierarchy/user-organisation.service';
import { itemOptions } from '../../../server/modules/hierarchy/hierarchy.service';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function admin() {
  const user = await makeUser(t, { rights: ['admin.hierarchy', 'admin.sites', 'admin.trash'] });
  const { agent, csrf } = await loginAs(t, user);
  return { user, agent, csrf };
}

async function seed(tenantId: number) {
  const q = (sql: string, p: unknown[]) => t.db.dataSource.query(sql, p).then((r: any[]) => r[0].id as number);
  const societe = await q(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Société', 1) RETURNING id`, [tenantId]);
  const atelier = await q(`INSERT INTO hierarchy_type (tenant_id, name, level, parent_id) VALUES ($1, 'Atelier', 2, $2) RETURNING id`, [tenantId, societe]);
  const root = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Corbeille SAS', $2) RETURNING id`, [tenantId, societe]);
  const paint = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id, parent_id) VALUES ($1, 'Atelier peinture', $2, $3) RETURNING id`, [tenantId, atelier, root]);
  const site = await q(`INSERT INTO site (tenant_id, name) VALUES ($1, 'Site de Vénissieux') RETURNING id`, [tenantId]);
  const service = await q(`INSERT INTO service (tenant_id, name, site_id) VALUES ($1, 'Service Sécurité', $2) RETURNING id`, [tenantId, site]);
  const unit = await q(`INSERT INTO work_unit (tenant_id, name) VALUES ($1, 'Unité cabine de peinture') RETURNING id`, [tenantId]);
  return { societe, atelier, root, paint, site, service, unit };
}

const trashItemOf = async (table: string, id: number): Promise<number | undefined> =>
  (await t.db.dataSource.query('SELECT id FROM trash_item WHERE subject_table = $1 AND subject_id = $2', [table, id]))[0]?.id;

describe('hierarchy deletions go through the shared trash', () => {
  it('moves an item to the trash (gone from the tree, pickers and filter, 404 on its pages) and restores it', async () => {
    const { user, agent, csrf } = await admin();
    const ids = await seed(user.tenantId);
    const deleted = await agent.post(`/admin/hierarchy/items/${ids.paint}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('L\'élément a été placé dans la corbeille.');
    const [row] = await t.db.dataSource.query('SELECT deleted_at FROM hierarchy_item WHERE id = $1', [ids.paint]);
    expect(row.deleted_at).toBeInstanceOf(Date);

    const tree = await agent.get('/admin/hierarchy');
    expect(tree.text).toContain('Corbeille SAS');
    expect(tree.text).not.toContain('Atelier peinture');
    expect((await itemOptions(t.db.dataSource, user.tenantId)).map((o) => o.id)).not.toContain(ids.paint);
    const filter = await agent.post('/hierarchy/filter-refresh/0/0/x').set(XHR).type('form').send({ _csrf_token: csrf });
    expect(filter.text).not.toContain('Atelier peinture');
    expect((await agent.get(`/admin/hierarchy/items/${ids.paint}/edit`).set(XHR)).status).toBe(404);
    expect((await agent.get(`/admin/hierarchy/items/${ids.paint}`)).status).toBe(404);
    expect((await agent.post(`/hierarchy/filter-refresh/${ids.paint}/0/x`).set(XHR).type('form').send({ _csrf_token: csrf })).status).toBe(404);
    const edit = await agent.post(`/admin/hierarchy/items/${ids.paint}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, 'hierarchy_item[name]': 'Modifié', 'hierarchy_item[typeId]': String(ids.atelier), 'hierarchy_item[version]': '1' });
    expect(edit.status).toBe(404);
    // Deleting again: already in the trash, so unknown.
    expect((await agent.post(`/admin/hierarchy/items/${ids.paint}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    // A trashed parent cannot be chosen.
    const child = await agent.post('/admin/hierarchy/items/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, 'hierarchy_item[name]': 'Cabine', 'hierarchy_item[typeId]': String(ids.atelier), 'hierarchy_item[parentId]': String(ids.paint) });
    expect(child.status).toBe(200);
    expect(child.text).toContain('Ce parent n&#39;est pas valide');

    const trash = await agent.get('/admin/trash');
    expect(trash.status).toBe(200);
    expect(trash.text).toMatch(/data-trash-item="Atelier peinture"[\s\S]*?Élément de hiérarchie/);
    const item = await trashItemOf('hierarchy_item', ids.paint);
    expect((await agent.post(`/admin/trash/${item}/restore`).type('form').send({ _csrf_token: csrf })).status).toBe(302);
    const back = await agent.get('/admin/hierarchy');
    expect(back.text).toMatch(/Corbeille SAS[\s\S]*<ul[\s\S]*Atelier peinture/);
    expect((await agent.get(`/admin/hierarchy/items/${ids.paint}/edit`).set(XHR)).status).toBe(200);
  });

  it('keeps the "in use" refusal, counting only rows not in the trash', async () => {
    const { user, agent, csrf } = await admin();
    const ids = await seed(user.tenantId);
    const refused = await agent.post(`/admin/hierarchy/items/${ids.root}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Suppression impossible : cet élément est utilisé.');
    expect((await agent.post(`/admin/hierarchy/types/${ids.atelier}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(409);
    expect((await agent.post(`/admin/sites/${ids.site}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(409);
    expect(await trashItemOf('hierarchy_item', ids.root)).toBeUndefined();
    expect((await agent.get('/admin/sites')).text).toContain('data-site="Site de Vénissieux"');
    expect((await agent.get('/admin/work-units')).text).toContain('data-work-unit="Unité cabine de peinture"');

    // Once the child, the items of the type and the services of the site are in the trash, they no longer count.
    expect((await agent.post(`/admin/hierarchy/items/${ids.paint}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect((await agent.post(`/admin/hierarchy/items/${ids.root}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect((await agent.post(`/admin/hierarchy/types/${ids.atelier}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect((await agent.post(`/admin/services/${ids.service}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect((await agent.post(`/admin/sites/${ids.site}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect((await agent.post(`/admin/work-units/${ids.unit}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);

    const types = (await agent.get('/admin/hierarchy/types')).text;
    expect(types).toContain('data-type="Société"');
    expect(types).not.toContain('data-type="Atelier"');
    expect((await agent.get('/admin/sites')).text).not.toContain('data-site="Site de Vénissieux"');
    expect((await agent.get('/admin/services')).text).not.toContain('data-service="Service Sécurité"');
    expect((await agent.get('/admin/work-units')).text).not.toContain('data-work-unit="Unité cabine de peinture"');
    expect((await agent.get(`/admin/sites/${ids.site}`)).status).toBe(404);
    expect((await agent.get(`/admin/services/${ids.service}/edit`).set(XHR)).status).toBe(404);
    expect((await agent.get(`/admin/work-units/${ids.unit}/edit`).set(XHR)).status).toBe(404);
    expect((await agent.get(`/admin/hierarchy/types/${ids.atelier}/edit`).set(XHR)).status).toBe(404);
    expect(await serviceOptions(t.db.dataSource, user.tenantId)).toEqual([]);
    const service = await agent.post('/admin/services/new').set(XHR).type('form').send({ _csrf_token: csrf, 'service[name]': 'Nouveau', 'service[siteId]': String(ids.site) });
    expect(service.status).toBe(200);

    const trash = (await agent.get('/admin/trash')).text;
    for (const label of ['Type de hiérarchie', 'Élément de hiérarchie', 'Site', 'Service', 'Unité de travail']) expect(trash).toContain(label);
    const [{ n }] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM trash_item WHERE tenant_id = $1', [user.tenantId]);
    expect(n).toBe(6);
  });

  it('refuses to delete for good from the trash a row still referenced, and keeps it there', async () => {
    const { user, agent, csrf } = await admin();
    const ids = await seed(user.tenantId);
    // A trashed item still points to its type: the type cannot go for good.
    await agent.post(`/admin/hierarchy/items/${ids.paint}/delete`).set(XHR).send({ _csrf_token: csrf });
    await agent.post(`/admin/hierarchy/types/${ids.atelier}/delete`).set(XHR).send({ _csrf_token: csrf });
    const typeItem = await trashItemOf('hierarchy_type', ids.atelier);
    expect((await agent.post(`/admin/trash/${typeItem}/delete`).type('form').send({ _csrf_token: csrf })).status).toBe(302);
    let page = await agent.get('/admin/trash');
    expect(page.text).toContain('Suppression impossible : cet élément est encore utilisé.');
    expect(page.text).toContain('data-trash-item="Atelier"');
    expect(await t.db.dataSource.query('SELECT 1 FROM hierarchy_type WHERE id = $1', [ids.atelier])).toHaveLength(1);

    // A service still referenced by user_service (attached by hand after it went to the trash).
    await agent.post(`/admin/services/${ids.service}/delete`).set(XHR).send({ _csrf_token: csrf });
    await t.db.dataSource.query('INSERT INTO user_service (user_id, service_id, tenant_id) VALUES ($1, $2, $3)', [user.id, ids.service, user.tenantId]);
    expect((await listUserOrganisation(t.db.dataSource, user.tenantId, user.id)).serviceIds).toEqual([]);
    const serviceItem = await trashItemOf('service', ids.service);
    await agent.post(`/admin/trash/${serviceItem}/delete`).type('form').send({ _csrf_token: csrf });
    page = await agent.get('/admin/trash');
    expect(page.text).toContain('Suppression impossible : cet élément est encore utilisé.');
    expect(page.text).toContain('data-trash-item="Service Sécurité"');
    expect(await trashItemOf('service', ids.service)).toBe(serviceItem);

    // Parts of a trashed item cannot be touched; the item itself goes for good, its lots with it; then its type can go too.
    const [lot] = await t.db.dataSource.query('INSERT INTO hierarchy_item_lot (tenant_id, item_id, label) VALUES ($1, $2, $3) RETURNING id', [user.tenantId, ids.paint, 'Lot 01']);
    expect((await agent.post(`/admin/hierarchy/lot/${lot.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    await agent.post(`/admin/trash/${await trashItemOf('hierarchy_item', ids.paint)}/delete`).type('form').send({ _csrf_token: csrf });
    expect(await t.db.dataSource.query('SELECT 1 FROM hierarchy_item WHERE id = $1', [ids.paint])).toEqual([]);
    expect(await t.db.dataSource.query('SELECT 1 FROM hierarchy_item_lot WHERE item_id = $1', [ids.paint])).toEqual([]);
    await agent.post(`/admin/trash/${typeItem}/delete`).type('form').send({ _csrf_token: csrf });
    expect(await t.db.dataSource.query('SELECT 1 FROM hierarchy_type WHERE id = $1', [ids.atelier])).toEqual([]);
  });

  it('still deletes the parts of an item for good, with their own message', async () => {
    const { user, agent, csrf } = await admin();
    const ids = await seed(user.tenantId);
    const [lot] = await t.db.dataSource.query('INSERT INTO hierarchy_item_lot (tenant_id, item_id, label) VALUES ($1, $2, $3) RETURNING id', [user.tenantId, ids.paint, 'Lot 02']);
    const res = await agent.post(`/admin/hierarchy/lot/${lot.id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('L\'élément a été supprimé.');
    expect(await t.db.dataSource.query('SELECT 1 FROM hierarchy_item_lot WHERE id = $1', [lot.id])).toEqual([]);
  });

  it('does not let another company trash the rows', async () => {
    const { user } = await admin();
    const ids = await seed(user.tenantId);
    const { agent, csrf } = await admin();
    expect((await agent.post(`/admin/hierarchy/items/${ids.paint}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    expect((await agent.post(`/admin/work-units/${ids.unit}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    const rows = await t.db.dataSource.query('SELECT deleted_at FROM hierarchy_item WHERE id = $1 UNION ALL SELECT deleted_at FROM work_unit WHERE id = $2', [ids.paint, ids.unit]);
    expect(rows).toEqual([{ deleted_at: null }, { deleted_at: null }]);
  });
});
