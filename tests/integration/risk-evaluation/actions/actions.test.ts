import { createTestApp, type TestApp } from '../../../support/app';
import { progressForSources } from '../../../../server/modules/action-plan/action-source-progress';
import { actor, companyOf, duPlace, evaluationFields, lastEvaluationId, postForm, XHR, type Actor, type DuPlace } from '../du-fixtures';

/** Issue 23 item 3: an evaluation's actions through the action plan, and the list's progress column. */
let t: TestApp;
let admin: Actor;
let assignee: Actor;
let place: DuPlace;
let company: string;

const ACTION = 'mfpreventionbundle_action';

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, [], { roles: ['super_admin'] });
  place = await duPlace(t, admin.tenantId);
  company = await companyOf(t, admin.tenantId);
  assignee = await actor(t, ['action.view', 'action.assignable'], { company });
});
afterAll(async () => { await t.close(); });

async function evaluation(a: Actor, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await postForm(a, '/unique-document/evaluations/new', 'risk_evaluation', await evaluationFields(place, { g: 'Grave', p: 'Possible', c: 'Moyenne' }, extra));
  expect(res.status).toBe(201);
  return lastEvaluationId(t, a.tenantId);
}

function quickAdd(a: Actor, id: number, fields: Record<string, string>, csrf = a.csrf) {
  const body: Record<string, string> = { _csrf_token: csrf, _submit: 'SEND' };
  for (const [k, v] of Object.entries(fields)) body[`${ACTION}[${k}]`] = v;
  return a.agent.post(`/action-plan/quick-add/${id}?source=risk_evaluation`).set(XHR).type('form').send(body);
}

describe('risk_evaluation_modal_actions', () => {
  it('lists an evaluation\'s actions with their immediate flag, deadline, status and assignee, and offers to add one', async () => {
    const id = await evaluation(admin);
    const empty = await admin.agent.get(`/unique-document/evaluations/${id}/actions`).set(XHR);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Aucune action pour cette évaluation.');
    expect(empty.text).toContain(`href="/action-plan/quick-add/${id}?source=risk_evaluation"`);

    // The quick add form knows the source and proposes the evaluation's entity.
    const form = await admin.agent.get(`/action-plan/quick-add/${id}?source=risk_evaluation`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain(`Évaluation des risques n°${id} – Intervention dans la zone du tour en rotation`);
    expect(form.text).toContain(`<option value="${place.siteId}" selected>`);

    const res = await quickAdd(admin, id, { comments: 'Poser un carter de protection sur le tour', immediate: '1', deadline: '15/03/2027', assignee: String(assignee.id), hierarchyItem: String(place.siteId) });
    expect(res.status).toBe(201);
    const [stored] = await t.db.dataSource.query('SELECT source_type, source_id, immediate, deadline::text AS deadline, status, assignee_id, hierarchy_item_id FROM action WHERE id = $1', [res.body.id]);
    expect(stored).toEqual({ source_type: 'risk_evaluation', source_id: id, immediate: true, deadline: '2027-03-15', status: 'WAITING', assignee_id: assignee.id, hierarchy_item_id: place.siteId });

    const modal = await admin.agent.get(`/unique-document/evaluations/${id}/actions`).set(XHR);
    expect(modal.status).toBe(200);
    const line = modal.text.slice(modal.text.indexOf(`data-du-action="${res.body.id}"`));
    expect(line).toContain('Poser un carter de protection sur le tour');
    expect(line).toMatch(/<td>Oui<\/td>/);
    expect(line).toContain('15/03/2027');
    expect(line).toContain('En attente de prise en compte');
    expect(line).toContain(`href="/action-plan/${res.body.id}/workflow"`);

    // The action's block links back to the evaluation.
    const block = await admin.agent.get(`/action-plan/${res.body.id}/workflow`).set(XHR);
    expect(block.text).toContain(`href="/unique-document/evaluations/${id}"`);
  });

  it('refuses an action without the CSRF token, and keeps the form with a French message when a required field is missing', async () => {
    const id = await evaluation(admin);
    expect((await quickAdd(admin, id, { comments: 'Sans jeton', assignee: String(assignee.id) }, 'wrong')).status).toBe(403);
    const missing = await quickAdd(admin, id, { comments: 'Former les opérateurs', assignee: '' });
    expect(missing.status).toBe(200);
    expect(missing.text).toContain('Veuillez renseigner ce champ.');
    expect(missing.text).toContain('Former les opérateurs');
    expect(Number((await t.db.dataSource.query(`SELECT count(*) AS n FROM action WHERE source_type = 'risk_evaluation' AND source_id = $1`, [id]))[0].n)).toBe(0);
  });

  it('answers 404 for another company\'s evaluation, a trashed one, or one out of the user\'s scope; 403 without the right', async () => {
    const id = await evaluation(admin);
    const stranger = await actor(t, ['unique_document.view', 'action.add', 'action.view']);
    expect((await stranger.agent.get(`/unique-document/evaluations/${id}/actions`).set(XHR)).status).toBe(404);
    expect((await stranger.agent.get(`/action-plan/quick-add/${id}?source=risk_evaluation`).set(XHR)).status).toBe(404);
    expect((await quickAdd(stranger, id, { comments: 'Intrusion', assignee: String(stranger.id) })).status).toBe(404);

    const elsewhere = await evaluation(admin, { hierarchyItemId: place.otherSiteId });
    const local = await actor(t, ['unique_document.view'], { company });
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [local.id, place.siteId, local.tenantId]);
    expect((await local.agent.get(`/unique-document/evaluations/${id}/actions`).set(XHR)).status).toBe(200);
    expect((await local.agent.get(`/unique-document/evaluations/${elsewhere}/actions`).set(XHR)).status).toBe(404);

    // The action plan's add right does not open an evaluation outside the DU's scope or rights.
    const adderElsewhere = await actor(t, ['unique_document.view', 'action.view', 'action.add'], { company });
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [adderElsewhere.id, place.siteId, adderElsewhere.tenantId]);
    const hidden = await adderElsewhere.agent.get(`/action-plan/quick-add/${elsewhere}?source=risk_evaluation`).set(XHR);
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toContain(`Évaluation des risques n°${elsewhere}`);
    expect((await quickAdd(adderElsewhere, elsewhere, { comments: 'Hors périmètre', assignee: String(assignee.id) })).status).toBe(404);
    expect((await adderElsewhere.agent.get(`/action-plan/quick-add/${id}?source=risk_evaluation`).set(XHR)).status).toBe(200);
    const adderWithoutDu = await actor(t, ['action.view', 'action.add'], { company });
    expect((await adderWithoutDu.agent.get(`/action-plan/quick-add/${id}?source=risk_evaluation`).set(XHR)).status).toBe(404);
    expect((await quickAdd(adderWithoutDu, id, { comments: 'Sans droit sur le DU', assignee: String(assignee.id) })).status).toBe(404);
    expect(Number((await t.db.dataSource.query(`SELECT count(*) AS n FROM action WHERE source_type = 'risk_evaluation' AND source_id = ANY($1)`, [[id, elsewhere]]))[0].n)).toBe(0);

    const noView = await actor(t, ['action.view', 'action.add'], { company });
    expect((await noView.agent.get(`/unique-document/evaluations/${id}/actions`).set(XHR)).status).toBe(403);

    // A viewer of the document without the action plan's add right sees the list, not the button.
    const viewer = await actor(t, ['unique_document.view', 'action.view'], { company });
    const seen = await viewer.agent.get(`/unique-document/evaluations/${id}/actions`).set(XHR);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain('data-testid="du-action-add"');

    await t.db.dataSource.query('UPDATE risk_evaluation SET deleted_at = now() WHERE id = $1', [id]);
    expect((await admin.agent.get(`/unique-document/evaluations/${id}/actions`).set(XHR)).status).toBe(404);
    expect((await admin.agent.get(`/action-plan/quick-add/${id}?source=risk_evaluation`).set(XHR)).status).toBe(404);
  });
});

