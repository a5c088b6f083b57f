import { setToggle } from '../../../server/kernel/toggles/toggles';
import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { actor, companyOf, createEvent, frenchDaysAgo, postEvent, type Actor } from './event-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const WRITER = ['event.view', 'event.add', 'event.edit', 'project.view'];
const projectOf = async (id: number) => (await t.db.dataSource.query('SELECT project_id FROM event WHERE id = $1', [id]))[0].project_id as number | null;

/** A project inserted straight in the database (the project module owns its forms). */
async function insertProject(tenantId: number, label: string, createdBy: number | null): Promise<number> {
  const [row] = await t.db.dataSource.query(
    `INSERT INTO project (tenant_id, label, state, created_by_id) VALUES ($1, $2, 'in_progress', $3) RETURNING id`, [tenantId, label, createdBy]);
  return row.id;
}

/** A writer of events with one project of their own (they created it, so they see it). */
async function writerWithProject(label = 'Mise en conformité ATEX'): Promise<{ a: Actor; projectId: number }> {
  const a = await actor(t, WRITER);
  return { a, projectId: await insertProject(a.tenantId, label, a.id) };
}

describe('event project link', () => {
  it('offers the visible projects on the form and saves the event with one', async () => {
    const { a, projectId } = await writerWithProject();
    const hidden = await insertProject(a.tenantId, 'Projet confidentiel', null);
    const form = await a.agent.get('/events/new/generic');
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="event[projectId]"');
    expect(form.text).toContain(`value="${projectId}"`);
    expect(form.text).toContain('Mise en conformité ATEX');
    expect(form.text).not.toContain('Projet confidentiel');
    const id = await createEvent(t, a, 'generic', { projectId: String(projectId) });
    expect(await projectOf(id)).toBe(projectId);
    // A project of the company the user does not see is refused too.
    const res = await postEvent(a, '/events/new/generic', { subject: 'Hors de vue', date: frenchDaysAgo(1), projectId: String(hidden) });
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="error-projectId"');
  });

  it('refuses another company\'s project under the field, never a 500, and keeps what was typed', async () => {
    const { a } = await writerWithProject();
    const other = await makeUser(t, { rights: ['project.view_all'] });
    const foreign = await insertProject(other.tenantId, 'Projet d\'une autre société', other.id);
    const res = await postEvent(a, '/events/new/at', { subject: 'Chute de plain-pied', date: frenchDaysAgo(1), projectId: String(foreign), stateOfPlay: 'Sol mouillé' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="error-projectId"');
    expect(res.text).toContain('Cette valeur doit être l&#39;un des choix proposés.');
    expect(res.text).toContain('Chute de plain-pied');
    expect(res.text).toContain('Sol mouillé');
    expect(res.text).not.toContain('Projet d&#39;une autre société');
    expect((await t.db.dataSource.query('SELECT 1 FROM event WHERE tenant_id = $1', [a.tenantId])).length).toBe(0);
    const garbage = await postEvent(a, '/events/new/generic', { subject: 'Texte', date: frenchDaysAgo(1), projectId: 'abc' });
    expect(garbage.status).toBe(200);
    expect(garbage.text).toContain('data-testid="error-projectId"');
  });

  it('shows the project as a link on the event page, and the project\'s events tab lists the event', async () => {
    const { a, projectId } = await writerWithProject('Campagne TMS');
    const id = await createEvent(t, a, 'qhp', { subject: 'Causerie gestes et postures', projectId: String(projectId) });
    const show = await a.agent.get(`/events/${id}`);
    expect(show.status).toBe(200);
    expect(show.text).toMatch(new RegExp(`data-testid="event-project"><a href="/projects/${projectId}">[^<]*<i class="bi bi-kanban"></i> Campagne TMS</a>`));
    const tab = await a.agent.get(`/projects/${projectId}?tab=events`);
    expect(tab.status).toBe(200);
    expect(tab.text).toContain('data-testid="project-events"');
    expect(tab.text).toContain(`href="/events/${id}"`);
    expect(tab.text).toContain('Causerie gestes et postures');
  });

  it('keeps a project the editor cannot see, selected, and lets the event be saved with it', async () => {
    const creator = await actor(t, [...WRITER, 'project.view_all']);
    const projectId = await insertProject(creator.tenantId, 'Projet de la direction', null);
    const id = await createEvent(t, creator, 'generic', { projectId: String(projectId) });
    const editor = await actor(t, ['event.view', 'event.edit_all', 'event.list_all', 'project.view'], await companyOf(t, creator.tenantId));
    const edit = await editor.agent.get(`/events/${id}/edit`);
    expect(edit.status).toBe(200);
    expect(edit.text).toContain(`<option value="${projectId}" selected>Projet de la direction</option>`);
    const show = await editor.agent.get(`/events/${id}`);
    expect(show.text).toContain('data-testid="event-project">Projet de la direction</dd>');
    const res = await postEvent(editor, `/events/${id}/edit`, { subject: 'Modifié', date: frenchDaysAgo(1), projectId: String(projectId), version: '1' });
    expect(res.status).toBe(201);
    expect(await projectOf(id)).toBe(projectId);
    // Taking it off is allowed.
    const off = await postEvent(editor, `/events/${id}/edit`, { subject: 'Modifié', date: frenchDaysAgo(1), projectId: '', version: '2' });
    expect(off.status).toBe(201);
    expect(await projectOf(id)).toBeNull();
  });

  it('without the projects toggle (or the project.view right) hides the field and the link and keeps the project on save', async () => {
    const { a, projectId } = await writerWithProject('Rénovation éclairage');
    const id = await createEvent(t, a, 'generic', { projectId: String(projectId) });
    await setToggle(t.db.dataSource, a.tenantId, 'module_projects', false);
    const form = await a.agent.get(`/events/${id}/edit`);
    expect(form.text).not.toContain('name="event[projectId]"');
    expect((await a.agent.get(`/events/${id}`)).text).not.toContain('data-testid="event-project"');
    const res = await postEvent(a, `/events/${id}/edit`, { subject: 'Sans projet affiché', date: frenchDaysAgo(1), version: '1' });
    expect(res.status).toBe(201);
    expect(await projectOf(id)).toBe(projectId);
    await setToggle(t.db.dataSource, a.tenantId, 'module_projects', true);
    const noRight = await actor(t, ['event.view', 'event.edit_all', 'event.list_all'], await companyOf(t, a.tenantId));
    expect((await noRight.agent.get(`/events/${id}/edit`)).text).not.toContain('name="event[projectId]"');
    const show = await noRight.agent.get(`/events/${id}`);
    expect(show.text).toContain('data-testid="event-project">Rénovation éclairage</dd>');
    expect((await postEvent(noRight, `/events/${id}/edit`, { subject: 'Toujours lié', date: frenchDaysAgo(1), version: '2' })).status).toBe(201);
    expect(await projectOf(id)).toBe(projectId);
  });
});
