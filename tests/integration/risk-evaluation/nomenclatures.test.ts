import { createTestApp, type TestApp } from '../../support/app';
import { actor, duPlace, evaluationFields, fieldError, postEmpty, postForm, XHR, type Actor, type DuPlace } from './du-fixtures';

/** The nomenclatures of the unique risk document: defaults per company, level ranges, deletion refusals. */
let t: TestApp;
let admin: Actor;
let place: DuPlace;

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, [], { roles: ['super_admin'] });
  place = await duPlace(t, admin.tenantId);
});
afterAll(async () => { await t.close(); });

type Row = { id?: number; version?: number; label: string; minValue: number | string; maxValue: number | string; color?: string; remove?: boolean };

/** Posts the whole set of levels. */
function postLevels(a: Actor, rows: Row[]) {
  const body = new URLSearchParams({ _csrf_token: a.csrf });
  rows.forEach((r, i) => {
    const n = (f: string) => `du_priority_levels[levels][${i}][${f}]`;
    if (r.id) { body.append(n('id'), String(r.id)); body.append(n('version'), String(r.version ?? 1)); }
    body.append(n('label'), r.label);
    body.append(n('minValue'), String(r.minValue));
    body.append(n('maxValue'), String(r.maxValue));
    body.append(n('color'), r.color ?? '#198754');
    if (r.remove) body.append(n('remove'), '1');
  });
  return a.agent.post('/unique-document/priority-levels/edit').set(XHR).type('form').send(body.toString());
}

async function levels(tenantId: number): Promise<Array<{ id: number; label: string; min_value: number; max_value: number | null; version: number }>> {
  return t.db.dataSource.query('SELECT id, label, min_value, max_value, version FROM du_priority_level WHERE tenant_id = $1 ORDER BY min_value', [tenantId]);
}

