import { createTestApp, type TestApp } from '../../support/app';
import { binary } from '../../support/pdf';
import { actor, attach, companyOf, entities, fieldError, insertEquipment, postEmpty, postForm, XHR, type Actor } from './book-fixtures';

/** Issue 24 item 5: the parts (« Pièces ») of an equipment: modal with a file, lock, and the file served only with the equipment's rights. */
let t: TestApp;
let manager: Actor;
let company: string;
const FORM = 'equipment_part';
const WRITER = ['vgp.view', 'vgp.equipment_view', 'vgp.maintenance_book'];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);

beforeAll(async () => {
  t = await createTestApp();
  manager = await actor(t, WRITER);
  company = await companyOf(t, manager.tenantId);
});
afterAll(async () => { await t.close(); });

/** Posts the part form as multipart, with or without a file. */
function postPart(a: Actor, url: string, fields: Record<string, string>, file?: { body: Buffer; name: string; type: string }) {
  let req = a.agent.post(url).set(XHR).field('_csrf_token', a.csrf);
  for (const [k, v] of Object.entries(fields)) req = req.field(`${FORM}[${k}]`, v);
  return file ? req.attach('partFile', file.body, { filename: file.name, contentType: file.type }) : req;
}
const pdfFile = (name: string) => ({ body: PDF, name, type: 'application/pdf' });

