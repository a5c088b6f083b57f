import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs, enqueue } from '../../../server/kernel/jobs';
import { FORMATION_ALERT_JOB, SESSION_NOTIFY_JOB } from '../../../server/modules/hr/training/training-jobs';
import { trainingMailer } from '../../../server/modules/hr/training/training-mail';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { insertEmployee, insertFormation, insertSession } from './training-fixtures';

let t: TestApp;
let restore: () => void = () => undefined;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
afterEach(() => restore());

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

/** Runs one job of `name` for the company, as the daily run would. */
async function runJob(name: string, tenantId: number): Promise<void> {
  await enqueue(t.db.dataSource.manager, name, { tenantIds: [tenantId] }, { tenantId });
  await drainJobs(t.db.dataSource, { names: [name], tenantIds: [tenantId] });
}

describe('session notification job', () => {
  it('mails each registered employee once, session_notification_days before, and marks who could not be reached', async () => {
    const clock = new FixedClock(new Date('2026-04-10T06:00:00Z'));
    restore = useClock(clock);
    const admin = await makeUser(t, { rights: ['hr.formations'] });
    const f = await insertFormation(t, admin.tenantId, { name: 'Travail en hauteur' });
    const ok = await insertEmployee(t, admin.tenantId, 'Roux', { firstName: 'Inès', email: 'ines.roux@exemple.fr' });
    const none = await insertEmployee(t, admin.tenantId, 'Petit', { firstName: 'Paul', email: null });
    const broken = await insertEmployee(t, admin.tenantId, 'Blanc', { firstName: 'Éva', email: 'pas-une-adresse' });
    // 20/04/2026 09:00 in Paris.
    const session = await insertSession(t, admin.tenantId, f, '2026-04-20T07:00:00Z', '2026-04-20T15:00:00Z', [ok, none, broken]);
    const mailsTo = (to: string) => trainingMailer().sent().filter((m) => m.to.includes(to));

    await runJob(SESSION_NOTIFY_JOB, admin.tenantId);
    expect(mailsTo('ines.roux@exemple.fr')).toHaveLength(0);

    // Seven days before (the default setting), the mail goes.
    clock.set(new Date('2026-04-13T04:05:00Z'));
    await runJob(SESSION_NOTIFY_JOB, admin.tenantId);
    const sent = mailsTo('ines.roux@exemple.fr');
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Convocation : Travail en hauteur le 20/04/2026 09:00');
    expect(sent[0].text).toContain('Bonjour Inès Roux');
    expect(sent[0].text).toContain('Salle A');
    const rows = await q('SELECT employee_id, notified_at IS NOT NULL AS notified, notification_failed FROM session_employee WHERE session_id = $1 ORDER BY employee_id', [session]);
    expect(rows).toEqual([
      { employee_id: ok, notified: true, notification_failed: false },
      { employee_id: none, notified: false, notification_failed: true },
      { employee_id: broken, notified: false, notification_failed: true },
    ]);

    // The session page says who was not reached; the next run sends nothing again.
    const { agent } = await loginAs(t, admin);
    const page = (await agent.get(`/rh/sessions/${session}`)).text.replace(/&#39;/g, "'");
    expect(page.match(/Échec de l'envoi de la convocation/g)).toHaveLength(2);
    expect(page).toContain('Convocations envoyées le 13/04/2026 06:05');
    clock.set(new Date('2026-04-14T04:05:00Z'));
    await runJob(SESSION_NOTIFY_JOB, admin.tenantId);
    expect(mailsTo('ines.roux@exemple.fr')).toHaveLength(1);
  });

  it('follows the company setting', async () => {
    const clock = new FixedClock(new Date('2026-06-25T06:00:00Z'));
    restore = useClock(clock);
    const admin = await makeUser(t, { rights: ['hr.formations'] });
    await q("INSERT INTO setting (tenant_id, code, value) VALUES ($1, 'session_notification_days', '2')", [admin.tenantId]);
    const f = await insertFormation(t, admin.tenantId);
    const e = await insertEmployee(t, admin.tenantId, 'Garnier', { email: 'garnier.setting@exemple.fr' });
    await insertSession(t, admin.tenantId, f, '2026-06-30T07:00:00Z', '2026-06-30T15:00:00Z', [e]);
    await runJob(SESSION_NOTIFY_JOB, admin.tenantId);
    expect(trainingMailer().sent().filter((m) => m.to.includes('garnier.setting@exemple.fr'))).toHaveLength(0);
    clock.set(new Date('2026-06-28T06:00:00Z'));
    await runJob(SESSION_NOTIFY_JOB, admin.tenantId);
    expect(trainingMailer().sent().filter((m) => m.to.includes('garnier.setting@exemple.fr'))).toHaveLength(1);
  });
});

describe('formation expiry alert job', () => {
  it('tells HR managers once when a formation enters its alert window', async () => {
    const clock = new FixedClock(new Date('2026-04-30T06:00:00Z'));
    restore = useClock(clock);
    const manager = await makeUser(t, { rights: ['hr.formations', 'hr.view', 'hr.view_all'] });
    const [{ email: managerEmail }] = await q('SELECT email FROM app_user WHERE id = $1', [manager.id]);
    const bystander = await makeUser(t, { company: undefined });
    await q('INSERT INTO user_tenant (user_id, tenant_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [bystander.id, manager.tenantId]);
    const [{ email: bystanderEmail }] = await q('SELECT email FROM app_user WHERE id = $1', [bystander.id]);
    const sst = await insertFormation(t, manager.tenantId, { name: 'SST', validityMonths: 12 });
    const caces = await insertFormation(t, manager.tenantId, { theme: 'Engins', name: 'CACES R489', validityMonths: 12, alertDays: 10 });
    const e = await insertEmployee(t, manager.tenantId, 'Lambert', { firstName: 'Nora' });
    // Both expire on 30/06/2026; SST uses the company's 60 days, CACES its own 10.
    for (const f of [sst, caces]) {
      await q('INSERT INTO employee_formation (tenant_id, employee_id, formation_id, obtained_on, expires_on) VALUES ($1, $2, $3, $4, $5)', [manager.tenantId, e, f.formationId, '2025-06-30', '2026-06-30']);
    }
    const toManager = () => trainingMailer().sent().filter((m) => m.to.includes(managerEmail));

    await runJob(FORMATION_ALERT_JOB, manager.tenantId);
    expect(toManager()).toHaveLength(0);

    clock.set(new Date('2026-05-01T06:00:00Z'));
    await runJob(FORMATION_ALERT_JOB, manager.tenantId);
    expect(toManager()).toHaveLength(1);
    expect(toManager()[0].subject).toBe('Formations à renouveler : 1 échéance(s) proche(s)');
    expect(toManager()[0].text).toContain('Nora Lambert – SST');
    expect(toManager()[0].text).toContain('30/06/2026');
    expect(toManager()[0].text).not.toContain('CACES');
    expect(trainingMailer().sent().filter((m) => m.to.includes(bystanderEmail))).toHaveLength(0);

    clock.set(new Date('2026-05-02T06:00:00Z'));
    await runJob(FORMATION_ALERT_JOB, manager.tenantId);
    expect(toManager()).toHaveLength(1);

    clock.set(new Date('2026-06-21T06:00:00Z'));
    await runJob(FORMATION_ALERT_JOB, manager.tenantId);
    expect(toManager()).toHaveLength(2);
    expect(toManager()[1].text).toContain('Nora Lambert – CACES R489');

    // The monitoring screen shows both as expiring, then expired after their last day.
    const { agent } = await loginAs(t, manager);
    expect(((await agent.get('/rh/formation-monitoring?status=expiring')).text.match(/data-status="expiring"/g) ?? [])).toHaveLength(2);
    clock.set(new Date('2026-07-01T06:00:00Z'));
    const { agent: later } = await loginAs(t, manager);
    expect(((await later.get('/rh/formation-monitoring?status=expiring')).text.match(/data-status="expiring"/g) ?? [])).toHaveLength(0);
    const expired = await later.get('/rh/formation-monitoring?status=expired');
    expect((expired.text.match(/data-status="expired"/g) ?? [])).toHaveLength(2);
    // The summary above the list counts every status whatever the status filter, and marks the one shown.
    const count = (s: string) => Number(new RegExp(`data-testid="count-${s}">[\\s\\S]*?<span class="badge[^>]*>(\\d+)<`).exec(expired.text)![1]);
    expect([count('valid'), count('expiring'), count('expired')]).toEqual([0, 0, 2]);
    expect(expired.text).toMatch(/class="btn btn-sm btn-dark" href="\/rh\/formation-monitoring\?status=expired" data-testid="count-expired"/);
    const sstOnly = await later.get(`/rh/formation-monitoring?formation=${sst.formationId}`);
    expect(sstOnly.text).toContain(`href="/rh/formation-monitoring?formation=${sst.formationId}&amp;status=valid"`);
  });
});
