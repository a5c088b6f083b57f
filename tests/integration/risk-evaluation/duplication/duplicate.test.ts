import { createTestApp, type TestApp } from '../../../support/app';
import { actor, companyOf, duPlace, evaluationFields, fieldError, lastEvaluationId, postForm, XHR, type Actor, type DuPlace } from '../du-fixtures';

/** Issue 23 item 4: the bulk duplicate of selected evaluations to another entity. */
let t: TestApp;
let admin: Actor;
let place: DuPlace;
let company: string;

const FORM = 'du_duplicate';
const URL_ = '/unique-document/evaluations/duplicate';

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, [], { roles: ['super_admin'] });
  place = await duPlace(t, admin.tenantId);
  company = await companyOf(t, admin.tenantId);
});
afterAll(async () => { await t.close(); });

async function evaluation(extra: Record<string, unknown> = {}): Promise<number> {
  const res = await postForm(admin, '/unique-document/evaluations/new', 'risk_evaluation', await evaluationFields(place, { g: 'Très grave', p: 'Probable', c: 'Insuffisante' }, extra));
  expect(res.status).toBe(201);
  return lastEvaluationId(t, admin.tenantId);
}

const rowsOn = (itemId: number) => t.db.dataSource.query(
  `SELECT e.dangerous_situation, e.work_unit_id, e.workstation_id, e.gross_risk, e.priority_risk, e.priority_level_id, e.version,
          (SELECT array_agg(risk_id ORDER BY risk_id) FROM risk_evaluation_risk x WHERE x.evaluation_id = e.id) AS risks
     FROM risk_evaluation e WHERE e.hierarchy_item_id = $1 AND e.deleted_at IS NULL ORDER BY e.id`, [itemId]);

