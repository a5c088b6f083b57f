import { registerTrashable, softDelete } from '../../../server/kernel/trash/trash';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A table of the shape every trashable module table has (id, tenant_id, deleted_at), used by this test only.
  await t.db.dataSource.query(`CREATE TABLE IF NOT EXISTS test_trash_subject (id serial PRIMARY KEY, tenant_id int NOT NULL, title text NOT NULL, deleted_at timestamptz)`);
  await t.db.dataSource.query(`CREATE TABLE IF NOT EXISTS test_trash_child (id serial PRIMARY KEY, subject_id int NOT NULL REFERENCES test_trash_subject(id))`);
  registerTrashable({ table: 'test_trash_subject', typeKey: 'trash.types.sample' });
});
afterAll(async () => { await t.close(); });

async function trashed(tenantId: number, title: string, userId: number): Promise<number> {
  const [row] = await t.db.dataSource.query('INSERT INTO test_trash_subject (tenant_id, title) VALUES ($1, $2) RETURNING id', [tenantId, title]);
  await t.db.dataSource.transaction((m) => softDelete(m, { table: 'test_trash_subject', id: row.id, tenantId, title, userId }));
  return row.id;
}

describe('trash', () => {
  it('lists the soft-deleted items of the company, restores them and deletes them for good', async () => {
    const admin = await makeUser(t, { rights: ['admin.trash'] });
    const stranger = await makeUser(t, { rights: ['admin.trash'] });
    const kept = await trashed(admin.tenantId, 'Plan de prévention PDP-0042', admin.id);
    const gone = await trashed(admin.tenantId, 'Permis de feu PF-7', admin.id);
    await trashed(stranger.tenantId, 'Autre société', stranger.id);
    const { agent, csrf } = await loginAs(t, admin);
    const list = await agent.get('/admin/trash');
    expect(list.text).toContain('Plan de prévention PDP-0042');
    expect(list.text).toContain('Élément d&#39;essai');
    expect(list.text).not.toContain('Autre société');
    const itemId = async (title: string) => (await t.db.dataSource.query('SELECT id FROM trash_item WHERE title = $1', [title]))[0].id;

    expect((await agent.post(`/admin/trash/${await itemId('Plan de prévention PDP-0042')}/restore`).type('form').send({ _csrf_token: csrf })).status).toBe(302);
    const [restored] = await t.db.dataSource.query('SELECT deleted_at FROM test_trash_subject WHERE id = $1', [kept]);
    expect(restored.deleted_at).toBeNull();
    expect((await agent.get('/admin/trash')).text).toContain('L&#39;élément a été restauré.');

    await agent.post(`/admin/trash/${await itemId('Permis de feu PF-7')}/delete`).type('form').send({ _csrf_token: csrf });
    expect(await t.db.dataSource.query('SELECT 1 FROM test_trash_subject WHERE id = $1', [gone])).toEqual([]);
    const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM audit_entry WHERE event = 'deletion' AND tenant_id = $1`, [admin.tenantId]);
    expect(n).toBe(3);
    const foreign = await itemId('Autre société');
    expect((await agent.post(`/admin/trash/${foreign}/restore`).type('form').send({ _csrf_token: csrf })).status).toBe(404);
    // Still in the other company's trash.
    expect(await t.db.dataSource.query('SELECT title FROM trash_item WHERE id = $1', [foreign])).toEqual([{ title: 'Autre société' }]);
    expect(await t.db.dataSource.query('SELECT deleted_at IS NOT NULL AS deleted FROM test_trash_subject WHERE tenant_id = $1', [stranger.tenantId])).toEqual([{ deleted: true }]);
  });

  it('refuses to delete for good a record still in use, and keeps it in the trash', async () => {
    const admin = await makeUser(t, { rights: ['admin.trash'] });
    const id = await trashed(admin.tenantId, 'Machine utilisée', admin.id);
    await t.db.dataSource.query('INSERT INTO test_trash_child (subject_id) VALUES ($1)', [id]);
    const { agent, csrf } = await loginAs(t, admin);
    const [item] = await t.db.dataSource.query('SELECT id FROM trash_item WHERE subject_id = $1 AND subject_table = $2', [id, 'test_trash_subject']);
    expect((await agent.post(`/admin/trash/${item.id}/delete`).type('form').send({ _csrf_token: csrf })).status).toBe(302);
    const page = await agent.get('/admin/trash');
    expect(page.text).toContain('Suppression impossible : cet élément est encore utilisé.');
    expect(page.text).toContain('Machine utilisée');
  });
});
