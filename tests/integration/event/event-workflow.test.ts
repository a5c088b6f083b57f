import { drainJobs } from '../../../server/kernel/jobs/runner';
import { eventMailer, SUPERVISOR_MAIL_JOB } from '../../../server/modules/event/event.mail';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, createEvent, statusOf, transition, XHR, type Actor } from './event-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const STATES = ['DRAFT', 'IN_PROGRESS', 'WAITING_SUPERVISOR', 'CLOSED', 'ABANDONED'];
const TRANSITIONS = ['start', 'submit', 'validate', 'send_back', 'abandon', 'reopen'];

/**
 * The designed pairs (docs/event.md), with who may press each button: the creator, the
 * supervisor (no event right but `event.view`) and a validator (`event.validate` + `event.list_all`).
 */
const ALLOWED: Record<string, { from: string[]; to: string; who: Array<'creator' | 'supervisor' | 'validator'> }> = {
  start: { from: ['DRAFT'], to: 'IN_PROGRESS', who: ['creator'] },
  submit: { from: ['DRAFT', 'IN_PROGRESS'], to: 'WAITING_SUPERVISOR', who: ['creator'] },
  validate: { from: ['IN_PROGRESS', 'WAITING_SUPERVISOR'], to: 'CLOSED', who: ['supervisor', 'validator'] },
  send_back: { from: ['WAITING_SUPERVISOR'], to: 'IN_PROGRESS', who: ['supervisor', 'validator'] },
  abandon: { from: ['DRAFT', 'IN_PROGRESS', 'WAITING_SUPERVISOR'], to: 'ABANDONED', who: ['creator', 'supervisor', 'validator'] },
  reopen: { from: ['CLOSED', 'ABANDONED'], to: 'IN_PROGRESS', who: ['supervisor', 'validator'] },
};

async function team() {
  const creator = await actor(t, ['event.view', 'event.add']);
  const company = await companyOf(t, creator.tenantId);
  const supervisor = await actor(t, ['event.view'], company);
  const validator = await actor(t, ['event.view', 'event.list_all', 'event.validate'], company);
  const outsider = await actor(t, ['event.view', 'event.validate'], company);
  const id = await createEvent(t, creator, 'generic', { subject: 'Chute de plain-pied', supervisorId: String(supervisor.id) });
  return { creator, supervisor, validator, outsider, id };
}

const setStatus = (id: number, status: string) => t.db.dataSource.query('UPDATE event SET status = $2 WHERE id = $1', [id, status]);

