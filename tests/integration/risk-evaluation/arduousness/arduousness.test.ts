import { createTestApp, type TestApp } from '../../../support/app';
import { actor, companyOf, duPlace, fieldError, postEmpty, postForm, type Actor, type DuPlace } from '../du-fixtures';

/** Arduousness: the C2P defaults, the threshold at its boundary, the constraint re-post, bad input, rights, tenant, CSRF, lock, « Suppression impossible ». */
let t: TestApp;
let admin: Actor;
let place: DuPlace;
let company: string;
const FORM = 'du_arduousness';

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, [], { roles: ['super_admin'] });
  place = await duPlace(t, admin.tenantId);
  company = await companyOf(t, admin.tenantId);
  await admin.agent.get('/unique-document/arduousness/criteria');
});
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params);
async function constraint(criterion: string, start: string): Promise<{ id: number; criterionId: number; threshold: number }> {
  const [r] = await q(`SELECT k.id, k.criterion_id, k.threshold FROM du_arduousness_constraint k JOIN du_arduousness_criterion c ON c.id = k.criterion_id
    WHERE c.tenant_id = $1 AND c.label = $2 AND k.label LIKE $3 || '%'`, [admin.tenantId, criterion, start]);
  return { id: r.id, criterionId: r.criterion_id, threshold: r.threshold };
}
async function employee(tenantId: number, last: string): Promise<number> {
  return (await q('INSERT INTO employee (tenant_id, last_name, first_name) VALUES ($1, $2, $3) RETURNING id', [tenantId, last, 'Alex']))[0].id;
}
async function create(a: Actor, fields: Record<string, unknown>): Promise<number> {
  const res = await postForm(a, '/unique-document/arduousness/new', FORM, { hierarchyItemId: place.siteId, version: 0, ...fields });
  expect(res.status).toBe(201);
  return (await q('SELECT max(id) AS id FROM du_arduousness_exposure WHERE tenant_id = $1', [a.tenantId]))[0].id;
}
const listed = async (a: Actor, query: string) => [...(await a.agent.get(`/unique-document/arduousness${query}`)).text.matchAll(/data-exposure="(\d+)"/g)].map((m) => Number(m[1]));

describe('the six C2P factors', () => {
  it('are given to the company once, with the thresholds of art. D4163-2', async () => {
    const rows = await q(`SELECT c.label, k.threshold, k.unit FROM du_arduousness_criterion c JOIN du_arduousness_constraint k ON k.criterion_id = c.id
      WHERE c.tenant_id = $1 ORDER BY k.id`, [admin.tenantId]);
    expect(rows.map((r: any) => [r.label, r.threshold, r.unit])).toEqual([
      ['Activités exercées en milieu hyperbare', 60, 'interventions ou travaux par an'],
      ['Températures extrêmes', 900, 'heures par an'],
      ['Bruit', 600, 'heures par an'],
      ['Bruit', 120, 'fois par an'],
      ['Travail de nuit', 120, 'nuits par an'],
      ['Travail en équipes successives alternantes', 50, 'nuits par an'],
      ['Travail répétitif', 900, 'heures par an'],
    ]);
    await admin.agent.get('/unique-document/arduousness/criteria');
    expect((await q('SELECT count(*)::int AS n FROM du_arduousness_criterion WHERE tenant_id = $1', [admin.tenantId]))[0].n).toBe(6);
  });
});

describe('the threshold', () => {
  it('flags an exposure of 120 nights (the threshold) and 121, not 119', async () => {
    const night = await constraint('Travail de nuit', 'Une heure');
    const ids: number[] = [];
    for (const duration of [119, 120, 121]) ids.push(await create(admin, { criterionId: night.criterionId, constraintId: night.id, duration, comment: `nuit ${duration}` }));
    const flagged = await listed(admin, '?flagged=1');
    expect(flagged).toEqual(expect.arrayContaining([ids[1], ids[2]]));
    expect(flagged).not.toContain(ids[0]);
    const page = await admin.agent.get('/unique-document/arduousness');
    const line = (id: number) => page.text.split(`data-exposure="${id}"`)[1].split('</tr>')[0];
    expect(line(ids[0])).not.toContain('du-exposure-flagged');
    expect(line(ids[1])).toContain('Seuil atteint');
    expect(line(ids[2])).toContain('Seuil atteint');
  });
});

