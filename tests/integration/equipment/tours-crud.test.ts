import { createTestApp, type TestApp } from '../../support/app';
import { actor, attach, companyOf, entities, fieldError, insertControllable, insertEquipment, postEmpty, postForm, XHR, type Actor } from './book-fixtures';

/** Issue 24 item 6: tours (list, add / edit with bad input and lock, rights, tenant, scope). */
let t: TestApp;
let boss: Actor;
let company: string;
let places: { root: number; site: number; other: number };
const FORM = 'vgp_tour';
const TOURS = ['vgp.view', 'vgp.tours'];
const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);

beforeAll(async () => {
  t = await createTestApp();
  boss = await actor(t, TOURS);
  company = await companyOf(t, boss.tenantId);
  places = await entities(t, boss.tenantId);
});
afterAll(async () => { await t.close(); });

const tourIdOf = async (name: string) => (await q('SELECT id FROM vgp_tour WHERE tenant_id = $1 AND name = $2', [boss.tenantId, name]))[0]?.id as number;

describe('tours', () => {
  it('are added through the modal: bad input keeps the typed values with French messages; saved, the tour opens', async () => {
    const empty = await boss.agent.get('/equipment/tours');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Aucune tournée pour le moment.');
    const modal = await boss.agent.get('/equipment/tours/new').set(XHR);
    expect(modal.status).toBe(200);
    expect(modal.text).toContain('Atelier de montage');

    const bad = await postForm(boss, '/equipment/tours/new', FORM, { name: '', entity: '', date: '30/02/2026', time: '25:00', controller: '' });
    expect(bad.status).toBe(200);
    expect(fieldError(bad.text, 'name')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(bad.text, 'entity')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(bad.text, 'date')).toBe('La date doit être au format JJ/MM/AAAA.');
    expect(fieldError(bad.text, 'time')).toBe("L'heure doit être au format HH:MM.");
    expect(bad.text).toContain('value="30/02/2026"');
    expect(bad.text).toContain('value="25:00"');

    // Another company's entity or user: not a choice.
    const stranger = await actor(t, TOURS);
    const strangerPlaces = await entities(t, stranger.tenantId);
    const foreign = await postForm(boss, '/equipment/tours/new', FORM, { name: 'Tournée levage', entity: strangerPlaces.site, date: '15/06/2026', time: '08:30', controller: stranger.id });
    expect(foreign.status).toBe(200);
    expect(fieldError(foreign.text, 'entity')).toBe("Cette valeur doit être l'un des choix proposés.");
    expect(fieldError(foreign.text, 'controller')).toBe("Cette valeur doit être l'un des choix proposés.");
    expect(foreign.text).toContain('value="Tournée levage"');

    const ok = await postForm(boss, '/equipment/tours/new', FORM, { name: 'Tournée levage', entity: places.site, date: '15/06/2026', time: '08:30', controller: boss.id });
    expect(ok.status).toBe(201);
    const id = await tourIdOf('Tournée levage');
    expect(ok.body.redirect).toBe(`/equipment/tours/${id}`);
    // 08:30 in Paris in June is 06:30 UTC.
    const [row] = await q('SELECT hierarchy_item_id, controller_id, scheduled_at FROM vgp_tour WHERE id = $1', [id]);
    expect(row).toMatchObject({ hierarchy_item_id: places.site, controller_id: boss.id });
    expect(new Date(row.scheduled_at).toISOString()).toBe('2026-06-15T06:30:00.000Z');

    const list = await boss.agent.get('/equipment/tours');
    const line = list.text.slice(list.text.indexOf(`data-tour="${id}"`));
    expect(line).toContain('Tournée levage');
    expect(line).toContain('Atelier de montage');
    expect(line).toContain('15/06/2026 08:30');
    expect(line).toContain('Camille Test');
    expect(line).toContain('0 / 0 faits');
  });

  it('show their progress n / m in the list, and are edited with the optimistic lock', async () => {
    const [{ id }] = await q(`INSERT INTO vgp_tour (tenant_id, name, hierarchy_item_id, scheduled_at) VALUES ($1, 'Tournée extincteurs', $2, '2026-03-02T07:00:00Z') RETURNING id`, [boss.tenantId, places.root]);
    const equipment = await insertEquipment(t, boss.tenantId, { hierarchy_item_id: places.site });
    for (const [i, name] of ['A', 'B', 'C'].entries()) {
      const c = await insertControllable(t, boss.tenantId, { name: `Contrôle ${name}`, equipment_id: equipment });
      await q('INSERT INTO vgp_tour_control (tenant_id, tour_id, controllable_id, position, done_at) VALUES ($1, $2, $3, $4, $5)', [boss.tenantId, id, c, i + 1, i === 0 ? new Date() : null]);
    }
    const list = await boss.agent.get('/equipment/tours');
    expect(list.text.slice(list.text.indexOf(`data-tour="${id}"`))).toContain('1 / 3 faits');

    const second = await actor(t, TOURS, { company });
    const versionIn = (html: string) => Number(/name="vgp_tour\[version\]" value="(\d+)"/.exec(html)![1]);
    const formA = await boss.agent.get(`/equipment/tours/${id}/edit`).set(XHR);
    const formB = await second.agent.get(`/equipment/tours/${id}/edit`).set(XHR);
    expect(formA.text).toContain('value="02/03/2026"');
    expect(formA.text).toContain('value="08:00"');
    expect((await postForm(boss, `/equipment/tours/${id}/edit`, FORM, { name: 'Tournée extincteurs (mars)', entity: places.root, date: '03/03/2026', time: '09:15', version: versionIn(formA.text) })).status).toBe(201);
    const late = await postForm(second, `/equipment/tours/${id}/edit`, FORM, { name: 'Autre', entity: places.root, date: '04/03/2026', time: '10:00', version: versionIn(formB.text) });
    expect(late.status).toBe(409);
    const [row] = await q('SELECT name, scheduled_at FROM vgp_tour WHERE id = $1', [id]);
    expect(row.name).toBe('Tournée extincteurs (mars)');
    expect(new Date(row.scheduled_at).toISOString()).toBe('2026-03-03T08:15:00.000Z');

    const removed = await postEmpty(boss, `/equipment/tours/${id}/delete`);
    expect(removed.status).toBe(200);
    expect(removed.body.redirect).toBe('/equipment/tours');
    expect(await q('SELECT id FROM vgp_tour WHERE id = $1', [id])).toEqual([]);
    // The controls themselves stay.
    expect((await q('SELECT count(*)::int AS n FROM vgp_controllable WHERE equipment_id = $1', [equipment]))[0].n).toBe(3);
  });

  it('need vgp.tours, stay in their company and in the user\'s entities', async () => {
    const [{ id: mine }] = await q(`INSERT INTO vgp_tour (tenant_id, name, hierarchy_item_id, scheduled_at) VALUES ($1, 'Tournée du site', $2, now()) RETURNING id`, [boss.tenantId, places.site]);
    const [{ id: theirs }] = await q(`INSERT INTO vgp_tour (tenant_id, name, hierarchy_item_id, scheduled_at) VALUES ($1, 'Tournée de Nantes', $2, now()) RETURNING id`, [boss.tenantId, places.other]);

    const viewer = await actor(t, ['vgp.view', 'vgp.equipment_view'], { company });
    expect((await viewer.agent.get('/equipment/tours')).status).toBe(403);
    expect((await viewer.agent.get(`/equipment/tours/${mine}`)).status).toBe(403);
    expect((await postForm(viewer, '/equipment/tours/new', FORM, { name: 'Non', entity: places.site, date: '01/01/2026', time: '08:00' })).status).toBe(403);
    const refused = await postEmpty(viewer, `/equipment/tours/${mine}/delete`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Action non autorisée.');

    const other = await actor(t, TOURS);
    expect((await other.agent.get(`/equipment/tours/${mine}`)).status).toBe(404);
    expect((await other.agent.get(`/equipment/tours/${mine}/edit`).set(XHR)).status).toBe(404);
    expect((await postEmpty(other, `/equipment/tours/${mine}/delete`)).status).toBe(404);
    expect((await other.agent.get('/equipment/tours')).text).not.toContain('Tournée du site');

    const local = await actor(t, TOURS, { company });
    await attach(t, local, places.root);
    const list = await local.agent.get('/equipment/tours');
    expect(list.text).toContain('Tournée du site');
    expect(list.text).not.toContain('Tournée de Nantes');
    expect((await local.agent.get(`/equipment/tours/${theirs}`)).status).toBe(404);
    expect((await local.agent.get(`/equipment/tours/${theirs}/pdf`)).status).toBe(404);
    // Only the entities of the scope are offered and accepted.
    const modal = await local.agent.get('/equipment/tours/new').set(XHR);
    expect(modal.text).toContain('Atelier de montage');
    expect(modal.text).not.toContain('Dépôt de Nantes');
    const outside = await postForm(local, '/equipment/tours/new', FORM, { name: 'Hors périmètre', entity: places.other, date: '01/01/2026', time: '08:00' });
    expect(outside.status).toBe(200);
    expect(fieldError(outside.text, 'entity')).toBe("Cette valeur doit être l'un des choix proposés.");
    expect((await q('SELECT name FROM vgp_tour WHERE id = $1', [theirs]))[0].name).toBe('Tournée de Nantes');
  });
});