describe('event workflow', () => {
  it('allows exactly the designed pairs, for the designed people, and refuses every other one', async () => {
    const { creator, supervisor, validator, id } = await team();
    const roles: Record<string, Actor> = { creator, supervisor, validator };
    const wrong: string[] = [];
    for (const from of STATES) {
      for (const name of TRANSITIONS) {
        for (const [role, who] of Object.entries(roles)) {
          await setStatus(id, from);
          const res = await transition(who, id, name, 'Commentaire de test');
          const rule = ALLOWED[name];
          const allowed = rule.from.includes(from) && rule.who.includes(role as never);
          const after = await statusOf(t, id);
          if (allowed && (res.status !== 200 || res.body.result !== true || after !== rule.to)) wrong.push(`${role} ${name} from ${from}: ${res.status} -> ${after}`);
          if (!allowed && (res.status === 200 || after !== from)) wrong.push(`${role} ${name} from ${from} should be refused: ${res.status} -> ${after}`);
          if (!allowed && !rule.from.includes(from) && res.status !== 409) wrong.push(`${role} ${name} from ${from}: expected 409, got ${res.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers the new state, the new buttons and a French refusal message', async () => {
    const { creator, supervisor, id } = await team();
    const ok = await transition(creator, id, 'submit');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ result: true, state: { name: 'WAITING_SUPERVISOR', label: 'En attente du responsable' } });
    // The creator may still abandon, not validate.
    expect(ok.body.buttons).toContain('data-transition="abandon"');
    expect(ok.body.buttons).not.toContain('data-transition="validate"');
    const refused = await transition(creator, id, 'validate');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Vous n\'avez pas le droit d\'effectuer cette action sur cet événement.');
    const noComment = await transition(supervisor, id, 'send_back', '');
    expect(noComment.status).toBe(403);
    expect(noComment.body.message).toBe('Veuillez renseigner ce champ.');
    expect(await statusOf(t, id)).toBe('WAITING_SUPERVISOR');
    const unknown = await transition(supervisor, id, 'explode');
    expect(unknown.status).toBe(404);
  });

  it('shows each person the buttons they may press', async () => {
    const { creator, supervisor, validator, outsider, id } = await team();
    const before = await statusOf(t, id);
    const buttons = async (a: Actor) => [...(await a.agent.get(`/events/${id}`)).text.matchAll(/data-testid="transition-([a-z_]+)"/g)].map((m) => m[1]);
    expect(await buttons(creator)).toEqual(['submit', 'abandon']);
    expect(await buttons(supervisor)).toEqual(['validate', 'abandon']);
    expect(await buttons(validator)).toEqual(['validate', 'abandon']);
    // Not named on the event and without event.list_all: the event does not exist for them.
    expect((await outsider.agent.get(`/events/${id}`)).status).toBe(404);
    expect((await transition(outsider, id, 'validate')).status).toBe(404);
    expect(await statusOf(t, id)).toBe(before);
    await transition(creator, id, 'submit');
    expect(await buttons(creator)).toEqual(['abandon']);
    expect(await buttons(supervisor)).toEqual(['validate', 'send_back', 'abandon']);
    await transition(supervisor, id, 'validate', 'Vu, rien à ajouter');
    expect(await buttons(creator)).toEqual([]);
    expect(await buttons(validator)).toEqual(['reopen']);
  });

  it('hides "submit" until a supervisor is named, and says why', async () => {
    const creator = await actor(t, ['event.view', 'event.add']);
    const id = await createEvent(t, creator, 'generic', { subject: 'Sans responsable' });
    const page = await creator.agent.get(`/events/${id}`);
    expect(page.text).not.toContain('data-testid="transition-submit"');
    expect(page.text).toContain('Désignez un responsable pour pouvoir lui soumettre l&#39;événement.');
    const before = await statusOf(t, id);
    expect((await transition(creator, id, 'submit')).status).toBe(403);
    expect(await statusOf(t, id)).toBe(before);
  });

  it('mails the supervisor (job queue) when the event waits for them, and records the history', async () => {
    const { creator, supervisor, id } = await team();
    // Jobs left by the other tests of this file go first.
    await drainJobs(t.db.dataSource, { names: [SUPERVISOR_MAIL_JOB] });
    eventMailer().clear();
    await t.db.dataSource.query('UPDATE app_user SET first_name = $2 WHERE id = $1', [supervisor.id, 'Claire']);
    expect((await transition(creator, id, 'submit')).status).toBe(200);
    // Nothing leaves before the job runs.
    expect(eventMailer().sent()).toEqual([]);
    await drainJobs(t.db.dataSource, { names: [SUPERVISOR_MAIL_JOB] });
    const mails = eventMailer().sent();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([`${supervisor.username}@example.fr`]);
    expect(mails[0].subject).toBe('Événement en attente de votre validation : Chute de plain-pied');
    expect(mails[0].text).toContain('Bonjour Claire,');
    expect(mails[0].html).toMatch(new RegExp(`href="http[^"]+/events/${id}"`));

    await transition(supervisor, id, 'send_back', 'Compléter les causes');
    const history = await creator.agent.get(`/events/${id}/history`).set(XHR);
    expect(history.status).toBe(200);
    expect(history.text).toContain('Création');
    expect(history.text).toContain('Soumettre au responsable');
    expect(history.text).toContain('Renvoyer en cours');
    expect(history.text).toContain('Compléter les causes');
    expect(history.text).toContain('En attente du responsable');
  });

  it('does not mail when the event left the waiting state before the job ran', async () => {
    const { creator, supervisor, id } = await team();
    await drainJobs(t.db.dataSource, { names: [SUPERVISOR_MAIL_JOB] });
    eventMailer().clear();
    await transition(creator, id, 'submit');
    await transition(supervisor, id, 'validate');
    await drainJobs(t.db.dataSource, { names: [SUPERVISOR_MAIL_JOB] });
    expect(eventMailer().sent()).toEqual([]);
  });

  it('refuses a transition without the CSRF token', async () => {
    const { creator, id } = await team();
    const res = await creator.agent.post(`/events/${id}/transition/submit`).set(XHR).type('form').send({ comment: '' });
    expect(res.status).toBe(403);
    expect(await statusOf(t, id)).toBe('IN_PROGRESS');
  });
});
