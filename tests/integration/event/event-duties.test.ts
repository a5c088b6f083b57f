import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, createEvent, statusOf, transition } from './event-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const OWN = 'Vous avez déclaré cet événement : il doit être validé par une autre personne (son responsable ou un autre valideur des événements).';

/** Separation of duties (docs/separation-of-duties.md): nobody validates the event he reported. */
describe('event validation by its own reporter', () => {
  it('refuses a validator his own event, says why on the page, and lets another validator close it', async () => {
    const reporter = await actor(t, ['event.view', 'event.add', 'event.list_all', 'event.validate']);
    const company = await companyOf(t, reporter.tenantId);
    const supervisor = await actor(t, ['event.view'], company);
    const colleague = await actor(t, ['event.view', 'event.list_all', 'event.validate'], company);
    const id = await createEvent(t, reporter, 'generic', { subject: 'Chute de plain-pied', supervisorId: String(supervisor.id) });
    await t.db.dataSource.query("UPDATE event SET status = 'IN_PROGRESS' WHERE id = $1", [id]);

    const page = await reporter.agent.get(`/events/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="event-own-validate"');
    expect(page.text).toContain(OWN.replace(/'/g, '&#39;'));

    const refused = await transition(reporter, id, 'validate');
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain(OWN);
    expect(await statusOf(t, id)).toBe('IN_PROGRESS');
    const [{ count }] = await t.db.dataSource.query("SELECT count(*)::int AS count FROM history_entry WHERE subject_type = 'event' AND subject_id = $1 AND transition = 'validate'", [String(id)]);
    expect(count).toBe(0);

    const colleaguePage = await colleague.agent.get(`/events/${id}`);
    expect(colleaguePage.text).not.toContain('data-testid="event-own-validate"');
    const done = await transition(colleague, id, 'validate');
    expect(done.status).toBe(200);
    expect(await statusOf(t, id)).toBe('CLOSED');
  });

  it('refuses a supervisor the event he reported himself, and leaves him the other moves', async () => {
    const boss = await actor(t, ['event.view', 'event.add']);
    const id = await createEvent(t, boss, 'generic', { subject: 'Presqu\'accident au quai 3', supervisorId: String(boss.id) });
    await t.db.dataSource.query("UPDATE event SET status = 'IN_PROGRESS' WHERE id = $1", [id]);
    const refused = await transition(boss, id, 'validate');
    expect(refused.status).toBe(403);
    expect(await statusOf(t, id)).toBe('IN_PROGRESS');
    const abandoned = await transition(boss, id, 'abandon', 'Doublon');
    expect(abandoned.status).toBe(200);
    expect(await statusOf(t, id)).toBe('ABANDONED');
  });
});
