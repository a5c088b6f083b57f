import { createTestApp, type TestApp } from '../../support/app';
import type { Response } from 'supertest';
import { actor, completeFields, createPlan, frenchDay, newCompany, planRow, postPlan, RIGHTS, setting, XHR } from './plan-helpers';

let t: TestApp;

/** The problems of the completeness panel that come from this module's `plan-fields` check. */
function fieldProblems(page: Response): string[] {
  const texts = [...page.text.matchAll(/data-testid="plan-problem"[\s\S]*?<span class="flex-fill">([^<]*)<\/span>/g)].map((m) => m[1]);
  return texts.filter((x) => /^(Objet|Site|Types de travaux|Ponctuel ou périodique|Date de début|Heures de travail|Description|Commentaires|Intervenants|Secteur|Adresse de l&#39;intervention) :/.test(x));
}
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('plan form: validation of seed 002 section 5', () => {
  it('creates a complete plan with its number, links and a history row', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author);
    const s = await setting(t, a.tenantId);
    const id = await createPlan(a, s, { extraItemIds: [String(s.other)], substituteIds: [String(a.id)] });
    const row = await planRow(t, id);
    expect(row).toMatchObject({ status: 'draft', subject: 'Maintenance des armoires électriques', created_by_id: a.id, ordering_customer_id: a.id, hours_worked: 48, is_punctual: true });
    expect(row.pdp_number).toMatch(/^PDP-\d{4}-0001$/);
    const types = await t.db.dataSource.query('SELECT work_type_id FROM plan_work_type WHERE plan_id = $1', [id]);
    expect(types.map((r: { work_type_id: number }) => r.work_type_id)).toEqual([s.electrical]);
    const history = await t.db.dataSource.query("SELECT transition FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1", [id]);
    expect(history.map((h: { transition: string }) => h.transition)).toEqual(['create']);
    const page = await a.agent.get(`/prevention-plan/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Maintenance des armoires électriques');
    expect(page.text).toContain('Usine de Lyon');
    expect(page.text).toContain('data-testid="plan-completeness"');
    expect(fieldProblems(page)).toEqual([]);
    const second = await createPlan(a, s);
    expect((await planRow(t, second)).pdp_number).toMatch(/^PDP-\d{4}-0002$/);
  });

  it('refuses a plan missing the required fields with French messages, keeping what was typed', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author);
    await setting(t, a.tenantId);
    const res = await postPlan(a, '/prevention-plan/new', { subject: '', orderNumber: 'BC-778', hoursWorked: '', participants: 'Deux soudeurs' });
    expect(res.status).toBe(200);
    for (const field of ['subject', 'orderingCustomerId', 'hierarchyItemId', 'startDate', 'endDate', 'plannedStartTime', 'plannedEndTime',
      'informationJobInspectionDate', 'hoursWorked', 'description', 'procedures', 'comments']) {
      expect(res.text).toMatch(new RegExp(`data-testid="error-${field}">Veuillez renseigner ce champ.<`));
    }
    expect(res.text).toMatch(/data-testid="error-isPunctual">Veuillez effectuer une sélection</);
    expect(res.text).toMatch(/data-testid="error-workTypeIds">Veuillez sélectionner au moins un type de travaux.</);
    expect(res.text).toMatch(/data-testid="error-sectorId">Veuillez choisir un secteur ou préciser le secteur.</);
    expect(res.text).toContain('value="BC-778"');
    expect(res.text).toContain('>Deux soudeurs</textarea>');
    const [{ n }] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM prevention_plan WHERE tenant_id = $1', [a.tenantId]);
    expect(n).toBe(0);
  });

  it('asks the frequency of a periodic plan, a valid date and an end after the start', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author);
    const s = await setting(t, a.tenantId);
    const res = await postPlan(a, '/prevention-plan/new', {
      ...completeFields(a, s), isPunctual: '0', frequency: '', startDate: frenchDay(10), endDate: frenchDay(5), informationJobInspectionDate: '31/02/2026', hoursWorked: '-3',
    });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/data-testid="error-frequency">Veuillez renseigner ce champ.</);
    expect(res.text).toMatch(/data-testid="error-informationJobInspectionDate">Cette date n&#39;est pas valide \(JJ\/MM\/AAAA\).</);
    expect(res.text).toContain('value="31/02/2026"');
    expect(res.text).toMatch(/data-testid="error-hoursWorked">Cette valeur doit être un nombre entier positif.</);
    const fixed = await postPlan(a, '/prevention-plan/new', { ...completeFields(a, s), isPunctual: '0', frequency: '', startDate: frenchDay(10), endDate: frenchDay(5) });
    expect(fixed.text).toMatch(/data-testid="error-endDate">La date de fin doit être postérieure ou égale à la date de début.</);
    const late = await postPlan(a, '/prevention-plan/new', { ...completeFields(a, s), prerunInspectionDate: frenchDay(11), startDate: frenchDay(10), endDate: frenchDay(12) });
    expect(late.text).toMatch(/data-testid="error-prerunInspectionDate">L&#39;inspection commune doit avoir lieu au plus tard le jour du début du plan.</);
    expect((await postPlan(a, '/prevention-plan/new', { ...completeFields(a, s), isPunctual: '0', frequency: 'Chaque trimestre' })).status).toBe(201);
  });

  it('saves a draft with only a subject (types still checked) and lists its problems in the completeness panel', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author);
    await setting(t, a.tenantId);
    const bad = await postPlan(a, '/prevention-plan/new', { subject: 'Brouillon', startDate: '2026-13-45' }, true);
    expect(bad.status).toBe(200);
    expect(bad.text).toMatch(/data-testid="error-startDate">Cette date n&#39;est pas valide/);
    // A draft may leave the dates out, not save an end before its start; the typed dates stay.
    const reversed = await postPlan(a, '/prevention-plan/new', { subject: 'Brouillon', startDate: frenchDay(10), endDate: frenchDay(9) }, true);
    expect(reversed.status).toBe(200);
    expect(reversed.text).toMatch(/data-testid="error-endDate">La date de fin doit être postérieure ou égale à la date de début.</);
    expect(reversed.text).toContain(`value="${frenchDay(10)}"`);
    expect((await postPlan(a, '/prevention-plan/new', { subject: 'Brouillon', startDate: frenchDay(10), endDate: frenchDay(10) }, true)).status).toBe(201);
    const res = await postPlan(a, '/prevention-plan/new', { subject: 'Échafaudage façade sud' }, true);
    expect(res.status).toBe(201);
    const id = Number(/(\d+)$/.exec(res.body.redirect)![1]);
    expect(await planRow(t, id)).toMatchObject({ status: 'draft', subject: 'Échafaudage façade sud', hierarchy_item_id: null });
    const page = await a.agent.get(`/prevention-plan/${id}`);
    expect(fieldProblems(page)).toEqual(expect.arrayContaining([
      'Site : Veuillez renseigner ce champ.', 'Types de travaux : Veuillez sélectionner au moins un type de travaux.',
      'Ponctuel ou périodique : Veuillez effectuer une sélection', 'Heures de travail : Veuillez renseigner ce champ.',
    ]));
    expect(fieldProblems(page)).not.toContain('Objet : Veuillez renseigner ce champ.');
  });

  it('refuses references of another company (site, work type, user)', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author);
    const s = await setting(t, a.tenantId);
    const b = await actor(t, newCompany(), RIGHTS.author);
    const foreign = await setting(t, b.tenantId);
    const res = await postPlan(a, '/prevention-plan/new', { ...completeFields(a, s), hierarchyItemId: String(foreign.site), workTypeIds: [String(foreign.cleaning)], substituteIds: [String(b.id)] });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/data-testid="error-hierarchyItemId">Cette valeur doit être l&#39;un des choix proposés.</);
    expect(res.text).toMatch(/data-testid="error-workTypeIds">Cette valeur doit être l&#39;un des choix proposés.</);
  });

  it('offers only the sectors of the chosen site and entities (pdp_form_place)', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author);
    const s = await setting(t, a.tenantId);
    await t.db.dataSource.query("INSERT INTO sector (tenant_id, item_id, name) VALUES ($1, $2, 'Local TGBT'), ($1, $3, 'Quai 4')", [a.tenantId, s.site, s.other]);
    const place = (fields: Record<string, unknown>) => a.agent.post('/prevention-plan/form/place').set(XHR).type('form')
      .send({ _csrf_token: a.csrf, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`pdp[${k}]`, v])) });
    const onSite = await place({ hierarchyItemId: String(s.site) });
    expect(onSite.status).toBe(200);
    expect(onSite.text).toContain('Usine de Lyon – Local TGBT');
    expect(onSite.text).not.toContain('Quai 4');
    const both = await place({ hierarchyItemId: String(s.site), extraItemIds: [String(s.other)] });
    expect(both.text).toContain('Quai 4');
    const all = await place({ hierarchyItemId: '' });
    expect(all.text).toContain('Local TGBT');
    expect(all.text).toContain('Quai 4');
  });

  it('names as rescue workers only users holding pdp.rescue_worker', async () => {
    const company = newCompany();
    const a = await actor(t, company, RIGHTS.author);
    const s = await setting(t, a.tenantId);
    const plain = await actor(t, company, ['pdp.view'], 'Paul');
    const rescuer = await actor(t, company, ['pdp.view', 'pdp.rescue_worker'], 'Karim');
    const form = await a.agent.get('/prevention-plan/new');
    const rescuers = /id="pdp_rescueWorkerIds"[\s\S]*?<\/select>/.exec(form.text)![0];
    expect(rescuers).toContain(`value="${rescuer.id}"`);
    expect(rescuers).not.toContain(`value="${plain.id}"`);
    const refused = await postPlan(a, '/prevention-plan/new', { ...completeFields(a, s), rescueWorkerIds: [String(plain.id)] });
    expect(refused.text).toMatch(/data-testid="error-rescueWorkerIds">Cette valeur doit être l&#39;un des choix proposés.</);
    const id = await createPlan(a, s, { rescueWorkerIds: [String(rescuer.id)] });
    expect(await t.db.dataSource.query('SELECT user_id FROM plan_rescue_worker WHERE plan_id = $1', [id])).toEqual([{ user_id: rescuer.id }]);
  });

  it('edits with the optimistic lock: a stale version answers 409', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author);
    const s = await setting(t, a.tenantId);
    const id = await createPlan(a, s);
    const form = await a.agent.get(`/prevention-plan/${id}/edit`);
    expect(form.status).toBe(200);
    expect(form.text).toContain('value="Maintenance des armoires électriques"');
    const ok = await postPlan(a, `/prevention-plan/${id}/edit`, { ...completeFields(a, s), subject: 'Maintenance TGBT', version: '1', workTypeIds: [String(s.electrical), String(s.cleaning)] });
    expect(ok.status).toBe(201);
    expect(await planRow(t, id)).toMatchObject({ subject: 'Maintenance TGBT', version: 2 });
    const stale = await postPlan(a, `/prevention-plan/${id}/edit`, { ...completeFields(a, s), subject: 'Trop tard', version: '1' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBeTruthy();
    expect((await planRow(t, id)).subject).toBe('Maintenance TGBT');
    const history = await t.db.dataSource.query("SELECT transition FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 ORDER BY id", [id]);
    expect(history.map((h: { transition: string }) => h.transition)).toEqual(['create', 'edit']);
  });

  it('toggle plans_in_external_companies: off, the site is required; on, a host company or an address replaces it', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author);
    const s = await setting(t, a.tenantId);
    const fields = { ...completeFields(a, s), hierarchyItemId: '', isExternal: '1', interventionAddress: '' };
    const off = await postPlan(a, '/prevention-plan/new', { ...fields, interventionAddress: 'ZI des Gaulnes, 69330 Jonage' });
    expect(off.status).toBe(200);
    expect(off.text).toMatch(/data-testid="error-hierarchyItemId">Veuillez renseigner ce champ.</);
    expect(off.text).not.toContain('data-testid="plan-external"');
    await t.db.dataSource.query("INSERT INTO feature_toggle (tenant_id, code, enabled) VALUES ($1, 'plans_in_external_companies', true)", [a.tenantId]);
    const form = await a.agent.get('/prevention-plan/new');
    expect(form.text).toContain('data-testid="plan-external"');
    const missing = await postPlan(a, '/prevention-plan/new', fields);
    expect(missing.text).toMatch(/data-testid="error-interventionAddress">Indiquez l&#39;entreprise d&#39;accueil ou l&#39;adresse de l&#39;intervention.</);
    const ok = await postPlan(a, '/prevention-plan/new', { ...fields, interventionAddress: 'ZI des Gaulnes, 69330 Jonage' });
    expect(ok.status).toBe(201);
    const id = Number(/(\d+)$/.exec(ok.body.redirect)![1]);
    expect(await planRow(t, id)).toMatchObject({ is_external: true, hierarchy_item_id: null, intervention_address: 'ZI des Gaulnes, 69330 Jonage' });
    const page = await a.agent.get(`/prevention-plan/${id}`);
    expect(page.text).toContain('ZI des Gaulnes, 69330 Jonage');
    expect(fieldProblems(page)).toEqual([]);
  });
});
