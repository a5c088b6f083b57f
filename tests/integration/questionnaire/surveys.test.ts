import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { listSurveys, loadQuestionnaire } from '../../../server/modules/questionnaire/questionnaire.service';
import { seedQuestionnaireDemo } from '../../../server/modules/questionnaire/questionnaire.demo';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function admin(extraRights: string[] = []) {
  const user = await makeUser(t, { rights: ['admin.nomenclatures', ...extraRights] });
  const { agent, csrf } = await loginAs(t, user);
  return { user, agent, csrf };
}

describe('survey administration', () => {
  it('shows an empty list, creates a survey that opens in its editor, filters by type and renames it', async () => {
    const { user, agent, csrf } = await admin();
    const empty = await agent.get('/admin/surveys');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('data-testid="empty-state"');
    expect(empty.text).toContain('Aucun questionnaire pour l&#39;instant');

    const form = await agent.get('/admin/surveys/new?type=fire_permit').set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/<option value="fire_permit" selected>Permis de feu<\/option>/);

    const blank = await agent.post('/admin/surveys/new').set(XHR).type('form').send({ _csrf_token: csrf, 'survey[name]': '  ', 'survey[surveyType]': 'atex' });
    expect(blank.status).toBe(200);
    expect(blank.text).toContain('Veuillez renseigner ce champ.');
    expect(blank.text).toMatch(/<option value="atex" selected>ATEX<\/option>/);
    const badType = await agent.post('/admin/surveys/new').set(XHR).type('form').send({ _csrf_token: csrf, 'survey[name]': 'Contrôle ATEX', 'survey[surveyType]': 'picnic' });
    expect(badType.status).toBe(200);
    expect(badType.text).toContain('Veuillez choisir le type du questionnaire.');
    expect(badType.text).toContain('value="Contrôle ATEX"');

    const created = await agent.post('/admin/surveys/new').set(XHR).type('form').send({ _csrf_token: csrf, 'survey[name]': 'Contrôle ATEX', 'survey[surveyType]': 'atex' });
    expect(created.status).toBe(201);
    const [row] = await t.db.dataSource.query(`SELECT id, owner_type, survey_type FROM questionnaire WHERE tenant_id = $1 AND name = 'Contrôle ATEX'`, [user.tenantId]);
    expect(row).toMatchObject({ owner_type: 'survey', survey_type: 'atex' });
    expect(created.body.redirect).toBe(`/admin/questionnaires/${row.id}`);
    const editor = await agent.get(created.body.redirect);
    expect(editor.status).toBe(200);
    expect(editor.text).toContain('Le questionnaire « Contrôle ATEX » a été enregistré.');
    expect(editor.text).toContain('Aucun groupe : ajoutez le premier groupe de questions.');

    await agent.post('/admin/surveys/new').set(XHR).type('form').send({ _csrf_token: csrf, 'survey[name]': 'Visite toiture', 'survey[surveyType]': 'roofing' });
    const all = await agent.get('/admin/surveys');
    expect(all.text).toContain('Contrôle ATEX');
    expect(all.text).toContain('Visite toiture');
    expect(all.text).toContain('Travaux de toiture');
    const roofing = await agent.get('/admin/surveys?type=roofing');
    expect(roofing.text).toContain('Visite toiture');
    expect(roofing.text).not.toContain('Contrôle ATEX');
    expect((await agent.get('/admin/surveys?type=dust')).text).toContain('Aucun questionnaire de ce type.');
    expect((await listSurveys(t.db.dataSource, user.tenantId, 'atex')).map((s) => s.name)).toEqual(['Contrôle ATEX']);

    const edit = await agent.get(`/admin/surveys/${row.id}/edit`).set(XHR);
    expect(edit.text).toContain('value="Contrôle ATEX"');
    const renamed = await agent.post(`/admin/surveys/${row.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, 'survey[name]': 'Contrôle zone ATEX', 'survey[surveyType]': 'atex', 'survey[version]': '1' });
    expect(renamed.status).toBe(201);
    const stale = await agent.post(`/admin/surveys/${row.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, 'survey[name]': 'Ancien nom', 'survey[surveyType]': 'atex', 'survey[version]': '1' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('modifié par quelqu\'un d\'autre');
    expect((await loadQuestionnaire(t.db.dataSource, user.tenantId, row.id))!.name).toBe('Contrôle zone ATEX');
  });

  it('moves a survey to the trash, from where it can be restored', async () => {
    const { user, agent, csrf } = await admin(['admin.trash']);
    await agent.post('/admin/surveys/new').set(XHR).type('form').send({ _csrf_token: csrf, 'survey[name]': 'Espace confiné', 'survey[surveyType]': 'confined_space' });
    const [row] = await t.db.dataSource.query(`SELECT id FROM questionnaire WHERE tenant_id = $1 AND name = 'Espace confiné'`, [user.tenantId]);
    const removed = await agent.post(`/admin/surveys/${row.id}/remove`).set(XHR).send({ _csrf_token: csrf });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('L\'élément a été placé dans la corbeille.');
    expect(await listSurveys(t.db.dataSource, user.tenantId, null)).toEqual([]);
    expect((await agent.get(`/admin/questionnaires/${row.id}`)).status).toBe(404);
    // Twice: the second removal finds nothing.
    expect((await agent.post(`/admin/surveys/${row.id}/remove`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);

    const trash = await agent.get('/admin/trash');
    expect(trash.text).toContain('Espace confiné');
    expect(trash.text).toContain('Questionnaire');
    const [item] = await t.db.dataSource.query(`SELECT id FROM trash_item WHERE tenant_id = $1 AND subject_table = 'questionnaire' AND subject_id = $2`, [user.tenantId, row.id]);
    expect((await agent.post(`/admin/trash/${item.id}/restore`).set(XHR).send({ _csrf_token: csrf })).status).toBe(302);
    expect((await listSurveys(t.db.dataSource, user.tenantId, null)).map((s) => s.name)).toEqual(['Espace confiné']);
    expect((await agent.get(`/admin/questionnaires/${row.id}`)).status).toBe(200);
  });

  it('refuses users without the right, requests without the CSRF token, and another company\'s surveys', async () => {
    const { user, agent } = await admin();
    await seedQuestionnaireDemo(t.db.dataSource, user.tenantId);
    const [mine] = await listSurveys(t.db.dataSource, user.tenantId, 'fire_permit');
    expect(mine.name).toBe('Contrôle avant travaux par point chaud');

    const plain = await makeUser(t, { roles: ['user'] });
    const p = await loginAs(t, plain);
    expect((await p.agent.get('/admin/surveys')).status).toBe(403);
    expect((await p.agent.post('/admin/surveys/new').set(XHR).type('form').send({ _csrf_token: p.csrf, 'survey[name]': 'X', 'survey[surveyType]': 'dust' })).status).toBe(403);
    expect((await agent.post('/admin/surveys/new').set(XHR).type('form').send({ 'survey[name]': 'Sans jeton', 'survey[surveyType]': 'dust' })).status).toBe(403);
    expect(await listSurveys(t.db.dataSource, user.tenantId, 'dust')).toEqual([]);
    expect(await listSurveys(t.db.dataSource, plain.tenantId, 'dust')).toEqual([]);

    const other = await admin();
    expect((await other.agent.get(`/admin/surveys/${mine.id}/edit`).set(XHR)).status).toBe(404);
    expect((await other.agent.post(`/admin/surveys/${mine.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: other.csrf, 'survey[name]': 'Piraté', 'survey[surveyType]': 'dust', 'survey[version]': '1' })).status).toBe(404);
    expect((await other.agent.post(`/admin/surveys/${mine.id}/remove`).set(XHR).send({ _csrf_token: other.csrf })).status).toBe(404);
    expect((await other.agent.get(`/admin/questionnaires/${mine.id}`)).status).toBe(404);
    expect((await other.agent.get('/admin/surveys')).text).not.toContain('point chaud');
    expect((await listSurveys(t.db.dataSource, user.tenantId, 'fire_permit'))[0]).toMatchObject({ name: 'Contrôle avant travaux par point chaud', version: 1 });
  });

  it('seeds the demo surveys once per company, with conforming flags, colours and points', async () => {
    const { user } = await admin();
    await seedQuestionnaireDemo(t.db.dataSource, user.tenantId);
    await seedQuestionnaireDemo(t.db.dataSource, user.tenantId);
    const surveys = await listSurveys(t.db.dataSource, user.tenantId, null);
    expect(surveys.map((s) => [s.name, s.surveyType])).toEqual([
      ['Check-list du bon de travail', 'work_order'], ['Contrôle avant travaux par point chaud', 'fire_permit'],
      ['Contrôle travail en hauteur', 'height_work'], ['Visite sécurité chantier', 'construction_site'],
    ]);
    const visit = (await loadQuestionnaire(t.db.dataSource, user.tenantId, surveys[3].id))!;
    expect(visit.groups.map((g) => g.name)).toEqual(['Organisation du chantier', 'Équipements de protection individuelle', 'Travaux en hauteur', 'Observations et signature']);
    const panel = visit.groups[0].questions.find((q) => q.label.startsWith('Panneau'))!;
    expect(panel.answers.map((a) => [a.label, a.conforming, a.color, a.points, a.createsAction])).toEqual([
      ['Conforme', true, 'green', 1, false], ['Non conforme', false, 'red', 0, true], ['Sans objet', null, 'grey', null, false]]);
  });
});
