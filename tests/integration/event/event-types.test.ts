import { saveAnswer, saveGroup, saveQuestion } from '../../../server/modules/questionnaire/editor.service';
import { createQuestionnaire } from '../../../server/modules/questionnaire/questionnaire.service';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, ALL_EVENT_RIGHTS, companyOf, frenchDaysAgo, postEvent, XHR, type Actor } from './event-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const ADMIN = ['admin.nomenclatures', 'admin.trash', ...ALL_EVENT_RIGHTS, 'action.view', 'action.add'];

function postType(a: Actor, url: string, fields: Record<string, unknown>) {
  const body: Record<string, unknown> = { _csrf_token: a.csrf };
  for (const [k, v] of Object.entries(fields)) body[`event_type[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}

/** A question (with its answers for choice types) added to a questionnaire through the engine. */
async function question(tenantId: number, questionnaireId: number, label: string, answerType: string, required: boolean, answers: Array<{ label: string; conforming: boolean | null; createsAction?: boolean }> = []) {
  const ds = t.db.dataSource;
  const group = await saveGroup(ds, tenantId, { questionnaireId }, { name: 'Déroulement', width: 12, position: 1, removeHelpFile: false, version: 0 });
  if (!group.ok) throw new Error('groupe');
  const q = await saveQuestion(ds, tenantId, { groupId: group.id }, { label, answerType: answerType as never, required, displayLabel: true, width: 12, position: 1, version: 0 });
  if (!q.ok) throw new Error('question');
  const ids: number[] = [];
  for (const [i, a] of answers.entries()) {
    const r = await saveAnswer(ds, tenantId, { questionId: q.id }, { label: a.label, points: null, conforming: a.conforming, color: null, createsAction: !!a.createsAction, position: i + 1, version: 0 });
    if (r.ok) ids.push(r.id);
  }
  return { id: q.id, answers: ids };
}

async function createType(a: Actor, fields: Record<string, unknown> = {}) {
  const res = await postType(a, '/admin/event-types/new', { name: 'Causerie sécurité', menuLabel: 'Causerie sécurité', active: ['0', '1'], showService: ['0', '1'], showSupervisor: ['0', '1'], ...fields });
  expect(res.status).toBe(201);
  const [type] = await t.db.dataSource.query('SELECT * FROM event_type WHERE tenant_id = $1 ORDER BY id DESC LIMIT 1', [a.tenantId]);
  return { type, redirect: res.body.redirect as string };
}

describe('custom event types (admin)', () => {
  it('needs admin.nomenclatures', async () => {
    const user = await actor(t, ALL_EVENT_RIGHTS);
    expect((await user.agent.get('/admin/event-types')).status).toBe(403);
    expect((await postType(user, '/admin/event-types/new', { name: 'X', menuLabel: 'X' })).status).toBe(403);
    expect(await t.db.dataSource.query('SELECT id FROM event_type WHERE tenant_id = $1', [user.tenantId])).toEqual([]);
  });

  it('creates a type with its questionnaire and goes on to the questionnaire editor', async () => {
    const admin = await actor(t, ADMIN);
    const empty = await admin.agent.get('/admin/event-types');
    expect(empty.text).toContain('data-testid="empty-state"');
    const invalid = await postType(admin, '/admin/event-types/new', { name: '', menuLabel: 'Menu', autoAction: ['0', '1'], autoActionText: '' });
    expect(invalid.status).toBe(200);
    expect(invalid.text).toMatch(/data-testid="error-name">Veuillez renseigner ce champ\./);
    expect(invalid.text).toMatch(/data-testid="error-autoActionText">Veuillez renseigner ce champ\./);
    const { type, redirect } = await createType(admin);
    expect(type).toMatchObject({ name: 'Causerie sécurité', active: true, show_service: true, show_files: false });
    const [q] = await t.db.dataSource.query('SELECT owner_type, name FROM questionnaire WHERE id = $1 AND tenant_id = $2', [type.questionnaire_id, admin.tenantId]);
    expect(q).toEqual({ owner_type: 'event_type', name: 'Causerie sécurité' });
    expect(redirect).toBe(`/admin/questionnaires/${type.questionnaire_id}`);
    const editor = await admin.agent.get(redirect);
    expect(editor.status).toBe(200);
    expect(editor.text).toContain('Retour aux types d&#39;événements');
    const list = await admin.agent.get('/admin/event-types');
    expect(list.text).toContain('Causerie sécurité');
  });

  it('edits with the optimistic lock and removes to the trash (the type leaves the "add" menu)', async () => {
    const admin = await actor(t, ADMIN);
    const { type } = await createType(admin);
    expect((await postType(admin, `/admin/event-types/${type.id}/edit`, { name: 'Causerie', menuLabel: 'Causerie du lundi', active: ['0', '1'], version: '1' })).status).toBe(201);
    expect((await postType(admin, `/admin/event-types/${type.id}/edit`, { name: 'Causerie', menuLabel: 'Autre', version: '1' })).status).toBe(409);
    expect((await admin.agent.get('/events')).text).toContain('Causerie du lundi');
    const removed = await admin.agent.post(`/admin/event-types/${type.id}/remove`).set(XHR).set('X-CSRF-Token', admin.csrf).send();
    expect(removed.status).toBe(200);
    expect((await admin.agent.get('/events')).text).not.toContain('Causerie du lundi');
    expect((await admin.agent.get(`/events/new/custom/${type.id}`)).status).toBe(404);
    expect((await admin.agent.get('/admin/trash')).text).toContain('Causerie');
  });
});

describe('events of a custom type', () => {
  it('asks the questions, refuses a missing required answer, stores the answers, shows them with the conformity rate', async () => {
    const admin = await actor(t, ADMIN);
    const { type } = await createType(admin);
    const theme = await question(admin.tenantId, type.questionnaire_id, 'Thème abordé', 'short', true);
    const understood = await question(admin.tenantId, type.questionnaire_id, 'Consignes comprises ?', 'radio', true, [{ label: 'Oui', conforming: true }, { label: 'Non', conforming: false }]);
    const form = await admin.agent.get(`/events/new/custom/${type.id}`);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Thème abordé');
    expect(form.text).toContain(`name="questionnaire[q${theme.id}]"`);
    // Blocks switched off are not in the form.
    expect(form.text).not.toContain('name="event[collaboratorIds][]"');
    expect(form.text).toContain('name="event[hierarchyItemId]"');

    const missing = await postEvent(admin, `/events/new/custom/${type.id}`, { subject: 'Causerie lunettes', date: frenchDaysAgo(0) }, { [`questionnaire[q${understood.id}]`]: String(understood.answers[0]) });
    expect(missing.status).toBe(200);
    expect(missing.text).toContain('Une réponse est nécessaire');
    expect(missing.text).toContain('Causerie lunettes');
    expect((await t.db.dataSource.query('SELECT 1 FROM event WHERE tenant_id = $1', [admin.tenantId])).length).toBe(0);

    const ok = await postEvent(admin, `/events/new/custom/${type.id}`, { subject: 'Causerie lunettes', date: frenchDaysAgo(0) },
      { [`questionnaire[q${theme.id}]`]: 'Port des lunettes en zone d\'usinage', [`questionnaire[q${understood.id}]`]: String(understood.answers[0]) });
    expect(ok.status).toBe(201);
    const id = Number(/(\d+)$/.exec(ok.body.redirect)![1]);
    const [event] = await t.db.dataSource.query('SELECT kind, event_type_id, questionnaire_id, conformity_rate FROM event WHERE id = $1', [id]);
    expect(event).toEqual({ kind: 'custom', event_type_id: type.id, questionnaire_id: type.questionnaire_id, conformity_rate: 100 });
    const stored = await t.db.dataSource.query(`SELECT question_id FROM questionnaire_response WHERE subject_type = 'event' AND subject_id = $1 ORDER BY question_id`, [id]);
    expect(stored.map((r: { question_id: number }) => r.question_id)).toEqual([theme.id, understood.id].sort((x, y) => x - y));
    const show = await admin.agent.get(`/events/${id}`);
    expect(show.text).toContain('Port des lunettes en zone d&#39;usinage');
    expect(show.text).toContain('data-testid="conformity-rate"');
    expect(show.text).toContain('100,0/100');
    expect(show.text).toContain('Causerie sécurité');
  });

  it('creates the automatic action and one action per answer flagged "action", linked to the event, once', async () => {
    const admin = await actor(t, ADMIN);
    const supervisor = await actor(t, ['event.view', 'action.view', 'action.assignable'], await companyOf(t, admin.tenantId));
    const { type } = await createType(admin, { autoAction: ['0', '1'], autoActionText: 'Afficher le support de la causerie' });
    const understood = await question(admin.tenantId, type.questionnaire_id, 'Consignes comprises ?', 'radio', true,
      [{ label: 'Oui', conforming: true }, { label: 'Non', conforming: false, createsAction: true }]);
    const fields = { subject: 'Causerie chariots', date: frenchDaysAgo(0), supervisorId: String(supervisor.id) };
    const draft = await postEvent(admin, `/events/new/custom/${type.id}`, fields, { _submit: 'DRAFT', [`questionnaire[q${understood.id}]`]: String(understood.answers[1]) });
    expect(draft.status).toBe(201);
    const id = Number(/(\d+)$/.exec(draft.body.redirect)![1]);
    const actions = () => t.db.dataSource.query(`SELECT comments, assignee_id FROM action WHERE source_type = 'event' AND source_id = $1 ORDER BY id`, [id]);
    // A draft creates nothing yet.
    expect(await actions()).toEqual([]);
    const saved = await postEvent(admin, `/events/${id}/edit`, { ...fields, version: '1' }, { [`questionnaire[q${understood.id}]`]: String(understood.answers[1]) });
    expect(saved.status).toBe(201);
    expect(await actions()).toEqual([
      { comments: 'Afficher le support de la causerie', assignee_id: supervisor.id },
      { comments: 'Consignes comprises ? : Non', assignee_id: supervisor.id },
    ]);
    expect(Number((await t.db.dataSource.query('SELECT conformity_rate FROM event WHERE id = $1', [id]))[0].conformity_rate)).toBe(0);
    // Saving again does not duplicate them.
    const [{ version }] = await t.db.dataSource.query('SELECT version FROM event WHERE id = $1', [id]);
    expect((await postEvent(admin, `/events/${id}/edit`, { ...fields, version: String(version) }, { [`questionnaire[q${understood.id}]`]: String(understood.answers[1]) })).status).toBe(201);
    expect(await actions()).toHaveLength(2);
    // They are listed on the event page.
    const show = await admin.agent.get(`/events/${id}`);
    expect(show.text).toContain('data-testid="source-actions"');
    expect(show.text).toContain('Afficher le support de la causerie');
  });
});

describe('construction-site visits', () => {
  it('fill a construction_site survey, store its conformity rate and list it', async () => {
    const a = await actor(t, ['event.view', 'event.add', 'event.edit']);
    const surveyId = await t.db.dataSource.transaction((m) => createQuestionnaire(m, a.tenantId, { name: 'Visite sécurité chantier', ownerType: 'survey', surveyType: 'construction_site' }));
    const guardrail = await question(a.tenantId, surveyId, 'Garde-corps en place', 'radio', true, [{ label: 'Conforme', conforming: true }, { label: 'Non conforme', conforming: false }]);
    const epi = await question(a.tenantId, surveyId, 'Port des EPI', 'radio', true, [{ label: 'Conforme', conforming: true }, { label: 'Non conforme', conforming: false }]);
    const list = await a.agent.get('/events/construction-site');
    expect(list.text).toContain('Visite de chantier : Visite sécurité chantier');
    const form = await a.agent.get(`/events/new/construction_site/${surveyId}`);
    expect(form.text).toContain('Garde-corps en place');
    // A survey of another type is not a construction-site survey.
    const other = await t.db.dataSource.transaction((m) => createQuestionnaire(m, a.tenantId, { name: 'Permis de feu', ownerType: 'survey', surveyType: 'fire_permit' }));
    expect((await a.agent.get(`/events/new/construction_site/${other}`)).status).toBe(404);
    const res = await postEvent(a, `/events/new/construction_site/${surveyId}`, { subject: 'Chantier extension bâtiment C', date: frenchDaysAgo(0) },
      { [`questionnaire[q${guardrail.id}]`]: String(guardrail.answers[0]), [`questionnaire[q${epi.id}]`]: String(epi.answers[1]) });
    expect(res.status).toBe(201);
    const rows = await a.agent.get('/events/construction-site');
    expect(rows.text).toContain('Chantier extension bâtiment C');
    expect(rows.text).toMatch(/data-testid="conformity">50,0\/100/);
  });
});
