import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs } from '../../../server/kernel/jobs';
import { ACTION_MAIL_JOB, ACTION_REMINDER_JOB, actionPlanMailer } from '../../../server/modules/action-plan/action-plan.mail';
import { createAction } from '../../../server/modules/action-plan/action-plan.service';
import { createTestApp, loginAs, type TestApp } from '../../support/app';
import { efficiencyIds, forceStatus, member, newAction, postBlock, RIGHTS, team, todayFr, version } from './helpers';

let t: TestApp;
let clock: FixedClock;
let restore: () => void;
const JOBS = { names: [ACTION_MAIL_JOB, ACTION_REMINDER_JOB] };

beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
beforeEach(async () => {
  clock = new FixedClock(new Date('2031-03-01T10:00:00Z'));
  restore = useClock(clock);
  await drainJobs(t.db.dataSource, JOBS);
  actionPlanMailer().clear();
});
afterEach(() => restore());

const drain = () => drainJobs(t.db.dataSource, JOBS);
const sent = () => actionPlanMailer().sent().map((m) => ({ to: m.to[0], subject: m.subject }));
const email = (who: { username: string }) => `${who.username}@example.fr`;

describe('action mails', () => {
  it('mails the assignee once the action is sent, with a link to it; nothing for a draft or a rolled-back creation', async () => {
    const crew = await team(t);
    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id, deadline: '2031-04-30' });
    await newAction(t, crew.tenantId, crew.creator.id, {});
    await t.db.dataSource.transaction(async (m) => {
      await createAction(m, crew.tenantId, crew.creator.id, { comments: 'Annulée', assigneeId: crew.other.id });
      throw new Error('annulation');
    }).catch(() => undefined);
    await drain();
    expect(sent()).toEqual([{ to: email(crew.assignee), subject: `Action n°${id} : une action vous a été affectée` }]);
    const mail = actionPlanMailer().sent()[0];
    expect(mail.html).toContain(`/action-plan/${id}`);
    expect(mail.html).toContain('30/04/2031');
    expect(mail.html).toContain('Remplacer le garde-corps de la passerelle');
  });

  it('mails the new assignee on reassign, and the creator on processed only if their profile asks for it', async () => {
    const crew = await team(t);
    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    await drain();
    actionPlanMailer().clear();
    await postBlock(crew.manager, id, { assignee: String(crew.other.id), version: await version(t, id) }, 'reassign');
    await drain();
    expect(sent()).toEqual([{ to: email(crew.other), subject: `Action n°${id} : une action vous a été affectée` }]);
    actionPlanMailer().clear();

    await postBlock(crew.other, id, { version: await version(t, id) }, 'take_into_account');
    await postBlock(crew.other, id, { resolutionExplanation: 'Gants fournis à l\'équipe', version: await version(t, id) }, 'processed');
    await drain();
    expect(sent()).toEqual([{ to: email(crew.creator), subject: `Action n°${id} : l'action a été traitée` }]);
    actionPlanMailer().clear();

    await t.db.dataSource.query('UPDATE app_user SET action_processed_mail = false WHERE id = $1', [crew.creator.id]);
    const quiet = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.other.id });
    await forceStatus(t, quiet, 'IN_PROGRESS');
    await postBlock(crew.other, quiet, { resolutionExplanation: 'Gants fournis à l\'équipe', version: await version(t, quiet) }, 'processed');
    await drain();
    expect(sent().filter((m) => m.to === email(crew.creator))).toEqual([]);
  });

  it('sends the assignee back the action sent back from processed', async () => {
    const crew = await team(t);
    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    await forceStatus(t, id, 'PROCESSED');
    await drain();
    actionPlanMailer().clear();
    await postBlock(crew.closer, id, { version: await version(t, id) }, 'waiting');
    await drain();
    expect(sent()).toEqual([{ to: email(crew.assignee), subject: `Action n°${id} : l'action vous est renvoyée` }]);
  });
});

