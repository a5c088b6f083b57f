import { setToggle } from '../../../server/kernel/toggles/toggles';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, fieldError, postEmpty, postForm, XHR, type Actor } from '../risk-evaluation/du-fixtures';

/** Equipment rules: unique serial and internal numbers under the toggle, refused deletions, archive, lock, rights, scope, tenant, bad input. */
let t: TestApp;
let manager: Actor;
let company: string;
let lyon: number;
let nantes: number;

const FORM = 'vgp_equipment';
const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params);

beforeAll(async () => {
  t = await createTestApp();
  manager = await actor(t, ['vgp.view', 'vgp.equipment_view', 'vgp.equipment_manage']);
  company = await companyOf(t, manager.tenantId);
  const [type] = await q('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [manager.tenantId, 'Site']);
  [{ id: lyon }] = await q('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [manager.tenantId, 'Usine de Lyon', type.id]);
  [{ id: nantes }] = await q('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [manager.tenantId, 'Entrepôt de Nantes', type.id]);
});
afterAll(async () => { await t.close(); });

async function create(a: Actor, fields: Record<string, unknown>): Promise<number> {
  const res = await postForm(a, '/equipment/new', FORM, { version: 0, ...fields });
  expect({ status: res.status, text: res.status === 201 ? '' : res.text.slice(0, 400) }).toEqual({ status: 201, text: '' });
  expect(res.body.redirect).toMatch(/^\/equipment\/\d+$/);
  return Number(res.body.redirect.split('/').pop());
}

describe('serial and internal numbers with the « machine number checks » toggle on (the default)', () => {
  it('refuses a number another equipment of the company carries, in French, keeping what was typed', async () => {
    const first = await create(manager, { name: 'Chariot A', serialNumber: 'SN-1000', internalNumber: 'CE-01' });
    const res = await postForm(manager, '/equipment/new', FORM, { name: 'Chariot B', brand: 'Linde', serialNumber: ' sn-1000 ', internalNumber: 'CE-02' });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'serialNumber')).toBe('Ce numéro de série est déjà utilisé par un autre équipement.');
    expect(fieldError(res.text, 'internalNumber')).toBeNull();
    expect(res.text).toContain('value="Chariot B"');
    expect(res.text).toContain('value="Linde"');
    const res2 = await postForm(manager, '/equipment/new', FORM, { name: 'Chariot C', serialNumber: 'SN-2000', internalNumber: 'ce-01' });
    expect(fieldError(res2.text, 'internalNumber')).toBe('Ce numéro interne est déjà utilisé par un autre équipement.');
    expect((await q('SELECT count(*)::int AS n FROM equipment WHERE tenant_id = $1 AND name IN ($2, $3)', [manager.tenantId, 'Chariot B', 'Chariot C']))[0].n).toBe(0);
    // Its own numbers are not a duplicate; an archived equipment still holds its numbers.
    expect((await postForm(manager, `/equipment/${first}/edit`, FORM, { name: 'Chariot A bis', serialNumber: 'SN-1000', internalNumber: 'CE-01', version: 1 })).status).toBe(201);
    expect((await postEmpty(manager, `/equipment/${first}/archive`)).status).toBe(200);
    const again = await postForm(manager, '/equipment/new', FORM, { name: 'Chariot D', serialNumber: 'SN-1000' });
    expect(fieldError(again.text, 'serialNumber')).toBe('Ce numéro de série est déjà utilisé par un autre équipement.');
    // Another company may use the same numbers.
    const other = await actor(t, ['vgp.view', 'vgp.equipment_manage']);
    await create(other, { name: 'Chariot ailleurs', serialNumber: 'SN-1000', internalNumber: 'CE-01' });
  });

  it('accepts the same numbers once the toggle is off', async () => {
    const a = await actor(t, ['vgp.view', 'vgp.equipment_manage']);
    await create(a, { name: 'Extincteur 1', serialNumber: 'EX-77', internalNumber: 'INT-77' });
    await setToggle(t.db.dataSource, a.tenantId, 'machine_number_checks', false);
    await create(a, { name: 'Extincteur 2', serialNumber: 'EX-77', internalNumber: 'INT-77' });
    expect((await q('SELECT count(*)::int AS n FROM equipment WHERE tenant_id = $1 AND serial_number = $2', [a.tenantId, 'EX-77']))[0].n).toBe(2);
  });
});

describe('deletion', () => {
  it('is refused while controls, maintenance interventions or parts are attached (409, French); an unused equipment is deleted', async () => {
    const withControl = await create(manager, { name: 'Pont roulant' });
    await q('INSERT INTO vgp_controllable (tenant_id, name, equipment_id) VALUES ($1, $2, $3)', [manager.tenantId, 'VGP pont', withControl]);
    const withMaintenance = await create(manager, { name: 'Compresseur' });
    await q(`INSERT INTO equipment_maintenance (tenant_id, equipment_id, subject, intervention_date, type) VALUES ($1, $2, 'Vidange', '2026-01-10', 'maintenance')`, [manager.tenantId, withMaintenance]);
    const withPart = await create(manager, { name: 'Nacelle' });
    await q(`INSERT INTO equipment_part (tenant_id, equipment_id, type, label) VALUES ($1, $2, 'notice', 'Notice')`, [manager.tenantId, withPart]);
    const cases: Array<[number, string]> = [
      [withControl, 'Suppression impossible : l\'équipement « Pont roulant » est encore utilisé par des contrôles. Archivez-le plutôt.'],
      [withMaintenance, 'Suppression impossible : l\'équipement « Compresseur » est encore utilisé par des interventions du carnet de maintenance. Archivez-le plutôt.'],
      [withPart, 'Suppression impossible : l\'équipement « Nacelle » est encore utilisé par des pièces jointes. Archivez-le plutôt.'],
    ];
    for (const [id, message] of cases) {
      const res = await postEmpty(manager, `/equipment/${id}/delete`);
      expect({ id, status: res.status, message: res.body.message }).toEqual({ id, status: 409, message });
    }
    expect((await q('SELECT count(*)::int AS n FROM equipment WHERE id = ANY($1)', [cases.map(([id]) => id)]))[0].n).toBe(3);
    const unused = await create(manager, { name: 'Gerbeur' });
    const ok = await postEmpty(manager, `/equipment/${unused}/delete`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Équipement « Gerbeur » supprimé.', redirect: '/equipment' });
    expect(await q('SELECT 1 FROM equipment WHERE id = $1', [unused])).toEqual([]);
  });
});

describe('archive and the optimistic lock', () => {
  it('archives and unarchives (the list follows), and refuses a stale edit with 409', async () => {
    const id = await create(manager, { name: 'Palan à archiver' });
    expect((await postEmpty(manager, `/equipment/${id}/archive`)).body.message).toBe('Équipement « Palan à archiver » archivé.');
    expect((await manager.agent.get('/equipment')).text).not.toContain(`data-equipment="${id}"`);
    expect((await manager.agent.get('/equipment?archived=1')).text).toContain(`data-equipment="${id}"`);
    expect((await postEmpty(manager, `/equipment/${id}/unarchive`)).status).toBe(200);
    expect((await q('SELECT archived, version FROM equipment WHERE id = $1', [id]))[0]).toEqual({ archived: false, version: 3 });
    const stale = await postForm(manager, `/equipment/${id}/edit`, FORM, { name: 'Palan renommé', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/modifié/);
    expect((await postForm(manager, `/equipment/${id}/edit`, FORM, { name: 'Palan renommé', version: 3 })).status).toBe(201);
  });
});

describe('rights, tenant and scope', () => {
  it('refuses writing without vgp.equipment_manage (403) and lets vgp.view read', async () => {
    const id = await create(manager, { name: 'Chariot lecture' });
    const reader = await actor(t, ['vgp.view', 'vgp.equipment_view'], { company });
    expect((await reader.agent.get('/equipment')).status).toBe(200);
    expect((await reader.agent.get(`/equipment/${id}`)).status).toBe(200);
    expect((await postForm(reader, '/equipment/new', FORM, { name: 'Interdit' })).status).toBe(403);
    expect((await postForm(reader, `/equipment/${id}/edit`, FORM, { name: 'Interdit', version: 1 })).status).toBe(403);
    for (const action of ['archive', 'unarchive', 'delete']) expect((await postEmpty(reader, `/equipment/${id}/${action}`)).status).toBe(403);
    expect((await reader.agent.get('/equipment/new').set(XHR)).status).toBe(403);
    const nobody = await actor(t, [], { company });
    expect((await nobody.agent.get('/equipment').set(XHR)).status).toBe(403);
  });

  it('answers 404 for another company\'s equipment', async () => {
    const id = await create(manager, { name: 'Nacelle privée' });
    const other = await actor(t, ['vgp.view', 'vgp.view_all', 'vgp.equipment_manage']);
    for (const url of [`/equipment/${id}`, `/equipment/${id}/edit`, `/equipment/${id}/photo`, `/equipment/${id}/annex`]) expect((await other.agent.get(url).set(XHR)).status).toBe(404);
    expect((await postForm(other, `/equipment/${id}/edit`, FORM, { name: 'Volée', version: 1 })).status).toBe(404);
    expect((await postEmpty(other, `/equipment/${id}/delete`)).status).toBe(404);
    expect((await q('SELECT name FROM equipment WHERE id = $1', [id]))[0].name).toBe('Nacelle privée');
  });

  it('answers 404 outside the user\'s entities (without vgp.view_all) and lists only theirs', async () => {
    const inLyon = await create(manager, { name: 'Pont Lyon', hierarchyItemId: lyon });
    const inNantes = await create(manager, { name: 'Pont Nantes', hierarchyItemId: nantes });
    const scoped = await actor(t, ['vgp.view', 'vgp.equipment_manage'], { company });
    await q('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [scoped.id, lyon, manager.tenantId]);
    expect((await scoped.agent.get(`/equipment/${inLyon}`)).status).toBe(200);
    expect((await scoped.agent.get(`/equipment/${inNantes}`).set(XHR)).status).toBe(404);
    expect((await postEmpty(scoped, `/equipment/${inNantes}/archive`)).status).toBe(404);
    const list = await scoped.agent.get('/equipment?q=Pont');
    expect(list.text).toContain(`data-equipment="${inLyon}"`);
    expect(list.text).not.toContain(`data-equipment="${inNantes}"`);
    // Nor may they place an equipment there.
    const res = await postForm(scoped, '/equipment/new', FORM, { name: 'Pont caché', hierarchyItemId: nantes });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'hierarchyItemId')).toBe('Cette valeur doit être l\'un des choix proposés.');
  });
});

describe('bad input', () => {
  it('is answered in French with the typed values, never a 500', async () => {
    const [group] = await q('INSERT INTO equipment_category (tenant_id, name, is_equipment) VALUES ($1, $2, false) RETURNING id', [manager.tenantId, 'Regroupement']);
    const other = await actor(t, ['vgp.view']);
    const [service] = await q('INSERT INTO service (tenant_id, name) VALUES ($1, $2) RETURNING id', [other.tenantId, 'Service étranger']);
    const res = await postForm(manager, '/equipment/new', FORM, {
      name: ' ', brand: 'Demag', serialNumber: 'x'.repeat(101), hierarchyItemId: 'abc', categoryId: group.id, serviceId: service.id, sectorId: '99999999999',
    });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'name')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(res.text, 'serialNumber')).not.toBeNull();
    expect(fieldError(res.text, 'hierarchyItemId')).toBe('Cette valeur n\'est pas valide.');
    expect(res.text).toContain('value="Demag"');
    const res2 = await postForm(manager, '/equipment/new', FORM, { name: 'Palan', categoryId: group.id, serviceId: service.id });
    expect(res2.status).toBe(200);
    expect(fieldError(res2.text, 'categoryId')).toBe('Cette valeur doit être l\'un des choix proposés.');
    expect(fieldError(res2.text, 'serviceId')).toBe('Cette valeur doit être l\'un des choix proposés.');
    expect((await manager.agent.get('/equipment?category=abc&entity=-1&archived=yes&page=zz&q=%25')).status).toBe(200);
    expect((await manager.agent.get('/equipment/99999999999').set(XHR)).status).toBe(404);
  });
});
