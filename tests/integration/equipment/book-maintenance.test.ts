import { equipmentPageTabs } from '../../../server/modules/equipment';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, attach, companyOf, entities, fieldError, insertEquipment, postEmpty, postForm, XHR, type Actor } from './book-fixtures';

/** Issue 24 item 5: the maintenance book's interventions (modals, bad input, lock, rights, tenant, scope). */
let t: TestApp;
let manager: Actor;
let company: string;
const FORM = 'maintenance';
const WRITER = ['vgp.view', 'vgp.equipment_view', 'vgp.maintenance_book'];
const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);

beforeAll(async () => {
  t = await createTestApp();
  manager = await actor(t, WRITER);
  company = await companyOf(t, manager.tenantId);
});
afterAll(async () => { await t.close(); });

const versionIn = (html: string) => Number(/name="maintenance\[version\]" value="(\d+)"/.exec(html)![1]);

describe('interventions of the maintenance book', () => {
  it('are added through the modal: bad input keeps the typed values with French messages, never a 500', async () => {
    const equipment = await insertEquipment(t, manager.tenantId, { name: 'Chariot élévateur C3' });
    const modal = await manager.agent.get(`/equipment/${equipment}/maintenance/new`).set(XHR);
    expect(modal.status).toBe(200);
    expect(modal.text).toContain('data-testid="maintenance-form"');
    expect(modal.text).toContain('Chariot élévateur C3');

    const bad = await postForm(manager, `/equipment/${equipment}/maintenance/new`, FORM, { subject: '', date: '31/02/2026', type: 'nettoyage', supervisor: 'abc' });
    expect(bad.status).toBe(200);
    expect(fieldError(bad.text, 'subject')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(bad.text, 'date')).toBe('La date doit être au format JJ/MM/AAAA.');
    expect(fieldError(bad.text, 'type')).toBe("Cette valeur doit être l'un des choix proposés.");
    expect(bad.text).toContain('value="31/02/2026"');

    const long = await postForm(manager, `/equipment/${equipment}/maintenance/new`, FORM, { subject: 'x'.repeat(256), date: '12/03/2026', type: 'repair' });
    expect(long.status).toBe(200);
    expect(fieldError(long.text, 'subject')).toBe('Cette valeur est trop longue.');

    // A supervisor of another company is not a choice.
    const stranger = await actor(t, WRITER);
    const foreign = await postForm(manager, `/equipment/${equipment}/maintenance/new`, FORM, { subject: 'Graissage', date: '12/03/2026', type: 'maintenance', supervisor: stranger.id });
    expect(foreign.status).toBe(200);
    expect(fieldError(foreign.text, 'supervisor')).toBe("Cette valeur doit être l'un des choix proposés.");
    expect(foreign.text).toContain('value="Graissage"');

    const ok = await postForm(manager, `/equipment/${equipment}/maintenance/new`, FORM, { subject: 'Remplacement du flexible', date: '12/03/2026', type: 'repair', supervisor: manager.id });
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe("L'intervention a été enregistrée.");
    const rows = await q('SELECT subject, supervisor_id, intervention_date::text AS d, type, version FROM equipment_maintenance WHERE equipment_id = $1', [equipment]);
    expect(rows).toEqual([{ subject: 'Remplacement du flexible', supervisor_id: manager.id, d: '2026-03-12', type: 'repair', version: 1 }]);
  });

  it('are edited with the optimistic lock (409 for the second of two editors) and deleted', async () => {
    const equipment = await insertEquipment(t, manager.tenantId);
    const [{ id }] = await q(`INSERT INTO equipment_maintenance (tenant_id, equipment_id, subject, intervention_date, type) VALUES ($1, $2, 'Révision', '2026-01-05', 'maintenance') RETURNING id`, [manager.tenantId, equipment]);
    const second = await actor(t, WRITER, { company });
    const formA = await manager.agent.get(`/equipment/maintenance/${id}/edit`).set(XHR);
    const formB = await second.agent.get(`/equipment/maintenance/${id}/edit`).set(XHR);
    expect(formA.status).toBe(200);
    expect(formA.text).toContain('value="05/01/2026"');
    expect(versionIn(formA.text)).toBe(1);

    expect((await postForm(manager, `/equipment/maintenance/${id}/edit`, FORM, { subject: 'Révision annuelle', date: '06/01/2026', type: 'maintenance', version: versionIn(formA.text) })).status).toBe(201);
    const late = await postForm(second, `/equipment/maintenance/${id}/edit`, FORM, { subject: 'Autre', date: '07/01/2026', type: 'repair', version: versionIn(formB.text) });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('modifié par quelqu');
    expect((await q('SELECT subject, version FROM equipment_maintenance WHERE id = $1', [id]))[0]).toEqual({ subject: 'Révision annuelle', version: 2 });

    const removed = await postEmpty(manager, `/equipment/maintenance/${id}/delete`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("L'intervention a été supprimée.");
    expect(await q('SELECT id FROM equipment_maintenance WHERE id = $1', [id])).toEqual([]);
  });

  it('are written with vgp.maintenance_book only, inside the company and the user\'s scope', async () => {
    const places = await entities(t, manager.tenantId);
    const equipment = await insertEquipment(t, manager.tenantId, { hierarchy_item_id: places.site });
    const [{ id }] = await q(`INSERT INTO equipment_maintenance (tenant_id, equipment_id, subject, intervention_date, type) VALUES ($1, $2, 'Révision', '2026-01-05', 'maintenance') RETURNING id`, [manager.tenantId, equipment]);

    const viewer = await actor(t, ['vgp.view', 'vgp.equipment_view'], { company });
    expect((await viewer.agent.get(`/equipment/${equipment}/maintenance/new`).set(XHR)).status).toBe(403);
    expect((await postForm(viewer, `/equipment/${equipment}/maintenance/new`, FORM, { subject: 'Non', date: '01/01/2026', type: 'repair' })).status).toBe(403);
    const refused = await postEmpty(viewer, `/equipment/maintenance/${id}/delete`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Action non autorisée.');

    // Another company: 404, nothing changed.
    const other = await actor(t, WRITER);
    expect((await other.agent.get(`/equipment/${equipment}/maintenance/new`).set(XHR)).status).toBe(404);
    expect((await other.agent.get(`/equipment/maintenance/${id}/edit`).set(XHR)).status).toBe(404);
    expect((await postForm(other, `/equipment/maintenance/${id}/edit`, FORM, { subject: 'Piraté', date: '01/01/2026', type: 'repair', version: 1 })).status).toBe(404);
    expect((await postEmpty(other, `/equipment/maintenance/${id}/delete`)).status).toBe(404);

    // Outside the user's entities: 404; inside (the site is below the root): allowed.
    const elsewhere = await actor(t, WRITER, { company });
    await attach(t, elsewhere, places.other);
    expect((await elsewhere.agent.get(`/equipment/maintenance/${id}/edit`).set(XHR)).status).toBe(404);
    expect((await postEmpty(elsewhere, `/equipment/maintenance/${id}/delete`)).status).toBe(404);
    const local = await actor(t, WRITER, { company });
    await attach(t, local, places.root);
    expect((await local.agent.get(`/equipment/maintenance/${id}/edit`).set(XHR)).status).toBe(200);
    expect((await q('SELECT subject FROM equipment_maintenance WHERE id = $1', [id]))[0].subject).toBe('Révision');

    // A missing or absurd id: 404, never a 500.
    expect((await manager.agent.get('/equipment/99999999999/maintenance/new').set(XHR)).status).toBe(404);
    expect((await manager.agent.get('/equipment/maintenance/99999999/edit').set(XHR)).status).toBe(404);
  });
});

describe('the equipment page tabs', () => {
  it('contributes the maintenance book and the parts to the equipment page, their buttons for the book\'s writers only', async () => {
    expect(equipmentPageTabs.all().map((tab) => tab.key)).toEqual(expect.arrayContaining(['maintenance', 'parts']));
    const equipment = await insertEquipment(t, manager.tenantId);
    await q(`INSERT INTO equipment_maintenance (tenant_id, equipment_id, subject, intervention_date, type) VALUES ($1, $2, 'Changement des plaquettes', '2026-02-10', 'repair')`, [manager.tenantId, equipment]);
    const [{ id: part }] = await q(`INSERT INTO equipment_part (tenant_id, equipment_id, type, label, reference) VALUES ($1, $2, 'notice', 'Notice du constructeur', 'NOT-7') RETURNING id`, [manager.tenantId, equipment]);
    const book = await manager.agent.get(`/equipment/${equipment}?tab=maintenance`);
    expect(book.status).toBe(200);
    expect(book.text).toContain('data-testid="tab-maintenance"');
    expect(book.text).toContain('Changement des plaquettes');
    expect(book.text).toContain('10/02/2026');
    expect(book.text).toContain('Réparation');
    expect(book.text).toContain(`/equipment/${equipment}/maintenance/new`);
    const parts = await manager.agent.get(`/equipment/${equipment}?tab=parts`);
    expect(parts.text).toContain('data-testid="tab-parts"');
    expect(parts.text).toContain('Notice du constructeur');
    expect(parts.text).toContain(`/equipment/parts/${part}/edit`);

    const viewer = await actor(t, ['vgp.view', 'vgp.equipment_view'], { company });
    const read = await viewer.agent.get(`/equipment/${equipment}?tab=maintenance`);
    expect(read.text).toContain('Changement des plaquettes');
    expect(read.text).not.toContain(`/equipment/${equipment}/maintenance/new`);
    expect(read.text).not.toContain('maintenance-delete');
  });
});
