import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs, enqueue } from '../../../server/kernel/jobs';
import { saveSettings } from '../../../server/kernel/settings/settings';
import { healthMailer } from '../../../server/modules/hr/health/health-mail';
import { MEDICAL_ALERT_JOB, MEDICAL_ALERT_TENANT_JOB } from '../../../server/modules/hr/health/medical-alert.job';
import { createTestApp, loginAs, type TestApp } from '../../support/app';
import { actor, companyOf, fieldError, insertEmployee, insertService, postEmpty, postForm, XHR } from './health-fixtures';

let t: TestApp;
let restoreClock: () => void;
const clock = new FixedClock(new Date('2026-06-01T08:00:00Z'));
beforeAll(async () => { t = await createTestApp(); restoreClock = useClock(clock); });
afterAll(async () => { restoreClock(); await t.close(); });
beforeEach(() => clock.set(new Date('2026-06-01T08:00:00Z')));

const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);
const MANAGER = ['hr.view', 'hr.manage_employees'];
const newType = async (tenantId: number, name: string, months: number, alert: number | null = null) =>
  (await q('INSERT INTO medical_checkup_type (tenant_id, name, frequency_months, alert_days) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, name, months, alert]))[0].id as number;

describe('medical check-up types (rh_medical_checkup_type_*)', () => {
  it('are added, listed, edited, and refused without hr.manage_employees', async () => {
    const hr = await actor(t, MANAGER);
    const viewer = await actor(t, ['hr.view', 'hr.view_all', 'hr.work_stoppages'], await companyOf(t, hr.tenantId));
    expect((await viewer.agent.get('/rh/medical-checkup-types')).status).toBe(403);
    expect((await postForm(viewer, '/rh/medical-checkup-types/new', 'medical_checkup_type', { name: 'VIP', frequencyMonths: '60' })).status).toBe(403);

    const empty = await postForm(hr, '/rh/medical-checkup-types/new', 'medical_checkup_type', { name: '', frequencyMonths: '0', alertDays: '15' });
    expect(empty.status).toBe(200);
    expect(fieldError(empty.text, 'name')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(empty.text, 'frequencyMonths')).toBe('La périodicité doit être comprise entre 1 et 240 mois.');
    expect(empty.text).toContain('value="15"');

    expect((await postForm(hr, '/rh/medical-checkup-types/new', 'medical_checkup_type', { name: 'Suivi individuel renforcé', frequencyMonths: '24', alertDays: '45' })).status).toBe(201);
    const [type] = await q('SELECT id, frequency_months, alert_days FROM medical_checkup_type WHERE tenant_id = $1', [hr.tenantId]);
    expect(type).toMatchObject({ frequency_months: 24, alert_days: 45 });
    const list = await hr.agent.get('/rh/medical-checkup-types');
    expect(list.text).toContain('Suivi individuel renforcé');
    expect(list.text).toContain('tous les 24 mois');

    expect((await postForm(hr, `/rh/medical-checkup-types/${type.id}/edit`, 'medical_checkup_type', { name: 'SIR', frequencyMonths: '12', alertDays: '', version: 1 })).status).toBe(201);
    expect((await q('SELECT name, frequency_months, alert_days FROM medical_checkup_type WHERE id = $1', [type.id]))[0]).toEqual({ name: 'SIR', frequency_months: 12, alert_days: null });
  });

  it('refuses to delete a type in use, trashes an unused one, and hides other companies\' types (404)', async () => {
    const hr = await actor(t, MANAGER);
    const used = await newType(hr.tenantId, 'VIP', 60);
    const unused = await newType(hr.tenantId, 'Ancienne visite', 12);
    const employee = await insertEmployee(t, hr.tenantId);
    expect((await postForm(hr, '/rh/medical-checkups/new', 'medical_checkup', { employee, type: used, date: '10/05/2026' })).status).toBe(201);

    const refused = await postEmpty(hr, `/rh/medical-checkup-types/${used}/delete`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Cet élément est utilisé et ne peut pas être supprimé.');
    expect((await postEmpty(hr, `/rh/medical-checkup-types/${unused}/delete`)).status).toBe(200);
    expect((await q('SELECT title FROM trash_item WHERE tenant_id = $1 AND subject_table = $2', [hr.tenantId, 'medical_checkup_type'])).map((r: { title: string }) => r.title)).toEqual(['Ancienne visite']);
    expect((await hr.agent.get('/rh/medical-checkup-types')).text).not.toContain('Ancienne visite');

    const stranger = await actor(t, MANAGER);
    expect((await stranger.agent.get(`/rh/medical-checkup-types/${used}/edit`).set(XHR)).status).toBe(404);
    expect((await postForm(stranger, `/rh/medical-checkup-types/${used}/edit`, 'medical_checkup_type', { name: 'Piraté', frequencyMonths: '1', version: 1 })).status).toBe(404);
    expect((await postEmpty(stranger, `/rh/medical-checkup-types/${used}/delete`)).status).toBe(404);
    expect((await q('SELECT name FROM medical_checkup_type WHERE id = $1', [used]))[0].name).toBe('VIP');
  });
});

describe('medical check-up type edits (optimistic lock)', () => {
  it('refuses the second of two users who opened the same type form (409), keeping the first one\'s values', async () => {
    const first = await actor(t, MANAGER);
    const second = await actor(t, MANAGER, await companyOf(t, first.tenantId));
    const type = await newType(first.tenantId, 'VIP', 60, 30);
    const versionIn = (html: string) => Number(/name="medical_checkup_type\[version\]" value="(\d+)"/.exec(html)![1]);
    const formA = await first.agent.get(`/rh/medical-checkup-types/${type}/edit`).set(XHR);
    const formB = await second.agent.get(`/rh/medical-checkup-types/${type}/edit`).set(XHR);
    expect(versionIn(formA.text)).toBe(1);
    expect(versionIn(formB.text)).toBe(1);

    expect((await postForm(first, `/rh/medical-checkup-types/${type}/edit`, 'medical_checkup_type', { name: 'SIR', frequencyMonths: '24', alertDays: '45', version: versionIn(formA.text) })).status).toBe(201);
    const late = await postForm(second, `/rh/medical-checkup-types/${type}/edit`, 'medical_checkup_type', { name: 'Visite périodique', frequencyMonths: '12', alertDays: '', version: versionIn(formB.text) });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Cet élément a été modifié par quelqu\'un d\'autre pendant votre saisie. Rechargez-le pour voir la dernière version avant d\'enregistrer.');
    expect((await q('SELECT name, frequency_months, alert_days, version FROM medical_checkup_type WHERE id = $1', [type]))[0])
      .toEqual({ name: 'SIR', frequency_months: 24, alert_days: 45, version: 2 });
    // Reopened, the form carries the new version and saves.
    const reopened = await second.agent.get(`/rh/medical-checkup-types/${type}/edit`).set(XHR);
    expect(versionIn(reopened.text)).toBe(2);
  });
});

describe('medical check-ups', () => {
  it('computes the next date from the type\'s frequency and copies it onto the employee', async () => {
    const hr = await actor(t, MANAGER);
    const sir = await newType(hr.tenantId, 'Suivi individuel renforcé', 24);
    const employee = await insertEmployee(t, hr.tenantId, { last_name: 'Benali', first_name: 'Karim' });
    const form = await hr.agent.get(`/rh/medical-checkups/new?employee=${employee}`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Karim Benali');

    const res = await postForm(hr, '/rh/medical-checkups/new', 'medical_checkup', { employee, type: sir, date: '31/01/2026', comment: 'Apte' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Visite médicale enregistrée. Prochaine visite le 31/01/2028.');
    const [e] = await q('SELECT medical_checkup_date::text AS d, next_medical_checkup_date::text AS n, medical_checkup_type_id AS type, version FROM employee WHERE id = $1', [employee]);
    expect(e).toEqual({ d: '2026-01-31', n: '2028-01-31', type: sir, version: 2 });

    const page = await hr.agent.get('/rh/medical-checkups');
    expect(page.status).toBe(200);
    const row = /data-employee="Karim Benali">([\s\S]*?)<\/tr>/.exec(page.text)![1];
    expect(row).toContain('31/01/2028');
    expect(row).toContain('À jour');

    // An older check-up recorded later does not replace the most recent one on the employee.
    const vip = await newType(hr.tenantId, 'VIP', 60);
    expect((await postForm(hr, '/rh/medical-checkups/new', 'medical_checkup', { employee, type: vip, date: '15/03/2024' })).status).toBe(201);
    expect((await q('SELECT next_medical_checkup_date::text AS n FROM employee WHERE id = $1', [employee]))[0].n).toBe('2028-01-31');

    // Editing the latest one moves the employee's next date; a stale version is refused.
    const [c] = await q('SELECT id, version FROM employee_medical_checkup WHERE employee_id = $1 AND checkup_date = $2', [employee, '2026-01-31']);
    expect((await postForm(hr, `/rh/medical-checkups/${c.id}/edit`, 'medical_checkup', { employee, type: vip, date: '01/02/2026', version: c.version })).status).toBe(201);
    expect((await q('SELECT next_medical_checkup_date::text AS n, medical_checkup_type_id AS type FROM employee WHERE id = $1', [employee]))[0]).toEqual({ n: '2031-02-01', type: vip });
    const stale = await postForm(hr, `/rh/medical-checkups/${c.id}/edit`, 'medical_checkup', { employee, type: sir, date: '02/02/2026', version: c.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBeTruthy();
  });

  it('re-renders the form with French errors and the typed values, never a 500', async () => {
    const hr = await actor(t, MANAGER);
    const type = await newType(hr.tenantId, 'VIP', 60);
    const employee = await insertEmployee(t, hr.tenantId);
    const missing = await postForm(hr, '/rh/medical-checkups/new', 'medical_checkup', { employee, type, date: '', comment: 'Texte à garder' });
    expect(missing.status).toBe(200);
    expect(fieldError(missing.text, 'date')).toBe('Veuillez renseigner ce champ.');
    expect(missing.text).toContain('Texte à garder');
    const future = await postForm(hr, '/rh/medical-checkups/new', 'medical_checkup', { employee, type, date: '02/06/2026' });
    expect(fieldError(future.text, 'date')).toBe('Cette date ne peut pas être dans le futur.');
    const bad = await postForm(hr, '/rh/medical-checkups/new', 'medical_checkup', { employee, type, date: '31/02/2026' });
    expect(fieldError(bad.text, 'date')).toBe('Veuillez saisir une date au format JJ/MM/AAAA.');
    expect((await q('SELECT count(*)::int AS n FROM employee_medical_checkup WHERE employee_id = $1', [employee]))[0].n).toBe(0);
  });

  it('never reaches another company\'s employee, type or check-up', async () => {
    const hr = await actor(t, MANAGER);
    const stranger = await actor(t, MANAGER);
    const theirType = await newType(stranger.tenantId, 'VIP', 60);
    const theirEmployee = await insertEmployee(t, stranger.tenantId, { last_name: 'Etranger' });
    const myType = await newType(hr.tenantId, 'VIP', 60);
    const myEmployee = await insertEmployee(t, hr.tenantId);
    const res = await postForm(hr, '/rh/medical-checkups/new', 'medical_checkup', { employee: theirEmployee, type: theirType, date: '01/05/2026' });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'employee')).toBe('Cette valeur doit être l\'un des choix proposés.');
    expect(fieldError(res.text, 'type')).toBe('Cette valeur doit être l\'un des choix proposés.');
    expect((await hr.agent.get(`/rh/medical-checkups/new?employee=${theirEmployee}`).set(XHR)).status).toBe(404);

    expect((await postForm(stranger, '/rh/medical-checkups/new', 'medical_checkup', { employee: theirEmployee, type: theirType, date: '01/05/2026' })).status).toBe(201);
    const [theirs] = await q('SELECT id, version FROM employee_medical_checkup WHERE employee_id = $1', [theirEmployee]);
    expect((await hr.agent.get(`/rh/medical-checkups/${theirs.id}/edit`).set(XHR)).status).toBe(404);
    expect((await hr.agent.get('/rh/medical-checkups/99999999999/edit').set(XHR)).status).toBe(404);
    expect((await postForm(hr, `/rh/medical-checkups/${theirs.id}/edit`, 'medical_checkup', { employee: myEmployee, type: myType, date: '01/05/2026', version: theirs.version })).status).toBe(404);
    expect(await q('SELECT id, version FROM employee_medical_checkup WHERE employee_id = $1', [theirEmployee])).toEqual([theirs]);
    expect(await q('SELECT id FROM employee_medical_checkup WHERE employee_id = $1', [myEmployee])).toEqual([]);
    const list = await hr.agent.get('/rh/medical-checkups');
    expect(list.text).toContain('Paul Durand');
    expect(list.text).not.toContain('Etranger');
  });

  it('shows up to date, due soon (type delay, else the setting), overdue and none, with the status filter', async () => {
    const hr = await actor(t, MANAGER);
    await saveSettings(t.db.dataSource, hr.tenantId, { medical_alert_days: 20 });
    const sir = await newType(hr.tenantId, 'SIR', 24, 45);
    const vip = await newType(hr.tenantId, 'VIP', 60);
    const service = await insertService(t, hr.tenantId, 'Logistique');
    const make = async (name: string, type: number | null, next: string | null, extra: Record<string, unknown> = {}) =>
      insertEmployee(t, hr.tenantId, { last_name: name, first_name: 'X', medical_checkup_type_id: type, next_medical_checkup_date: next, ...extra });
    await make('Retard', vip, '2026-05-31');
    await make('Bientot', sir, '2026-07-16', { service_id: service }); // 45 days from 01/06 → within the type's delay
    await make('Setting', vip, '2026-06-21'); // 20 days: the setting's delay
    await make('Loin', vip, '2026-06-22'); // 21 days: up to date
    await make('Jamais', null, null);
    await make('Parti', vip, '2026-05-01', { exit_date: '2026-05-15' });
    const page = await hr.agent.get('/rh/medical-checkups');
    const status = (name: string) => new RegExp(`data-employee="X ${name}">[\\s\\S]*?data-status="(\\w+)"`).exec(page.text)?.[1];
    expect([status('Retard'), status('Bientot'), status('Setting'), status('Loin'), status('Jamais')]).toEqual(['overdue', 'due_soon', 'due_soon', 'up_to_date', 'none']);
    expect(page.text).not.toContain('X Parti');
    const count = (s: string) => Number(new RegExp(`data-testid="count-${s}">[^<]*<span[^>]*>(\\d+)<`).exec(page.text)![1]);
    expect([count('overdue'), count('due_soon'), count('up_to_date'), count('none')]).toEqual([1, 2, 1, 1]);

    const dueSoon = await hr.agent.get('/rh/medical-checkups?status=due_soon');
    expect(dueSoon.text).toContain('X Bientot');
    expect(dueSoon.text).toContain('X Setting');
    expect(dueSoon.text).not.toContain('X Retard');
    const byService = await hr.agent.get(`/rh/medical-checkups?service=${service}`);
    expect(byService.text).toContain('X Bientot');
    expect(byService.text).not.toContain('X Loin');

    // The next day 22/06 is 20 days away: it enters the setting's delay (a new login: the session idles out).
    clock.set(new Date('2026-06-02T08:00:00Z'));
    const again = await loginAs(t, hr);
    const next = await again.agent.get('/rh/medical-checkups?status=due_soon');
    expect(next.text).toContain('X Loin');
  });
});

describe('medical check-up alerts (daily job, by moving the clock)', () => {
  it('mails HR managers once when a check-up enters its alert window', async () => {
    const hr = await actor(t, MANAGER);
    const company = await companyOf(t, hr.tenantId);
    const colleague = await actor(t, ['hr.view'], company);
    const sir = await newType(hr.tenantId, 'Suivi individuel renforcé', 24, 30);
    const karim = await insertEmployee(t, hr.tenantId, { last_name: 'Benali', first_name: 'Karim' });
    const lea = await insertEmployee(t, hr.tenantId, { last_name: 'Fontaine', first_name: 'Léa' });
    // Next dates 15/07/2026 (window opens 15/06) and 20/08/2026 (window opens 21/07).
    expect((await postForm(hr, '/rh/medical-checkups/new', 'medical_checkup', { employee: karim, type: sir, date: '15/07/2024' })).status).toBe(201);
    expect((await postForm(hr, '/rh/medical-checkups/new', 'medical_checkup', { employee: lea, type: sir, date: '20/08/2024' })).status).toBe(201);
    const emails = async (id: number) => (await q('SELECT email FROM app_user WHERE id = $1', [id]))[0].email as string;
    const hrMail = await emails(hr.id);
    const colleagueMail = await emails(colleague.id);
    const run = async () => {
      healthMailer().clear();
      await enqueue(t.db.dataSource.manager, MEDICAL_ALERT_TENANT_JOB, {}, { tenantId: hr.tenantId });
      await drainJobs(t.db.dataSource, { names: [MEDICAL_ALERT_TENANT_JOB], tenantIds: [hr.tenantId] });
      return healthMailer().sent();
    };

    expect(await run()).toEqual([]); // 01/06: nothing within 30 days yet
    clock.set(new Date('2026-06-15T08:00:00Z'));
    const [mail, ...more] = await run();
    expect(more).toEqual([]);
    expect(mail.to).toEqual([hrMail]);
    expect(mail.to).not.toContain(colleagueMail);
    expect(mail.subject).toBe('Visites médicales à prévoir (1)');
    expect(mail.text).toContain('Karim Benali – Suivi individuel renforcé – prochaine visite le 15/07/2026');
    expect(mail.text).not.toContain('Fontaine');
    expect(mail.text).toContain('/rh/medical-checkups');

    clock.set(new Date('2026-06-16T08:00:00Z'));
    expect(await run()).toEqual([]); // already announced

    clock.set(new Date('2026-07-25T08:00:00Z'));
    const [late] = await run();
    expect(late.text).toContain('Léa Fontaine');
    expect(late.text).not.toContain('Benali');
  });

  it('the daily job queues one alert per company and the next day\'s run', async () => {
    const hr = await actor(t, MANAGER);
    const type = await newType(hr.tenantId, 'VIP', 60, 10);
    const employee = await insertEmployee(t, hr.tenantId, { last_name: 'Roux', first_name: 'Nathalie' });
    expect((await postForm(hr, '/rh/medical-checkups/new', 'medical_checkup', { employee, type, date: '05/06/2021' })).status).toBe(201);
    await q(`DELETE FROM job WHERE name = $1 AND status = 'pending'`, [MEDICAL_ALERT_JOB]);
    await enqueue(t.db.dataSource.manager, MEDICAL_ALERT_JOB, {});
    healthMailer().clear();
    await drainJobs(t.db.dataSource, { names: [MEDICAL_ALERT_JOB] });
    await drainJobs(t.db.dataSource, { names: [MEDICAL_ALERT_TENANT_JOB], tenantIds: [hr.tenantId] });
    expect(healthMailer().sent().map((m) => m.text).join('\n')).toContain('Nathalie Roux – VIP – prochaine visite le 05/06/2026');
    const [next] = await q(`SELECT run_at FROM job WHERE name = $1 AND status = 'pending'`, [MEDICAL_ALERT_JOB]);
    expect(new Date(next.run_at).getTime()).toBeGreaterThan(clock.now().getTime());
  });
});
