import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, controllableId, fieldError, insert, postControllable, postEmpty, postForm, REQUIRED, XHR } from './controls-fixtures';

let t: TestApp;
let restoreClock: () => void;
beforeAll(async () => { t = await createTestApp(); restoreClock = useClock(new FixedClock(new Date('2026-06-15T08:00:00Z'))); });
afterAll(async () => { restoreClock(); await t.close(); });

const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);
const VIEWER = ['vgp.view', 'vgp.controls_view'];
const MANAGER = [...VIEWER, 'vgp.controls_manage'];

describe('controllable rights', () => {
  it('needs vgp.controls_view to read, vgp.controls_manage to write, vgp.plan for the planned date; another company\'s is 404', async () => {
    const m = await actor(t, MANAGER);
    const id = await insert(t, 'vgp_controllable', { tenant_id: m.tenantId, name: 'Chariot', deadline: '2026-09-01' });
    const company = await companyOf(t, m.tenantId);
    const nobody = await actor(t, ['vgp.view'], company);
    expect((await nobody.agent.get('/equipment/controls')).status).toBe(403);
    expect((await nobody.agent.get('/equipment/my-controls')).status).toBe(403);
    expect((await nobody.agent.get(`/equipment/controls/${id}`)).status).toBe(403);

    const viewer = await actor(t, VIEWER, company);
    expect((await viewer.agent.get(`/equipment/controls/${id}`)).status).toBe(200);
    expect((await viewer.agent.get(`/equipment/controls/${id}`)).text).not.toContain('data-testid="controllable-edit"');
    expect((await viewer.agent.get('/equipment/controls/new').set(XHR)).status).toBe(403);
    expect((await postControllable(viewer, `/equipment/controls/${id}/edit`, { ...REQUIRED, name: 'Piraté', version: 1 })).status).toBe(403);
    expect((await postEmpty(viewer, `/equipment/controls/${id}/archive`)).status).toBe(403);
    const refused = await postEmpty(viewer, `/equipment/controls/${id}/delete`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Action non autorisée.');
    expect((await postForm(viewer, `/equipment/controls/${id}/plan`, 'vgp_controllable_plan', { plannedDate: '01/08/2026', version: 1 })).status).toBe(403);

    // Without vgp.plan, the form neither shows nor changes the planned date.
    await q("UPDATE vgp_controllable SET planned_date = '2026-08-20' WHERE id = $1", [id]);
    expect((await m.agent.get(`/equipment/controls/${id}/edit`).set(XHR)).text).not.toContain('vgp_controllable[plannedDate]');
    expect((await postControllable(m, `/equipment/controls/${id}/edit`, { ...REQUIRED, name: 'Chariot', plannedDate: '01/07/2026', version: 1 })).status).toBe(201);
    expect((await q('SELECT planned_date::text AS p FROM vgp_controllable WHERE id = $1', [id]))[0].p).toBe('2026-08-20');
    const planner = await actor(t, [...VIEWER, 'vgp.plan'], company);
    expect((await postForm(planner, `/equipment/controls/${id}/plan`, 'vgp_controllable_plan', { plannedDate: '01/08/2026', version: 2 })).status).toBe(201);
    expect((await q('SELECT planned_date::text AS p FROM vgp_controllable WHERE id = $1', [id]))[0].p).toBe('2026-08-01');

    const stranger = await actor(t, MANAGER);
    expect((await stranger.agent.get(`/equipment/controls/${id}`)).status).toBe(404);
    expect((await stranger.agent.get(`/equipment/controls/${id}/edit`).set(XHR)).status).toBe(404);
    expect((await postControllable(stranger, `/equipment/controls/${id}/edit`, { ...REQUIRED, name: 'Piraté', version: 3 })).status).toBe(404);
    expect((await postEmpty(stranger, `/equipment/controls/${id}/delete`)).status).toBe(404);
    expect((await q('SELECT name FROM vgp_controllable WHERE id = $1', [id]))[0].name).toBe('Chariot');
    // A record of another company cannot be chosen either.
    const foreign = await insert(t, 'equipment', { tenant_id: stranger.tenantId, name: 'Grue étrangère' });
    const bad = await postControllable(m, '/equipment/controls/new', { ...REQUIRED, name: 'X', equipment: foreign });
    expect(bad.status).toBe(200);
    expect(fieldError(bad.text, 'equipment')).toBe("Cette valeur doit être l'un des choix proposés.");
  });

  it('refuses the second of two concurrent edits (409)', async () => {
    const m = await actor(t, MANAGER);
    const id = await insert(t, 'vgp_controllable', { tenant_id: m.tenantId, name: 'Compresseur' });
    expect((await postControllable(m, `/equipment/controls/${id}/edit`, { ...REQUIRED, name: 'Compresseur A', version: 1 })).status).toBe(201);
    const late = await postControllable(m, `/equipment/controls/${id}/edit`, { ...REQUIRED, name: 'Compresseur B', version: 1 });
    expect(late.status).toBe(409);
    expect((await q('SELECT name FROM vgp_controllable WHERE id = $1', [id]))[0].name).toBe('Compresseur A');
  });
});

describe('archive and deletion', () => {
  it('archives and brings back; deletion is refused (409) while controls were carried out or a tour holds it', async () => {
    const m = await actor(t, MANAGER);
    const done = await insert(t, 'vgp_controllable', { tenant_id: m.tenantId, name: 'Contrôlé' });
    await insert(t, 'vgp_control', { tenant_id: m.tenantId, controllable_id: done, control_date: '2026-06-01', state: 'done' });
    const toured = await insert(t, 'vgp_controllable', { tenant_id: m.tenantId, name: 'En tournée' });
    const tour = await insert(t, 'vgp_tour', { tenant_id: m.tenantId, name: 'Tournée', scheduled_at: '2026-06-20T08:00:00Z' });
    await insert(t, 'vgp_tour_control', { tenant_id: m.tenantId, tour_id: tour, controllable_id: toured });
    const free = await insert(t, 'vgp_controllable', { tenant_id: m.tenantId, name: 'Libre' });

    for (const id of [done, toured]) {
      const refused = await postEmpty(m, `/equipment/controls/${id}/delete`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Ce contrôle a déjà été réalisé ou figure dans une tournée : il ne peut pas être supprimé. Archivez-le plutôt.');
    }
    expect((await q('SELECT count(*)::int AS n FROM vgp_controllable WHERE id = ANY($1)', [[done, toured]]))[0].n).toBe(2);
    const deleted = await postEmpty(m, `/equipment/controls/${free}/delete`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.redirect).toBe('/equipment/controls');
    expect(await q('SELECT id FROM vgp_controllable WHERE id = $1', [free])).toEqual([]);

    expect((await postEmpty(m, `/equipment/controls/${done}/archive`)).status).toBe(200);
    expect((await m.agent.get(`/equipment/controls/${done}`)).text).toContain('data-testid="archived-badge"');
    expect((await m.agent.get('/equipment/controls')).text).not.toContain('data-controllable="Contrôlé"');
    expect((await postEmpty(m, `/equipment/controls/${done}/unarchive`)).status).toBe(200);
    expect((await q('SELECT archived FROM vgp_controllable WHERE id = $1', [done]))[0].archived).toBe(false);
  });
});

describe('bad input', () => {
  it('re-renders the form with French messages and the typed values, never a 500', async () => {
    const m = await actor(t, MANAGER);
    const res = await postControllable(m, '/equipment/controls/new', {
      name: '', parkNumber: '', ownedByClient: '', frequency: '0', frequencyUnit: 'decade', lastControlDate: '31/02/2026', deadline: 'demain',
      hoursPerMonth: '745', latitude: '91', longitude: 'abc', contractStart: '10/06/2026', contractEnd: '09/06/2026', clientPhone: 'pas un numéro',
      comment: 'Garder ce commentaire', category: 'x', operator: '-3', form: '99999999999',
    });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'name')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(res.text, 'parkNumber')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(res.text, 'ownedByClient')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(res.text, 'frequency')).toBe('La périodicité doit être un nombre entier entre 1 et 1000.');
    expect(fieldError(res.text, 'lastControlDate')).toBe('La date doit être au format JJ/MM/AAAA.');
    expect(fieldError(res.text, 'deadline')).toBe('La date doit être au format JJ/MM/AAAA.');
    expect(fieldError(res.text, 'hoursPerMonth')).toContain('entre 0 et 744');
    expect(fieldError(res.text, 'latitude')).toContain('entre -90 et 90');
    expect(fieldError(res.text, 'longitude')).toContain('entre -180 et 180');
    expect(res.text).toContain('Garder ce commentaire');
    expect(res.text).toContain('value="745"');
    expect(res.text).toContain('value="31/02/2026"');
    expect(await q('SELECT id FROM vgp_controllable WHERE tenant_id = $1', [m.tenantId])).toEqual([]);

    const order = await postControllable(m, '/equipment/controls/new', { ...REQUIRED, name: 'Contrat', contractStart: '10/06/2026', contractEnd: '09/06/2026', lastControlDate: '16/06/2026' });
    expect(order.status).toBe(200);
    expect(fieldError(order.text, 'contractEnd')).toBe('La fin du contrat ne peut pas précéder son début.');
    expect(fieldError(order.text, 'lastControlDate')).toBe('La date du dernier contrôle ne peut pas être dans le futur.');
    // Hours: 744 is accepted (31 days × 24 h), 744,01 is not.
    expect((await postControllable(m, '/equipment/controls/new', { ...REQUIRED, name: 'Heures', hoursPerMonth: '744', ownedByClient: '1' })).status).toBe(201);
    expect((await postControllable(m, '/equipment/controls/new', { ...REQUIRED, name: 'Heures +', hoursPerMonth: '744,01' })).status).toBe(200);
    // Frequency 1 to 1000, latitude -90 to 90 (six decimals).
    expect((await postControllable(m, '/equipment/controls/new', { ...REQUIRED, name: 'Mille', frequency: '1000', latitude: '90', longitude: '-180' })).status).toBe(201);
    expect(fieldError((await postControllable(m, '/equipment/controls/new', { ...REQUIRED, name: 'Mille un', frequency: '1001' })).text, 'frequency')).toContain('entre 1 et 1000');
    expect(fieldError((await postControllable(m, '/equipment/controls/new', { ...REQUIRED, name: 'Pôle', latitude: '90,000001' })).text, 'latitude')).toContain('entre -90 et 90');
    expect(fieldError((await postControllable(m, '/equipment/controls/new', { ...REQUIRED, name: 'Précis', latitude: '45,1234567' })).text, 'latitude')).toContain('six décimales');
    const saved = await controllableId(t, m.tenantId, 'Heures');
    expect((await q('SELECT hours_per_month::text AS h, owned_by_client, park_number FROM vgp_controllable WHERE id = $1', [saved]))[0]).toEqual({ h: '744.00', owned_by_client: true, park_number: 'P-001' });
    expect((await m.agent.get('/equipment/controls/999999/edit').set(XHR)).status).toBe(404);
  });

  it('feeds the family select from vgp_family', async () => {
    const m = await actor(t, MANAGER);
    const form = await m.agent.get('/equipment/controls/new').set(XHR);
    expect(form.text).toContain('data-populate-url="/equipment/families/{id}.json" data-populate-target="#vgp_controllable_family"');
  });
});