describe('the form', () => {
  it('re-posts the criterion block and answers the constraints of the chosen criterion', async () => {
    const noise = await constraint('Bruit', 'Niveau');
    const res = await postForm(admin, '/unique-document/arduousness/form', FORM, { criterionId: noise.criterionId });
    expect(res.status).toBe(200);
    expect(res.text.trim().startsWith('<div class="row" data-refresh-url="/unique-document/arduousness/form" data-testid="du-criterion-block">')).toBe(true);
    const options = [...res.text.matchAll(/<option value="\d+"[^>]*>([^<]+)<\/option>/g)].map((m) => m[1]);
    expect(options.filter((o) => o.includes('décibels'))).toHaveLength(2);
    expect(options.some((o) => o.includes('nuits'))).toBe(false);
    expect((await postForm(admin, '/unique-document/arduousness/form', FORM, { criterionId: noise.criterionId }, '')).status).toBe(403);
    const viewer = await actor(t, ['unique_document.view'], { company });
    expect((await postForm(viewer, '/unique-document/arduousness/form', FORM, { criterionId: noise.criterionId })).status).toBe(403);
  });

  it('re-posts the place block and answers the workstations of the chosen entity and of none', async () => {
    for (const [name, item] of [['Quai Lyon', place.siteId], ['Quai Nantes', place.otherSiteId], ['Poste commun', null]] as const) {
      await q('INSERT INTO du_workstation (tenant_id, name, hierarchy_item_id) VALUES ($1, $2, $3)', [admin.tenantId, name, item]);
    }
    const res = await postForm(admin, '/unique-document/arduousness/form', FORM, { _block: 'place', hierarchyItemId: place.otherSiteId });
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="du-arduousness-place-block"');
    const options = [...res.text.matchAll(/<option value="\d+"[^>]*>([^<]+)<\/option>/g)].map((m) => m[1].trim());
    expect(options).toEqual(expect.arrayContaining(['Quai Nantes', 'Poste commun']));
    expect(options).not.toContain('Quai Lyon');
  });

  it('answers bad input with French messages, keeping what was typed', async () => {
    const noise = await constraint('Bruit', 'Niveau');
    const night = await constraint('Travail de nuit', 'Une heure');
    const res = await postForm(admin, '/unique-document/arduousness/new', FORM, { hierarchyItemId: place.siteId, criterionId: noise.criterionId, constraintId: night.id, duration: 'beaucoup', comment: 'Meuleuse' });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'duration')).toBe('Cette valeur n\'est pas valide.');
    expect(res.text).toContain('value="beaucoup"');
    expect(res.text).toContain('Meuleuse');
    const res2 = await postForm(admin, '/unique-document/arduousness/new', FORM, { hierarchyItemId: place.siteId, criterionId: noise.criterionId, constraintId: night.id, duration: 700 });
    expect(fieldError(res2.text, 'constraintId')).toBe('Cette valeur doit être l\'un des choix proposés.');
    const res3 = await postForm(admin, '/unique-document/arduousness/new', FORM, { hierarchyItemId: place.siteId, criterionId: noise.criterionId, constraintId: noise.id, duration: '' });
    expect(fieldError(res3.text, 'duration')).toBe('Veuillez renseigner ce champ.');
  });

  it('saves the staff concerned (employees of the company only) and edits under the optimistic lock', async () => {
    const noise = await constraint('Bruit', 'Niveau');
    const a = await employee(admin.tenantId, 'Durand');
    const b = await employee(admin.tenantId, 'Petit');
    const other = await actor(t, [], { roles: ['super_admin'] });
    const foreign = await employee(other.tenantId, 'Étranger');
    const refused = await postForm(admin, '/unique-document/arduousness/new', FORM, { criterionId: noise.criterionId, constraintId: noise.id, duration: 650, employeeIds: [a, foreign], hierarchyItemId: place.siteId });
    expect(fieldError(refused.text, 'employeeIds')).toBe('Cette valeur doit être l\'un des choix proposés.');
    const id = await create(admin, { criterionId: noise.criterionId, constraintId: noise.id, duration: 650, employeeIds: [a, b] });
    expect((await q('SELECT employee_id FROM du_arduousness_employee WHERE exposure_id = $1 ORDER BY employee_id', [id])).map((r: any) => r.employee_id)).toEqual([a, b]);
    expect((await admin.agent.get('/unique-document/arduousness')).text).toContain('Alex Durand, Alex Petit');
    const edit = { hierarchyItemId: place.siteId, criterionId: noise.criterionId, constraintId: noise.id, duration: 500, employeeIds: [b], version: 1 };
    expect((await postForm(admin, `/unique-document/arduousness/${id}`, FORM, edit)).status).toBe(201);
    expect((await postForm(admin, `/unique-document/arduousness/${id}`, FORM, edit)).status).toBe(409);
    expect((await q('SELECT employee_id FROM du_arduousness_employee WHERE exposure_id = $1', [id])).map((r: any) => r.employee_id)).toEqual([b]);
  });
});

