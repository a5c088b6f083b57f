import { createTestApp, type TestApp } from '../../../support/app';
import { TOP_GROUPS } from '../../../../server/modules/risk-evaluation/indicators/indicators.widgets';
import { actor, companyOf, duPlace, evaluationFields, lastEvaluationId, postForm, type Actor, type DuPlace } from '../du-fixtures';

/** Issue 23 item 10: the document's widgets, counts per priority level by work unit, family, workstation and entity. */
let t: TestApp;
let admin: Actor;
let place: DuPlace;
let company: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, [], { roles: ['super_admin'] });
  place = await duPlace(t, admin.tenantId);
  company = await companyOf(t, admin.tenantId);
});
afterAll(async () => { await t.close(); });

type Rating = { g: string; p: string; c: string };
// Hand-computed with the defaults: 1×1×1 = 1 Faible; 3×2×2 = 12 Modéré; 4×4×4 = 64 Critique.
const FAIBLE: Rating = { g: 'Faible', p: 'Improbable', c: 'Bonne' };
const MODERE: Rating = { g: 'Grave', p: 'Possible', c: 'Moyenne' };
const CRITIQUE: Rating = { g: 'Très grave', p: 'Très probable', c: 'Nulle' };

async function evaluation(a: Actor, p: DuPlace, rating: Rating, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await postForm(a, '/unique-document/evaluations/new', 'risk_evaluation', await evaluationFields(p, rating, extra));
  expect(res.status).toBe(201);
  return lastEvaluationId(t, a.tenantId);
}

const levels = (body: any) => Object.fromEntries(body.series.map((s: any) => [s.label, s.data]));

