import { cataloguePart } from '../../../server/modules/equipment/catalogue/catalogue.part';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, fieldError, postEmpty, postForm, XHR, type Actor } from '../risk-evaluation/du-fixtures';

/** The equipment catalogue: category tree, families and the dependent select, types, refused deletions, rights, bad input. */
let t: TestApp;
let editor: Actor;
let reader: Actor;

beforeAll(async () => {
  t = await createTestApp();
  editor = await actor(t, ['vgp.view', 'vgp.forms']);
  reader = await actor(t, ['vgp.view'], { company: await companyOf(t, editor.tenantId) });
});
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params);
const lastId = async (table: string, tenantId: number) => (await q(`SELECT max(id) AS id FROM ${table} WHERE tenant_id = $1`, [tenantId]))[0].id as number;

async function category(a: Actor, fields: Record<string, unknown>): Promise<number> {
  const res = await postForm(a, '/equipment/categories/new', 'vgp_category', { version: 0, ...fields });
  expect(res.status).toBe(201);
  return lastId('equipment_category', a.tenantId);
}
async function family(a: Actor, name: string, categoryId: number): Promise<number> {
  const res = await postForm(a, '/equipment/families/new', 'vgp_family', { name, categoryId, version: 0 });
  expect(res.status).toBe(201);
  return lastId('equipment_family', a.tenantId);
}
async function type(a: Actor, name: string, autoPlan: boolean): Promise<number> {
  const res = await postForm(a, '/equipment/types/new', 'vgp_type', { name, autoPlan: autoPlan ? '1' : '0', version: 0 });
  expect(res.status).toBe(201);
  return lastId('equipment_type', a.tenantId);
}
const control = async (tenantId: number, cols: Record<string, number>) => {
  const names = Object.keys(cols);
  await q(`INSERT INTO vgp_controllable (tenant_id, name, ${names.join(', ')}) VALUES ($1, 'Contrôle', ${names.map((_, i) => `$${i + 2}`).join(', ')})`, [tenantId, ...Object.values(cols)]);
};

describe('categories', () => {
  it('form a tree with the is-equipment flag and a regulatory preset, shown indented', async () => {
    const lifting = await category(editor, { name: 'Levage', isEquipment: ['0', '1'], preset: 'lifting' });
    const forklifts = await category(editor, { name: 'Chariots élévateurs', parentId: lifting, isEquipment: '1', preset: 'lifting_listed' });
    const group = await category(editor, { name: 'Sécurité incendie', isEquipment: '0' });
    const rows = await q('SELECT id, parent_id, is_equipment, preset FROM equipment_category WHERE id = ANY($1) ORDER BY id', [[lifting, forklifts, group]]);
    expect(rows).toEqual([
      { id: lifting, parent_id: null, is_equipment: true, preset: 'lifting' },
      { id: forklifts, parent_id: lifting, is_equipment: true, preset: 'lifting_listed' },
      { id: group, parent_id: null, is_equipment: false, preset: null },
    ]);
    const page = await reader.agent.get('/equipment/categories');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Appareil de levage listé à l&#39;article 23 (6 mois)');
    expect(page.text.indexOf(`data-category="${lifting}"`)).toBeLessThan(page.text.indexOf(`data-category="${forklifts}"`));
    expect(page.text).not.toContain(`/equipment/categories/${lifting}/edit`);
  });

  it('refuses a parent below the category itself (no cycle), and a parent of another company', async () => {
    const top = await category(editor, { name: 'Haut', isEquipment: '1' });
    const below = await category(editor, { name: 'Bas', parentId: top, isEquipment: '1' });
    const res = await postForm(editor, `/equipment/categories/${top}/edit`, 'vgp_category', { name: 'Haut modifié', parentId: below, version: 1 });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'parentId')).toBe('Une catégorie ne peut pas être placée sous elle-même ni sous l\'une de ses sous-catégories.');
    expect(res.text).toContain('value="Haut modifié"');
    const other = await actor(t, ['vgp.view', 'vgp.forms']);
    const foreign = await category(other, { name: 'Étrangère', isEquipment: '1' });
    const res2 = await postForm(editor, '/equipment/categories/new', 'vgp_category', { name: 'Sous étrangère', parentId: foreign });
    expect(fieldError(res2.text, 'parentId')).toBe('Cette valeur doit être l\'un des choix proposés.');
    expect((await editor.agent.get(`/equipment/categories/${foreign}/edit`).set(XHR)).status).toBe(404);
  });

  it('answers bad input with French messages and the typed values, never a 500', async () => {
    const res = await postForm(editor, '/equipment/categories/new', 'vgp_category', { name: '  ', parentId: 'abc', preset: 'nope', isEquipment: '1' });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'name')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(res.text, 'parentId')).toBe('Cette valeur n\'est pas valide.');
    expect(fieldError(res.text, 'preset')).toBe('Cette valeur doit être l\'un des choix proposés.');
    const long = await postForm(editor, '/equipment/types/new', 'vgp_type', { name: 'x'.repeat(181) });
    expect(long.status).toBe(200);
    expect(fieldError(long.text, 'name')).not.toBeNull();
    const fam = await postForm(editor, '/equipment/families/new', 'vgp_family', { name: 'Sans catégorie', categoryId: '99999999999' });
    expect(fam.status).toBe(200);
    expect(fieldError(fam.text, 'categoryId')).toBe('Cette valeur n\'est pas valide.');
    expect(fam.text).toContain('value="Sans catégorie"');
    expect((await editor.agent.get('/equipment/families?category=abc')).status).toBe(200);
  });

  it('keep the is-equipment flag while equipment is filed in them', async () => {
    const id = await category(editor, { name: 'Palans', isEquipment: '1' });
    await q('INSERT INTO equipment (tenant_id, name, category_id) VALUES ($1, $2, $3)', [editor.tenantId, 'Palan 1 t', id]);
    const res = await postForm(editor, `/equipment/categories/${id}/edit`, 'vgp_category', { name: 'Palans électriques', isEquipment: '0', version: 1 });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'isEquipment')).toBe('Des équipements sont rangés dans cette catégorie : déplacez-les avant de décocher « Contient des équipements ».');
    expect(res.text).toContain('value="Palans électriques"');
    expect((await postForm(editor, `/equipment/categories/${id}/edit`, 'vgp_category', { name: 'Palans électriques', isEquipment: '1', version: 1 })).status).toBe(201);
  });

  it('are edited under the optimistic lock (409 when stale)', async () => {
    const id = await category(editor, { name: 'Rayonnages', isEquipment: '1' });
    expect((await postForm(editor, `/equipment/categories/${id}/edit`, 'vgp_category', { name: 'Rayonnages métalliques', isEquipment: '1', version: 1 })).status).toBe(201);
    const stale = await postForm(editor, `/equipment/categories/${id}/edit`, 'vgp_category', { name: 'Rayonnages bis', isEquipment: '1', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/modifié/);
  });
});