describe('the document\'s progress column', () => {
  it('shows done / total per line (treated and closed done, abandoned left out), read in one query for the page', async () => {
    const p = await duPlace(t, (await actor(t, [], { roles: ['super_admin'] })).tenantId);
    const boss = await actor(t, [], { roles: ['super_admin'], company: await companyOf(t, p.tenantId) });
    const make = async () => {
      const res = await postForm(boss, '/unique-document/evaluations/new', 'risk_evaluation', await evaluationFields(p, { g: 'Grave', p: 'Possible', c: 'Moyenne' }));
      expect(res.status).toBe(201);
      return lastEvaluationId(t, boss.tenantId);
    };
    const [a, b, c] = [await make(), await make(), await make()];
    const add = (source: number, status: string) => t.db.dataSource.query(
      `INSERT INTO action (tenant_id, status, comments, immediate, level, creator_id, source_type, source_id, version, archived, created_at, updated_at)
       VALUES ($1, $2, 'x', false, 'normal', $3, 'risk_evaluation', $4, 1, false, now(), now())`, [boss.tenantId, status, boss.id, source]);
    for (const s of ['CLOSED', 'PROCESSED', 'IN_PROGRESS', 'ABANDONED']) await add(a, s);
    await add(b, 'WAITING');
    const progress = await progressForSources(t.db.dataSource, boss.tenantId, 'risk_evaluation', [a, b, c]);
    expect(Object.fromEntries(progress)).toEqual({ [a]: { done: 2, total: 3 }, [b]: { done: 0, total: 1 } });
    expect((await progressForSources(t.db.dataSource, boss.tenantId + 100000, 'risk_evaluation', [a])).size).toBe(0);

    const page = await boss.agent.get('/unique-document');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(new RegExp(`href="/unique-document/evaluations/${a}/actions"[^>]*data-testid="du-actions-${a}">2/3<`));
    expect(page.text).toMatch(new RegExp(`data-testid="du-actions-${b}">0/1<`));
    expect(page.text).toMatch(new RegExp(`data-testid="du-actions-${c}">0/0<`));
  });
});