describe('risk evaluation widgets', () => {
  it('count the current lines per work unit and level, stacked in the levels\' colours, most lines first, archived and trashed left out', async () => {
    await evaluation(admin, place, FAIBLE);
    await evaluation(admin, place, CRITIQUE);
    await evaluation(admin, place, CRITIQUE, { workUnitId: place.otherUnitId });
    await evaluation(admin, place, MODERE, { workUnitId: place.otherUnitId });
    await evaluation(admin, place, MODERE, { workUnitId: place.otherUnitId });
    const archived = await evaluation(admin, place, CRITIQUE);
    const trashed = await evaluation(admin, place, CRITIQUE);
    await t.db.dataSource.query('UPDATE risk_evaluation SET archived = true WHERE id = $1', [archived]);
    await t.db.dataSource.query('UPDATE risk_evaluation SET deleted_at = now() WHERE id = $1', [trashed]);
    // Another company's lines never count.
    const stranger = await actor(t, [], { roles: ['super_admin'] });
    await evaluation(stranger, await duPlace(t, stranger.tenantId), CRITIQUE);

    const res = await admin.agent.get('/dashboard/risk-evaluation/by-work-unit');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.labels).toEqual(['Quais de chargement', 'Atelier usinage']);
    expect(res.body.stacked).toBe(true);
    expect(res.body.total).toBe(5);
    expect(levels(res.body)).toEqual({ Faible: [0, 1], Modéré: [2, 0], Élevé: [0, 0], Critique: [1, 1] });
    const [critique] = await t.db.dataSource.query('SELECT color FROM du_priority_level WHERE tenant_id = $1 AND label = $2', [admin.tenantId, 'Critique']);
    expect(res.body.series.find((s: any) => s.label === 'Critique').color).toBe(critique.color);
    expect(res.body.links).toEqual([`/unique-document?workUnit=${place.otherUnitId}`, `/unique-document?workUnit=${place.workUnitId}`]);

    const family = await admin.agent.get('/dashboard/risk-evaluation/by-danger-family');
    expect(family.body.labels).toEqual(['Machines et outils']);
    expect(levels(family.body)).toEqual({ Faible: [1], Modéré: [2], Élevé: [0], Critique: [2] });
    const entity = await admin.agent.get('/dashboard/risk-evaluation/by-hierarchy');
    expect(entity.body.labels).toEqual(['Usine de Lyon']);
    expect(entity.body.links).toEqual([`/unique-document?item=${place.siteId}`]);
    const ws = await admin.agent.get('/dashboard/risk-evaluation/by-workstation');
    expect(ws.body.labels).toEqual(['Sans poste de travail']);
    expect(ws.body.links).toBeUndefined();
  });

  it('put a line whose priority risk no level covers under « Aucun niveau », in grey', async () => {
    const boss = await actor(t, [], { roles: ['super_admin'] });
    const p = await duPlace(t, boss.tenantId);
    const id = await evaluation(boss, p, MODERE);
    await t.db.dataSource.query('UPDATE risk_evaluation SET priority_level_id = NULL WHERE id = $1', [id]);
    const res = await boss.agent.get('/dashboard/risk-evaluation/by-work-unit');
    expect(res.body.series.at(-1)).toEqual({ label: 'Aucun niveau', data: [1], color: '#adb5bd' });
  });

  it(`show ${TOP_GROUPS} groups and put the others together: at ${TOP_GROUPS} none, at ${TOP_GROUPS + 1} one « Autres »`, async () => {
    const boss = await actor(t, [], { roles: ['super_admin'] });
    const p = await duPlace(t, boss.tenantId);
    const units: number[] = [];
    for (let i = 0; i < TOP_GROUPS + 1; i++) {
      const [u] = await t.db.dataSource.query('INSERT INTO work_unit (tenant_id, name) VALUES ($1, $2) RETURNING id', [boss.tenantId, `Unité ${String(i).padStart(2, '0')}`]);
      units.push(u.id);
    }
    for (const u of units.slice(0, TOP_GROUPS - 2)) await evaluation(boss, p, FAIBLE, { workUnitId: u });
    // The two fixture units hold lines too: TOP_GROUPS groups exactly.
    await evaluation(boss, p, FAIBLE);
    await evaluation(boss, p, FAIBLE, { workUnitId: p.otherUnitId });
    let res = await boss.agent.get('/dashboard/risk-evaluation/by-work-unit');
    expect(res.body.labels).toHaveLength(TOP_GROUPS);
    expect(res.body.labels).not.toContain('Autres (1)');
    await evaluation(boss, p, CRITIQUE, { workUnitId: units[TOP_GROUPS - 2] });
    res = await boss.agent.get('/dashboard/risk-evaluation/by-work-unit');
    expect(res.body.labels).toHaveLength(TOP_GROUPS + 1);
    expect(res.body.labels.at(-1)).toBe('Autres (1)');
    expect(res.body.links.at(-1)).toBeNull();
    expect(res.body.total).toBe(TOP_GROUPS + 1);
  });

  it('keep to the user\'s scope, need unique_document.view, and are drawn on the indicators page reached from the list', async () => {
    const elsewhere = await evaluation(admin, place, CRITIQUE, { hierarchyItemId: place.otherSiteId });
    const local = await actor(t, ['unique_document.view'], { company });
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [local.id, place.siteId, local.tenantId]);
    const mine = await local.agent.get('/dashboard/risk-evaluation/by-hierarchy');
    expect(mine.status).toBe(200);
    expect(mine.body.labels).toEqual(['Usine de Lyon']);
    const all = await admin.agent.get('/dashboard/risk-evaluation/by-hierarchy');
    expect(all.body.labels).toContain('Entrepôt de Nantes');
    expect(elsewhere).toBeGreaterThan(0);

    const nobody = await actor(t, ['action.view'], { company });
    for (const slug of ['by-work-unit', 'by-danger-family', 'by-workstation', 'by-hierarchy']) {
      expect((await nobody.agent.get(`/dashboard/risk-evaluation/${slug}`)).status).toBe(403);
    }
    expect((await nobody.agent.get('/unique-document/indicators')).status).toBe(403);

    const page = await local.agent.get('/unique-document/indicators');
    expect(page.status).toBe(200);
    for (const slug of ['by-work-unit', 'by-danger-family', 'by-workstation', 'by-hierarchy']) expect(page.text).toContain(`/dashboard/risk-evaluation/${slug}`);
    expect(page.text).toContain('data-island="dashboard-widget"');
    const list = await local.agent.get('/unique-document');
    expect(list.text).toContain('href="/unique-document/indicators"');
  });
});
