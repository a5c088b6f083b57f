import { createTestApp, type TestApp } from '../../support/app';
import { actor, duPlace, evaluationFields, lastEvaluationId, postForm, storedRating, type Actor, type DuPlace } from './du-fixtures';

/**
 * The rating (seed 000 §9): gross risk = gravity × initial probability, priority risk = gross ×
 * risk control, the priority level the one whose [min, max] range holds it, an empty max open-ended.
 * Default levels: Faible 1–6, Modéré 7–16, Élevé 17–32, Critique 33 and above.
 */
let t: TestApp;
let admin: Actor;
let place: DuPlace;

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, [], { roles: ['super_admin'] });
  place = await duPlace(t, admin.tenantId);
});
afterAll(async () => { await t.close(); });

async function create(fields: Record<string, unknown>): Promise<number> {
  const res = await postForm(admin, '/unique-document/evaluations/new', 'risk_evaluation', fields);
  expect(res.status).toBe(201);
  return lastEvaluationId(t, admin.tenantId);
}

describe('rating, one hand-computed example per default level', () => {
  it.each([
    // gravity × probability = gross; × control = priority → level
    ['Modérée', 'Possible', 'Bonne', 4, 4, 'Faible'], // 2 × 2 = 4; × 1 = 4 (1–6)
    ['Grave', 'Possible', 'Moyenne', 6, 12, 'Modéré'], // 3 × 2 = 6; × 2 = 12 (7–16)
    ['Très grave', 'Probable', 'Moyenne', 12, 24, 'Élevé'], // 4 × 3 = 12; × 2 = 24 (17–32)
    ['Très grave', 'Très probable', 'Nulle', 16, 64, 'Critique'], // 4 × 4 = 16; × 4 = 64 (33 and above: the open max)
  ])('%s × %s, control %s: gross %i, priority %i, level %s', async (g, p, c, gross, priority, level) => {
    const id = await create(await evaluationFields(place, { g, p, c }));
    expect(await storedRating(t, id)).toMatchObject({ gross, priority, level });
    const page = await admin.agent.get(`/unique-document/evaluations/${id}`);
    expect(page.text).toContain(`data-testid="du-gross-risk">${gross}<`);
    expect(page.text).toContain(`data-testid="du-priority-risk">${priority}<`);
    expect(page.text).toMatch(new RegExp(`data-testid="du-priority-level">\\s*<span class="badge border" style="[^"]*" data-level="${level}"`));
  });

  it('never reads the figures from the form (the server recomputes them)', async () => {
    const id = await create(await evaluationFields(place, { g: 'Faible', p: 'Improbable', c: 'Bonne' }, { grossRisk: 99, priorityRisk: 999, priorityLevelId: await place.level('Critique') }));
    expect(await storedRating(t, id)).toMatchObject({ gross: 1, priority: 1, level: 'Faible' });
  });
});

describe('level boundaries: at each min and max, one below and one above', () => {
  // A gravity valued N, probability 1 (Improbable) and control 1 (Bonne) give a priority risk of N.
  const cases: Array<[number, string | null]> = [
    [0, null], [1, 'Faible'], [2, 'Faible'], // Faible's min (1)
    [5, 'Faible'], [6, 'Faible'], [7, 'Modéré'], // Faible's max (6), Modéré's min (7)
    [8, 'Modéré'], [15, 'Modéré'], [16, 'Modéré'], [17, 'Élevé'], // Modéré's max (16), Élevé's min (17)
    [18, 'Élevé'], [31, 'Élevé'], [32, 'Élevé'], [33, 'Critique'], // Élevé's max (32), Critique's min (33)
    [34, 'Critique'], [1000, 'Critique'], // no upper limit
  ];

  it.each(cases)('priority risk %i has level %s', async (n, level) => {
    const res = await postForm(admin, '/unique-document/nomenclatures/gravity/new', 'du_scale_value', { label: `Gravité ${n}`, valuation: n, color: '#123456' });
    expect(res.status).toBe(201);
    const g = `Gravité ${n}`;
    const id = await create(await evaluationFields(place, { g, p: 'Improbable', c: 'Bonne' }));
    expect(await storedRating(t, id)).toMatchObject({ gross: n, priority: n, level });
  });
});

describe('recomputed when the nomenclatures change', () => {
  it('a new valuation of a scale value moves the evaluations that use it', async () => {
    const fresh = await actor(t, [], { roles: ['super_admin'] });
    const p = await duPlace(t, fresh.tenantId);
    const res = await postForm(fresh, '/unique-document/evaluations/new', 'risk_evaluation', await evaluationFields(p, { g: 'Grave', p: 'Possible', c: 'Moyenne' }));
    expect(res.status).toBe(201);
    const id = await lastEvaluationId(t, fresh.tenantId);
    expect(await storedRating(t, id)).toMatchObject({ priority: 12, level: 'Modéré' });
    const grave = await p.scale('gravity', 'Grave');
    const edit = await postForm(fresh, `/unique-document/scale-values/${grave}/edit`, 'du_scale_value', { label: 'Grave', valuation: 5, color: '#fd7e14', version: 1 });
    expect(edit.status).toBe(201);
    // 5 × 2 × 2 = 20: Élevé; the evaluation's own version is untouched (derived figures).
    expect(await storedRating(t, id)).toMatchObject({ gross: 10, priority: 20, level: 'Élevé', version: 1 });
  });
});