describe('parts of an equipment', () => {
  it('are added with their file; bad input and a refused file keep the typed values', async () => {
    const equipment = await insertEquipment(t, manager.tenantId);
    const modal = await manager.agent.get(`/equipment/${equipment}/parts/new`).set(XHR);
    expect(modal.status).toBe(200);
    expect(modal.text).toContain('enctype="multipart/form-data"');

    const bad = await postPart(manager, `/equipment/${equipment}/parts/new`, { type: 'brochure', label: '', reference: 'REF-1', date: '2026-13-01', version: '0' });
    expect(bad.status).toBe(200);
    expect(fieldError(bad.text, 'type')).toBe("Cette valeur doit être l'un des choix proposés.");
    expect(fieldError(bad.text, 'label')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(bad.text, 'date')).toBe('La date doit être au format JJ/MM/AAAA.');
    expect(bad.text).toContain('value="REF-1"');

    const exe = await postPart(manager, `/equipment/${equipment}/parts/new`, { type: 'notice', label: 'Notice constructeur', version: '0' },
      { body: Buffer.from('MZ\x90\x00binaire', 'latin1'), name: 'notice.exe', type: 'application/octet-stream' });
    expect(exe.status).toBe(200);
    expect(exe.text).toContain('data-testid="upload-error"');
    expect(exe.text).toContain('value="Notice constructeur"');
    expect(await q('SELECT id FROM equipment_part WHERE equipment_id = $1', [equipment])).toEqual([]);

    const ok = await postPart(manager, `/equipment/${equipment}/parts/new`, { type: 'conformity_certificate', label: 'Déclaration CE', reference: 'CE-2026-1', date: '15/01/2026', version: '0' }, pdfFile('CE pont.pdf'));
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe('La pièce a été enregistrée.');
    const [part] = await q(`SELECT p.type, p.reference, p.label, p.part_date::text AS d, f.original_name FROM equipment_part p JOIN stored_file f ON f.id = p.file_id WHERE p.equipment_id = $1`, [equipment]);
    expect(part).toEqual({ type: 'conformity_certificate', reference: 'CE-2026-1', label: 'Déclaration CE', d: '2026-01-15', original_name: 'CE pont.pdf' });

    // Without a file: allowed, and its file route answers 404.
    expect((await postPart(manager, `/equipment/${equipment}/parts/new`, { type: 'plan', label: 'Plan d\'implantation', version: '0' })).status).toBe(201);
    const [plan] = await q(`SELECT id, file_id FROM equipment_part WHERE equipment_id = $1 AND type = 'plan'`, [equipment]);
    expect(plan.file_id).toBeNull();
    expect((await manager.agent.get(`/equipment/parts/${plan.id}/file`)).status).toBe(404);
  });

  it('are edited with the optimistic lock; a new file replaces the old one; deleted', async () => {
    const equipment = await insertEquipment(t, manager.tenantId);
    expect((await postPart(manager, `/equipment/${equipment}/parts/new`, { type: 'quote', label: 'Devis chaînes', version: '0' }, pdfFile('devis-v1.pdf'))).status).toBe(201);
    const [{ id, file_id: first }] = await q('SELECT id, file_id FROM equipment_part WHERE equipment_id = $1', [equipment]);
    const form = await manager.agent.get(`/equipment/parts/${id}/edit`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('devis-v1.pdf');

    // Edited without a file: the file stays.
    expect((await postPart(manager, `/equipment/parts/${id}/edit`, { type: 'quote', label: 'Devis chaînes (accepté)', reference: 'DEV-31', version: '1' })).status).toBe(201);
    expect((await q('SELECT file_id, version FROM equipment_part WHERE id = $1', [id]))[0]).toEqual({ file_id: first, version: 2 });
    const staleAnswer = await postPart(manager, `/equipment/parts/${id}/edit`, { type: 'quote', label: 'Ancienne version', version: '1' });
    expect(staleAnswer.status).toBe(409);
    expect((await q('SELECT label FROM equipment_part WHERE id = $1', [id]))[0].label).toBe('Devis chaînes (accepté)');

    expect((await postPart(manager, `/equipment/parts/${id}/edit`, { type: 'quote', label: 'Devis chaînes (accepté)', version: '2' }, pdfFile('devis-v2.pdf'))).status).toBe(201);
    const [{ original_name: name }] = await q('SELECT f.original_name FROM equipment_part p JOIN stored_file f ON f.id = p.file_id WHERE p.id = $1', [id]);
    expect(name).toBe('devis-v2.pdf');

    const removed = await postEmpty(manager, `/equipment/parts/${id}/delete`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('La pièce a été supprimée.');
    expect(await q('SELECT id FROM equipment_part WHERE id = $1', [id])).toEqual([]);
  });

  it('serve their file only to who sees the equipment: 403 without the right, 404 elsewhere', async () => {
    const places = await entities(t, manager.tenantId);
    const equipment = await insertEquipment(t, manager.tenantId, { hierarchy_item_id: places.site });
    expect((await postPart(manager, `/equipment/${equipment}/parts/new`, { type: 'notice', label: 'Notice', version: '0' }, pdfFile('notice.pdf'))).status).toBe(201);
    const [{ id }] = await q('SELECT id FROM equipment_part WHERE equipment_id = $1', [equipment]);

    const viewer = await actor(t, ['vgp.view', 'vgp.equipment_view'], { company });
    const download = await viewer.agent.get(`/equipment/parts/${id}/file`).buffer(true).parse(binary as never);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect((download.body as Buffer).equals(PDF)).toBe(true);
    // Seeing the file does not let one change the part.
    expect((await postEmpty(viewer, `/equipment/parts/${id}/delete`)).status).toBe(403);
    expect((await viewer.agent.get(`/equipment/parts/${id}/edit`).set(XHR)).status).toBe(403);

    const noRight = await actor(t, ['vgp.view', 'vgp.maintenance_book'], { company });
    expect((await noRight.agent.get(`/equipment/parts/${id}/file`)).status).toBe(403);
    const elsewhere = await actor(t, WRITER, { company });
    await attach(t, elsewhere, places.other);
    expect((await elsewhere.agent.get(`/equipment/parts/${id}/file`)).status).toBe(404);
    expect((await postEmpty(elsewhere, `/equipment/parts/${id}/delete`)).status).toBe(404);
    const other = await actor(t, WRITER);
    expect((await other.agent.get(`/equipment/parts/${id}/file`)).status).toBe(404);
    expect((await other.agent.get(`/equipment/${equipment}/parts/new`).set(XHR)).status).toBe(404);
    expect((await postForm(other, `/equipment/parts/${id}/edit`, FORM, { type: 'other', label: 'Piraté', version: 1 })).status).toBe(404);
    expect((await q('SELECT label FROM equipment_part WHERE id = $1', [id]))[0].label).toBe('Notice');
  });
});
