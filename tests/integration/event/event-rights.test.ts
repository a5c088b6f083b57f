import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { actor, ALL_EVENT_RIGHTS, companyOf, createEvent, frenchDaysAgo, postEvent, transition, XHR, type Actor } from './event-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const listed = async (a: Actor, subject: string) => (await a.agent.get('/events')).text.includes(subject);
const canOpen = async (a: Actor, id: number) => (await a.agent.get(`/events/${id}`)).status === 200;

describe('event rights', () => {
  it('event.view: without it the events pages answer 403', async () => {
    const nobody = await actor(t, []);
    for (const url of ['/events', '/events/construction-site', '/events/new/generic']) {
      const res = await nobody.agent.get(url);
      expect(res.status).toBe(403);
      expect(res.text).toContain('Accès refusé');
    }
  });

  it('event.add: needed for the form and the "add" menu', async () => {
    const reader = await actor(t, ['event.view']);
    expect((await reader.agent.get('/events/new/generic')).status).toBe(403);
    expect((await postEvent(reader, '/events/new/generic', { subject: 'X', date: frenchDaysAgo(0) })).status).toBe(403);
    expect(await t.db.dataSource.query('SELECT id FROM event WHERE tenant_id = $1', [reader.tenantId])).toEqual([]);
    expect((await reader.agent.get('/events')).text).not.toContain('data-testid="event-add"');
  });

  it('event.list_all: others\' events are listed and open only with it', async () => {
    const author = await actor(t, ['event.view', 'event.add']);
    const company = await companyOf(t, author.tenantId);
    const colleague = await actor(t, ['event.view'], company);
    const manager = await actor(t, ['event.view', 'event.list_all'], company);
    const id = await createEvent(t, author, 'generic', { subject: 'Fuite d\'huile sous la presse' });
    expect(await listed(colleague, 'Fuite d')).toBe(false);
    expect(await canOpen(colleague, id)).toBe(false);
    expect(await listed(manager, 'Fuite d')).toBe(true);
    expect(await canOpen(manager, id)).toBe(true);
  });

  it('event.edit / event.edit_all: who gets the edit button and the form', async () => {
    const author = await actor(t, ['event.view', 'event.add']);
    const company = await companyOf(t, author.tenantId);
    const editor = await actor(t, ['event.view', 'event.edit'], company);
    const performer = await actor(t, ['event.view', 'event.edit'], company);
    const chief = await actor(t, ['event.view', 'event.list_all', 'event.edit_all'], company);
    const lister = await actor(t, ['event.view', 'event.list_all', 'event.edit'], company);
    const draft = await postEvent(author, '/events/new/generic', { subject: 'Brouillon', date: frenchDaysAgo(0), 'collaboratorIds][': [String(editor.id)], 'performerIds][': [String(performer.id)] }, { _submit: 'DRAFT' });
    const id = Number(/(\d+)$/.exec(draft.body.redirect)![1]);
    const mayEdit = async (a: Actor) => {
      const page = await a.agent.get(`/events/${id}`);
      const form = await a.agent.get(`/events/${id}/edit`);
      expect(page.text.includes('data-testid="event-edit"')).toBe(form.status === 200);
      return form.status === 200;
    };
    // Its creator completes it, even without event.edit, until it is submitted to the supervisor.
    expect(await mayEdit(author)).toBe(true);
    await transition(author, id, 'start');
    expect(await mayEdit(author)).toBe(true);
    await t.db.dataSource.query(`UPDATE event SET status = 'WAITING_SUPERVISOR' WHERE id = $1`, [id]);
    expect(await mayEdit(author)).toBe(false);
    expect((await postEvent(author, `/events/${id}/edit`, { subject: 'Modifié', date: frenchDaysAgo(0), version: '2' })).status).toBe(403);
    expect(await t.db.dataSource.query('SELECT subject FROM event WHERE id = $1', [id])).toEqual([{ subject: 'Brouillon' }]);
    expect(await mayEdit(editor)).toBe(true); // collaborator + event.edit
    expect(await mayEdit(performer)).toBe(false); // performer: sees it, may not edit it
    expect(await mayEdit(lister)).toBe(false); // sees everything, edits only his own
    expect(await mayEdit(chief)).toBe(true); // edit_all
    await t.db.dataSource.query(`UPDATE event SET status = 'CLOSED' WHERE id = $1`, [id]);
    expect(await mayEdit(chief)).toBe(false); // closed: reopen first
  });

  it('event.delete: to the trash, refused without it with "Action non autorisée."', async () => {
    const author = await actor(t, ['event.view', 'event.add']);
    const admin = await actor(t, ['event.view', 'event.list_all', 'event.delete', 'admin.trash'], await companyOf(t, author.tenantId));
    const id = await createEvent(t, author, 'generic', { subject: 'À supprimer' });
    expect((await author.agent.get(`/events/${id}`)).text).not.toContain('data-testid="event-delete"');
    const refused = await author.agent.post(`/events/${id}/remove`).set(XHR).set('X-CSRF-Token', author.csrf).send();
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Action non autorisée.');
    expect(await t.db.dataSource.query('SELECT deleted_at FROM event WHERE id = $1', [id])).toEqual([{ deleted_at: null }]);
    expect((await admin.agent.get(`/events/${id}`)).text).toContain('data-testid="event-delete"');
    const removed = await admin.agent.post(`/events/${id}/remove`).set(XHR).set('X-CSRF-Token', admin.csrf).send();
    expect(removed.status).toBe(200);
    expect(removed.body.redirect).toBe('/events');
    expect(await canOpen(admin, id)).toBe(false);
    expect(await listed(admin, 'À supprimer')).toBe(false);
    const trash = await admin.agent.get('/admin/trash');
    expect(trash.text).toContain('À supprimer');
  });

  it('confidential: only the creator, the supervisor, the collaborators and event.list_all see it', async () => {
    const author = await actor(t, ['event.view', 'event.add']);
    const company = await companyOf(t, author.tenantId);
    const [supervisor, collaborator, performer, lister, other] = await Promise.all([
      actor(t, ['event.view'], company), actor(t, ['event.view'], company), actor(t, ['event.view'], company),
      actor(t, ['event.view', 'event.list_all'], company), actor(t, ['event.view'], company),
    ]);
    const people = { supervisorId: String(supervisor.id), 'collaboratorIds][': [String(collaborator.id)], 'performerIds][': [String(performer.id)] };
    const secret = await createEvent(t, author, 'generic', { subject: 'Harcèlement signalé', confidential: '1', ...people });
    const open = await createEvent(t, author, 'generic', { subject: 'Éclairage défaillant', ...people });
    for (const [who, sees] of [[author, true], [supervisor, true], [collaborator, true], [lister, true], [performer, false], [other, false]] as const) {
      expect({ who: who.username, list: await listed(who, 'Harcèlement'), open: await canOpen(who, secret) }).toEqual({ who: who.username, list: sees, open: sees });
    }
    // Not confidential: the performer sees it too.
    expect(await canOpen(performer, open)).toBe(true);
    expect(await canOpen(other, open)).toBe(false);
  });

  it('holds every event right for a role that has them all (super administrator included)', async () => {
    const all = await actor(t, ALL_EVENT_RIGHTS);
    const reporter = await actor(t, ['event.view', 'event.add'], await companyOf(t, all.tenantId));
    const id = await createEvent(t, reporter, 'generic', { subject: 'Tous droits' });
    const page = await all.agent.get(`/events/${id}`);
    for (const testid of ['event-edit', 'event-delete', 'transition-validate', 'transition-abandon']) expect(page.text).toContain(`data-testid="${testid}"`);
    // His own event: every right but validating it (docs/separation-of-duties.md).
    const own = await createEvent(t, all, 'generic', { subject: 'Tous droits, son événement' });
    const ownPage = await all.agent.get(`/events/${own}`);
    for (const testid of ['event-edit', 'event-delete', 'transition-abandon', 'event-own-validate']) expect(ownPage.text).toContain(`data-testid="${testid}"`);
    expect(ownPage.text).not.toContain('data-testid="transition-validate"');
    const superAdmin = await makeUser(t, { roles: ['super_admin'], company: await companyOf(t, all.tenantId) });
    const { agent } = await loginAs(t, superAdmin);
    expect((await agent.get(`/events/${id}`)).status).toBe(200);
  });
});

