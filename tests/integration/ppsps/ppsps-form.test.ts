import { createTestApp, type TestApp } from '../../support/app';
import { actor, completePpsps, createPpsps, frenchDay, newCompany, PPSPS_RIGHTS, postPpsps } from './ppsps-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const row = async (id: number) => (await t.db.dataSource.query('SELECT * FROM ppsps WHERE id = $1', [id]))[0];

describe('PPSPS form: seed 002 §5 (dates, times, number, correspondent, nature of operations)', () => {
  it('shows the form with a proposed number and creates a complete PPSPS with a history row', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const form = await a.agent.get('/ppsps/new');
    expect(form.status).toBe(200);
    const proposed = /name="ppsps\[number\]"[^>]*value="(PPSPS-\d{4}-0001)"/.exec(form.text);
    expect(proposed).not.toBeNull();
    const id = await createPpsps(a, { number: proposed![1], substituteIds: [String(a.id)] });
    const r = await row(id);
    expect(r).toMatchObject({ status: 'draft', created_by_id: a.id, correspondent_id: a.id, average_staff: 6, peak_staff: 10, amendment_number: 0 });
    expect(r.number).toMatch(/^PPSPS-\d{4}-0001$/);
    const history = await t.db.dataSource.query("SELECT transition FROM history_entry WHERE subject_type = 'ppsps' AND subject_id = $1", [id]);
    expect(history.map((h: { transition: string }) => h.transition)).toEqual(['create']);
    const page = await a.agent.get(`/ppsps/${id}`);
    expect(page.status).toBe(200);
    for (const tab of ['presentation', 'organisation', 'contacts', 'inspection', 'safety', 'description', 'designation', 'risk_analysis', 'forms', 'opening_notice']) {
      expect(page.text).toContain(`data-testid="ppsps-tab-${tab}"`);
    }
    expect(page.text).toContain('Gros œuvre : fondations et élévation des murs');
    expect(page.text).toContain('Aucune entreprise n&#39;est renseignée dans les contacts.');
    expect(page.text).not.toContain('data-severity="error"');
    expect(page.text).toContain('Déclaration d&#39;ouverture de chantier');
  });

  it('refuses a PPSPS missing the required fields, in French, keeping what was typed and storing nothing', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const res = await postPpsps(a, '/ppsps/new', { number: '', address: '3 chemin du Port', vehicles: 'Camion-grue', correspondentId: '' });
    expect(res.status).toBe(200);
    for (const field of ['number', 'correspondentId', 'startDate', 'endDate', 'startTime', 'endTime', 'natureOfOperations']) {
      expect(res.text).toMatch(new RegExp(`data-testid="error-${field}">Veuillez renseigner ce champ.<`));
    }
    expect(res.text).toContain('Le PPSPS n&#39;a pas été enregistré');
    expect(res.text).toContain('>3 chemin du Port</textarea>');
    expect(res.text).toContain('>Camion-grue</textarea>');
    const [{ n }] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM ppsps WHERE tenant_id = $1', [a.tenantId]);
    expect(n).toBe(0);
  });

  it('checks dates, times, staff and the order of the dates, all messages at once', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const bad = await postPpsps(a, '/ppsps/new', completePpsps(a, { number: 'CH-12', startDate: '31/02/2026', startTime: '25:00', averageStaff: '-2', natureOfOperations: '' }));
    expect(bad.status).toBe(200);
    expect(bad.text).toMatch(/data-testid="error-startDate">Veuillez saisir une date au format JJ\/MM\/AAAA.</);
    expect(bad.text).toMatch(/data-testid="error-startTime">Veuillez saisir une heure au format HH:MM.</);
    expect(bad.text).toMatch(/data-testid="error-averageStaff">Veuillez saisir un nombre entier positif.</);
    expect(bad.text).toMatch(/data-testid="error-natureOfOperations">Veuillez renseigner ce champ.</);
    expect(bad.text).toContain('value="31/02/2026"');
    const order = await postPpsps(a, '/ppsps/new', completePpsps(a, { number: 'CH-12', startDate: frenchDay(10), endDate: frenchDay(5), averageStaff: '8', peakStaff: '4' }));
    expect(order.text).toMatch(/data-testid="error-endDate">La date de fin doit être postérieure ou égale à la date de début.</);
    expect(order.text).toMatch(/data-testid="error-peakStaff">L&#39;effectif de pointe ne peut pas être inférieur à l&#39;effectif moyen.</);
  });

  it('refuses a number already used in the company and another company\'s users', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const stranger = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    await createPpsps(a, { number: 'CH-2026-01' });
    const dup = await postPpsps(a, '/ppsps/new', completePpsps(a, { number: 'CH-2026-01' }));
    expect(dup.text).toMatch(/data-testid="error-number">Ce numéro est déjà utilisé par un autre PPSPS.</);
    const foreign = await postPpsps(a, '/ppsps/new', completePpsps(a, { number: 'CH-2026-02', correspondentId: String(stranger.id) }));
    expect(foreign.status).toBe(200);
    expect(foreign.text).toMatch(/data-testid="error-correspondentId">/);
    // Another company may use the same number.
    expect(await createPpsps(stranger, { number: 'CH-2026-01' })).toBeGreaterThan(0);
  });

  it('saves a draft without the required fields (next number given) and lists them in the completeness panel', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const bad = await postPpsps(a, '/ppsps/new', { startDate: '2026-13-45' }, true);
    expect(bad.status).toBe(200);
    const res = await postPpsps(a, '/ppsps/new', { address: 'Chantier de la gare' }, true);
    expect(res.status).toBe(201);
    const id = Number(/\/ppsps\/(\d+)/.exec(res.body.redirect)![1]);
    expect((await row(id)).number).toMatch(/^PPSPS-\d{4}-0001$/);
    const page = await a.agent.get(`/ppsps/${id}`);
    expect(page.text).toContain('Nature des travaux : à renseigner');
    expect(page.text).toContain('Correspondant : à renseigner');
    expect(page.text).toContain('Heure de début : à renseigner');
    expect(page.text).toContain('data-severity="error"');
  });

  it('edits a draft (optimistic lock) and refuses the edit once it is sent', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const id = await createPpsps(a, { number: 'CH-7' });
    const form = await a.agent.get(`/ppsps/${id}/edit`);
    expect(form.status).toBe(200);
    expect(form.text).toContain('value="CH-7"');
    const ok = await postPpsps(a, `/ppsps/${id}/edit`, completePpsps(a, { number: 'CH-7', natureOfOperations: 'Charpente métallique', version: '1' }));
    expect(ok.status).toBe(201);
    expect((await row(id)).nature_of_operations).toBe('Charpente métallique');
    const stale = await postPpsps(a, `/ppsps/${id}/edit`, completePpsps(a, { number: 'CH-7', version: '1' }));
    expect(stale.status).toBe(409);
    await t.db.dataSource.query("UPDATE ppsps SET status = 'waiting_tiers' WHERE id = $1", [id]);
    expect((await a.agent.get(`/ppsps/${id}/edit`)).status).toBe(403);
  });
});
