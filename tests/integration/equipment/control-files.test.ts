import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { drawing } from '../../support/png';
import { seedControllable } from './control-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

let seq = 0;
const company = () => `VGP fichiers ${process.pid}-${Date.now()}-${++seq}`;
const CONTROLLER = ['vgp.view', 'vgp.controls_view', 'vgp.validate'];
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

async function started() {
  const name = company();
  const user = await makeUser(t, { company: name, rights: CONTROLLER });
  const { agent, csrf } = await loginAs(t, user);
  const seeded = await seedControllable(t.db.dataSource, user.tenantId);
  const res = await agent.post(`/equipment/controls/${seeded.controllableId}/control`).set('X-CSRF-Token', csrf);
  const controlId = Number(/(\d+)$/.exec(res.headers.location)![1]);
  return { user, agent, csrf, company: name, controlId, ...seeded };
}

describe('signatures of a control', () => {
  it('keeps the controller and the owner signatures, one each, the owner named', async () => {
    const s = await started();
    const form = await s.agent.get(`/equipment/control/${s.controlId}/sign/owner`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-testid="signature-form"');
    const url = `/equipment/control/${s.controlId}/sign/owner`;
    const unnamed = await s.agent.post(url).set(XHR).type('form').send({ _csrf_token: s.csrf, 'signature[name]': '', 'signature[image]': drawing() });
    expect(unnamed.status).toBe(200);
    expect(unnamed.body.result).toBe(false);
    expect(unnamed.body.signatureForm).toContain('data-testid="signature-error-name"');
    for (const name of ['Paul Lefèvre', 'Paul Lefèvre fils']) {
      const res = await s.agent.post(url).set(XHR).type('form').send({ _csrf_token: s.csrf, 'signature[name]': name, 'signature[image]': drawing() });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Signature enregistrée !');
    }
    const ctl = await s.agent.post(`/equipment/control/${s.controlId}/sign/controller`).set(XHR).type('form')
      .send({ _csrf_token: s.csrf, 'signature[name]': 'Camille Test', 'signature[image]': drawing() });
    expect(ctl.status).toBe(201);
    const rows = await t.db.dataSource.query('SELECT role, signer_name, user_id FROM vgp_control_signature WHERE control_id = $1 ORDER BY role', [s.controlId]);
    expect(rows).toEqual([{ role: 'controller', signer_name: 'Camille Test', user_id: s.user.id }, { role: 'owner', signer_name: 'Paul Lefèvre fils', user_id: null }]);
    expect((await s.agent.get(`/equipment/control/${s.controlId}/sign/someone`)).status).toBe(404);
  });
});

describe('files of a control', () => {
  it('keeps the other file and the external report, served to who sees the control', async () => {
    const s = await started();
    const modal = await s.agent.get(`/equipment/control/${s.controlId}/other-file`).set(XHR);
    expect(modal.status).toBe(200);
    expect(modal.text).toContain('name="controlFile"');
    for (const [route, kind] of [['other-file', 'other'], ['external-report', 'external_report']]) {
      const res = await s.agent.post(`/equipment/control/${s.controlId}/${route}`).set(XHR).field('_csrf_token', s.csrf)
        .attach('controlFile', PDF, { filename: `${kind}.pdf`, contentType: 'application/pdf' });
      expect(res.status).toBe(201);
      const file = await s.agent.get(`/equipment/control/${s.controlId}/files/${kind}`);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toContain('application/pdf');
    }
    const stranger = await makeUser(t, { company: company(), rights: CONTROLLER });
    expect((await (await loginAs(t, stranger)).agent.get(`/equipment/control/${s.controlId}/files/other`)).status).toBe(404);
  });

  it('refuses a missing or forbidden file with a French message, nothing kept', async () => {
    const s = await started();
    const none = await s.agent.post(`/equipment/control/${s.controlId}/other-file`).set(XHR).field('_csrf_token', s.csrf);
    expect(none.status).toBe(200);
    expect(none.text).toContain('Choisissez un fichier.');
    const exe = await s.agent.post(`/equipment/control/${s.controlId}/other-file`).set(XHR).field('_csrf_token', s.csrf)
      .attach('controlFile', Buffer.from('MZ binary'), { filename: 'virus.exe', contentType: 'application/octet-stream' });
    expect(exe.status).toBe(200);
    expect(exe.text).toContain('data-testid="upload-error"');
    const [k] = await t.db.dataSource.query('SELECT other_file_id FROM vgp_control WHERE id = $1', [s.controlId]);
    expect(k.other_file_id).toBeNull();
  });
});

describe('general information', () => {
  it('saves the date, the people and the comment with the optimistic lock, and refuses a bad date in French', async () => {
    const s = await started();
    const url = `/equipment/control/${s.controlId}/general`;
    const send = (body: Record<string, unknown>) => s.agent.post(url).set('X-CSRF-Token', s.csrf).set(XHR).send(body);
    const bad = await send({ controlDate: '31/02/2026', controllerId: s.user.id, version: 1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.controlDate).toBeTruthy();
    const foreign = await makeUser(t, { company: company() });
    expect((await send({ controlDate: '10/03/2026', supervisorId: foreign.id, version: 1 })).body.errors.supervisorId).toBeTruthy();
    const ok = await send({ controlDate: '10/03/2026', controllerId: s.user.id, supervisorId: '', comment: 'Accès par nacelle', version: 1 });
    expect(ok.body).toEqual({ version: 2 });
    expect((await send({ controlDate: '11/03/2026', version: 1 })).status).toBe(409);
    const [k] = await t.db.dataSource.query('SELECT control_date::text AS d, comment FROM vgp_control WHERE id = $1', [s.controlId]);
    expect(k).toEqual({ d: '2026-03-10', comment: 'Accès par nacelle' });
  });
});