describe('criteria and constraints', () => {
  it('edits a threshold, and refuses to delete a constraint in use: « Suppression impossible »', async () => {
    const heat = await constraint('Températures extrêmes', 'Température');
    await create(admin, { criterionId: heat.criterionId, constraintId: heat.id, duration: 850 });
    const del = await postEmpty(admin, `/unique-document/arduousness/constraints/${heat.id}/delete`);
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/^Suppression impossible : « Température .* » est utilisée par 1 exposition\(s\) à la pénibilité\.$/);
    const edit = await postForm(admin, `/unique-document/arduousness/constraints/${heat.id}`, 'du_arduousness_constraint', { label: 'Température ≤ 5 °C ou ≥ 30 °C', unit: 'heures par an', threshold: 800, version: 1 });
    expect(edit.status).toBe(201);
    expect(await listed(admin, '?flagged=1&criterion=' + heat.criterionId)).toHaveLength(1);
    const created = await postForm(admin, `/unique-document/arduousness/criteria/${heat.criterionId}/constraints/new`, 'du_arduousness_constraint', { label: 'Froid intense', unit: 'heures par an', threshold: 0 });
    expect(fieldError(created.text, 'threshold')).toBe('Cette valeur n\'est pas valide.');
    expect((await postForm(admin, `/unique-document/arduousness/criteria/${heat.criterionId}/constraints/new`, 'du_arduousness_constraint', { label: 'Froid intense', unit: 'heures par an', threshold: 100 })).status).toBe(201);
    const [k] = await q("SELECT id FROM du_arduousness_constraint WHERE label = 'Froid intense' AND tenant_id = $1", [admin.tenantId]);
    expect((await postEmpty(admin, `/unique-document/arduousness/constraints/${k.id}/delete`)).status).toBe(200);
    const other = await actor(t, [], { roles: ['super_admin'] });
    expect((await postEmpty(other, `/unique-document/arduousness/constraints/${heat.id}/delete`)).status).toBe(404);
    const viewer = await actor(t, ['unique_document.view'], { company });
    expect((await postEmpty(viewer, `/unique-document/arduousness/constraints/${heat.id}/delete`)).status).toBe(403);
  });
});

describe('rights, scope, tenant and CSRF', () => {
  it('lets each right do its own part, hides other entities and other companies', async () => {
    const night = await constraint('Travail de nuit', 'Une heure');
    const id = await create(admin, { criterionId: night.criterionId, constraintId: night.id, duration: 10, hierarchyItemId: place.otherSiteId });
    const viewer = await actor(t, ['unique_document.view'], { company });
    const shown = await viewer.agent.get(`/unique-document/arduousness/${id}`).set('X-Requested-With', 'XMLHttpRequest');
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<fieldset class="border-0 p-0 m-0" disabled>');
    expect(shown.text).not.toContain('data-testid="du-save"');
    expect((await postForm(viewer, '/unique-document/arduousness/new', FORM, { hierarchyItemId: place.siteId, criterionId: night.criterionId, constraintId: night.id, duration: 1 })).status).toBe(403);
    expect((await postEmpty(viewer, `/unique-document/arduousness/${id}/archive`)).status).toBe(403);
    expect((await postEmpty(viewer, `/unique-document/arduousness/${id}/delete`)).status).toBe(403);
    const scoped = await actor(t, ['unique_document.view', 'unique_document.edit'], { company });
    await q('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [scoped.id, place.siteId, admin.tenantId]);
    expect((await scoped.agent.get(`/unique-document/arduousness/${id}`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(404);
    expect(await listed(scoped, '')).not.toContain(id);
    const editor = await actor(t, ['unique_document.view', 'unique_document.edit'], { company });
    expect((await postEmpty(editor, `/unique-document/arduousness/${id}/archive`)).status).toBe(200);
    expect(await listed(admin, '?archived=1')).toContain(id);
    expect((await postEmpty(editor, `/unique-document/arduousness/${id}/unarchive`)).status).toBe(200);
    const other = await actor(t, [], { roles: ['super_admin'] });
    expect((await other.agent.get(`/unique-document/arduousness/${id}`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(404);
    expect((await postEmpty(other, `/unique-document/arduousness/${id}/archive`)).status).toBe(404);
    expect((await postForm(admin, `/unique-document/arduousness/${id}/archive`, FORM, {}, '')).status).toBe(403);
    const deleter = await actor(t, ['unique_document.view', 'unique_document.delete'], { company });
    expect((await postEmpty(deleter, `/unique-document/arduousness/${id}/delete`)).status).toBe(200);
    expect(await listed(admin, '')).not.toContain(id);
  });
});
