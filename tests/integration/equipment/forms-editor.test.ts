import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { createQuestionnaire, loadQuestionnaire } from '../../../server/modules/questionnaire/questionnaire.service';
import { seedVgpFormsDemo } from '../../../server/modules/equipment/forms/forms.demo';

/**
 * Issue 24 item 3: the questionnaire editor gives every answer a level (1-3) and an action delay
 * (0-3650 days), every question a « to export » flag; the tree exposes them; the demo control forms.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const LEVEL = 'Le niveau doit être un nombre entier entre 1 et 3.';
const DELAY = 'Le délai de l\'action doit être un nombre entier de jours entre 0 et 3650.';

async function checkpoint() {
  const user = await makeUser(t, { rights: ['admin.nomenclatures', 'vgp.forms'] });
  const { agent, csrf } = await loginAs(t, user);
  const formId = await t.db.dataSource.transaction((m) => createQuestionnaire(m, user.tenantId, { name: 'VGP nacelle', ownerType: 'vgp_form' }));
  const [group] = await t.db.dataSource.query(`INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, width, position) VALUES ($1, $2, 'Structure', 12, 1) RETURNING id`, [user.tenantId, formId]);
  const [question] = await t.db.dataSource.query(`INSERT INTO questionnaire_question (tenant_id, group_id, label, answer_type) VALUES ($1, $2, 'Garde-corps', 'radio') RETURNING id`, [user.tenantId, group.id]);
  return { user, agent, csrf, formId, groupId: group.id as number, questionId: question.id as number };
}

const answerBody = (csrf: string, fields: Record<string, string | string[]>) => ({
  _csrf_token: csrf, 'questionnaire_answer[label]': 'Non conforme', 'questionnaire_answer[conforming]': '0', 'questionnaire_answer[position]': '1',
  ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`questionnaire_answer[${k}]`, v])),
});

describe('questionnaire editor: level, action delay, to export', () => {
  it('saves an answer\'s level and action delay, shows them again and in the tree', async () => {
    const { user, agent, csrf, formId, questionId } = await checkpoint();
    const form = await agent.get(`/admin/questionnaire-questions/${questionId}/answers/new`).set(XHR);
    expect(form.text).toContain('name="questionnaire_answer[level]"');
    expect(form.text).toContain('name="questionnaire_answer[actionDelayDays]"');
    expect(form.text).toContain('Délai de l&#39;action en jours');

    const created = await agent.post(`/admin/questionnaire-questions/${questionId}/answers/new`).set(XHR).type('form')
      .send(answerBody(csrf, { createsAction: ['0', '1'], level: '2', actionDelayDays: '30' }));
    expect(created.status).toBe(201);
    const [row] = await t.db.dataSource.query('SELECT id, level, action_delay_days FROM questionnaire_answer WHERE question_id = $1', [questionId]);
    expect(row).toMatchObject({ level: 2, action_delay_days: 30 });

    const edit = await agent.get(`/admin/questionnaire-answers/${row.id}/edit`).set(XHR);
    expect(edit.text).toMatch(/name="questionnaire_answer\[level\]" type="number" value="2"/);
    expect(edit.text).toMatch(/name="questionnaire_answer\[actionDelayDays\]" type="number" value="30"/);
    const page = await agent.get(`/admin/questionnaires/${formId}`);
    expect(page.text).toMatch(/data-testid="answer-level">2</);
    expect(page.text).toContain('(30 j)');

    const tree = (await loadQuestionnaire(t.db.dataSource, user.tenantId, formId))!;
    expect(tree.groups[0].questions[0].answers[0]).toMatchObject({ level: 2, actionDelayDays: 30, createsAction: true });

    // Cleared: both optional.
    const cleared = await agent.post(`/admin/questionnaire-answers/${row.id}/edit`).set(XHR).type('form')
      .send(answerBody(csrf, { createsAction: ['0', '1'], level: '', actionDelayDays: '', version: '1' }));
    expect(cleared.status).toBe(201);
    expect((await t.db.dataSource.query('SELECT level, action_delay_days FROM questionnaire_answer WHERE id = $1', [row.id]))[0]).toEqual({ level: null, action_delay_days: null });
    // No graded answer left: the editor's table has no level column (other questionnaires look as before).
    const ungraded = await agent.get(`/admin/questionnaires/${formId}`);
    expect(ungraded.text).toContain('data-answer="Non conforme"');
    expect(ungraded.text).not.toContain('data-testid="answer-level"');
  });

  it('accepts a level of 1 to 3 and a delay of 0 to 3650 days, refuses one beyond with a French message and keeps what was typed', async () => {
    const { agent, csrf, questionId } = await checkpoint();
    const post = (level: string, delay: string) => agent.post(`/admin/questionnaire-questions/${questionId}/answers/new`).set(XHR).type('form')
      .send(answerBody(csrf, { createsAction: ['0', '1'], level, actionDelayDays: delay }));
    for (const [level, delay] of [['1', '0'], ['3', '3650']]) {
      expect((await post(level, delay)).status).toBe(201);
    }
    const saved = await t.db.dataSource.query('SELECT level, action_delay_days FROM questionnaire_answer WHERE question_id = $1 ORDER BY id', [questionId]);
    expect(saved).toEqual([{ level: 1, action_delay_days: 0 }, { level: 3, action_delay_days: 3650 }]);

    for (const [level, delay, message] of [['0', '30', LEVEL], ['4', '30', LEVEL], ['2,5', '30', LEVEL], ['2', '-1', DELAY], ['2', '3651', DELAY], ['2', 'un mois', DELAY]]) {
      const res = await post(level, delay);
      expect({ level, delay, status: res.status }).toEqual({ level, delay, status: 200 });
      expect(res.text.replace(/&#39;/g, '\'')).toContain(message);
      expect(res.text).toContain(`value="${level}"`);
      expect(res.text).toContain(`value="${delay}"`);
    }
    expect((await t.db.dataSource.query('SELECT count(*)::int AS n FROM questionnaire_answer WHERE question_id = $1', [questionId]))[0].n).toBe(2);
  });

  it('keeps the action delay only for an answer that creates an action', async () => {
    const { agent, csrf, questionId } = await checkpoint();
    const res = await agent.post(`/admin/questionnaire-questions/${questionId}/answers/new`).set(XHR).type('form')
      .send(answerBody(csrf, { createsAction: '0', level: '1', actionDelayDays: '15' }));
    expect(res.status).toBe(201);
    expect((await t.db.dataSource.query('SELECT level, action_delay_days FROM questionnaire_answer WHERE question_id = $1', [questionId]))[0]).toEqual({ level: 1, action_delay_days: null });
  });

  it('saves a question\'s « to export » flag (on by default), shows it again and in the tree', async () => {
    const { user, agent, csrf, formId, groupId } = await checkpoint();
    const form = await agent.get(`/admin/questionnaire-groups/${groupId}/questions/new`).set(XHR);
    expect(form.text).toMatch(/id="questionnaire_question_toExport" name="questionnaire_question\[toExport\]" value="1" checked/);
    expect(form.text).toContain('À exporter');
    const created = await agent.post(`/admin/questionnaire-groups/${groupId}/questions/new`).set(XHR).type('form').send({
      _csrf_token: csrf, 'questionnaire_question[label]': 'Photo de la plaque', 'questionnaire_question[answerType]': 'file',
      'questionnaire_question[toExport]': '0', 'questionnaire_question[width]': '12', 'questionnaire_question[position]': '2',
    });
    expect(created.status).toBe(201);
    const [q] = await t.db.dataSource.query(`SELECT id, to_export FROM questionnaire_question WHERE group_id = $1 AND label = 'Photo de la plaque'`, [groupId]);
    expect(q.to_export).toBe(false);
    const edit = await agent.get(`/admin/questionnaire-questions/${q.id}/edit`).set(XHR);
    expect(edit.text).toMatch(/id="questionnaire_question_toExport" name="questionnaire_question\[toExport\]" value="1">/);
    expect((await agent.get(`/admin/questionnaires/${formId}`)).text).toContain('data-testid="not-exported"');

    const on = await agent.post(`/admin/questionnaire-questions/${q.id}/edit`).set(XHR).type('form').send({
      _csrf_token: csrf, 'questionnaire_question[label]': 'Photo de la plaque', 'questionnaire_question[answerType]': 'file',
      'questionnaire_question[toExport]': ['0', '1'], 'questionnaire_question[width]': '12', 'questionnaire_question[position]': '2', 'questionnaire_question[version]': '1',
    });
    expect(on.status).toBe(201);
    const tree = (await loadQuestionnaire(t.db.dataSource, user.tenantId, formId))!;
    expect(tree.groups[0].questions.map((x) => [x.label, x.toExport])).toEqual([['Garde-corps', true], ['Photo de la plaque', true]]);
  });
});

describe('control forms demo', () => {
  it('gives three French control forms once, lifting gear with five groups of 4 to 6 checkpoints answered conforming, not conforming or not applicable', async () => {
    const user = await makeUser(t);
    await seedVgpFormsDemo(t.db.dataSource, user.tenantId);
    await seedVgpFormsDemo(t.db.dataSource, user.tenantId);
    const forms = await t.db.dataSource.query(`SELECT id, name FROM questionnaire WHERE tenant_id = $1 AND owner_type = 'vgp_form' ORDER BY id`, [user.tenantId]);
    expect(forms.map((f: { name: string }) => f.name)).toEqual(['VGP appareil de levage', 'Installation électrique', 'Extincteur']);
    const lifting = (await loadQuestionnaire(t.db.dataSource, user.tenantId, forms[0].id))!;
    expect(lifting.groups.map((g) => g.name)).toEqual(['Identification et documents', 'Structure et charpente', 'Mécanismes de levage', 'Dispositifs de sécurité', 'Essais de fonctionnement']);
    for (const g of lifting.groups) {
      expect(g.questions.length).toBeGreaterThanOrEqual(4);
      expect(g.questions.length).toBeLessThanOrEqual(6);
      for (const q of g.questions) {
        expect(q).toMatchObject({ answerType: 'radio', required: true, toExport: true });
        expect(q.answers.map(({ label, conforming, color, createsAction, level, actionDelayDays }) => ({ label, conforming, color, createsAction, level, actionDelayDays }))).toEqual([
          { label: 'Conforme', conforming: true, color: 'green', createsAction: false, level: null, actionDelayDays: null },
          { label: 'Non conforme', conforming: false, color: 'red', createsAction: true, level: 2, actionDelayDays: 30 },
          { label: 'Sans objet', conforming: null, color: 'grey', createsAction: false, level: null, actionDelayDays: null },
        ]);
      }
    }
  });
});
