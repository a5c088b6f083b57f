import { FixedClock, useClock } from '../../../server/kernel/clock';
import { saveSettings } from '../../../server/kernel/settings/settings';
import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { actor, companyOf, createEvent, frenchDaysAgo, postEvent, seedOrganisation, XHR, type Actor } from './event-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const WRITER = ['event.view', 'event.add', 'event.edit'];
const row = async (id: number) => (await t.db.dataSource.query('SELECT * FROM event WHERE id = $1', [id]))[0];

describe('event form', () => {
  it('records an accident analysis with every field, shown back on its page', async () => {
    const a = await actor(t, WRITER);
    const org = await seedOrganisation(t, a.tenantId);
    const colleague = await makeUser(t, { company: await companyOf(t, a.tenantId) });
    const page = await a.agent.get('/events/new/at');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Analyse de l&#39;accident');
    expect(page.text).toContain('name="event[technicalCauses]"');
    const id = await createEvent(t, a, 'at', {
      subject: 'Coupure à la main', date: frenchDaysAgo(2), hierarchyItemId: String(org.itemA), serviceId: String(org.serviceA), workUnitId: String(org.workUnit),
      'collaboratorIds][': [String(colleague.id)], stateOfPlay: 'Machine arrêtée', humanCauses: 'Gants retirés', organisationalCauses: 'Mode opératoire absent',
    });
    const saved = await row(id);
    expect(saved).toMatchObject({ kind: 'at', status: 'IN_PROGRESS', subject: 'Coupure à la main', work_unit_id: org.workUnit, human_causes: 'Gants retirés', creator_id: a.id });
    const show = await a.agent.get(`/events/${id}`);
    expect(show.text).toContain('Coupure à la main');
    expect(show.text).toContain('Atelier usinage');
    expect(show.text).toContain('Mode opératoire absent');
    expect(show.text).toContain('Bâtiment A – Production');
    expect(show.text).toContain(frenchDaysAgo(2));
    const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM event_person WHERE event_id = $1 AND role = 'collaborator' AND user_id = $2`, [id, colleague.id]);
    expect(n).toBe(1);
  });

  it('refuses a missing subject with the French message and keeps what was typed', async () => {
    const a = await actor(t, WRITER);
    const res = await postEvent(a, '/events/new/generic', { subject: '', date: frenchDaysAgo(1), observations: 'Texte saisi à garder' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Veuillez renseigner ce champ.');
    expect(res.text).toContain('Texte saisi à garder');
    expect(res.text).toContain('data-testid="event-form"');
    expect((await t.db.dataSource.query('SELECT 1 FROM event WHERE tenant_id = $1', [a.tenantId])).length).toBe(0);
  });

  it('saves a DRAFT without the required fields, then leaves the draft when saved normally', async () => {
    const a = await actor(t, WRITER);
    const res = await postEvent(a, '/events/new/generic', { subject: '', date: '' }, { _submit: 'DRAFT' });
    expect(res.status).toBe(201);
    const id = Number(/(\d+)$/.exec(res.body.redirect)![1]);
    expect(await row(id)).toMatchObject({ status: 'DRAFT', subject: '', event_date: null });
    const edit = await a.agent.get(`/events/${id}/edit`);
    expect(edit.text).toContain('value="DRAFT"');
    const bad = await postEvent(a, `/events/${id}/edit`, { subject: '', date: '', version: '1' });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Veuillez renseigner ce champ.');
    const ok = await postEvent(a, `/events/${id}/edit`, { subject: 'Presque-accident', date: frenchDaysAgo(0), version: '1' });
    expect(ok.status).toBe(201);
    expect(await row(id)).toMatchObject({ status: 'IN_PROGRESS', subject: 'Presque-accident' });
  });

  it('refuses a date older than the configured limit, with the limit in the message (clock moved)', async () => {
    const a = await actor(t, WRITER);
    await saveSettings(t.db.dataSource, a.tenantId, { event_age_limit_days: 10 });
    const restore = useClock(new FixedClock(new Date('2026-03-20T10:00:00Z')));
    try {
      const old = await postEvent(a, '/events/new/generic', { subject: 'Chute', date: '09/03/2026' });
      expect(old.status).toBe(200);
      expect(old.text).toContain('La date de l&#39;événement ne peut pas remonter à plus de 10 jours.');
      expect(old.text).toContain('value="09/03/2026"');
      expect((await postEvent(a, '/events/new/generic', { subject: 'Chute', date: '10/03/2026' })).status).toBe(201);
      const invalid = await postEvent(a, '/events/new/generic', { subject: 'Chute', date: '31/02/2026' });
      expect(invalid.text).toContain('Saisissez une date au format JJ/MM/AAAA.');
    } finally {
      restore();
    }
  });

  it('keeps an existing date on edit even once it is older than the limit', async () => {
    const a = await actor(t, WRITER);
    const restore = useClock(new FixedClock(new Date('2026-03-20T10:00:00Z')));
    let id: number;
    try {
      id = await createEvent(t, a, 'generic', { subject: 'REX', date: '15/03/2026' });
    } finally { restore(); }
    const later = useClock(new FixedClock(new Date('2026-06-20T10:00:00Z')));
    try {
      const res = await postEvent(a, `/events/${id}/edit`, { subject: 'REX corrigé', date: '15/03/2026', version: '1' });
      expect(res.status).toBe(201);
      const moved = await postEvent(a, `/events/${id}/edit`, { subject: 'REX corrigé', date: '14/03/2026', version: '2' });
      expect(moved.status).toBe(200);
      expect(moved.text).toContain('ne peut pas remonter à plus de 30 jours');
    } finally { later(); }
  });

  it('requires the vehicle registration only for a VEHICLE visit, and keeps vehicle fields for it only', async () => {
    const a = await actor(t, WRITER);
    const page = await a.agent.get('/events/new/vms');
    expect(page.text).toMatch(/data-vehicle-fields[^>]*hidden/);
    expect(page.text).not.toMatch(/data-vehicle-registration required/);
    const noType = await postEvent(a, '/events/new/vms', { subject: 'Visite', visitType: '' });
    expect(noType.status).toBe(200);
    expect(noType.text).toContain('data-testid="error-visitType"');
    const missing = await postEvent(a, '/events/new/vms', { subject: 'Visite', date: frenchDaysAgo(1), visitType: 'VEHICLE', vehicleBrand: 'Renault' });
    expect(missing.status).toBe(200);
    expect(missing.text).toMatch(/data-testid="error-vehicleRegistration">Veuillez renseigner ce champ\./);
    // The re-rendered form shows the vehicle fields, registration required.
    expect(missing.text).not.toMatch(/data-vehicle-fields[^>]*hidden/);
    expect(missing.text).toContain('data-vehicle-registration required');
    const agency = await createEvent(t, a, 'vms', { visitType: 'AGENCY', vehicleBrand: 'Renault', vehicleRegistration: '' });
    expect(await row(agency)).toMatchObject({ visit_type: 'AGENCY', vehicle_brand: null, vehicle_registration: null });
    const vehicle = await createEvent(t, a, 'vms', { visitType: 'VEHICLE', vehicleBrand: 'Renault', vehicleModel: 'Master', vehicleRegistration: 'GH-482-TK' });
    expect(await row(vehicle)).toMatchObject({ visit_type: 'VEHICLE', vehicle_brand: 'Renault', vehicle_registration: 'GH-482-TK' });
    const show = await a.agent.get(`/events/${vehicle}`);
    expect(show.text).toContain('GH-482-TK');
  });

  it('copies the supervisor\'s hierarchy item and service when left empty, and keeps chosen ones', async () => {
    const a = await actor(t, WRITER);
    const supervisor = await makeUser(t, { company: await companyOf(t, a.tenantId) });
    const org = await seedOrganisation(t, a.tenantId, supervisor.id);
    const copied = await createEvent(t, a, 'generic', { supervisorId: String(supervisor.id) });
    expect(await row(copied)).toMatchObject({ supervisor_id: supervisor.id, hierarchy_item_id: org.itemB, service_id: org.serviceB });
    const kept = await createEvent(t, a, 'generic', { supervisorId: String(supervisor.id), hierarchyItemId: String(org.itemA), serviceId: String(org.serviceA) });
    expect(await row(kept)).toMatchObject({ hierarchy_item_id: org.itemA, service_id: org.serviceA });
  });

  it('refreshes the organisation block: a newly picked supervisor brings their item and service', async () => {
    const a = await actor(t, WRITER);
    const supervisor = await makeUser(t, { company: await companyOf(t, a.tenantId) });
    const org = await seedOrganisation(t, a.tenantId, supervisor.id);
    const send = (fields: Record<string, string>) => a.agent.post('/events/form/organisation').set(XHR).type('form')
      .send({ _csrf_token: a.csrf, 'event[blocks]': 'service,supervisor', ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`event[${k}]`, v])) });
    const picked = await send({ supervisorId: String(supervisor.id), previousSupervisorId: '', hierarchyItemId: String(org.itemA), serviceId: '' });
    expect(picked.status).toBe(200);
    expect(picked.text).toContain('data-refresh-url');
    expect(picked.text).toMatch(new RegExp(`<option value="${org.itemB}" selected>`));
    expect(picked.text).toMatch(new RegExp(`<option value="${org.serviceB}" selected>`));
    // The item changed by hand afterwards (same supervisor): the user's choice stays.
    const same = await send({ supervisorId: String(supervisor.id), previousSupervisorId: String(supervisor.id), hierarchyItemId: String(org.itemA), serviceId: String(org.serviceB) });
    expect(same.text).toMatch(new RegExp(`<option value="${org.itemA}" selected>`));
    // Without the CSRF token: refused.
    const noCsrf = await a.agent.post('/events/form/organisation').set(XHR).type('form').send({ 'event[supervisorId]': String(supervisor.id) });
    expect(noCsrf.status).toBe(403);
  });

  it('refuses another company\'s supervisor, service or people as field errors', async () => {
    const a = await actor(t, WRITER);
    const stranger = await makeUser(t, {});
    const strangerOrg = await seedOrganisation(t, stranger.tenantId);
    const res = await postEvent(a, '/events/new/generic', { subject: 'X', date: frenchDaysAgo(0), supervisorId: String(stranger.id), serviceId: String(strangerOrg.serviceA), 'collaboratorIds][': [String(stranger.id)] });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Cette valeur doit être l&#39;un des choix proposés.');
    expect((await t.db.dataSource.query('SELECT 1 FROM event WHERE tenant_id = $1', [a.tenantId])).length).toBe(0);
  });

  it('answers 409 to a stale edit (optimistic lock)', async () => {
    const a = await actor(t, WRITER);
    const id = await createEvent(t, a, 'generic', { subject: 'Version 1' });
    expect((await postEvent(a, `/events/${id}/edit`, { subject: 'Version 2', date: frenchDaysAgo(1), version: '1' })).status).toBe(201);
    const stale = await postEvent(a, `/events/${id}/edit`, { subject: 'Version 2 bis', date: frenchDaysAgo(1), version: '1' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('modifié par quelqu\'un d\'autre');
    expect((await row(id)).subject).toBe('Version 2');
  });

  it('refuses a POST without the CSRF token', async () => {
    const a = await actor(t, WRITER);
    const res = await a.agent.post('/events/new/generic').set(XHR).type('form').send({ 'event[subject]': 'Sans jeton', 'event[date]': frenchDaysAgo(0) });
    expect(res.status).toBe(403);
    expect((await t.db.dataSource.query(`SELECT 1 FROM event WHERE subject = 'Sans jeton'`)).length).toBe(0);
  });

  it('answers 404 to an unknown kind and to a custom type of another company', async () => {
    const a = await actor(t, WRITER);
    expect((await a.agent.get('/events/new/unknown')).status).toBe(404);
    const other = await makeUser(t, {});
    const [type] = await t.db.dataSource.query(`INSERT INTO event_type (tenant_id, name, menu_label) VALUES ($1, 'Autre', 'Autre') RETURNING id`, [other.tenantId]);
    expect((await a.agent.get(`/events/new/custom/${type.id}`)).status).toBe(404);
    expect((await postEvent(a, `/events/new/custom/${type.id}`, { subject: 'X', date: frenchDaysAgo(0) })).status).toBe(404);
    expect(await t.db.dataSource.query('SELECT id FROM event WHERE tenant_id = ANY($1)', [[a.tenantId, other.tenantId]])).toEqual([]);
  });
});

describe('events list', () => {
  async function seedList(a: Actor) {
    const org = await seedOrganisation(t, a.tenantId);
    await createEvent(t, a, 'at', { subject: 'Coupure atelier', date: frenchDaysAgo(5), hierarchyItemId: String(org.itemA), serviceId: String(org.serviceA) });
    await createEvent(t, a, 'qhp', { subject: 'Quart d\'heure gestes et postures', date: frenchDaysAgo(2), hierarchyItemId: String(org.itemB), serviceId: String(org.serviceB) });
    const draft = await postEvent(a, '/events/new/rex', { subject: 'REX incendie', date: frenchDaysAgo(1) }, { _submit: 'DRAFT' });
    expect(draft.status).toBe(201);
    return org;
  }
  const subjects = (html: string) => [...html.matchAll(/<tr data-event="\d+">[\s\S]*?<a href="\/events\/\d+">([^<]+)<\/a>/g)].map((m) => m[1].replace(/&#39;/g, "'"));

  it('shows an empty state, then searches, filters, sorts and pages', async () => {
    const a = await actor(t, WRITER);
    const empty = await a.agent.get('/events');
    expect(empty.text).toContain('data-testid="empty-state"');
    expect(empty.text).toContain('Aucun événement pour l&#39;instant');
    const org = await seedList(a);
    const all = await a.agent.get('/events');
    expect(subjects(all.text)).toEqual(['REX incendie', 'Quart d\'heure gestes et postures', 'Coupure atelier']);
    expect(subjects((await a.agent.get('/events?q=coupure')).text)).toEqual(['Coupure atelier']);
    expect(subjects((await a.agent.get('/events?kind=qhp')).text)).toEqual(['Quart d\'heure gestes et postures']);
    expect(subjects((await a.agent.get('/events?status=DRAFT')).text)).toEqual(['REX incendie']);
    expect(subjects((await a.agent.get(`/events?service=${org.serviceA}`)).text)).toEqual(['Coupure atelier']);
    expect(subjects((await a.agent.get(`/events?item=${org.itemB}`)).text)).toEqual(['Quart d\'heure gestes et postures']);
    expect(subjects((await a.agent.get(`/events?from=${encodeURIComponent(frenchDaysAgo(3))}&to=${encodeURIComponent(frenchDaysAgo(2))}`)).text)).toEqual(['Quart d\'heure gestes et postures']);
    expect(subjects((await a.agent.get('/events?sort=subject&dir=asc')).text)).toEqual(['Coupure atelier', 'Quart d\'heure gestes et postures', 'REX incendie']);
    const noMatch = await a.agent.get('/events?q=introuvable');
    expect(noMatch.text).toContain('Aucun événement ne correspond à ces critères.');
    const paged = await a.agent.get('/events?perPage=10&page=2');
    expect(subjects(paged.text)).toEqual([]);
    expect(paged.text).toContain('3 résultat(s)');
  });

  it('offers an "add" entry per kind and per active custom type, with its menu label', async () => {
    const a = await actor(t, WRITER);
    await t.db.dataSource.query(`INSERT INTO event_type (tenant_id, name, menu_label, active) VALUES ($1, 'Causerie', 'Causerie sécurité', true), ($1, 'Ancien', 'Type inactif', false)`, [a.tenantId]);
    const page = await a.agent.get('/events');
    for (const kind of ['generic', 'at', 'qhp', 'rex', 'vms', 'audit']) expect(page.text).toContain(`data-testid="event-add-${kind}"`);
    expect(page.text).toContain('Causerie sécurité');
    expect(page.text).not.toContain('Type inactif');
    const reader = await actor(t, ['event.view']);
    expect((await reader.agent.get('/events')).text).not.toContain('data-testid="event-add"');
  });
});
