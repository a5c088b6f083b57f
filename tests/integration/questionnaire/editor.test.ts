import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { createQuestionnaire, loadQuestionnaire } from '../../../server/modules/questionnaire/questionnaire.service';
import { purgeFromTrash } from '../../../server/kernel/trash/trash';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

async function admin() {
  const user = await makeUser(t, { rights: ['admin.nomenclatures'] });
  const { agent, csrf } = await loginAs(t, user);
  const id = await t.db.dataSource.transaction((m) => createQuestionnaire(m, user.tenantId, { name: 'Visite chantier', ownerType: 'survey', surveyType: 'construction_site' }));
  return { user, agent, csrf, id };
}

const lastId = async (table: string, tenantId: number): Promise<number> =>
  (await t.db.dataSource.query(`SELECT max(id) AS id FROM "${table}" WHERE tenant_id = $1`, [tenantId]))[0].id;

describe('questionnaire editor', () => {
  it('builds groups, questions and answers through the modal forms, in order', async () => {
    const { user, agent, csrf, id } = await admin();
    const groupForm = await agent.get(`/admin/questionnaires/${id}/groups/new`).set(XHR);
    expect(groupForm.status).toBe(200);
    expect(groupForm.text).toContain('name="questionnaire_group[name]"');
    expect(groupForm.text).toContain('enctype="multipart/form-data"');

    const badWidth = await agent.post(`/admin/questionnaires/${id}/groups/new`).set(XHR).field('_csrf_token', csrf)
      .field('questionnaire_group[name]', 'Accès au chantier').field('questionnaire_group[width]', '13').field('questionnaire_group[position]', '1');
    expect(badWidth.status).toBe(200);
    expect(badWidth.text).toContain('La largeur doit être comprise entre 1 et 12.');
    expect(badWidth.text).toContain('value="Accès au chantier"');

    const withHelp = await agent.post(`/admin/questionnaires/${id}/groups/new`).set(XHR).field('_csrf_token', csrf)
      .field('questionnaire_group[name]', 'Accès au chantier').field('questionnaire_group[width]', '6').field('questionnaire_group[position]', '2')
      .attach('helpFile', PDF, 'Consignes d\'accès.pdf');
    expect(withHelp.status).toBe(201);
    expect(withHelp.body.message).toBe('Le groupe « Accès au chantier » a été enregistré.');
    const second = await agent.post(`/admin/questionnaires/${id}/groups/new`).set(XHR).field('_csrf_token', csrf)
      .field('questionnaire_group[name]', 'Organisation').field('questionnaire_group[width]', '12').field('questionnaire_group[position]', '1');
    expect(second.status).toBe(201);
    const groupId = (await t.db.dataSource.query(`SELECT id FROM questionnaire_group WHERE questionnaire_id = $1 AND name = 'Accès au chantier'`, [id]))[0].id;

    const help = await agent.get(`/questionnaire/groups/${groupId}/help`);
    expect(help.status).toBe(200);
    expect(help.headers['content-type']).toBe('application/pdf');
    expect(help.headers['content-disposition']).toContain('attachment');
    const refusedHelp = await agent.post(`/admin/questionnaire-groups/${groupId}/edit`).set(XHR).field('_csrf_token', csrf)
      .field('questionnaire_group[name]', 'Accès').field('questionnaire_group[width]', '6').field('questionnaire_group[position]', '2').field('questionnaire_group[version]', '1')
      .attach('helpFile', Buffer.from('MZ\x90\x00'), 'outil.exe');
    expect(refusedHelp.status).toBe(200);
    expect(refusedHelp.text).toContain('data-testid="upload-error"');

    const question = await agent.post(`/admin/questionnaire-groups/${groupId}/questions/new`).set(XHR).type('form').send({
      _csrf_token: csrf, 'questionnaire_question[label]': 'Clôture du chantier', 'questionnaire_question[answerType]': 'radio',
      'questionnaire_question[required]': ['0', '1'], 'questionnaire_question[displayLabel]': ['0', '1'], 'questionnaire_question[width]': '6', 'questionnaire_question[position]': '1',
    });
    expect(question.status).toBe(201);
    const questionId = await lastId('questionnaire_question', user.tenantId);
    const text = await agent.post(`/admin/questionnaire-groups/${groupId}/questions/new`).set(XHR).type('form').send({
      _csrf_token: csrf, 'questionnaire_question[label]': 'Remarques', 'questionnaire_question[answerType]': 'long', 'questionnaire_question[required]': '0',
      'questionnaire_question[displayLabel]': '0', 'questionnaire_question[width]': '12', 'questionnaire_question[position]': '2',
    });
    expect(text.status).toBe(201);
    const textId = await lastId('questionnaire_question', user.tenantId);
    const badType = await agent.post(`/admin/questionnaire-groups/${groupId}/questions/new`).set(XHR).type('form').send({
      _csrf_token: csrf, 'questionnaire_question[label]': 'X', 'questionnaire_question[answerType]': 'essay', 'questionnaire_question[width]': '12', 'questionnaire_question[position]': '3',
    });
    expect(badType.status).toBe(200);
    expect(badType.text).toContain('Cette valeur doit être l&#39;un des choix proposés.');

    // Proposed answers only exist for choice types.
    expect((await agent.get(`/admin/questionnaire-questions/${textId}/answers/new`).set(XHR)).status).toBe(409);
    const noChoice = await agent.post(`/admin/questionnaire-questions/${textId}/answers/new`).set(XHR).type('form').send({ _csrf_token: csrf, 'questionnaire_answer[label]': 'Oui', 'questionnaire_answer[position]': '1' });
    expect(noChoice.status).toBe(409);
    expect(noChoice.body.message).toBe('Ce type de question n\'a pas de réponses proposées.');

    const badPoints = await agent.post(`/admin/questionnaire-questions/${questionId}/answers/new`).set(XHR).type('form').send({
      _csrf_token: csrf, 'questionnaire_answer[label]': 'Conforme', 'questionnaire_answer[points]': 'beaucoup', 'questionnaire_answer[position]': '1',
    });
    expect(badPoints.status).toBe(200);
    expect(badPoints.text).toContain('Les points doivent être un nombre');
    const ok = await agent.post(`/admin/questionnaire-questions/${questionId}/answers/new`).set(XHR).type('form').send({
      _csrf_token: csrf, 'questionnaire_answer[label]': 'Conforme', 'questionnaire_answer[points]': '1,5', 'questionnaire_answer[conforming]': '1',
      'questionnaire_answer[color]': 'green', 'questionnaire_answer[createsAction]': '0', 'questionnaire_answer[position]': '1',
    });
    expect(ok.status).toBe(201);
    const ko = await agent.post(`/admin/questionnaire-questions/${questionId}/answers/new`).set(XHR).type('form').send({
      _csrf_token: csrf, 'questionnaire_answer[label]': 'Non conforme', 'questionnaire_answer[points]': '0', 'questionnaire_answer[conforming]': '0',
      'questionnaire_answer[color]': 'red', 'questionnaire_answer[createsAction]': ['0', '1'], 'questionnaire_answer[position]': '2',
    });
    expect(ko.status).toBe(201);

    const tree = (await loadQuestionnaire(t.db.dataSource, user.tenantId, id))!;
    expect(tree.groups.map((g) => [g.name, g.width, g.position])).toEqual([['Organisation', 12, 1], ['Accès au chantier', 6, 2]]);
    expect(tree.groups[1].helpFile).toMatch(/^t\/\d+\//);
    const radio = tree.groups[1].questions[0];
    expect(radio).toMatchObject({ label: 'Clôture du chantier', answerType: 'radio', required: true, displayLabel: true, width: 6 });
    expect(tree.groups[1].questions[1]).toMatchObject({ label: 'Remarques', required: false, displayLabel: false });
    expect(radio.answers.map((a) => [a.label, a.points, a.conforming, a.color, a.createsAction])).toEqual([['Conforme', 1.5, true, 'green', false], ['Non conforme', 0, false, 'red', true]]);

    const page = await agent.get(`/admin/questionnaires/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/Organisation[\s\S]*Accès au chantier[\s\S]*Clôture du chantier[\s\S]*Conforme[\s\S]*Non conforme[\s\S]*Remarques/);
    expect(page.text).toContain('Boutons radio');
    expect(page.text).toContain('data-testid="preview-form"');
    expect(page.text).toContain('href="/admin/surveys"');
  });

  it('keeps the answer type once answered, refuses a stale edit, and trashes parts', async () => {
    const { user, agent, csrf, id } = await admin();
    const [g] = await t.db.dataSource.query(`INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, position) VALUES ($1, $2, 'Groupe', 1) RETURNING id`, [user.tenantId, id]);
    const [q] = await t.db.dataSource.query(`INSERT INTO questionnaire_question (tenant_id, group_id, label, answer_type, position) VALUES ($1, $2, 'Extincteur présent', 'unique_select', 1) RETURNING id`, [user.tenantId, g.id]);
    const [a] = await t.db.dataSource.query(`INSERT INTO questionnaire_answer (tenant_id, question_id, label, conforming, position) VALUES ($1, $2, 'Oui', true, 1) RETURNING id`, [user.tenantId, q.id]);
    const edit = (fields: Record<string, string>) => agent.post(`/admin/questionnaire-questions/${q.id}/edit`).set(XHR).type('form').send({
      _csrf_token: csrf, 'questionnaire_question[label]': 'Extincteur présent', 'questionnaire_question[answerType]': 'unique_select', 'questionnaire_question[width]': '12',
      'questionnaire_question[position]': '1', 'questionnaire_question[version]': '1', ...fields,
    });
    const toText = await edit({ 'questionnaire_question[answerType]': 'short' });
    expect(toText.status).toBe(200);
    expect(toText.text).toContain('Supprimez d&#39;abord les réponses proposées');
    expect((await edit({ 'questionnaire_question[answerType]': 'radio' })).status).toBe(201);
    await t.db.dataSource.query(
      `INSERT INTO questionnaire_response (tenant_id, questionnaire_id, subject_type, subject_id, question_id, value, updated_at) VALUES ($1, $2, 'event', 1, $3, $4, now())`,
      [user.tenantId, id, q.id, JSON.stringify([a.id])]);
    const locked = await edit({ 'questionnaire_question[answerType]': 'checkbox', 'questionnaire_question[version]': '2' });
    expect(locked.status).toBe(200);
    expect(locked.text).toContain('Le type de réponse ne peut plus être modifié');
    expect((await edit({ 'questionnaire_question[answerType]': 'radio', 'questionnaire_question[label]': 'Ancien libellé' })).status).toBe(409);

    const answerEdit = await agent.get(`/admin/questionnaire-answers/${a.id}/edit`).set(XHR);
    expect(answerEdit.text).toContain('value="Oui"');
    expect(answerEdit.text).toMatch(/<option value="1" selected>Conforme<\/option>/);
    expect((await agent.post(`/admin/questionnaire-answers/${a.id}/remove`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect((await loadQuestionnaire(t.db.dataSource, user.tenantId, id))!.groups[0].questions[0].answers).toEqual([]);
    expect((await agent.post(`/admin/questionnaire-questions/${q.id}/remove`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect((await agent.post(`/admin/questionnaire-groups/${g.id}/remove`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect((await loadQuestionnaire(t.db.dataSource, user.tenantId, id))!.groups).toEqual([]);
    const trashed = await t.db.dataSource.query(`SELECT subject_table FROM trash_item WHERE tenant_id = $1 ORDER BY id`, [user.tenantId]);
    expect(trashed.map((r: { subject_table: string }) => r.subject_table)).toEqual(['questionnaire_answer', 'questionnaire_question', 'questionnaire_group']);
    // The stored response survives the removal of its question, which therefore cannot be deleted for good.
    expect((await t.db.dataSource.query('SELECT count(*)::int AS n FROM questionnaire_response WHERE question_id = $1', [q.id]))[0].n).toBe(1);
    const itemOf = async (table: string, id: number) => (await t.db.dataSource.query('SELECT id FROM trash_item WHERE subject_table = $1 AND subject_id = $2', [table, id]))[0].id;
    expect(await purgeFromTrash(t.db.dataSource, user.tenantId, await itemOf('questionnaire_question', q.id), user.id)).toBe('in_use');
    expect(await purgeFromTrash(t.db.dataSource, user.tenantId, await itemOf('questionnaire_answer', a.id), user.id)).toBe('deleted');
  });

  it('answers 404 for another company\'s questionnaires, groups, questions and answers, 403 without the right or the CSRF token', async () => {
    const victim = await admin();
    const [g] = await t.db.dataSource.query(`INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, position) VALUES ($1, $2, 'Secret', 1) RETURNING id`, [victim.user.tenantId, victim.id]);
    const [q] = await t.db.dataSource.query(`INSERT INTO questionnaire_question (tenant_id, group_id, label, answer_type, position) VALUES ($1, $2, 'Question', 'radio', 1) RETURNING id`, [victim.user.tenantId, g.id]);
    const [a] = await t.db.dataSource.query(`INSERT INTO questionnaire_answer (tenant_id, question_id, label, position) VALUES ($1, $2, 'Oui', 1) RETURNING id`, [victim.user.tenantId, q.id]);
    const { agent, csrf } = await admin();
    const gets = [`/admin/questionnaires/${victim.id}`, `/admin/questionnaires/${victim.id}/preview`, `/admin/questionnaires/${victim.id}/groups/new`,
      `/admin/questionnaire-groups/${g.id}/edit`, `/admin/questionnaire-groups/${g.id}/questions/new`, `/admin/questionnaire-questions/${q.id}/edit`,
      `/admin/questionnaire-questions/${q.id}/answers/new`, `/admin/questionnaire-answers/${a.id}/edit`, `/questionnaire/groups/${g.id}/help`];
    for (const url of gets) expect([url, (await agent.get(url).set(XHR)).status]).toEqual([url, 404]);
    const posts = [`/admin/questionnaires/${victim.id}/groups/new`, `/admin/questionnaire-groups/${g.id}/edit`, `/admin/questionnaire-groups/${g.id}/remove`,
      `/admin/questionnaire-groups/${g.id}/questions/new`, `/admin/questionnaire-questions/${q.id}/edit`, `/admin/questionnaire-questions/${q.id}/remove`,
      `/admin/questionnaire-questions/${q.id}/answers/new`, `/admin/questionnaire-answers/${a.id}/edit`, `/admin/questionnaire-answers/${a.id}/remove`, `/admin/questionnaires/${victim.id}/preview`];
    for (const url of posts) {
      const res = await agent.post(url).set(XHR).type('form').send({ _csrf_token: csrf, 'questionnaire_group[name]': 'Piraté', 'questionnaire_group[width]': '12', 'questionnaire_group[position]': '1',
        'questionnaire_question[label]': 'Piraté', 'questionnaire_question[answerType]': 'short', 'questionnaire_question[width]': '12', 'questionnaire_question[position]': '1', 'questionnaire_question[version]': '1',
        'questionnaire_answer[label]': 'Piraté', 'questionnaire_answer[position]': '1', 'questionnaire_answer[version]': '1', 'questionnaire_group[version]': '1' });
      expect([url, res.status]).toEqual([url, 404]);
    }
    const tree = (await loadQuestionnaire(t.db.dataSource, victim.user.tenantId, victim.id))!;
    expect(tree.groups.map((x) => [x.name, x.questions.map((y) => [y.label, y.answers.map((z) => z.label)])])).toEqual([['Secret', [['Question', ['Oui']]]]]);

    const plain = await makeUser(t, { roles: ['user'] });
    const p = await loginAs(t, plain);
    expect((await p.agent.get(`/admin/questionnaires/${victim.id}`)).status).toBe(403);
    expect((await p.agent.post(`/admin/questionnaire-groups/${g.id}/remove`).set(XHR).send({ _csrf_token: p.csrf })).status).toBe(403);
    expect((await victim.agent.post(`/admin/questionnaire-groups/${g.id}/remove`).set(XHR).send({})).status).toBe(403);
    expect((await loadQuestionnaire(t.db.dataSource, victim.user.tenantId, victim.id))!.groups).toHaveLength(1);
  });
});
