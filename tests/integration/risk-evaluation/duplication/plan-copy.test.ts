import { createTestApp, type TestApp } from '../../../support/app';
import { actor, companyOf, duPlace, fieldError, postForm, XHR, type Actor, type DuPlace } from '../du-fixtures';

/** Issue 23 item 9 (seed 000 §2): the risks of a prevention plan's analysis copied into the DU of the plan's entity. */
let t: TestApp;
let admin: Actor;
let place: DuPlace;
let company: string;

const FORM = 'du_plan_copy';
const one = async (sql: string, params: unknown[]) => (await t.db.dataSource.query(sql, params))[0].id as number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, [], { roles: ['super_admin'] });
  place = await duPlace(t, admin.tenantId);
  company = await companyOf(t, admin.tenantId);
});
afterAll(async () => { await t.close(); });

/** A plan on `itemId` whose analysis holds a concerned area with two risks and an area not concerned with one. */
async function planWithAnalysis(a: Actor, itemId: number | null): Promise<{ planId: number; keys: string[]; skipped: string }> {
  const planId = await one(`INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, hierarchy_item_id) VALUES ($1, $2, 'Maintenance des presses', $3, $4) RETURNING id`,
    [a.tenantId, `PDP-DU-${Date.now() % 1e7}-${Math.floor(Math.random() * 1000)}`, a.id, itemId]);
  const analysis = await one(`INSERT INTO risk_analysis (tenant_id, subject_type, subject_id) VALUES ($1, 'prevention_plan', $2) RETURNING id`, [a.tenantId, planId]);
  const area = await one(`INSERT INTO risk_analysis_area (tenant_id, analysis_id, name, position, concerned) VALUES ($1, $2, 'Zone presses', 1, true) RETURNING id`, [a.tenantId, analysis]);
  const out = await one(`INSERT INTO risk_analysis_area (tenant_id, analysis_id, name, position, concerned) VALUES ($1, $2, 'Toiture', 2, false) RETURNING id`, [a.tenantId, analysis]);
  const risks: number[] = [];
  for (const label of ['Écrasement par le coulisseau', 'Bruit des presses', 'Chute depuis la toiture']) {
    risks.push(await one('INSERT INTO risk (tenant_id, label) VALUES ($1, $2) RETURNING id', [a.tenantId, label]));
  }
  await t.db.dataSource.query('INSERT INTO risk_analysis_area_risk (area_id, risk_id, tenant_id) VALUES ($1, $2, $4), ($1, $3, $4), ($5, $6, $4)', [area, risks[0], risks[1], a.tenantId, out, risks[2]]);
  return { planId, keys: [`${area}-${risks[1]}`, `${area}-${risks[0]}`], skipped: `${out}-${risks[2]}` };
}

async function shared(p: DuPlace) {
  return {
    workUnitId: p.workUnitId, dangerFamilyId: await p.family('Machines et outils'),
    gravityId: await p.scale('gravity', 'Très grave'), probabilityId: await p.scale('probability', 'Possible'), controlId: await p.scale('control', 'Insuffisante'),
  };
}

