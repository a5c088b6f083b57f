import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { createQuestionnaire } from '../../../server/modules/questionnaire/questionnaire.service';

/** Issue 24 item 3: the control forms list (vgp_form_index), creation into the questionnaire editor, renaming, refused deletions, rights. */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const IN_USE = 'Cette grille ne peut pas être supprimée : elle est utilisée par un contrôle.';

async function formsAdmin(extra: string[] = []) {
  const user = await makeUser(t, { rights: ['vgp.forms', ...extra] });
  return { user, ...(await loginAs(t, user)) };
}

async function newForm(tenantId: number, name: string, ownerType = 'vgp_form'): Promise<number> {
  return t.db.dataSource.transaction((m) => createQuestionnaire(m, tenantId, { name, ownerType }));
}

async function controllable(tenantId: number, formId: number | null): Promise<number> {
  const [row] = await t.db.dataSource.query(
    `INSERT INTO vgp_controllable (tenant_id, name, frequency, frequency_unit, form_id) VALUES ($1, 'Pont roulant 5 t', 12, 'month', $2) RETURNING id`, [tenantId, formId]);
  return row.id;
}

describe('control forms (vgp_form_*)', () => {
  it('creates a form as a vgp_form questionnaire and opens it in the engine editor, whose back link leads to the list', async () => {
    const { user, agent, csrf } = await formsAdmin(['admin.nomenclatures', 'vgp.view']);
    // The equipment list (the menu's entry) leads to the forms.
    expect((await agent.get('/equipment')).text).toContain('href="/equipment/forms" data-testid="equipment-forms"');
    const empty = await agent.get('/equipment/forms');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Aucune grille de contrôle pour le moment.');

    const blank = await agent.post('/equipment/forms/new').set(XHR).type('form').send({ _csrf_token: csrf, 'vgp_form[name]': '  ' });
    expect(blank.status).toBe(200);
    expect(blank.text).toContain('Veuillez renseigner ce champ.');

    const created = await agent.post('/equipment/forms/new').set(XHR).type('form').send({ _csrf_token: csrf, 'vgp_form[name]': 'Chariot élévateur' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('La grille « Chariot élévateur » a été enregistrée.');
    const [row] = await t.db.dataSource.query(`SELECT id, owner_type FROM questionnaire WHERE tenant_id = $1 AND name = 'Chariot élévateur'`, [user.tenantId]);
    expect(row.owner_type).toBe('vgp_form');
    expect(created.body.redirect).toBe(`/admin/questionnaires/${row.id}`);

    const editor = await agent.get(created.body.redirect);
    expect(editor.status).toBe(200);
    expect(editor.text).toMatch(/href="\/equipment\/forms"[^>]*>\s*<i class="bi bi-arrow-left"><\/i> Grilles de contrôle/);

    const list = await agent.get('/equipment/forms');
    expect(list.text).toContain('data-form="Chariot élévateur"');
    expect(list.text).toContain(`href="/admin/questionnaires/${row.id}"`);
  });

  it('counts groups, checkpoints and the controls using each form', async () => {
    const { user, agent } = await formsAdmin();
    const id = await newForm(user.tenantId, 'Nacelle');
    const [g1] = await t.db.dataSource.query(`INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, width, position) VALUES ($1, $2, 'Structure', 12, 1) RETURNING id`, [user.tenantId, id]);
    await t.db.dataSource.query(`INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, width, position, deleted_at) VALUES ($1, $2, 'Retiré', 12, 2, now())`, [user.tenantId, id]);
    for (const label of ['Garde-corps', 'Freins', 'Klaxon']) {
      await t.db.dataSource.query(`INSERT INTO questionnaire_question (tenant_id, group_id, label, answer_type) VALUES ($1, $2, $3, 'radio')`, [user.tenantId, g1.id, label]);
    }
    await controllable(user.tenantId, id);
    await controllable(user.tenantId, id);
    await controllable(user.tenantId, null);
    const list = await agent.get('/equipment/forms');
    const row = list.text.slice(list.text.indexOf('data-form="Nacelle"'));
    expect(row).toMatch(/data-testid="group-count">1</);
    expect(row).toMatch(/data-testid="checkpoint-count">3</);
    expect(row).toMatch(/data-testid="controllable-count">2</);
    expect(list.text).toContain(`href="/admin/questionnaires/${id}"`);
  });

  it('opens the engine editor of control forms, and only of them, to vgp.forms without admin.nomenclatures', async () => {
    const { user, agent, csrf } = await formsAdmin();
    const created = await agent.post('/equipment/forms/new').set(XHR).type('form').send({ _csrf_token: csrf, 'vgp_form[name]': 'Palan électrique' });
    expect(created.status).toBe(201);
    const id = Number(created.body.redirect.split('/').pop());
    expect((await agent.get(created.body.redirect)).status).toBe(200);
    const group = await agent.post(`/admin/questionnaires/${id}/groups/new`).set(XHR).field('_csrf_token', csrf)
      .field('questionnaire_group[name]', 'Mécanismes de levage').field('questionnaire_group[width]', '12').field('questionnaire_group[position]', '1');
    expect(group.status).toBe(201);
    const [g] = await t.db.dataSource.query('SELECT id FROM questionnaire_group WHERE questionnaire_id = $1', [id]);
    const question = await agent.post(`/admin/questionnaire-groups/${g.id}/questions/new`).set(XHR).type('form').send({
      _csrf_token: csrf, 'questionnaire_question[label]': 'Crochet avec linguet', 'questionnaire_question[answerType]': 'radio',
      'questionnaire_question[toExport]': ['0', '1'], 'questionnaire_question[width]': '12', 'questionnaire_question[position]': '1',
    });
    expect(question.status).toBe(201);
    const [q] = await t.db.dataSource.query('SELECT id FROM questionnaire_question WHERE group_id = $1', [g.id]);
    const answer = await agent.post(`/admin/questionnaire-questions/${q.id}/answers/new`).set(XHR).type('form').send({
      _csrf_token: csrf, 'questionnaire_answer[label]': 'Non conforme', 'questionnaire_answer[conforming]': '0', 'questionnaire_answer[position]': '1',
      'questionnaire_answer[createsAction]': ['0', '1'], 'questionnaire_answer[level]': '3', 'questionnaire_answer[actionDelayDays]': '7',
    });
    expect(answer.status).toBe(201);
    const [a] = await t.db.dataSource.query('SELECT id FROM questionnaire_answer WHERE question_id = $1', [q.id]);
    expect((await agent.get(`/admin/questionnaires/${id}/preview`).set(XHR)).status).toBe(200);

    // A survey of the same company stays with admin.nomenclatures.
    const survey = await newForm(user.tenantId, 'Visite chantier', 'survey');
    const [sg] = await t.db.dataSource.query(`INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, width, position) VALUES ($1, $2, 'Accès', 12, 1) RETURNING id`, [user.tenantId, survey]);
    const [sq] = await t.db.dataSource.query(`INSERT INTO questionnaire_question (tenant_id, group_id, label, answer_type) VALUES ($1, $2, 'Clôture', 'radio') RETURNING id`, [user.tenantId, sg.id]);
    const [sa] = await t.db.dataSource.query(`INSERT INTO questionnaire_answer (tenant_id, question_id, label) VALUES ($1, $2, 'Oui') RETURNING id`, [user.tenantId, sq.id]);
    for (const url of [`/admin/questionnaires/${survey}`, `/admin/questionnaires/${survey}/preview`, `/admin/questionnaires/${survey}/groups/new`, `/admin/questionnaire-groups/${sg.id}/edit`,
      `/admin/questionnaire-groups/${sg.id}/questions/new`, `/admin/questionnaire-questions/${sq.id}/edit`, `/admin/questionnaire-questions/${sq.id}/answers/new`, `/admin/questionnaire-answers/${sa.id}/edit`]) {
      expect([url, (await agent.get(url).set(XHR)).status]).toEqual([url, 403]);
    }
    for (const url of [`/admin/questionnaire-groups/${sg.id}/remove`, `/admin/questionnaire-questions/${sq.id}/remove`, `/admin/questionnaire-answers/${sa.id}/remove`]) {
      expect([url, (await agent.post(url).set(XHR).send({ _csrf_token: csrf })).status]).toEqual([url, 403]);
    }
    const renamed = await agent.post(`/admin/questionnaire-groups/${sg.id}/edit`).set(XHR).field('_csrf_token', csrf)
      .field('questionnaire_group[name]', 'Piraté').field('questionnaire_group[width]', '12').field('questionnaire_group[position]', '1').field('questionnaire_group[version]', '1');
    expect(renamed.status).toBe(403);
    expect((await t.db.dataSource.query('SELECT name, deleted_at FROM questionnaire_group WHERE id = $1', [sg.id]))[0]).toEqual({ name: 'Accès', deleted_at: null });

    // Neither right: refused before anything is looked up.
    const plain = await makeUser(t, { rights: ['vgp.view'], company: (await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [user.tenantId]))[0].name });
    const p = await loginAs(t, plain);
    expect((await p.agent.get(`/admin/questionnaires/${id}`)).status).toBe(403);
    expect((await p.agent.post(`/admin/questionnaire-answers/${a.id}/remove`).set(XHR).send({ _csrf_token: p.csrf })).status).toBe(403);
    expect((await p.agent.post(`/admin/questionnaires/${id}/groups/new`).set(XHR).field('_csrf_token', p.csrf).field('questionnaire_group[name]', 'Intrus')
      .field('questionnaire_group[width]', '12').field('questionnaire_group[position]', '2')).status).toBe(403);
    expect((await t.db.dataSource.query('SELECT count(*)::int AS n FROM questionnaire_group WHERE questionnaire_id = $1', [id]))[0].n).toBe(1);
  });

  it('renames a form with its version (409 when stale), 404 for a survey or another company\'s form', async () => {
    const { user, agent, csrf } = await formsAdmin();
    const id = await newForm(user.tenantId, 'Extincteurs');
    const form = await agent.get(`/equipment/forms/${id}/edit`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('value="Extincteurs"');
    const renamed = await agent.post(`/equipment/forms/${id}/edit`).set(XHR).type('form').send({ _csrf_token: csrf, 'vgp_form[name]': 'Extincteurs portatifs', 'vgp_form[version]': '1' });
    expect(renamed.status).toBe(201);
    const stale = await agent.post(`/equipment/forms/${id}/edit`).set(XHR).type('form').send({ _csrf_token: csrf, 'vgp_form[name]': 'Autre nom', 'vgp_form[version]': '1' });
    expect(stale.status).toBe(409);
    expect((await t.db.dataSource.query('SELECT name FROM questionnaire WHERE id = $1', [id]))[0].name).toBe('Extincteurs portatifs');

    const survey = await newForm(user.tenantId, 'Visite chantier', 'survey');
    expect((await agent.get(`/equipment/forms/${survey}/edit`).set(XHR)).status).toBe(404);
    expect((await agent.post(`/equipment/forms/${survey}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    const other = await makeUser(t);
    const foreign = await newForm(other.tenantId, 'Grille d\'une autre société');
    expect((await agent.get(`/equipment/forms/${foreign}/edit`).set(XHR)).status).toBe(404);
    expect((await agent.post(`/equipment/forms/${foreign}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
  });

  it('refuses to delete a form while a controllable or a control uses it, then trashes it', async () => {
    const { user, agent, csrf } = await formsAdmin();
    const id = await newForm(user.tenantId, 'Rayonnages');
    const used = await controllable(user.tenantId, id);
    const refused = await agent.post(`/equipment/forms/${id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(IN_USE);

    // The controllable changed form, but a control carried out on this one still uses it.
    await t.db.dataSource.query('UPDATE vgp_controllable SET form_id = NULL WHERE id = $1', [used]);
    const [control] = await t.db.dataSource.query(
      `INSERT INTO vgp_control (tenant_id, controllable_id, control_date, form_id) VALUES ($1, $2, '2026-11-20', $3) RETURNING id`, [user.tenantId, used, id]);
    expect((await agent.post(`/equipment/forms/${id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(409);
    expect((await t.db.dataSource.query('SELECT deleted_at FROM questionnaire WHERE id = $1', [id]))[0].deleted_at).toBeNull();

    await t.db.dataSource.query('UPDATE vgp_control SET form_id = NULL WHERE id = $1', [control.id]);
    const removed = await agent.post(`/equipment/forms/${id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('La grille a été placée dans la corbeille.');
    const [trashed] = await t.db.dataSource.query(`SELECT 1 FROM trash_item WHERE subject_table = 'questionnaire' AND subject_id = $1`, [id]);
    expect(trashed).toBeTruthy();
    expect((await agent.get('/equipment/forms')).text).not.toContain('data-form="Rayonnages"');
  });

  it('needs vgp.forms on every route', async () => {
    const owner = await makeUser(t);
    const id = await newForm(owner.tenantId, 'Levage');
    const viewer = await makeUser(t, { rights: ['vgp.view', 'vgp.controls_manage', 'admin.nomenclatures'], company: (await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [owner.tenantId]))[0].name });
    const { agent, csrf } = await loginAs(t, viewer);
    expect((await agent.get('/equipment')).text).not.toContain('data-testid="equipment-forms"');
    expect((await agent.get('/equipment/forms')).status).toBe(403);
    expect((await agent.get('/equipment/forms/new').set(XHR)).status).toBe(403);
    expect((await agent.post('/equipment/forms/new').set(XHR).type('form').send({ _csrf_token: csrf, 'vgp_form[name]': 'Intrus' })).status).toBe(403);
    expect((await agent.post(`/equipment/forms/${id}/edit`).set(XHR).type('form').send({ _csrf_token: csrf, 'vgp_form[name]': 'Intrus', 'vgp_form[version]': '1' })).status).toBe(403);
    expect((await agent.post(`/equipment/forms/${id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(403);
    expect((await t.db.dataSource.query('SELECT name, deleted_at FROM questionnaire WHERE id = $1', [id]))[0]).toEqual({ name: 'Levage', deleted_at: null });
    expect((await t.db.dataSource.query(`SELECT count(*)::int AS n FROM questionnaire WHERE name = 'Intrus'`))[0].n).toBe(0);
  });
});
