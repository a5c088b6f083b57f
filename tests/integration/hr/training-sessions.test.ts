import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { insertEmployee, insertFormation, insertSession } from './training-fixtures';

let t: TestApp;
let restore: () => void = () => undefined;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
afterEach(() => restore());

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
/** The page's text with the apostrophes EJS escapes put back. */
const text = (res: { text: string }) => res.text.replace(/&#39;/g, "'");

describe('training administration', () => {
  it('creates a theme, a trainer and a formation; a formation without validity must be permanent', async () => {
    const admin = await makeUser(t, { rights: ['hr.formations', 'hr.view'] });
    const { agent, csrf } = await loginAs(t, admin);
    expect((await agent.post('/rh/formation-themes/new').type('form').send({ _csrf_token: csrf, 'formation_theme[name]': 'Électricité' })).status).toBe(201);
    const [theme] = await q('SELECT id FROM formation_theme WHERE tenant_id = $1', [admin.tenantId]);
    const dup = await agent.post('/rh/formation-themes/new').type('form').send({ _csrf_token: csrf, 'formation_theme[name]': 'électricité' });
    expect(dup.status).toBe(200);
    expect(dup.text).toContain('Ce nom est déjà utilisé.');

    const badMail = await agent.post('/rh/trainers/new').type('form').send({ _csrf_token: csrf, 'trainer[name]': 'Marc Delorme', 'trainer[email]': 'pas-une-adresse' });
    expect(badMail.status).toBe(200);
    expect(text(badMail)).toContain("Cette valeur n'est pas une adresse e-mail valide.");
    expect(badMail.text).toContain('value="Marc Delorme"');
    expect((await agent.post('/rh/trainers/new').type('form').send({ _csrf_token: csrf, 'trainer[name]': 'Marc Delorme', 'trainer[company]': 'Élec Formation' })).status).toBe(201);
    const [trainer] = await q('SELECT id FROM trainer WHERE tenant_id = $1', [admin.tenantId]);

    const noValidity = await agent.post('/rh/formations/new').type('form').send({ _csrf_token: csrf, 'formation[name]': 'Habilitation B1V', 'formation[theme]': theme.id, 'formation[permanent]': '0' });
    expect(noValidity.status).toBe(200);
    expect(noValidity.text).toContain('Indiquez la validité en mois, ou cochez « formation permanente ».');
    expect(noValidity.text).toContain('value="Habilitation B1V"');
    const ok = await agent.post('/rh/formations/new').type('form').send({
      _csrf_token: csrf, 'formation[name]': 'Habilitation B1V', 'formation[theme]': theme.id, 'formation[validityMonths]': '36', 'formation[alertDays]': '90',
      'formation[permanent]': '0', 'formation[displayed]': ['0', '1'], 'formation[employerAuthorization]': ['0', '1'], 'formation[trainers][]': String(trainer.id),
    });
    expect(ok.status).toBe(201);
    const list = await agent.get('/rh/formations');
    expect(list.text).toContain('Habilitation B1V');
    expect(list.text).toContain('36 mois');
    expect(list.text).toContain('Marc Delorme');
    const [f] = await q('SELECT id, version, employer_authorization, displayed FROM formation WHERE tenant_id = $1', [admin.tenantId]);
    expect(f).toMatchObject({ employer_authorization: true, displayed: true });

    // A stale edit is refused; the theme in use cannot be deleted.
    const stale = await agent.post(`/rh/formations/${f.id}/edit`).type('form').send({ _csrf_token: csrf, 'formation[name]': 'X', 'formation[permanent]': '1', 'formation[version]': String(f.version - 1) });
    expect(stale.status).toBe(409);
    const inUse = await agent.post(`/rh/formation-themes/${theme.id}/delete`).type('form').send({ _csrf_token: csrf });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('Suppression impossible : cet élément est utilisé.');
    expect((await agent.post(`/rh/formations/${f.id}/delete`).type('form').send({ _csrf_token: csrf })).status).toBe(200);
    expect((await agent.get('/rh/formations')).text).not.toContain('Habilitation B1V');
    const [trash] = await q("SELECT title FROM trash_item WHERE tenant_id = $1 AND subject_table = 'formation'", [admin.tenantId]);
    expect(trash.title).toBe('Habilitation B1V');
  });

  it('answers the dependent selects with the company’s formations of a theme and the trainers of a formation', async () => {
    const admin = await makeUser(t, { rights: ['hr.formations'] });
    const other = await makeUser(t, { rights: ['hr.formations'] });
    const a = await insertFormation(t, admin.tenantId, { theme: 'Sécurité', name: 'SST' });
    const b = await insertFormation(t, admin.tenantId, { theme: 'Engins', name: 'CACES R489' });
    const foreign = await insertFormation(t, other.tenantId, { theme: 'Sécurité', name: 'Étrangère' });
    const { agent } = await loginAs(t, admin);
    expect((await agent.get(`/rh/sessions/populate-formations?theme=${a.themeId}`)).body).toEqual([{ id: a.formationId, name: 'SST' }]);
    expect((await agent.get(`/rh/sessions/populate-formations?theme=${b.themeId}`)).body).toEqual([{ id: b.formationId, name: 'CACES R489' }]);
    expect((await agent.get(`/rh/sessions/populate-formations?theme=${foreign.themeId}`)).body).toEqual([]);
    expect((await agent.get(`/rh/sessions/populate-trainers?formation=${a.formationId}`)).body).toEqual([{ id: a.trainerId, name: 'Julie Marchand' }]);
    expect((await agent.get(`/rh/sessions/populate-trainers?formation=${foreign.formationId}`)).body.map((r: { id: number }) => r.id)).not.toContain(foreign.trainerId);
  });
});

describe('sessions', () => {
  it('creates a session, registers employees, marks attendance and makes the formation records', async () => {
    const clock = new FixedClock(new Date('2026-03-02T08:00:00Z'));
    restore = useClock(clock);
    const admin = await makeUser(t, { rights: ['hr.formations', 'hr.view', 'hr.view_all'] });
    const f = await insertFormation(t, admin.tenantId, { validityMonths: 24 });
    const durand = await insertEmployee(t, admin.tenantId, 'Durand', { firstName: 'Léa' });
    const martin = await insertEmployee(t, admin.tenantId, 'Martin', { firstName: 'Hugo' });
    let { agent, csrf } = await loginAs(t, admin);

    const form = await agent.get('/rh/sessions/new').set('X-Requested-With', 'XMLHttpRequest');
    expect(form.text).toContain('data-populate-url="/rh/sessions/populate-formations"');
    const send = (extra: Record<string, string>) => agent.post('/rh/sessions/new').type('form').send({
      _csrf_token: csrf, 'session[theme]': String(f.themeId), 'session[formation]': String(f.formationId), 'session[trainer]': String(f.trainerId),
      'session[startAt]': '10/03/2026 09:00', 'session[endAt]': '11/03/2026 17:00', 'session[location]': 'Salle A', 'session[hours]': '14', ...extra,
    });
    const backwards = await send({ 'session[endAt]': '09/03/2026 17:00' });
    expect(backwards.status).toBe(200);
    expect(backwards.text).toContain('La fin doit être postérieure au début.');
    expect(backwards.text).toContain('value="Salle A"');
    // A typed date and time that is no date stays in the form, explained.
    const notADate = await send({ 'session[startAt]': '31/02/2026 09:00' });
    expect(notADate.status).toBe(200);
    expect(notADate.text).toContain('Saisissez une date et une heure au format JJ/MM/AAAA HH:MM.');
    expect(notADate.text).toContain('value="31/02/2026 09:00"');
    const created = await send({});
    expect(created.status).toBe(201);
    const [session] = await q('SELECT id, start_at FROM training_session WHERE tenant_id = $1', [admin.tenantId]);
    expect(created.body.redirect).toBe(`/rh/sessions/${session.id}`);
    expect(new Date(session.start_at).toISOString()).toBe('2026-03-10T08:00:00.000Z');

    expect((await agent.post(`/rh/sessions/${session.id}/employees/add`).type('form').send({ _csrf_token: csrf, 'session_employee[employee]': String(durand) })).status).toBe(201);
    expect((await agent.post(`/rh/sessions/${session.id}/employees/add`).type('form').send({ _csrf_token: csrf, employee: String(martin) })).status).toBe(201);
    const again = await agent.post(`/rh/sessions/${session.id}/employees/add`).type('form').send({ _csrf_token: csrf, 'session_employee[employee]': String(durand) });
    expect(again.status).toBe(200);
    expect(again.text).toContain('Ce salarié est déjà inscrit à cette session.');

    // Before the session: no attendance.
    const early = await agent.post(`/rh/sessions/${session.id}/attendance`).type('form').send({ _csrf_token: csrf, 'attendance[present][]': String(durand) });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Les présences se saisissent une fois la session commencée.');

    clock.set(new Date('2026-03-11T17:30:00Z'));
    ({ agent, csrf } = await loginAs(t, admin));
    const marked = await agent.post(`/rh/sessions/${session.id}/attendance`).type('form').send({ _csrf_token: csrf, 'attendance[present][]': String(durand) });
    expect(marked.status).toBe(201);
    const records = await q('SELECT employee_id, obtained_on::text, expires_on::text FROM employee_formation WHERE session_id = $1', [session.id]);
    expect(records).toEqual([{ employee_id: durand, obtained_on: '2026-03-11', expires_on: '2028-03-11' }]);

    const page = await agent.get(`/rh/sessions/${session.id}`);
    expect(page.text).toContain('Léa Durand');
    expect(page.text).toMatch(/value="\d+" aria-label="Présent Léa Durand" checked/);

    const monitoring = await agent.get('/rh/formation-monitoring');
    expect(monitoring.text).toContain('Léa Durand');
    expect(monitoring.text).toContain('11/03/2028');
    expect(monitoring.text).toContain('data-status="valid"');
    expect(monitoring.text).not.toContain('Martin Hugo');

    // A later session of the same formation: Durand holds it, Martin does not.
    const later = await insertSession(t, admin.tenantId, f, '2026-09-01T07:00:00Z', '2026-09-01T15:00:00Z');
    const refused = await agent.post(`/rh/sessions/${later}/employees/add`).type('form').send({ _csrf_token: csrf, 'session_employee[employee]': String(durand) });
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Ce salarié possède déjà cette formation, valide à la date de la session.');
    expect((await agent.post(`/rh/sessions/${later}/employees/add`).type('form').send({ _csrf_token: csrf, 'session_employee[employee]': String(martin) })).status).toBe(201);

    // Unticking Durand removes the record; the session with attendees cannot be deleted.
    await agent.post(`/rh/sessions/${session.id}/attendance`).type('form').send({ _csrf_token: csrf, 'attendance[present][]': [String(durand), String(martin)] });
    expect((await q('SELECT count(*)::int AS n FROM employee_formation WHERE session_id = $1', [session.id]))[0].n).toBe(2);
    const refusedDelete = await agent.post(`/rh/sessions/${session.id}/delete`).type('form').send({ _csrf_token: csrf });
    expect(refusedDelete.status).toBe(409);
    expect(refusedDelete.body.message).toBe('Cette session ne peut pas être supprimée : des salariés y ont été présents.');
    const removed = await agent.post(`/rh/sessions/${later}/delete`).type('form').send({ _csrf_token: csrf });
    expect(removed.status).toBe(200);
    expect(removed.body.redirect).toBe('/rh/sessions');
    expect((await agent.get(`/rh/sessions/${later}`)).status).toBe(404);

    // Moving the end date moves the records.
    const [v] = await q('SELECT version FROM training_session WHERE id = $1', [session.id]);
    const edited = await agent.post(`/rh/sessions/${session.id}/edit`).type('form').send({
      _csrf_token: csrf, 'session[formation]': String(f.formationId), 'session[startAt]': '10/03/2026 09:00', 'session[endAt]': '12/03/2026 12:00', 'session[hours]': '17,5', 'session[version]': String(v.version),
    });
    expect(edited.status).toBe(201);
    expect((await q('SELECT DISTINCT obtained_on::text AS d FROM employee_formation WHERE session_id = $1', [session.id]))).toEqual([{ d: '2026-03-12' }]);
    const staleEdit = await agent.post(`/rh/sessions/${session.id}/edit`).type('form').send({
      _csrf_token: csrf, 'session[formation]': String(f.formationId), 'session[startAt]': '10/03/2026 09:00', 'session[endAt]': '12/03/2026 12:00', 'session[hours]': '3', 'session[version]': String(v.version),
    });
    expect(staleEdit.status).toBe(409);

    // Justification in its modal.
    const [v2] = await q('SELECT version FROM training_session WHERE id = $1', [session.id]);
    expect((await agent.get(`/rh/sessions/${session.id}/justification`).set('X-Requested-With', 'XMLHttpRequest')).text).toContain('session_justification[justification]');
    expect((await agent.post(`/rh/sessions/${session.id}/justification`).type('form').send({ _csrf_token: csrf, 'session_justification[justification]': 'Recyclage obligatoire', 'session_justification[version]': String(v2.version) })).status).toBe(201);
    expect((await agent.get(`/rh/sessions/${session.id}`)).text).toContain('Recyclage obligatoire');

    // History modal of the formation for Durand.
    const history = await agent.get(`/rh/formation-monitoring/history/${f.formationId}/${durand}`).set('X-Requested-With', 'XMLHttpRequest');
    expect(history.status).toBe(200);
    expect(history.text).toContain('12/03/2026');
    expect(history.text).toContain('12/03/2028');

    // Schedule of March shows the session on its days.
    const schedule = await agent.get('/rh/sessions/schedule?month=2026-03');
    expect(schedule.text).toMatch(/data-day="2026-03-10"[\s\S]*?SST/);
    expect(schedule.text).toMatch(/Mars 2026/);
  });

  it('keeps sessions and employees to their company and the right', async () => {
    const admin = await makeUser(t, { rights: ['hr.formations', 'hr.view'] });
    const other = await makeUser(t, { rights: ['hr.formations', 'hr.view'] });
    const plain = await makeUser(t, { company: undefined });
    const f = await insertFormation(t, admin.tenantId);
    const session = await insertSession(t, admin.tenantId, f, '2026-05-01T07:00:00Z', '2026-05-01T15:00:00Z');
    const foreignEmployee = await insertEmployee(t, other.tenantId, 'Ailleurs');
    const mine = await insertEmployee(t, admin.tenantId, 'Ici');
    const { agent: otherAgent, csrf: otherCsrf } = await loginAs(t, other);
    expect((await otherAgent.get(`/rh/sessions/${session}`)).status).toBe(404);
    expect((await otherAgent.post(`/rh/sessions/${session}/delete`).type('form').send({ _csrf_token: otherCsrf })).status).toBe(404);
    expect((await otherAgent.get(`/rh/formation-monitoring/history/${f.formationId}/${mine}`)).status).toBe(404);
    const { agent, csrf } = await loginAs(t, admin);
    const foreign = await agent.post(`/rh/sessions/${session}/employees/add`).type('form').send({ _csrf_token: csrf, 'session_employee[employee]': String(foreignEmployee) });
    expect(foreign.status).toBe(200);
    expect(text(foreign)).toContain("Cette valeur doit être l'un des choix proposés.");
    // The other company neither deleted the session nor got its employee registered.
    expect(await t.db.dataSource.query('SELECT deleted_at FROM training_session WHERE id = $1', [session])).toEqual([{ deleted_at: null }]);
    expect(await t.db.dataSource.query('SELECT employee_id FROM session_employee WHERE session_id = $1', [session])).toEqual([]);
    const { agent: plainAgent } = await loginAs(t, plain);
    expect((await plainAgent.get('/rh/sessions')).status).toBe(403);
  });

  it('shows in monitoring only the employees the user may see', async () => {
    const manager = await makeUser(t, { rights: ['hr.formations'] });
    const f = await insertFormation(t, manager.tenantId, { name: 'Extincteurs', validityMonths: 12 });
    // Roles belong to a company: the viewer's right must be given in the manager's company.
    const [{ name: company }] = await q('SELECT name FROM tenant WHERE id = $1', [manager.tenantId]);
    const viewer = await makeUser(t, { rights: ['hr.view'], company });
    const own = await insertEmployee(t, manager.tenantId, 'Moi', { userId: viewer.id });
    const colleague = await insertEmployee(t, manager.tenantId, 'Collègue');
    for (const e of [own, colleague]) {
      await q('INSERT INTO employee_formation (tenant_id, employee_id, formation_id, obtained_on, expires_on) VALUES ($1, $2, $3, $4, $5)', [manager.tenantId, e, f.formationId, '2026-01-10', '2027-01-10']);
    }
    const { agent } = await loginAs(t, viewer);
    const page = await agent.get('/rh/formation-monitoring');
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-employee="Alex Moi"');
    expect(page.text).not.toContain('Collègue');
    expect((await agent.get(`/rh/formation-monitoring/history/${f.formationId}/${colleague}`)).status).toBe(404);
    expect((await agent.get(`/rh/formation-monitoring/history/${f.formationId}/${own}`)).status).toBe(200);
  });
});
