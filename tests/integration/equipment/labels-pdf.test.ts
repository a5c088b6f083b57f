import { qrSvg } from '../../../server/modules/equipment/labels/labels.service';
import { createTestApp, type TestApp } from '../../support/app';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { binary } from '../../support/pdf';
import { actor, attach, companyOf, entities, insertControllable, insertEquipment, postEmpty, type Actor } from './book-fixtures';

/** Issue 24 item 7 (beyond the spec): the PDF sheet of QR labels, for one equipment or a selection, with the equipment's rights. */
let t: TestApp;
let viewer: Actor;
let company: string;
const VIEW = ['vgp.view', 'vgp.equipment_view'];
const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);

beforeAll(async () => {
  t = await createTestApp();
  viewer = await actor(t, VIEW);
  company = await companyOf(t, viewer.tenantId);
});
afterAll(async () => { await t.close(); });

/** The PDF's text in drawing order (`pdftotext -raw`: one label after the other, a wrapped name joined back), spaces collapsed. */
function pdfOf(res: { body: unknown }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgp-labels-'));
  try {
    fs.writeFileSync(path.join(dir, 'l.pdf'), res.body as Buffer);
    return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path.join(dir, 'l.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('QR labels (vgp_equipment_labels)', () => {
  it('print one equipment from its page: name, numbers, last control and nearest deadline of its active controls', async () => {
    const id = await insertEquipment(t, viewer.tenantId, { name: 'Pont roulant Atelier B', internal_number: 'PR-0042', serial_number: 'SN-77815' });
    await insertControllable(t, viewer.tenantId, { equipment_id: id, name: 'VGP pont', last_control_date: '2026-03-12', deadline: '2027-03-12' });
    await insertControllable(t, viewer.tenantId, { equipment_id: id, name: 'Câbles', last_control_date: '2026-01-05', deadline: '2026-07-05' });
    await insertControllable(t, viewer.tenantId, { equipment_id: id, name: 'Ancien', last_control_date: '2026-04-01', deadline: '2026-04-02', archived: true });
    const res = await viewer.agent.get(`/equipment/labels?id=${id}`).buffer(true).parse(binary as never);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfOf(res);
    expect(text).toContain('Pont roulant Atelier B');
    expect(text).toContain('PR-0042');
    expect(text).toContain('SN-77815');
    expect(text).toMatch(/Dernier contrôle 12\/03\/2026/);
    expect(text).toMatch(/Prochaine échéance 05\/07\/2026/);
  }, 60_000);

  it('are offered on the equipment page and, for the rows shown, on the list', async () => {
    const a = await insertEquipment(t, viewer.tenantId, { name: 'Gerbeur G7' });
    const page = await viewer.agent.get(`/equipment/${a}`);
    expect(page.text).toContain(`href="/equipment/labels?id=${a}"`);
    const list = await viewer.agent.get('/equipment?q=Gerbeur');
    const form = list.text.slice(list.text.indexOf('data-testid="equipment-labels-page"'));
    const ids = [...form.slice(0, form.indexOf('</form>')).matchAll(/name="ids\[\]" value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual([a]);
  });

  it('print a selection posted from the list, one label each, and send back to the list without a selection', async () => {
    const a = await insertEquipment(t, viewer.tenantId, { name: 'Chariot élévateur C1' });
    const b = await insertEquipment(t, viewer.tenantId, { name: 'Nacelle ciseaux N2' });
    const res = await viewer.agent.post('/equipment/labels').type('form').send({ _csrf_token: viewer.csrf, 'ids[]': [String(a), String(b)] }).buffer(true).parse(binary as never);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfOf(res);
    expect(text).toContain('Chariot élévateur C1');
    expect(text).toContain('Nacelle ciseaux N2');
    expect(text.match(/Prochaine échéance —/g)).toHaveLength(2);

    // Nothing chosen: back to the list, which says what to do.
    const none = await postEmpty(viewer, '/equipment/labels');
    expect(none.status).toBe(303);
    expect(none.headers.location).toBe('/equipment');
    expect((await viewer.agent.get('/equipment')).text).toContain('Sélectionnez au moins un équipement.');
    expect((await viewer.agent.get('/equipment/labels')).status).toBe(303);
    const forged = await postEmpty(viewer, '/equipment/labels', { 'ids[]': ['abc'] });
    expect(forged.status).toBe(400);
    expect((await viewer.agent.get('/equipment/labels?id=0').set('X-Requested-With', 'XMLHttpRequest')).status).toBe(400);
  }, 60_000);

  it('take at most 200 equipment a sheet: 199 and 200 are read (404 here, none exists), 201 is refused (400)', async () => {
    const ask = (n: number) => viewer.agent.post('/equipment/labels').set('X-Requested-With', 'XMLHttpRequest').type('form')
      .send({ _csrf_token: viewer.csrf, 'ids[]': Array.from({ length: n }, (_, i) => String(2_000_000_000 + i)) });
    expect((await ask(199)).status).toBe(404);
    expect((await ask(200)).status).toBe(404);
    const over = await ask(201);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Au plus 200 étiquettes à la fois.');
  });

  it('are refused without vgp.equipment_view (403), for another company\'s or an out-of-scope equipment (404)', async () => {
    const places = await entities(t, viewer.tenantId);
    const here = await insertEquipment(t, viewer.tenantId, { name: 'Presse P1', hierarchy_item_id: places.site });
    const there = await insertEquipment(t, viewer.tenantId, { name: 'Presse Nantes', hierarchy_item_id: places.other });
    const noRight = await actor(t, ['vgp.view', 'vgp.tours'], { company });
    expect((await noRight.agent.get(`/equipment/labels?id=${here}`)).status).toBe(403);
    const other = await actor(t, VIEW);
    expect((await other.agent.get(`/equipment/labels?id=${here}`)).status).toBe(404);
    const local = await actor(t, VIEW, { company });
    await attach(t, local, places.root);
    // One equipment out of the scope refuses the whole sheet.
    expect((await local.agent.post('/equipment/labels').type('form').send({ _csrf_token: local.csrf, 'ids[]': [String(here), String(there)] })).status).toBe(404);
    expect((await local.agent.get(`/equipment/labels?id=${there}`)).status).toBe(404);
    // POST needs the CSRF token.
    expect((await local.agent.post('/equipment/labels').type('form').send({ 'ids[]': [String(here)] })).status).toBe(403);
  }, 60_000);

  it('draw the QR code of the equipment page\'s absolute URL', async () => {
    const id = await insertEquipment(t, viewer.tenantId);
    const url = `http://vigie.test/equipment/${id}`;
    const svg = await qrSvg(url);
    expect(svg.startsWith('<svg')).toBe(true);
    // Another text gives another code: the URL is what is encoded.
    expect(await qrSvg(`http://vigie.test/equipment/${id + 1}`)).not.toBe(svg);
    expect((await q('SELECT name FROM equipment WHERE id = $1', [id]))[0].name).toBe('Pont roulant 5 t');
  });
});