describe('vgp_family (dependent select)', () => {
  it('answers the families of a category as [{id, name}] by name; 404 for another company\'s category', async () => {
    const cat = await category(editor, { name: 'Appareils à pression', isEquipment: '1' });
    const b = await family(editor, 'Réservoirs', cat);
    const a = await family(editor, 'Compresseurs', cat);
    const res = await reader.agent.get(`/equipment/families/${cat}.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: a, name: 'Compresseurs' }, { id: b, name: 'Réservoirs' }]);
    const empty = await category(editor, { name: 'Vide', isEquipment: '1' });
    expect((await reader.agent.get(`/equipment/families/${empty}.json`)).body).toEqual([]);
    const other = await actor(t, ['vgp.view', 'vgp.forms']);
    expect((await other.agent.get(`/equipment/families/${cat}.json`)).status).toBe(404);
    expect((await reader.agent.get('/equipment/families/99999999999.json')).status).toBe(404);
  });
});

describe('deletion', () => {
  it('refuses a category with sub-categories, families, equipment or controls (409, French), removes an unused one', async () => {
    const parent = await category(editor, { name: 'Parent', isEquipment: '1' });
    await category(editor, { name: 'Enfant', parentId: parent, isEquipment: '1' });
    const withFamily = await category(editor, { name: 'Avec famille', isEquipment: '1' });
    await family(editor, 'Famille', withFamily);
    const withEquipment = await category(editor, { name: 'Avec équipement', isEquipment: '1' });
    await q('INSERT INTO equipment (tenant_id, name, category_id) VALUES ($1, $2, $3)', [editor.tenantId, 'Palan', withEquipment]);
    const withControl = await category(editor, { name: 'Avec contrôle', isEquipment: '1' });
    await control(editor.tenantId, { category_id: withControl });
    const expected: Array<[number, string]> = [
      [parent, 'Suppression impossible : la catégorie « Parent » est encore utilisée par des sous-catégories.'],
      [withFamily, 'Suppression impossible : la catégorie « Avec famille » est encore utilisée par des familles.'],
      [withEquipment, 'Suppression impossible : la catégorie « Avec équipement » est encore utilisée par des équipements.'],
      [withControl, 'Suppression impossible : la catégorie « Avec contrôle » est encore utilisée par des contrôles.'],
    ];
    for (const [id, message] of expected) {
      const res = await postEmpty(editor, `/equipment/categories/${id}/delete`);
      expect({ id, status: res.status, message: res.body.message }).toEqual({ id, status: 409, message });
    }
    expect((await q('SELECT count(*)::int AS n FROM equipment_category WHERE id = ANY($1)', [expected.map(([id]) => id)]))[0].n).toBe(4);
    const unused = await category(editor, { name: 'Inutilisée', isEquipment: '1' });
    const ok = await postEmpty(editor, `/equipment/categories/${unused}/delete`);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Catégorie « Inutilisée » supprimée.');
    expect(await q('SELECT 1 FROM equipment_category WHERE id = $1', [unused])).toEqual([]);
  });

  it('refuses a family or a type used by a control, removes unused ones', async () => {
    const cat = await category(editor, { name: 'Levage bis', isEquipment: '1' });
    const used = await family(editor, 'Ponts roulants', cat);
    const free = await family(editor, 'Palans', cat);
    const usedType = await type(editor, 'VGP', true);
    const freeType = await type(editor, 'Contrôle interne', false);
    await control(editor.tenantId, { family_id: used, type_id: usedType });
    const f = await postEmpty(editor, `/equipment/families/${used}/delete`);
    expect(f.status).toBe(409);
    expect(f.body.message).toBe('Suppression impossible : la famille « Ponts roulants » est encore utilisée par des contrôles.');
    const ty = await postEmpty(editor, `/equipment/types/${usedType}/delete`);
    expect(ty.status).toBe(409);
    expect(ty.body.message).toBe('Suppression impossible : le type « VGP » est encore utilisé par des contrôles.');
    expect((await postEmpty(editor, `/equipment/families/${free}/delete`)).status).toBe(200);
    expect((await postEmpty(editor, `/equipment/types/${freeType}/delete`)).status).toBe(200);
    expect((await q('SELECT auto_plan FROM equipment_type WHERE id = $1', [usedType]))[0].auto_plan).toBe(true);
  });
});

describe('rights and tenancy', () => {
  it('lets vgp.view read and refuses writing without vgp.forms (403); another company\'s records are 404', async () => {
    const cat = await category(editor, { name: 'Extincteurs', isEquipment: '1' });
    for (const url of ['/equipment/categories', '/equipment/families', '/equipment/types']) expect((await reader.agent.get(url)).status).toBe(200);
    expect((await postForm(reader, '/equipment/categories/new', 'vgp_category', { name: 'Interdite' })).status).toBe(403);
    expect((await postForm(reader, '/equipment/types/new', 'vgp_type', { name: 'Interdit' })).status).toBe(403);
    const del = await postEmpty(reader, `/equipment/categories/${cat}/delete`);
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('Action non autorisée.');
    const nobody = await actor(t, []);
    expect((await nobody.agent.get('/equipment/categories').set(XHR)).status).toBe(403);
    const other = await actor(t, ['vgp.view', 'vgp.forms']);
    expect((await postEmpty(other, `/equipment/categories/${cat}/delete`)).status).toBe(404);
    expect((await postForm(other, `/equipment/categories/${cat}/edit`, 'vgp_category', { name: 'Volée', version: 1 })).status).toBe(404);
    expect((await q('SELECT name FROM equipment_category WHERE id = $1', [cat]))[0].name).toBe('Extincteurs');
  });
});

describe('demo catalogue', () => {
  it('gives the tree with presets, families and three types, once', async () => {
    const a = await actor(t, ['vgp.view']);
    await cataloguePart.demo!(t.db.dataSource, a.tenantId);
    await cataloguePart.demo!(t.db.dataSource, a.tenantId);
    const cats = await q(`SELECT c.name, p.name AS parent, c.preset, c.is_equipment FROM equipment_category c LEFT JOIN equipment_category p ON p.id = c.parent_id
      WHERE c.tenant_id = $1 ORDER BY c.name`, [a.tenantId]);
    expect(cats).toEqual(expect.arrayContaining([
      { name: 'Levage', parent: null, preset: 'lifting', is_equipment: true },
      { name: 'Chariots élévateurs', parent: 'Levage', preset: 'lifting_listed', is_equipment: true },
      { name: 'Accessoires de levage', parent: 'Levage', preset: 'lifting_accessory', is_equipment: true },
      { name: 'Installations électriques', parent: null, preset: 'electrical', is_equipment: true },
      { name: 'Extincteurs', parent: 'Sécurité incendie', preset: null, is_equipment: true },
      { name: 'Sécurité incendie', parent: null, preset: null, is_equipment: false },
    ]));
    expect(new Set(cats.map((c: { name: string }) => c.name)).size).toBe(cats.length);
    const types = await q('SELECT name, auto_plan FROM equipment_type WHERE tenant_id = $1 ORDER BY name', [a.tenantId]);
    expect(types).toEqual([{ name: 'Contrôle interne', auto_plan: false }, { name: 'Maintenance préventive', auto_plan: true }, { name: 'VGP', auto_plan: true }]);
    const [{ n }] = await q('SELECT count(*)::int AS n FROM equipment_family WHERE tenant_id = $1', [a.tenantId]);
    expect(n).toBeGreaterThanOrEqual(15);
  });
});
