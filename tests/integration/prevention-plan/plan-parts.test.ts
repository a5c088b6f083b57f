import { createTestApp, type TestApp } from '../../support/app';
import { actor, createPlan, newCompany, RIGHTS, setting, XHR, type Actor } from './plan-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const post = (a: Actor, url: string, body: Record<string, unknown> = {}) => a.agent.post(url).set(XHR).type('form').send({ _csrf_token: a.csrf, ...body });

describe('plan parts edited from the tabs: material, medical supervision works, inspection participants', () => {
  it('adds and removes material and medical works, with French messages on bad input', async () => {
    const company = newCompany();
    const a = await actor(t, company, RIGHTS.author);
    const reader = await actor(t, company, [...RIGHTS.viewAll]);
    const s = await setting(t, a.tenantId);
    const id = await createPlan(a, s);
    const form = await a.agent.get(`/prevention-plan/${id}/materials/new`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-testid="material-form"');
    const bad = await post(a, `/prevention-plan/${id}/materials/new`, { 'plan_material[type]': '', 'plan_material[checkDate]': '45/13/2026', 'plan_material[serialNumber]': 'NAC-1' });
    expect(bad.status).toBe(200);
    expect(bad.text).toMatch(/data-testid="error-type">Veuillez renseigner ce champ.</);
    expect(bad.text).toMatch(/data-testid="error-checkDate">Cette date n&#39;est pas valide/);
    expect(bad.text).toContain('value="NAC-1"');
    const ok = await post(a, `/prevention-plan/${id}/materials/new`, { 'plan_material[type]': 'Nacelle PEMP 3B', 'plan_material[checkDate]': '15/01/2026', 'plan_material[serialNumber]': 'NAC-1' });
    expect(ok.status).toBe(201);
    expect(ok.body.redirect).toBe(`/prevention-plan/${id}?tab=materials`);
    const badWork = await post(a, `/prevention-plan/${id}/medical-works/new`, { 'plan_medical_work[name]': 'Soudeurs', 'plan_medical_work[type]': 'Rayonnements', 'plan_medical_work[companies]': 'Soudure Rhône', 'plan_medical_work[number]': '0' });
    expect(badWork.text).toMatch(/data-testid="error-number">Cette valeur doit être supérieure ou égale à 1.</);
    expect((await post(a, `/prevention-plan/${id}/medical-works/new`, { 'plan_medical_work[name]': 'Soudeurs', 'plan_medical_work[type]': 'Rayonnements', 'plan_medical_work[companies]': 'Soudure Rhône', 'plan_medical_work[number]': '2' })).status).toBe(201);
    const page = await a.agent.get(`/prevention-plan/${id}?tab=materials`);
    expect(page.text).toContain('Nacelle PEMP 3B');
    expect(page.text).toContain('15/01/2026');
    expect(page.text).toContain('Soudure Rhône');
    // Seeing the plan is not editing it.
    expect((await post(reader, `/prevention-plan/${id}/materials/new`, { 'plan_material[type]': 'Palan' })).status).toBe(403);
    const [material] = await t.db.dataSource.query('SELECT id FROM plan_material WHERE plan_id = $1', [id]);
    expect((await post(reader, `/prevention-plan/materials/${material.id}/remove`)).status).toBe(403);
    expect((await post(a, `/prevention-plan/materials/${material.id}/remove`)).status).toBe(200);
    expect(await t.db.dataSource.query('SELECT id FROM plan_material WHERE plan_id = $1', [id])).toEqual([]);
  });

  it('keeps a document with a material, refused when its type is not allowed, served to those who see the plan', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author);
    const s = await setting(t, a.tenantId);
    const id = await createPlan(a, s);
    const send = (name: string, content: Buffer) => a.agent.post(`/prevention-plan/${id}/materials/new`).set(XHR)
      .field('_csrf_token', a.csrf).field('plan_material[type]', 'Palan électrique 2 t').field('plan_material[checkDate]', '')
      .attach('plan_material[file]', content, name);
    const refused = await send('rapport.exe', Buffer.from('MZ binaire'));
    expect(refused.status).toBe(200);
    expect(refused.text).toMatch(/data-testid="error-file">Ce type de fichier n&#39;est pas autorisé/);
    expect(refused.text).toContain('value="Palan électrique 2 t"');
    expect((await send('Rapport VGP palan.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'))).status).toBe(201);
    const page = await a.agent.get(`/prevention-plan/${id}?tab=materials`);
    expect(page.text).toContain('Rapport VGP palan.pdf');
    const [m] = await t.db.dataSource.query('SELECT id, file_id FROM plan_material WHERE plan_id = $1', [id]);
    expect(m.file_id).not.toBeNull();
    const file = await a.agent.get(`/prevention-plan/materials/${m.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    const outsider = await actor(t, newCompany(), RIGHTS.manager);
    expect((await outsider.agent.get(`/prevention-plan/materials/${m.id}/file`)).status).toBe(404);
  });

  it('adds inspection participants: a user for the user company, a name for the others', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author);
    const s = await setting(t, a.tenantId);
    const id = await createPlan(a, s);
    const before = await a.agent.get(`/prevention-plan/${id}`);
    expect(before.text).toContain('Inspection commune : indiquez au moins un participant');
    expect(before.text).toContain('Date de l&#39;inspection commune : Veuillez renseigner ce champ.');
    const noName = await post(a, `/prevention-plan/${id}/inspection-participants/new`, { 'plan_inspection_participant[kind]': 'outside', 'plan_inspection_participant[name]': '' });
    expect(noName.status).toBe(200);
    expect(noName.text).toMatch(/data-testid="error-name">Veuillez renseigner ce champ.</);
    expect((await post(a, `/prevention-plan/${id}/inspection-participants/new`, { 'plan_inspection_participant[kind]': 'outside', 'plan_inspection_participant[name]': 'M. Durand (Elec Rhône Services)' })).status).toBe(201);
    expect((await post(a, `/prevention-plan/${id}/inspection-participants/new`, { 'plan_inspection_participant[kind]': 'user', 'plan_inspection_participant[userId]': String(a.id) })).status).toBe(201);
    const other = await actor(t, newCompany(), RIGHTS.author);
    const foreign = await post(a, `/prevention-plan/${id}/inspection-participants/new`, { 'plan_inspection_participant[kind]': 'user', 'plan_inspection_participant[userId]': String(other.id) });
    expect(foreign.status).toBe(200);
    const page = await a.agent.get(`/prevention-plan/${id}?tab=inspection`);
    expect(page.text).toContain('M. Durand (Elec Rhône Services)');
    expect(page.text).toContain('Entreprise utilisatrice');
    expect(page.text).toContain('data-testid="invitations-panel"');
    expect(page.text).not.toContain('Inspection commune : indiquez au moins un participant');
  });

  it('attaches the external plan as a PDF, refuses another type, and serves it to those who see the plan', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author);
    const s = await setting(t, a.tenantId);
    const id = await createPlan(a, s);
    const upload = (name: string, content: Buffer) => a.agent.post(`/prevention-plan/${id}/external-file`).set(XHR)
      .field('_csrf_token', a.csrf).attach('plan_external_file[file]', content, name);
    const refused = await upload('plan.txt', Buffer.from('pas un PDF'));
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Ce type de fichier n&#39;est pas autorisé');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const ok = await upload('PDP signé.pdf', pdf);
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe('Le PDP externe a été joint au plan.');
    const page = await a.agent.get(`/prevention-plan/${id}`);
    expect(page.text).toContain('PDP signé.pdf');
    const file = await a.agent.get(`/prevention-plan/${id}/external-file/download`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const outsider = await actor(t, newCompany(), RIGHTS.manager);
    expect((await outsider.agent.get(`/prevention-plan/${id}/external-file/download`)).status).toBe(404);
  });
});