describe('risk_evaluation_plan_duplicate', () => {
  it('offers the concerned areas\' risks and copies the chosen ones into the document of the plan\'s entity, rated on save', async () => {
    const { planId, keys, skipped } = await planWithAnalysis(admin, place.siteId);
    const form = await admin.agent.get(`/unique-document/from-plan/${planId}`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Écrasement par le coulisseau');
    expect(form.text).not.toContain('Chute depuis la toiture');
    expect(form.text).toContain('« Usine de Lyon »');

    const res = await postForm(admin, `/unique-document/from-plan/${planId}`, FORM, { keys: [keys[1]], ...(await shared(place)) });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('1 risque(s) copié(s) dans le document unique.');
    const [pdp] = await t.db.dataSource.query('SELECT pdp_number FROM prevention_plan WHERE id = $1', [planId]);
    const rows = await t.db.dataSource.query(
      `SELECT e.dangerous_situation, e.hierarchy_item_id, e.gross_risk, e.priority_risk, l.label AS level FROM risk_evaluation e LEFT JOIN du_priority_level l ON l.id = e.priority_level_id
        WHERE e.tenant_id = $1 AND e.dangerous_situation LIKE $2`, [admin.tenantId, `%(${pdp.pdp_number})`]);
    // 4 × 2 = 8; × 3 = 24: Élevé (17 to 32).
    expect(rows).toEqual([{ dangerous_situation: `Zone presses : Écrasement par le coulisseau (${pdp.pdp_number})`, hierarchy_item_id: place.siteId, gross_risk: 8, priority_risk: 24, level: 'Élevé' }]);

    // A risk of an area not concerned is not on offer: nothing is copied.
    const bad = await postForm(admin, `/unique-document/from-plan/${planId}`, FORM, { keys: [keys[0], skipped], ...(await shared(place)) });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('data-testid="du-plan-copy-error">Cette valeur doit être l&#39;un des choix proposés.<');
  });

  it('says « Veuillez effectuer une sélection » without a risk, keeps the choices with French messages, and refuses without the CSRF token', async () => {
    const { planId, keys } = await planWithAnalysis(admin, place.siteId);
    const none = await postForm(admin, `/unique-document/from-plan/${planId}`, FORM, { ...(await shared(place)) });
    expect(none.status).toBe(200);
    expect(none.text).toContain('Veuillez effectuer une sélection');
    const missing = await postForm(admin, `/unique-document/from-plan/${planId}`, FORM, { keys, ...(await shared(place)), gravityId: '' });
    expect(missing.status).toBe(200);
    expect(fieldError(missing.text, 'gravityId')).toBe('Veuillez renseigner ce champ.');
    expect(missing.text).toMatch(new RegExp(`value="${keys[0]}" checked`));
    const wrongScale = await postForm(admin, `/unique-document/from-plan/${planId}`, FORM, { keys, ...(await shared(place)), gravityId: await place.scale('control', 'Bonne') });
    expect(fieldError(wrongScale.text, 'gravityId')).toBe('Cette valeur doit être l\'un des choix proposés.');
    expect((await postForm(admin, `/unique-document/from-plan/${planId}`, FORM, { keys, ...(await shared(place)) }, 'wrong')).status).toBe(403);
  });

  it('answers 404 for another company\'s plan, 403 without the add right, and refuses a plan without an entity in the user\'s scope', async () => {
    const { planId, keys } = await planWithAnalysis(admin, place.siteId);
    const stranger = await actor(t, [], { roles: ['super_admin'] });
    const theirs = await duPlace(t, stranger.tenantId);
    expect((await stranger.agent.get(`/unique-document/from-plan/${planId}`).set(XHR)).status).toBe(404);
    expect((await postForm(stranger, `/unique-document/from-plan/${planId}`, FORM, { keys, ...(await shared(theirs)) })).status).toBe(404);
    const viewer = await actor(t, ['unique_document.view', 'pdp.view'], { company });
    expect((await viewer.agent.get(`/unique-document/from-plan/${planId}`).set(XHR)).status).toBe(403);

    const orphan = await planWithAnalysis(admin, null);
    const res = await admin.agent.get(`/unique-document/from-plan/${orphan.planId}`).set(XHR);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Ce plan n\'a pas d\'entité de votre périmètre : ses risques ne peuvent pas être copiés dans le document unique.');
  });

  it('is a tab of the plan page for those who may add evaluations', async () => {
    const { planId } = await planWithAnalysis(admin, place.siteId);
    const page = await admin.agent.get(`/prevention-plan/${planId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="plan-tab-unique_document"');
    expect(page.text).toContain(`href="/unique-document/from-plan/${planId}"`);
  });
});