const decode = (html: string) => html.replace(/&#34;|&quot;/g, '"').replace(/&#39;/g, "'");

describe('French defaults', () => {
  it('a new company finds the 4 × 4 grid, the control scale, four levels and the INRS danger families on its first visit', async () => {
    const fresh = await actor(t, ['admin.nomenclatures']);
    const gravity = await fresh.agent.get('/unique-document/nomenclatures');
    expect(gravity.status).toBe(200);
    for (const label of ['Faible', 'Modérée', 'Grave', 'Très grave']) expect(gravity.text).toContain(`data-row="${label}"`);
    const probability = await fresh.agent.get('/unique-document/nomenclatures/probability');
    for (const label of ['Improbable', 'Possible', 'Probable', 'Très probable']) expect(probability.text).toContain(`data-row="${label}"`);
    const control = await fresh.agent.get('/unique-document/nomenclatures/control');
    for (const label of ['Bonne', 'Moyenne', 'Insuffisante', 'Nulle']) expect(control.text).toContain(`data-row="${label}"`);
    // Each list is seeded when first read: the levels are not there before their page.
    expect(await levels(fresh.tenantId)).toEqual([]);
    await fresh.agent.get('/unique-document/nomenclatures/priority_level');
    expect((await levels(fresh.tenantId)).map((l) => [l.label, l.min_value, l.max_value]))
      .toEqual([['Faible', 1, 6], ['Modéré', 7, 16], ['Élevé', 17, 32], ['Critique', 33, null]]);
    const families = await fresh.agent.get('/unique-document/nomenclatures/danger_family');
    for (const label of ['Chutes de plain-pied', 'Chutes de hauteur', 'Manutentions manuelles', 'Produits chimiques, émissions et déchets', 'Bruit', 'Risques psychosociaux', 'Travail sur écran'])
      expect(decode(families.text)).toContain(`data-row="${label}"`);
    const risks = await fresh.agent.get('/unique-document/nomenclatures/risk');
    expect(decode(risks.text)).toContain('Entorse, Fracture, Contusion');
  });

  it('defaults a company removed never come back', async () => {
    const fresh = await actor(t, ['admin.nomenclatures']);
    await fresh.agent.get('/unique-document/nomenclatures');
    const [faible] = await t.db.dataSource.query(`SELECT id FROM du_scale_value WHERE tenant_id = $1 AND kind = 'gravity' AND label = 'Faible'`, [fresh.tenantId]);
    expect((await postEmpty(fresh, `/unique-document/scale-values/${faible.id}/delete`)).status).toBe(200);
    const again = await fresh.agent.get('/unique-document/nomenclatures');
    expect(again.text).not.toContain('data-row="Faible"');
    expect(again.text).toContain('data-row="Modérée"');
  });
});

describe('priority levels', () => {
  it('refuses overlapping ranges with a French message, keeping what was typed', async () => {
    const tenant = await actor(t, [], { roles: ['super_admin'] });
    await tenant.agent.get('/unique-document/nomenclatures/priority_level');
    const [a, b, c, d] = await levels(tenant.tenantId);
    const res = await postLevels(tenant, [
      { ...a, minValue: 1, maxValue: 6 }, { ...b, minValue: 7, maxValue: 20 }, { ...c, minValue: 17, maxValue: 32 }, { ...d, minValue: 33, maxValue: '' },
    ].map((r) => ({ id: r.id, version: r.version, label: r.label, minValue: r.minValue, maxValue: r.maxValue })));
    expect(res.status).toBe(200);
    expect(decode(res.text)).toContain('Les plages des niveaux « Modéré » (de 7 à 20) et « Élevé » (de 17 à 32) se chevauchent.');
    expect(res.text).toContain('value="20"');
    expect((await levels(tenant.tenantId)).map((l) => l.max_value)).toEqual([6, 16, 32, null]);
  });

  it('refuses a range after an open-ended one (it overlaps)', async () => {
    const tenant = await actor(t, [], { roles: ['super_admin'] });
    await tenant.agent.get('/unique-document/nomenclatures/priority_level');
    const rows = (await levels(tenant.tenantId)).map((l) => ({ id: l.id, version: l.version, label: l.label, minValue: l.min_value, maxValue: l.max_value ?? '' as number | string }));
    const res = await postLevels(tenant, [...rows, { label: 'Inacceptable', minValue: 100, maxValue: '' }]);
    expect(decode(res.text)).toContain('Les plages des niveaux « Critique » (à partir de 33) et « Inacceptable » (à partir de 100) se chevauchent.');
  });

  it('refuses a gap between two ranges', async () => {
    const tenant = await actor(t, [], { roles: ['super_admin'] });
    await tenant.agent.get('/unique-document/nomenclatures/priority_level');
    const rows = (await levels(tenant.tenantId)).map((l) => ({ id: l.id, version: l.version, label: l.label, minValue: l.min_value, maxValue: l.max_value ?? '' as number | string }));
    rows[1].maxValue = 14; // Modéré 7–14, Élevé from 17: 15 and 16 have no level
    const res = await postLevels(tenant, rows);
    expect(res.status).toBe(200);
    expect(decode(res.text)).toContain('Aucun niveau ne couvre les valeurs de 15 à 16 : les plages doivent se suivre sans trou.');
  });

  it('moves a bound shared by two levels in one save, and recomputes the evaluations', async () => {
    const tenant = await actor(t, [], { roles: ['super_admin'] });
    const p = await duPlace(t, tenant.tenantId);
    expect((await postForm(tenant, '/unique-document/evaluations/new', 'risk_evaluation', await evaluationFields(p, { g: 'Grave', p: 'Possible', c: 'Moyenne' }))).status).toBe(201);
    const rows = (await levels(tenant.tenantId)).map((l) => ({ id: l.id, version: l.version, label: l.label, minValue: l.min_value, maxValue: l.max_value ?? '' as number | string }));
    rows[0].maxValue = 12; rows[1].minValue = 13; // priority risk 12 moves from Modéré to Faible
    const res = await postLevels(tenant, rows);
    expect(res.status).toBe(201);
    const [e] = await t.db.dataSource.query('SELECT l.label FROM risk_evaluation e JOIN du_priority_level l ON l.id = e.priority_level_id WHERE e.tenant_id = $1', [tenant.tenantId]);
    expect(e.label).toBe('Faible');
  });

  it('refuses to remove a level held by an evaluation (« Suppression impossible »), removes a free one', async () => {
    const tenant = await actor(t, [], { roles: ['super_admin'] });
    const p = await duPlace(t, tenant.tenantId);
    expect((await postForm(tenant, '/unique-document/evaluations/new', 'risk_evaluation', await evaluationFields(p, { g: 'Très grave', p: 'Très probable', c: 'Nulle' }))).status).toBe(201);
    const rows = (await levels(tenant.tenantId)).map((l) => ({ id: l.id, version: l.version, label: l.label, minValue: l.min_value, maxValue: l.max_value ?? '' as number | string, remove: false }));
    const used = await postLevels(tenant, [rows[0], rows[1], { ...rows[2], maxValue: '' }, { ...rows[3], remove: true }]);
    expect(decode(used.text)).toContain('Suppression impossible : le niveau « Critique » est attribué à 1 évaluation(s) des risques.');
    const free = await postLevels(tenant, [rows[0], rows[1], rows[2], { ...rows[3] }, { label: 'Extrême', minValue: 65, maxValue: '' }].map((r, i) => (i === 3 ? { ...r, maxValue: 64 } : r)));
    expect(free.status).toBe(201);
    const after = await levels(tenant.tenantId);
    const fresh = after.map((l) => ({ id: l.id, version: l.version, label: l.label, minValue: l.min_value, maxValue: l.max_value ?? '' as number | string, remove: false }));
    const removed = await postLevels(tenant, [fresh[0], fresh[1], fresh[2], { ...fresh[3], maxValue: '' }, { ...fresh[4], remove: true }]);
    expect(removed.status).toBe(201);
    expect((await levels(tenant.tenantId)).map((l) => l.label)).toEqual(['Faible', 'Modéré', 'Élevé', 'Critique']);
  });

  it('answers 409 when a level was changed meanwhile', async () => {
    const tenant = await actor(t, [], { roles: ['super_admin'] });
    await tenant.agent.get('/unique-document/nomenclatures/priority_level');
    const rows = (await levels(tenant.tenantId)).map((l) => ({ id: l.id, version: l.version, label: l.label, minValue: l.min_value, maxValue: l.max_value ?? '' as number | string }));
    expect((await postLevels(tenant, rows.map((r) => ({ ...r, label: `${r.label} bis` })))).status).toBe(201);
    const stale = await postLevels(tenant, rows);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('modifié par quelqu\'un d\'autre');
  });

  it('refuses a maximum below its minimum at the field', async () => {
    const tenant = await actor(t, [], { roles: ['super_admin'] });
    await tenant.agent.get('/unique-document/nomenclatures/priority_level');
    const rows = (await levels(tenant.tenantId)).map((l) => ({ id: l.id, version: l.version, label: l.label, minValue: l.min_value, maxValue: l.max_value ?? '' as number | string }));
    rows[0].maxValue = 0;
    const res = await postLevels(tenant, rows);
    expect(decode(res.text)).toContain('La valeur maximale doit être supérieure ou égale à la valeur minimale.');
  });
});

describe('a value in use cannot be deleted', () => {
  it('« Suppression impossible » for a gravity, a danger family, a risk and a workstation used by an evaluation; a free one goes to the trash', async () => {
    const fields = await evaluationFields(place, { g: 'Grave', p: 'Probable', c: 'Moyenne' });
    const ws = await postForm(admin, '/unique-document/workstations/new', 'du_workstation', { name: 'Tour numérique', hierarchyItemId: place.siteId, workUnitId: place.workUnitId });
    expect(ws.status).toBe(201);
    const [{ id: workstationId }] = await t.db.dataSource.query('SELECT id FROM du_workstation WHERE tenant_id = $1 AND name = $2', [admin.tenantId, 'Tour numérique']);
    expect((await postForm(admin, '/unique-document/evaluations/new', 'risk_evaluation', { ...fields, workstationId })).status).toBe(201);

    const gravity = await postEmpty(admin, `/unique-document/scale-values/${fields.gravityId}/delete`);
    expect(gravity.status).toBe(409);
    expect(gravity.body.message).toBe('Suppression impossible : « Grave » est utilisé par 1 évaluation(s) des risques.');
    const family = await postEmpty(admin, `/unique-document/danger-families/${fields.dangerFamilyId}/delete`);
    expect(family.status).toBe(409);
    expect(family.body.message).toMatch(/^Suppression impossible : la famille « Machines et outils » est utilisée par \d+ évaluation\(s\) ou risque\(s\)\.$/);
    const risk = await postEmpty(admin, `/unique-document/risks/${(fields.riskIds as number[])[0]}/delete`);
    expect(risk.status).toBe(409);
    expect(risk.body.message).toBe('Suppression impossible : « Happement par un élément mobile de machine » est utilisé par 1 évaluation(s) des risques.');
    const station = await postEmpty(admin, `/unique-document/workstations/${workstationId}/delete`);
    expect(station.status).toBe(409);
    expect(station.body.message).toBe('Suppression impossible : le poste « Tour numérique » est utilisé par 1 évaluation(s) des risques.');

    const unused = await place.scale('probability', 'Improbable');
    expect((await postEmpty(admin, `/unique-document/scale-values/${unused}/delete`)).status).toBe(200);
    const [trashed] = await t.db.dataSource.query('SELECT title FROM trash_item WHERE tenant_id = $1 AND subject_table = $2 AND subject_id = $3', [admin.tenantId, 'du_scale_value', unused]);
    expect(trashed.title).toBe('Improbable');
  });

  it('refuses a bad scale value with French messages, keeping what was typed', async () => {
    const res = await postForm(admin, '/unique-document/nomenclatures/control/new', 'du_scale_value', { label: '', valuation: 'beaucoup', color: 'rouge' });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'label')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(res.text, 'valuation')).toBe('Cette valeur n\'est pas valide.');
    expect(fieldError(res.text, 'color')).toBe('Choisissez une couleur au format #rrvvbb.');
    expect(res.text).toContain('value="beaucoup"');
  });
});
