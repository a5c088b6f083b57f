import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs, enqueue } from '../../../server/kernel/jobs';
import { planMailer } from '../../../server/modules/prevention-plan/core/plan-mail';
import {
  mondayOf, nextWeekEmailRun, WEEK_EMAIL_JOB, WEEK_EMAIL_USER_JOB,
} from '../../../server/modules/prevention-plan/actions/plan-week-email.service';
import { PLAN_CREATION_MAIL_JOB } from '../../../server/modules/prevention-plan/core/plan-creation-mail';
import { actor, createPlan, insertPlan, newCompany, postPlan, RIGHTS, setting, XHR } from './plan-helpers';

let t: TestApp;
let restoreClock: () => void;
// Monday 15 June 2026, 10:00 in Paris.
const MONDAY = new Date('2026-06-15T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
  restoreClock = useClock(new FixedClock(MONDAY));
});
afterAll(async () => { restoreClock(); await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const emailOf = async (id: number) => String((await q('SELECT email FROM app_user WHERE id = $1', [id]))[0].email);
const mailsTo = (email: string) => planMailer().sent().filter((m) => m.to.includes(email));

/**
 * A company on Monday 15/06/2026: a recipient (pdp.weekly_recap, sees every plan), a colleague
 * without the right, a disabled holder of the right; plans starting this week, in operation,
 * expiring, late, archived; and another company's plan expiring too.
 */
async function seed() {
  const company = newCompany();
  const recipient = await actor(t, company, ['pdp.view', 'pdp.view_all', 'pdp.weekly_recap'], 'Sophie');
  const colleague = await actor(t, company, ['pdp.view', 'pdp.view_all'], 'Marc');
  const disabled = await makeUser(t, { company, rights: ['pdp.view', 'pdp.view_all', 'pdp.weekly_recap'] });
  await q('UPDATE app_user SET enabled = false WHERE id = $1', [disabled.id]);
  const admin = await makeUser(t, { company, roles: ['super_admin'] });
  const tenantId = recipient.tenantId;
  const plan = (n: string, cols: Record<string, unknown>) => insertPlan(t, tenantId, colleague.id, { pdp_number: `WK-${n}-${tenantId}`, ...cols });
  const ids = {
    expiring: await plan('EXP', { subject: 'Démolition du hall B', status: 'in_operation', start_date: '2026-06-01', end_date: '2026-06-30' }),
    running: await plan('RUN', { subject: 'Maintenance des portes sectionnelles', status: 'in_operation', start_date: '2026-01-01', end_date: '2026-12-31' }),
    starting: await plan('NEW', { subject: 'Réfection de la toiture', status: 'draft', start_date: '2026-06-18', end_date: '2026-09-30' }),
    late: await plan('LATE', { subject: 'Nettoyage des bureaux', status: 'waiting_sign', start_date: '2026-01-01', end_date: '2026-05-31' }),
    archived: await plan('ARC', { subject: 'Plan archivé', status: 'in_operation', start_date: '2026-06-01', end_date: '2026-06-20', archived: true }),
    nextWeek: await plan('NXT', { subject: 'Levage du pont roulant', status: 'draft', start_date: '2026-06-22', end_date: '2026-06-26' }),
  };
  const stranger = await makeUser(t, { rights: ['pdp.view', 'pdp.view_all', 'pdp.weekly_recap'] });
  await insertPlan(t, stranger.tenantId, stranger.id, { pdp_number: `WK-OTHER-${tenantId}`, subject: 'Plan d’une autre société', status: 'in_operation', start_date: '2026-06-01', end_date: '2026-06-25' });
  return { company, recipient, colleague, disabled, admin, tenantId, ids, stranger };
}

describe('weekly recap of the plans (pdp_week_email)', () => {
  it('shows its recipients and the sections of the week, to holders of the right only', async () => {
    const s = await seed();
    const page = await s.recipient.agent.get('/prevention-plan/week-email');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Semaine du 15/06/2026 au 21/06/2026');
    const recipients = [...page.text.matchAll(/data-testid="week-email-recipient"><span class="fw-semibold">([^<]+)</g)].map((m) => m[1]);
    expect(recipients).toEqual(['Sophie Test']);
    const total = (section: string) => Number(new RegExp(`data-testid="week-email-total-${section}">(\\d+)<`).exec(page.text)![1]);
    expect([total('starting'), total('in_operation'), total('expiring'), total('late')]).toEqual([1, 2, 1, 1]);
    expect(page.text).toContain(`WK-EXP-${s.tenantId}`);
    expect(page.text).not.toContain('WK-ARC');
    expect(page.text).not.toContain('WK-OTHER');
    expect(page.text).not.toContain(`WK-NXT-${s.tenantId}`);

    expect((await s.colleague.agent.get('/prevention-plan/week-email')).status).toBe(403);
    planMailer().clear();
    expect((await s.colleague.agent.post('/prevention-plan/week-email').set(XHR).type('form').send({ _csrf_token: s.colleague.csrf })).status).toBe(403);
    await drainJobs(t.db.dataSource, { names: [WEEK_EMAIL_USER_JOB] });
    expect(planMailer().sent()).toEqual([]);
  });

  it('sends it now to every holder of the right, listing the expiring plan', async () => {
    const s = await seed();
    planMailer().clear();
    const res = await s.recipient.agent.post('/prevention-plan/week-email').set(XHR).type('form').send({ _csrf_token: s.recipient.csrf });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Le récapitulatif hebdomadaire a été envoyé. Destinataires : 1.');
    await drainJobs(t.db.dataSource, { names: [WEEK_EMAIL_USER_JOB] });

    const [mail, ...more] = mailsTo(await emailOf(s.recipient.id));
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Récapitulatif hebdomadaire des plans de prévention – semaine du 15/06/2026');
    const expiring = mail.html.split('Plans en cours qui arrivent à échéance dans les 30 jours')[1].split('Plans en retard')[0];
    expect(expiring).toContain(`WK-EXP-${s.tenantId}`);
    expect(expiring).toContain('Démolition du hall B');
    expect(expiring).not.toContain(`WK-RUN-${s.tenantId}`);
    expect(mail.html).toContain(`/prevention-plan/${s.ids.expiring}`);
    expect(mail.text).toContain('Nettoyage des bureaux');
    expect(mail.html).not.toContain('WK-OTHER');
    expect(mail.html).not.toContain('Plan archivé');
    // Nobody else of the company: neither the colleague, nor the disabled account, nor the super admin.
    for (const id of [s.colleague.id, s.disabled.id, s.admin.id]) expect(mailsTo(await emailOf(id))).toEqual([]);
    expect(mailsTo(await emailOf(s.stranger.id))).toEqual([]);

    // The flash is shown on the page the client goes back to.
    expect((await s.recipient.agent.get(res.body.redirect)).text).toContain('Le récapitulatif hebdomadaire a été envoyé.');
  });

  it('a recipient finds only the plans he may see', async () => {
    const s = await seed();
    const own = await actor(t, s.company, ['pdp.view', 'pdp.weekly_recap'], 'Paul');
    await q('UPDATE prevention_plan SET ordering_customer_id = $2 WHERE id = $1', [s.ids.late, own.id]);
    planMailer().clear();
    expect((await own.agent.post('/prevention-plan/week-email').set(XHR).type('form').send({ _csrf_token: own.csrf })).status).toBe(201);
    await drainJobs(t.db.dataSource, { names: [WEEK_EMAIL_USER_JOB] });
    const [mail] = mailsTo(await emailOf(own.id));
    expect(mail.html).toContain(`WK-LATE-${s.tenantId}`);
    expect(mail.html).not.toContain(`WK-EXP-${s.tenantId}`);
    // Sophie (view_all) got hers, with every plan.
    expect(mailsTo(await emailOf(s.recipient.id))[0].html).toContain(`WK-EXP-${s.tenantId}`);
  });

  it('runs every Monday at 07:00 (Paris): the job mails the recipients and schedules the next Monday', async () => {
    const s = await seed();
    const at = new Date('2026-06-15T05:00:00Z');
    const restore = useClock(new FixedClock(at));
    try {
      await q(`DELETE FROM job WHERE name = $1 AND status = 'pending'`, [WEEK_EMAIL_JOB]);
      await q(`DELETE FROM job WHERE name = $1 AND payload->>'week' = '2026-06-15'`, [WEEK_EMAIL_USER_JOB]);
      await enqueue(t.db.dataSource.manager, WEEK_EMAIL_JOB, {}, { runAt: at });
      planMailer().clear();
      await drainJobs(t.db.dataSource, { names: [WEEK_EMAIL_JOB, WEEK_EMAIL_USER_JOB] });
      expect(mailsTo(await emailOf(s.recipient.id))).toHaveLength(1);
      expect(mailsTo(await emailOf(s.colleague.id))).toEqual([]);
      // Another company's recipient gets his own company's recap.
      const [theirs] = mailsTo(await emailOf(s.stranger.id));
      expect(theirs.html).toContain(`WK-OTHER-${s.tenantId}`);
      expect(theirs.html).not.toContain(`WK-EXP-${s.tenantId}`);

      const next = async () => ((await q(`SELECT run_at FROM job WHERE name = $1 AND status = 'pending'`, [WEEK_EMAIL_JOB])) as Array<{ run_at: Date }>).map((j) => j.run_at.toISOString());
      expect(await next()).toEqual(['2026-06-22T05:00:00.000Z']);

      // A second weekly job the same week (two processes started together) sends nothing more.
      await enqueue(t.db.dataSource.manager, WEEK_EMAIL_JOB, {}, { runAt: at });
      await drainJobs(t.db.dataSource, { names: [WEEK_EMAIL_JOB, WEEK_EMAIL_USER_JOB] });
      expect(mailsTo(await emailOf(s.recipient.id))).toHaveLength(1);
      expect(await next()).toEqual(['2026-06-22T05:00:00.000Z']);
    } finally {
      await q(`DELETE FROM job WHERE name = $1 AND status = 'pending'`, [WEEK_EMAIL_JOB]);
      restore();
    }
  });

  it('computes the next Monday 07:00 in Paris, summer and winter time', () => {
    expect(mondayOf('2026-06-21')).toBe('2026-06-15');
    expect(mondayOf('2026-06-15')).toBe('2026-06-15');
    expect(nextWeekEmailRun(new Date('2026-06-15T04:59:00Z')).toISOString()).toBe('2026-06-15T05:00:00.000Z');
    expect(nextWeekEmailRun(new Date('2026-06-15T05:00:00Z')).toISOString()).toBe('2026-06-22T05:00:00.000Z');
    expect(nextWeekEmailRun(new Date('2026-01-01T12:00:00Z')).toISOString()).toBe('2026-01-05T06:00:00.000Z');
    // Sunday 29/03/2026 is the change to summer time.
    expect(nextWeekEmailRun(new Date('2026-03-29T12:00:00Z')).toISOString()).toBe('2026-03-30T05:00:00.000Z');
  });
});

describe('creation mails', () => {
  it('tells the holders of pdp.creation_emails who may see the plan, through a job, once it is created', async () => {
    const company = newCompany();
    const author = await actor(t, company, [...RIGHTS.author, 'pdp.creation_emails']);
    const subscriber = await actor(t, company, ['pdp.view', 'pdp.view_all', 'pdp.creation_emails'], 'Hélène');
    const blind = await actor(t, company, ['pdp.view', 'pdp.creation_emails']);
    const other = await actor(t, company, ['pdp.view', 'pdp.view_all']);
    const s = await setting(t, author.tenantId);
    planMailer().clear();

    const id = await createPlan(author, s);
    const jobs: Array<{ payload: { userId: number; planId: number } }> = await q(
      `SELECT payload FROM job WHERE name = $1 AND tenant_id = $2 ORDER BY id`, [PLAN_CREATION_MAIL_JOB, author.tenantId]);
    // Queued with the plan (not sent inline), for the subscribers but the author.
    expect(jobs.map((j) => j.payload.userId).sort()).toEqual([subscriber.id, blind.id].sort());
    expect(jobs.every((j) => j.payload.planId === id)).toBe(true);
    expect(mailsTo(await emailOf(subscriber.id))).toEqual([]);

    await drainJobs(t.db.dataSource, { names: [PLAN_CREATION_MAIL_JOB] });
    const [number] = (await q('SELECT pdp_number FROM prevention_plan WHERE id = $1', [id])).map((r: { pdp_number: string }) => r.pdp_number);
    const [mail, ...more] = mailsTo(await emailOf(subscriber.id));
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Nouveau plan de prévention ${number} – Maintenance des armoires électriques`);
    expect(mail.text).toContain('Usine de Lyon');
    expect(mail.html).toContain(`/prevention-plan/${id}`);
    // Without view_all the plan is not his to see: no mail. Nor for the author or a non-subscriber.
    for (const u of [blind, author, other]) expect(mailsTo(await emailOf(u.id))).toEqual([]);

    // Editing the plan queues nothing more.
    const before = Number((await q('SELECT count(*)::int AS n FROM job WHERE name = $1 AND tenant_id = $2', [PLAN_CREATION_MAIL_JOB, author.tenantId]))[0].n);
    const edit = await postPlan(author, `/prevention-plan/${id}/edit`, { subject: 'Autre objet', version: '1' }, true);
    expect(edit.status).toBe(201);
    expect(Number((await q('SELECT count(*)::int AS n FROM job WHERE name = $1 AND tenant_id = $2', [PLAN_CREATION_MAIL_JOB, author.tenantId]))[0].n)).toBe(before);
  });
});