describe('risk_evaluation_duplicate', () => {
  it('copies the selected lines to the target entity with their figures, risks and measures; a workstation of another entity is left out', async () => {
    const ws = await postForm(admin, '/unique-document/workstations/new', 'du_workstation', { name: 'Tour Lyon', hierarchyItemId: place.siteId, workUnitId: '' });
    expect(ws.status).toBe(201);
    const [{ id: wsId }] = await t.db.dataSource.query('SELECT id FROM du_workstation WHERE name = $1 AND tenant_id = $2', ['Tour Lyon', admin.tenantId]);
    const a = await evaluation({ workstationId: wsId, technicalMeasures: 'Carter fixe' });
    const b = await evaluation({ dangerousSituation: 'Éjection de copeaux' });

    const form = await admin.agent.get(`${URL_}?ids=${a},${b}`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain(`name="${FORM}[ids][]" value="${a}"`);
    expect(form.text).toContain('Éjection de copeaux');
    expect(form.text).toContain('2 évaluation(s) sélectionnée(s)');

    const res = await postForm(admin, URL_, FORM, { ids: [a, b], targetItemId: place.otherSiteId });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('2 évaluation(s) dupliquée(s) vers « Entrepôt de Nantes ».');
    const copies = await rowsOn(place.otherSiteId);
    const [src] = await rowsOn(place.siteId).then((r: any[]) => r.filter((x) => x.workstation_id === wsId));
    expect(copies).toHaveLength(2);
    expect(copies[0]).toMatchObject({ dangerous_situation: src.dangerous_situation, workstation_id: null, gross_risk: 12, priority_risk: 36, priority_level_id: await place.level('Critique'), risks: src.risks, version: 1 });
    expect(copies[1]).toMatchObject({ dangerous_situation: 'Éjection de copeaux' });
    // The originals are untouched.
    expect((await rowsOn(place.siteId)).length).toBeGreaterThanOrEqual(2);
  });

  it('says « Veuillez effectuer une sélection » without a selection, and keeps the form with a French message without a target', async () => {
    const empty = await admin.agent.get(URL_).set(XHR);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Veuillez effectuer une sélection');
    const posted = await postForm(admin, URL_, FORM, { targetItemId: place.otherSiteId });
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('data-testid="du-duplicate-error">Veuillez effectuer une sélection<');
    const a = await evaluation();
    const noTarget = await postForm(admin, URL_, FORM, { ids: [a], targetItemId: '' });
    expect(noTarget.status).toBe(200);
    expect(fieldError(noTarget.text, 'targetItemId')).toBe('Veuillez renseigner ce champ.');
    expect(noTarget.text).toContain(`value="${a}"`);
    const junk = await postForm(admin, URL_, FORM, { ids: ['abc'], targetItemId: 'x' });
    expect(junk.status).toBe(200);
  });

  it('refuses without the CSRF token or the add right; another company\'s line or entity answers 404 or a French error', async () => {
    const a = await evaluation();
    const before = (await rowsOn(place.otherSiteId)).length;
    expect((await postForm(admin, URL_, FORM, { ids: [a], targetItemId: place.otherSiteId }, 'wrong')).status).toBe(403);
    const viewer = await actor(t, ['unique_document.view', 'unique_document.edit'], { company });
    expect((await postForm(viewer, URL_, FORM, { ids: [a], targetItemId: place.otherSiteId })).status).toBe(403);
    expect((await viewer.agent.get(`${URL_}?ids=${a}`).set(XHR)).status).toBe(403);

    const stranger = await actor(t, ['unique_document.view', 'unique_document.add']);
    const theirs = await duPlace(t, stranger.tenantId);
    expect((await postForm(stranger, URL_, FORM, { ids: [a], targetItemId: theirs.siteId })).status).toBe(404);
    // Our line to their entity: the entity is not on offer.
    const foreign = await postForm(admin, URL_, FORM, { ids: [a], targetItemId: theirs.siteId });
    expect(foreign.status).toBe(200);
    expect(fieldError(foreign.text, 'targetItemId')).toBe('Cette valeur doit être l\'un des choix proposés.');
    expect((await rowsOn(place.otherSiteId)).length).toBe(before);
  });

  it('keeps to the user\'s scope: a line out of it answers 404, an entity out of it is refused', async () => {
    const mine = await evaluation();
    const elsewhere = await evaluation({ hierarchyItemId: place.otherSiteId });
    const local = await actor(t, ['unique_document.view', 'unique_document.add'], { company });
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [local.id, place.siteId, local.tenantId]);
    expect((await postForm(local, URL_, FORM, { ids: [mine, elsewhere], targetItemId: place.buildingId })).status).toBe(404);
    const out = await postForm(local, URL_, FORM, { ids: [mine], targetItemId: place.otherSiteId });
    expect(out.status).toBe(200);
    expect(fieldError(out.text, 'targetItemId')).toBe('Cette valeur doit être l\'un des choix proposés.');
    const ok = await postForm(local, URL_, FORM, { ids: [mine], targetItemId: place.buildingId });
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe('1 évaluation(s) dupliquée(s) vers « Bâtiment A ».');
  });

  it('copies nothing when a selected line holds a value no longer on offer (409, French)', async () => {
    const a = await evaluation();
    const [other] = await t.db.dataSource.query(
      'SELECT r.id FROM du_risk r WHERE r.tenant_id = $1 AND r.danger_family_id = $2 AND r.id <> $3 AND r.deleted_at IS NULL ORDER BY r.id LIMIT 1',
      [admin.tenantId, await place.family('Machines et outils'), await place.risk('Happement par un élément mobile de machine')]);
    const b = await evaluation({ dangerousSituation: 'Bras happé par le mandrin', riskIds: [other.id] });
    const before = (await rowsOn(place.otherSiteId)).length;
    const [risk] = await t.db.dataSource.query('SELECT risk_id FROM risk_evaluation_risk WHERE evaluation_id = $1', [b]);
    await t.db.dataSource.query('UPDATE du_risk SET deleted_at = now() WHERE id = $1', [risk.risk_id]);
    try {
      const res = await postForm(admin, URL_, FORM, { ids: [a, b], targetItemId: place.otherSiteId });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Duplication impossible : l\'évaluation « Bras happé par le mandrin » utilise une valeur qui n\'est plus proposée. Modifiez-la d\'abord.');
      expect((await rowsOn(place.otherSiteId)).length).toBe(before);
    } finally {
      await t.db.dataSource.query('UPDATE du_risk SET deleted_at = NULL WHERE id = $1', [risk.risk_id]);
    }
  });

  it('puts a selection box on each line and the duplicate button above the list, for those who may add', async () => {
    const a = await evaluation();
    const page = await admin.agent.get('/unique-document');
    expect(page.text).toContain(`data-bulk-item value="${a}"`);
    expect(page.text).toContain('data-island="du-duplicate"');
    expect(page.text).toContain('data-testid="du-duplicate"');
    const viewer = await actor(t, ['unique_document.view'], { company });
    const seen = await viewer.agent.get('/unique-document');
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain('data-bulk-item');
    expect(seen.text).not.toContain('data-testid="du-duplicate"');
  });
});
