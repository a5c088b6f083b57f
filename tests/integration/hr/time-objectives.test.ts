import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const form = (csrf: string, f: Record<string, string>) => ({ _csrf_token: csrf, ...Object.fromEntries(Object.entries(f).map(([k, v]) => [`objective[${k}]`, v])) });

describe('objectives admin', () => {
  it('adds, lists, edits and deletes objectives, one per type and year', async () => {
    const admin = await makeUser(t, { rights: ['admin.objectives'] });
    const { agent, csrf } = await loginAs(t, admin);
    const empty = await agent.get('/admin/objectives');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Aucun objectif de taux de fréquence ou de gravité pour l&#39;instant.');
    const created = await agent.post('/admin/objectives/new').set(XHR).type('form').send(form(csrf, { type: 'TF', year: '2026', value: '12,5' }));
    expect(created.status).toBe(201);
    expect(created.body.message).toBe("L'objectif TF 2026 a été ajouté.");
    expect((await agent.post('/admin/objectives/new').set(XHR).type('form').send(form(csrf, { type: 'TG', year: '2026', value: '0.8' }))).status).toBe(201);
    const dup = await agent.post('/admin/objectives/new').set(XHR).type('form').send(form(csrf, { type: 'TF', year: '2026', value: '3' }));
    expect(dup.status).toBe(200);
    expect(dup.text).toMatch(/data-testid="error-year">Un objectif TF existe déjà pour 2026\./);
    expect(dup.text).toMatch(/name="objective\[value\]"[^>]*value="3"/);
    const bad = await agent.post('/admin/objectives/new').set(XHR).type('form').send(form(csrf, { type: 'XX', year: '1900', value: '-2' }));
    expect(bad.text).toContain('Veuillez effectuer une sélection');
    expect(bad.text).toContain('Indiquez une année entre 2000 et 2100.');
    expect(bad.text).toContain('Indiquez un nombre positif avec au plus deux décimales.');

    const list = await agent.get('/admin/objectives');
    expect(list.text).toMatch(/data-objective="TF-2026"[\s\S]*12,50/);
    const [tf] = await t.db.dataSource.query(`SELECT id FROM objective WHERE tenant_id = $1 AND type = 'TF'`, [admin.tenantId]);
    const edit = await agent.get(`/admin/objectives/${tf.id}/edit`).set(XHR);
    const lock = /name="objective\[lock\]" value="([^"]*)"/.exec(edit.text)![1];
    expect(lock).toBe('TF|2026|12.5');
    // Someone else changes it meanwhile: the first edit is refused as stale.
    await t.db.dataSource.query('UPDATE objective SET value = 11 WHERE id = $1', [tf.id]);
    const staleRes = await agent.post(`/admin/objectives/${tf.id}/edit`).set(XHR).type('form').send(form(csrf, { type: 'TF', year: '2026', value: '10', lock }));
    expect(staleRes.status).toBe(409);
    const fresh = /name="objective\[lock\]" value="([^"]*)"/.exec((await agent.get(`/admin/objectives/${tf.id}/edit`).set(XHR)).text)![1];
    expect((await agent.post(`/admin/objectives/${tf.id}/edit`).set(XHR).type('form').send(form(csrf, { type: 'TF', year: '2026', value: '10', lock: fresh }))).status).toBe(201);
    expect(Number((await t.db.dataSource.query('SELECT value FROM objective WHERE id = $1', [tf.id]))[0].value)).toBe(10);

    const del = await agent.post(`/admin/objectives/${tf.id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe("L'objectif TF 2026 a été supprimé.");
    expect((await agent.post(`/admin/objectives/${tf.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
  });

  it('keeps objectives per company and behind the right', async () => {
    const a = await makeUser(t, { rights: ['admin.objectives'] });
    const b = await makeUser(t, { rights: ['admin.objectives'] });
    const [o] = await t.db.dataSource.query(`INSERT INTO objective (tenant_id, type, year, value) VALUES ($1, 'TG', 2027, 1) RETURNING id`, [b.tenantId]);
    const { agent, csrf } = await loginAs(t, a);
    expect((await agent.get(`/admin/objectives/${o.id}/edit`).set(XHR)).status).toBe(404);
    expect((await agent.post(`/admin/objectives/${o.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    expect(await t.db.dataSource.query('SELECT value FROM objective WHERE id = $1', [o.id])).toHaveLength(1);
    // The same type and year is free in another company.
    expect((await agent.post('/admin/objectives/new').set(XHR).type('form').send(form(csrf, { type: 'TG', year: '2027', value: '2' }))).status).toBe(201);
    const plain = await makeUser(t);
    const p = await loginAs(t, plain);
    expect((await p.agent.get('/admin/objectives')).status).toBe(403);
  });
});