describe('modus operandi file', () => {
  it('is uploaded with the form, served by its route to who reads controls, refused when not allowed, and removed on request', async () => {
    const m = await actor(t, MANAGER);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const send = (url: string, fields: Record<string, string>, file: { name: string; content: Buffer } | null) => {
      let req = m.agent.post(url).set(XHR).field('_csrf_token', m.csrf);
      for (const [k, v] of Object.entries(fields)) req = req.field(`vgp_controllable[${k}]`, v);
      return file ? req.attach('modusOperandiFile', file.content, file.name) : req;
    };
    const refused = await send('/equipment/controls/new', { ...REQUIRED, name: 'Avec fichier' }, { name: 'mode.exe', content: Buffer.from('MZ') });
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('data-testid="error-modusOperandiFile"');
    expect(refused.text).toContain('value="Avec fichier"');

    // A form refused for another field keeps no file.
    const foreign = await insert(t, 'equipment', { tenant_id: (await actor(t, MANAGER)).tenantId, name: 'Ailleurs' });
    expect((await send('/equipment/controls/new', { ...REQUIRED, name: 'Avec fichier', equipment: String(foreign) }, { name: 'mode-operatoire.pdf', content: pdf })).status).toBe(200);
    expect(await q('SELECT id FROM stored_file WHERE tenant_id = $1', [m.tenantId])).toEqual([]);
    expect((await send('/equipment/controls/new', { ...REQUIRED, name: 'Avec fichier' }, { name: 'mode-operatoire.pdf', content: pdf })).status).toBe(201);
    const id = await controllableId(t, m.tenantId, 'Avec fichier');
    const page = await m.agent.get(`/equipment/controls/${id}`);
    expect(page.text).toContain('mode-operatoire.pdf');
    const file = await m.agent.get(`/equipment/controls/${id}/modus-operandi`).buffer(true);
    expect(file.status).toBe(200);
    expect(Buffer.from(file.body).toString()).toContain('%PDF-1.4');
    const stranger = await actor(t, MANAGER);
    expect((await stranger.agent.get(`/equipment/controls/${id}/modus-operandi`)).status).toBe(404);

    expect((await send(`/equipment/controls/${id}/edit`, { ...REQUIRED, name: 'Avec fichier', removeModusFile: '1', version: '1' }, null)).status).toBe(201);
    expect((await q('SELECT modus_operandi_file_id FROM vgp_controllable WHERE id = $1', [id]))[0].modus_operandi_file_id).toBeNull();
    expect((await m.agent.get(`/equipment/controls/${id}/modus-operandi`)).status).toBe(404);
  });
});
