import { seedHierarchyDemo } from '../../../server/modules/hierarchy/hierarchy.demo';
import { cataloguePart } from '../../../server/modules/equipment/catalogue/catalogue.part';
import { equipmentPart } from '../../../server/modules/equipment/equipment/equipment.part';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, fieldError, postForm, XHR, type Actor } from '../risk-evaluation/du-fixtures';

/** Equipment pages: the list's search and filters, empty states, the page's tabs, photo and annex through their routes, the demo. */
let t: TestApp;
let manager: Actor;

const FORM = 'vgp_equipment';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params);
const listed = async (a: Actor, query: string) => [...(await a.agent.get(`/equipment${query}`)).text.matchAll(/data-equipment="(\d+)"/g)].map((m) => Number(m[1]));

beforeAll(async () => {
  t = await createTestApp();
  manager = await actor(t, ['vgp.view', 'vgp.equipment_view', 'vgp.equipment_manage']);
});
afterAll(async () => { await t.close(); });

async function create(fields: Record<string, unknown>): Promise<number> {
  const res = await postForm(manager, '/equipment/new', FORM, { version: 0, ...fields });
  expect(res.status).toBe(201);
  return Number(res.body.redirect.split('/').pop());
}

describe('the list', () => {
  it('says what to do while empty', async () => {
    const page = await manager.agent.get('/equipment');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Aucun équipement pour le moment. Ajoutez votre premier équipement');
    const reader = await actor(t, ['vgp.view']);
    expect((await reader.agent.get('/equipment')).text).toContain('Un gestionnaire des équipements peut les ajouter.');
  });

  it('searches name, brand, model, serial and internal numbers, and filters by category (with sub-categories) and entity (with those below)', async () => {
    const [lifting] = await q('INSERT INTO equipment_category (tenant_id, name) VALUES ($1, $2) RETURNING id', [manager.tenantId, 'Levage']);
    const [forklifts] = await q('INSERT INTO equipment_category (tenant_id, name, parent_id) VALUES ($1, $2, $3) RETURNING id', [manager.tenantId, 'Chariots', lifting.id]);
    const [other] = await q('INSERT INTO equipment_category (tenant_id, name) VALUES ($1, $2) RETURNING id', [manager.tenantId, 'Extincteurs']);
    const [type] = await q('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [manager.tenantId, 'Site']);
    const [site] = await q('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [manager.tenantId, 'Usine', type.id]);
    const [hall] = await q('INSERT INTO hierarchy_item (tenant_id, name, type_id, parent_id) VALUES ($1, $2, $3, $4) RETURNING id', [manager.tenantId, 'Hall', type.id, site.id]);
    const crane = await create({ name: 'Pont roulant', brand: 'Demag', model: 'ZKKE', serialNumber: 'DMG-1', internalNumber: 'PR-01', categoryId: lifting.id, hierarchyItemId: site.id });
    const truck = await create({ name: 'Chariot', brand: 'Linde', model: 'E25', serialNumber: 'LND-2', internalNumber: 'CE-02', categoryId: forklifts.id, hierarchyItemId: hall.id });
    const ext = await create({ name: 'Extincteur', brand: 'Sicli', serialNumber: 'SCL-3', internalNumber: 'EX-03', categoryId: other.id });
    expect(await listed(manager, '?q=demag')).toEqual([crane]);
    expect(await listed(manager, '?q=E25')).toEqual([truck]);
    expect(await listed(manager, '?q=scl-3')).toEqual([ext]);
    expect(await listed(manager, '?q=CE-02')).toEqual([truck]);
    expect(await listed(manager, '?q=100%25')).toEqual([]);
    expect(await listed(manager, `?category=${lifting.id}`)).toEqual([truck, crane]);
    expect(await listed(manager, `?category=${forklifts.id}`)).toEqual([truck]);
    expect(await listed(manager, `?entity=${site.id}`)).toEqual([truck, crane]);
    expect(await listed(manager, `?entity=${hall.id}`)).toEqual([truck]);
    const none = await manager.agent.get('/equipment?q=introuvable');
    expect(none.text).toContain('Aucun équipement ne correspond à ces critères.');
    // A category that only groups others is not offered on the form.
    const [group] = await q('INSERT INTO equipment_category (tenant_id, name, is_equipment) VALUES ($1, $2, false) RETURNING id', [manager.tenantId, 'Regroupement seul']);
    const form = await manager.agent.get('/equipment/new').set(XHR);
    expect(form.text).toContain('Levage › Chariots');
    expect(form.text).not.toContain(`value="${group.id}"`);
  });
});

describe('the equipment page', () => {
  it('opens on « Général », opens a registered tab by ?tab= and falls back on an unknown one', async () => {
    const id = await create({ name: 'Palan', serialNumber: 'STH-9', location: 'Atelier', locationPrecision: 'Poste 4' });
    const page = await manager.agent.get(`/equipment/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="equipment-tab-general"');
    expect(page.text).toContain('data-testid="equipment-general"');
    expect(page.text).toContain('Poste 4');
    const unknown = await manager.agent.get(`/equipment/${id}?tab=nope`);
    expect(unknown.text).toContain('data-testid="equipment-general"');
    const maintenance = await manager.agent.get(`/equipment/${id}?tab=maintenance`);
    expect(maintenance.status).toBe(200);
    // The maintenance book's tab, registered by its own part, renders in place of « Général ».
    expect(maintenance.text).toContain('data-testid="equipment-tab-maintenance"');
    expect(maintenance.text).not.toContain('data-testid="equipment-general"');
    expect(maintenance.text).toMatch(/nav-link active"[^>]*href="[^"]*tab=maintenance"/);
  });
});

describe('photo and annex', () => {
  it('are stored and served only through the equipment\'s routes (photo inline, annex as an attachment)', async () => {
    const res = await manager.agent.post('/equipment/new').set(XHR)
      .field('_csrf_token', manager.csrf).field(`${FORM}[name]`, 'Nacelle').field(`${FORM}[annexLabel]`, 'Notice constructeur').field(`${FORM}[version]`, '0')
      .attach('photo', PNG, { filename: 'nacelle.png', contentType: 'image/png' })
      .attach('annex', PDF, { filename: 'notice.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(201);
    const id = Number(res.body.redirect.split('/').pop());
    const photo = await manager.agent.get(`/equipment/${id}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    const annex = await manager.agent.get(`/equipment/${id}/annex`);
    expect(annex.status).toBe(200);
    expect(annex.headers['content-disposition']).toContain('attachment');
    const page = await manager.agent.get(`/equipment/${id}`);
    expect(page.text).toContain('Notice constructeur');
    expect(page.text).toContain(`/equipment/${id}/photo`);
    // Removing the photo keeps the annex.
    expect((await postForm(manager, `/equipment/${id}/edit`, FORM, { name: 'Nacelle', removePhoto: '1', annexLabel: 'Notice constructeur', version: 1 })).status).toBe(201);
    expect((await manager.agent.get(`/equipment/${id}/photo`).set(XHR)).status).toBe(404);
    expect((await manager.agent.get(`/equipment/${id}/annex`)).status).toBe(200);
  });

  it('refuses a photo that is not an image, in French, keeping what was typed', async () => {
    const res = await manager.agent.post('/equipment/new').set(XHR)
      .field('_csrf_token', manager.csrf).field(`${FORM}[name]`, 'Compresseur').field(`${FORM}[brand]`, 'Atlas Copco')
      .attach('photo', PDF, { filename: 'photo.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'photo')).toMatch(/photo\.pdf/);
    expect(res.text).toContain('value="Atlas Copco"');
    expect(await q('SELECT 1 FROM equipment WHERE tenant_id = $1 AND name = $2', [manager.tenantId, 'Compresseur'])).toEqual([]);
  });
});

describe('demo equipment', () => {
  it('gives 30+ pieces of equipment in several categories and the demo entities, once', async () => {
    const a = await actor(t, ['vgp.view']);
    await seedHierarchyDemo(t.db.dataSource, a.tenantId);
    for (let i = 0; i < 2; i++) {
      await cataloguePart.demo!(t.db.dataSource, a.tenantId);
      await equipmentPart.demo!(t.db.dataSource, a.tenantId);
    }
    const rows = await q(`SELECT e.name, e.serial_number, e.brand, e.archived, c.name AS category, h.name AS item
      FROM equipment e LEFT JOIN equipment_category c ON c.id = e.category_id LEFT JOIN hierarchy_item h ON h.id = e.hierarchy_item_id WHERE e.tenant_id = $1`, [a.tenantId]);
    expect(rows.filter((r: { archived: boolean }) => !r.archived).length).toBeGreaterThanOrEqual(32);
    expect(rows.filter((r: { archived: boolean }) => r.archived)).toHaveLength(1);
    expect(rows.every((r: { category: string | null; item: string | null }) => r.category && r.item)).toBe(true);
    expect(new Set(rows.map((r: { category: string }) => r.category)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r: { serial_number: string | null }) => r.serial_number).filter(Boolean)).size).toBe(rows.filter((r: { serial_number: string | null }) => r.serial_number).length);
    expect(rows.filter((r: { brand: string | null }) => r.brand).length).toBeGreaterThanOrEqual(32);
  });
});