describe('tenant isolation', () => {
  it('answers 404 to every event route with another company\'s ids, and changes nothing', async () => {
    const owner = await actor(t, ALL_EVENT_RIGHTS);
    const id = await createEvent(t, owner, 'vms', { subject: 'Visite secrète', visitType: 'AGENCY' });
    const finding = await owner.agent.post(`/events/${id}/findings/new`).set(XHR).type('form')
      .send({ _csrf_token: owner.csrf, 'event_finding[kind]': 'positive_point', 'event_finding[description]': 'Bien', 'event_finding[riskPerception]': 'PS' });
    expect(finding.status).toBe(201);
    const [f] = await t.db.dataSource.query('SELECT id FROM event_finding WHERE event_id = $1', [id]);
    const before = JSON.stringify(await t.db.dataSource.query('SELECT * FROM event WHERE id = $1', [id]));
    const findingsBefore = JSON.stringify(await t.db.dataSource.query('SELECT * FROM event_finding WHERE event_id = $1 ORDER BY id', [id]));
    const intruder = await makeUser(t, { roles: ['super_admin'] });
    const { agent, csrf } = await loginAs(t, intruder);
    for (const url of [`/events/${id}`, `/events/${id}/edit`, `/events/${id}/history`, `/events/${id}/findings/new`, `/events/findings/${f.id}/edit`, `/events/${id}/files/new`]) {
      expect({ url, status: (await agent.get(url).set(XHR)).status }).toEqual({ url, status: 404 });
    }
    for (const url of [`/events/${id}/edit`, `/events/${id}/remove`, `/events/${id}/transition/validate`, `/events/${id}/findings/new`, `/events/findings/${f.id}/edit`, `/events/findings/${f.id}/remove`, `/events/${id}/files/new`]) {
      const res = await agent.post(url).set(XHR).type('form').send({ _csrf_token: csrf, 'event[subject]': 'Piraté', 'event[date]': frenchDaysAgo(0) });
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
    expect((await agent.get('/events')).text).not.toContain('Visite secrète');
    expect(JSON.stringify(await t.db.dataSource.query('SELECT * FROM event WHERE id = $1', [id]))).toBe(before);
    expect(JSON.stringify(await t.db.dataSource.query('SELECT * FROM event_finding WHERE event_id = $1 ORDER BY id', [id]))).toBe(findingsBefore);
  });
});

describe('actions added from an event', () => {
  it('the action plan\'s add right opens the quick add only on an event the user sees', async () => {
    const reporter = await actor(t, ['event.view', 'event.add']);
    const company = await companyOf(t, reporter.tenantId);
    const id = await createEvent(t, reporter, 'generic', { subject: 'Fuite d\'huile sous la presse 4', date: frenchDaysAgo(1) });
    await t.db.dataSource.query('UPDATE event SET confidential = true WHERE id = $1', [id]);
    const quick = (a: Actor) => a.agent.get(`/action-plan/quick-add/${id}?source=event`).set(XHR);

    // Holds event.view and action.add but is neither reporter, supervisor nor collaborator.
    const outsider = await actor(t, ['event.view', 'action.view', 'action.add'], company);
    const refused = await quick(outsider);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain('n°' + id);
    const post = await outsider.agent.post(`/action-plan/quick-add/${id}?source=event`).set(XHR).type('form')
      .send({ _csrf_token: outsider.csrf, _submit: 'DRAFT', 'mfpreventionbundle_action[comments]': 'Intrus' });
    expect(post.status).toBe(404);
    expect(await t.db.dataSource.query("SELECT id FROM action WHERE source_type = 'event' AND source_id = $1", [id])).toEqual([]);

    const manager = await actor(t, ['event.view', 'event.list_all', 'action.view', 'action.add'], company);
    expect((await quick(manager)).status).toBe(200);
  });
});