describe('deadline reminders (moving the clock)', () => {
  it('reminds the assignee 7 days and 1 day before, then tells assignee and supervisors in scope when late — once', async () => {
    const crew = await team(t);
    const q = (sql: string, p: unknown[]) => t.db.dataSource.query(sql, p).then((r: any[]) => r[0].id as number);
    const type = await q(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id`, [crew.tenantId]);
    const lyon = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Usine de Lyon', $2) RETURNING id`, [crew.tenantId, type]);
    const atelier = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id, parent_id) VALUES ($1, 'Atelier A', $2, $3) RETURNING id`, [crew.tenantId, type, lyon]);
    const nantes = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Usine de Nantes', $2) RETURNING id`, [crew.tenantId, type]);
    const supLyon = await member(t, crew.company, ['action.view', 'action.supervision_mail']);
    const supNantes = await member(t, crew.company, ['action.view', 'action.supervision_mail']);
    const supAll = await member(t, crew.company, ['action.view', 'action.supervision_mail']);
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $4), ($3, $5, $4)', [supLyon.id, lyon, supNantes.id, crew.tenantId, nantes]);

    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id, deadline: '2031-03-20', hierarchyItemId: atelier });
    await drain();
    actionPlanMailer().clear();
    const at = async (iso: string) => { clock.set(new Date(iso)); await drain(); const out = sent(); actionPlanMailer().clear(); return out; };

    expect(await at('2031-03-13T05:00:00Z')).toEqual([]);
    expect(await at('2031-03-13T06:30:00Z')).toEqual([{ to: email(crew.assignee), subject: `Rappel : l'action n°${id} arrive à échéance le 20/03/2031` }]);
    expect(await at('2031-03-19T06:30:00Z')).toEqual([{ to: email(crew.assignee), subject: `Rappel : l'action n°${id} arrive à échéance demain` }]);
    expect(await at('2031-03-20T23:00:00Z')).toEqual([]);
    const late = await at('2031-03-21T06:30:00Z');
    expect(late).toEqual(expect.arrayContaining([
      { to: email(crew.assignee), subject: `Action n°${id} en retard` },
      { to: email(supLyon), subject: `Supervision : l'action n°${id} est en retard` },
      { to: email(supAll), subject: `Supervision : l'action n°${id} est en retard` },
    ]));
    expect(late).toHaveLength(3);
    expect(late.map((m) => m.to)).not.toContain(email(supNantes));

    // A job run again (crash, retry) does not mail twice.
    await t.db.dataSource.query(`INSERT INTO job (tenant_id, name, payload, run_at, status) VALUES ($1, $2, $3, $4, 'pending')`,
      [crew.tenantId, ACTION_REMINDER_JOB, JSON.stringify({ actionId: id, kind: 'late', deadline: '2031-03-20', assigneeId: crew.assignee.id }), clock.now()]);
    expect(await at('2031-03-21T07:00:00Z')).toEqual([]);
  });

  it('follows a moved deadline and stops once the action is processed', async () => {
    const crew = await team(t);
    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id, deadline: '2031-03-20' });
    await drain();
    actionPlanMailer().clear();
    // The creator moves the deadline: the reminders of the old one are dropped, new ones come.
    expect((await postBlock(crew.creator, id, { comments: 'Remplacer le garde-corps de la passerelle', deadline: '30/03/2031', version: await version(t, id) })).status).toBe(200);
    const at = async (iso: string) => { clock.set(new Date(iso)); await drain(); const out = sent(); actionPlanMailer().clear(); return out; };
    expect(await at('2031-03-13T07:00:00Z')).toEqual([]);
    expect(await at('2031-03-19T07:00:00Z')).toEqual([]);
    expect(await at('2031-03-23T07:00:00Z')).toEqual([{ to: email(crew.assignee), subject: `Rappel : l'action n°${id} arrive à échéance le 30/03/2031` }]);
    await forceStatus(t, id, 'IN_PROGRESS');
    // Three weeks later the morning session has long expired: log in again.
    const assignee = { ...crew.assignee, ...(await loginAs(t, crew.assignee)) };
    const processed = await postBlock(assignee, id, { resolutionExplanation: 'Gants fournis à l\'équipe', version: await version(t, id) }, 'processed');
    expect([processed.status, processed.text.match(/data-testid="action-notice">[^<]*/)?.[0]]).toEqual([200, expect.stringContaining('Traitée')]);
    await drain();
    actionPlanMailer().clear();
    expect(await at('2031-03-29T07:00:00Z')).toEqual([]);
    expect(await at('2031-03-31T07:00:00Z')).toEqual([]);
  });

  it('sends no reminder for a closed action', async () => {
    const crew = await team(t);
    const [eff] = await efficiencyIds(t, crew.tenantId);
    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id, deadline: '2031-03-05' });
    await forceStatus(t, id, 'PROCESSED');
    clock.set(new Date('2031-03-02T10:00:00Z'));
    await postBlock(crew.closer, id, { efficiencySynthesis: String(eff), closureDate: todayFr(), version: await version(t, id) }, 'close');
    await drain();
    actionPlanMailer().clear();
    clock.set(new Date('2031-03-06T07:00:00Z'));
    await drain();
    expect(sent()).toEqual([]);
  });

  it('mails in the recipient\'s language', async () => {
    const crew = await team(t);
    const english = await member(t, crew.company, RIGHTS.assignee);
    await t.db.dataSource.query(`UPDATE app_user SET locale = 'en' WHERE id = $1`, [english.id]);
    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: english.id });
    await drain();
    expect(sent()).toEqual([{ to: email(english), subject: `Action no. ${id}: an action has been assigned to you` }]);
  });
});
