import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, duPlace, evaluationFields, fieldError, lastEvaluationId, postEmpty, postForm, XHR, type Actor, type DuPlace } from './du-fixtures';

/** The evaluation form: dependent selects, bad input, optimistic lock, rights, scope, the list. */
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

const FORM = 'risk_evaluation';
const decode = (html: string) => html.replace(/&#34;|&quot;/g, '"').replace(/&#39;/g, "'");

async function create(a: Actor, fields: Record<string, unknown>): Promise<number> {
  const res = await postForm(a, '/unique-document/evaluations/new', FORM, fields);
  expect(res.status).toBe(201);
  return lastEvaluationId(t, a.tenantId);
}

async function row(id: number): Promise<Record<string, any>> {
  const [r] = await t.db.dataSource.query('SELECT * FROM risk_evaluation WHERE id = $1', [id]);
  return r;
}

describe('the form re-posted to risk_evaluation_form', () => {
  it('answers the danger block with the risks of the chosen family, each carrying its injuries, and their possible damages', async () => {
    const family = await place.family('Chutes de plain-pied');
    const slip = await place.risk('Glissade sur sol mouillé ou gras');
    const trip = await place.risk('Trébuchement sur un obstacle ou un sol inégal');
    const res = await postForm(admin, '/unique-document/evaluations/form', FORM, { _block: 'danger', dangerFamilyId: family, riskIds: [slip, trip] });
    expect(res.status).toBe(200);
    const html = decode(res.text);
    expect(html.trim().startsWith('<div class="row" data-refresh-url="/unique-document/evaluations/form" data-testid="du-danger-block">')).toBe(true);
    expect(html).toContain(`<option value="${slip}" selected data-injuries="Entorse|Fracture|Contusion">Glissade sur sol mouillé ou gras</option>`);
    expect(html).toContain('data-injuries="Entorse|Contusion|Plaie"');
    expect(html).not.toContain('Chute depuis un escabeau');
    // The de-duplicated union of the two risks' injuries, comma-joined.
    expect(html).toMatch(/data-testid="du-possible-damages">Entorse, Fracture, Contusion, Plaie</);
  });

  it('answers the place block with the workstations of the chosen entity and work unit (and those tied to none)', async () => {
    for (const [name, item, unit] of [['Tour', place.siteId, place.workUnitId], ['Cariste', place.siteId, place.otherUnitId], ['Bureau partagé', null, null], ['Poste Nantes', place.otherSiteId, null]] as const) {
      expect((await postForm(admin, '/unique-document/workstations/new', 'du_workstation', { name, hierarchyItemId: item ?? '', workUnitId: unit ?? '' })).status).toBe(201);
    }
    const res = await postForm(admin, '/unique-document/evaluations/form', FORM, { _block: 'place', hierarchyItemId: place.siteId, workUnitId: place.workUnitId });
    expect(res.status).toBe(200);
    const options = [...res.text.matchAll(/<option value="\d+"[^>]*>([^<]+)<\/option>/g)].map((m) => m[1]);
    expect(options).toEqual(expect.arrayContaining(['Tour', 'Bureau partagé']));
    expect(options).not.toContain('Cariste');
    expect(options).not.toContain('Poste Nantes');
    const nantes = await postForm(admin, '/unique-document/evaluations/form', FORM, { _block: 'place', hierarchyItemId: place.otherSiteId, workUnitId: place.otherUnitId });
    const there = [...nantes.text.matchAll(/<option value="\d+"[^>]*>([^<]+)<\/option>/g)].map((m) => m[1]);
    expect(there).toEqual(expect.arrayContaining(['Poste Nantes', 'Bureau partagé']));
    expect(there).not.toContain('Tour');
  });

  it('refuses the re-post without the CSRF token, and to a user who may neither add nor edit', async () => {
    expect((await postForm(admin, '/unique-document/evaluations/form', FORM, { _block: 'danger' }, '')).status).toBe(403);
    const viewer = await actor(t, ['unique_document.view'], { company });
    expect((await postForm(viewer, '/unique-document/evaluations/form', FORM, { _block: 'danger' })).status).toBe(403);
  });
});

describe('saving', () => {
  it('answers bad input with French messages, keeping what was typed', async () => {
    const res = await postForm(admin, '/unique-document/evaluations/new', FORM, {
      hierarchyItemId: place.siteId, workUnitId: '', dangerFamilyId: await place.family('Bruit'), dangerousSituation: '   ',
      gravityId: await place.scale('gravity', 'Grave'), probabilityId: 'abc', controlId: '', frequency: 'Tous les jours', exposureModalities: 'Atelier entier',
    });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'workUnitId')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(res.text, 'dangerousSituation')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(res.text, 'probabilityId')).toBe('Cette valeur n\'est pas valide.');
    expect(fieldError(res.text, 'controlId')).toBe('Veuillez renseigner ce champ.');
    expect(res.text).toContain('value="Tous les jours"');
    expect(res.text).toContain('>Atelier entier</textarea>');
    expect(res.text).toMatch(new RegExp(`<option value="${await place.scale('gravity', 'Grave')}" selected`));
  });

  it('refuses ids that are not on offer: another scale\'s value, a risk of another family, another company\'s entity', async () => {
    const other = await actor(t, [], { roles: ['super_admin'] });
    const otherPlace = await duPlace(t, other.tenantId);
    const fields = await evaluationFields(place, { g: 'Grave', p: 'Possible', c: 'Moyenne' }, {
      gravityId: await place.scale('control', 'Nulle'), riskIds: [await place.risk('Exposition au bruit des machines')], hierarchyItemId: otherPlace.siteId,
    });
    const res = await postForm(admin, '/unique-document/evaluations/new', FORM, fields);
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'gravityId')).toBe('Cette valeur doit être l\'un des choix proposés.');
    expect(fieldError(res.text, 'riskIds')).toBe('Cette valeur doit être l\'un des choix proposés.');
    expect(fieldError(res.text, 'hierarchyItemId')).toBe('Cette valeur doit être l\'un des choix proposés.');
  });

  it('answers 409 on a stale version, and 201 with the current one', async () => {
    const id = await create(admin, await evaluationFields(place, { g: 'Grave', p: 'Possible', c: 'Moyenne' }));
    const fields = await evaluationFields(place, { g: 'Grave', p: 'Probable', c: 'Moyenne' }, { version: 1 });
    expect((await postForm(admin, `/unique-document/evaluations/${id}`, FORM, fields)).status).toBe(201);
    const stale = await postForm(admin, `/unique-document/evaluations/${id}`, FORM, { ...fields, dangerousSituation: 'Autre' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('modifié par quelqu\'un d\'autre');
    expect((await row(id)).dangerous_situation).toBe('Intervention dans la zone du tour en rotation');
  });

  it('saves the associated risks and shows their possible damages', async () => {
    const id = await create(admin, await evaluationFields(place, { g: 'Grave', p: 'Possible', c: 'Moyenne' }, {
      dangerFamilyId: await place.family('Machines et outils'),
      riskIds: [await place.risk('Happement par un élément mobile de machine'), await place.risk('Coupure par un outil tranchant')],
    }));
    const page = await admin.agent.get(`/unique-document/evaluations/${id}`).set(XHR);
    expect(page.text).toMatch(/data-testid="du-possible-damages">Coupure, Plaie, Écrasement, Amputation, Fracture</);
  });
});

describe('rights', () => {
  let id: number;
  beforeAll(async () => { id = await create(admin, await evaluationFields(place, { g: 'Grave', p: 'Possible', c: 'Moyenne' }, { frequency: 'Quotidienne' })); });

  it('view: the list and the evaluation read only; no save, no archive, no delete, no add', async () => {
    const viewer = await actor(t, ['unique_document.view'], { company });
    const list = await viewer.agent.get('/unique-document');
    expect(list.status).toBe(200);
    expect(list.text).toContain(`data-evaluation="${id}"`);
    expect(list.text).not.toContain('data-testid="du-evaluation-add"');
    const page = await viewer.agent.get(`/unique-document/evaluations/${id}`).set(XHR);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('data-testid="du-save"');
    expect((await postForm(viewer, `/unique-document/evaluations/${id}`, FORM, await evaluationFields(place, { g: 'Faible', p: 'Possible', c: 'Moyenne' }, { version: 1 }))).status).toBe(403);
    expect((await viewer.agent.get('/unique-document/evaluations/new')).status).toBe(403);
    expect((await viewer.agent.get('/unique-document/workstations')).status).toBe(200);
    expect((await postForm(viewer, '/unique-document/workstations/new', 'du_workstation', { name: 'Poste interdit' })).status).toBe(403);
    expect((await viewer.agent.get('/unique-document/nomenclatures')).status).toBe(403);
    expect((await postEmpty(viewer, `/unique-document/evaluations/${id}/archive`)).status).toBe(403);
    const del = await postEmpty(viewer, `/unique-document/evaluations/${id}/delete`);
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('Action non autorisée.');
  });

  it('add: creates an evaluation, cannot edit one', async () => {
    const adder = await actor(t, ['unique_document.view', 'unique_document.add'], { company });
    expect((await adder.agent.get('/unique-document/evaluations/new')).status).toBe(200);
    await create(adder, await evaluationFields(place, { g: 'Faible', p: 'Possible', c: 'Bonne' }));
    expect((await postForm(adder, `/unique-document/evaluations/${id}`, FORM, await evaluationFields(place, { g: 'Faible', p: 'Possible', c: 'Bonne' }, { version: 1 }))).status).toBe(403);
  });

  it('edit rating: only gravity, probability, control and residual risk change, whatever else is posted', async () => {
    const rater = await actor(t, ['unique_document.view', 'unique_document.edit_rating'], { company });
    const page = await rater.agent.get(`/unique-document/evaluations/${id}`).set(XHR);
    expect(page.text).toContain('data-testid="du-save"');
    expect(page.text).toMatch(/name="risk_evaluation\[dangerousSituation\]" rows="2" required disabled/);
    const before = await row(id);
    const res = await postForm(rater, `/unique-document/evaluations/${id}`, FORM, await evaluationFields(place, { g: 'Très grave', p: 'Très probable', c: 'Nulle' }, {
      version: before.version, dangerousSituation: 'Changée par le coteur', hierarchyItemId: place.otherSiteId, frequency: 'Jamais', residualLevelId: await place.level('Élevé'),
    }));
    expect(res.status).toBe(201);
    const after = await row(id);
    expect(after).toMatchObject({
      dangerous_situation: before.dangerous_situation, hierarchy_item_id: before.hierarchy_item_id, frequency: 'Quotidienne',
      gravity_id: await place.scale('gravity', 'Très grave'), probability_id: await place.scale('probability', 'Très probable'), control_id: await place.scale('control', 'Nulle'),
      residual_level_id: await place.level('Élevé'), gross_risk: 16, priority_risk: 64, priority_level_id: await place.level('Critique'), version: before.version + 1,
    });
    expect((await postEmpty(rater, `/unique-document/evaluations/${id}/archive`)).status).toBe(403);
  });

  it('edit: every field, archive and unarchive; delete: to the trash', async () => {
    const editor = await actor(t, ['unique_document.view', 'unique_document.edit', 'unique_document.delete'], { company });
    const version = (await row(id)).version;
    expect((await postForm(editor, `/unique-document/evaluations/${id}`, FORM, await evaluationFields(place, { g: 'Grave', p: 'Possible', c: 'Moyenne' }, { version, dangerousSituation: 'Réécrite' }))).status).toBe(201);
    expect((await row(id)).dangerous_situation).toBe('Réécrite');
    expect((await postEmpty(editor, `/unique-document/evaluations/${id}/archive`)).status).toBe(200);
    expect((await row(id)).archived).toBe(true);
    const archived = await editor.agent.get('/unique-document?archived=1');
    expect(archived.text).toContain(`data-evaluation="${id}"`);
    expect((await editor.agent.get('/unique-document')).text).not.toContain(`data-evaluation="${id}"`);
    expect((await postEmpty(editor, `/unique-document/evaluations/${id}/unarchive`)).status).toBe(200);
    expect((await row(id)).archived).toBe(false);
    const spare = await create(admin, await evaluationFields(place, { g: 'Faible', p: 'Improbable', c: 'Bonne' }));
    expect((await postEmpty(editor, `/unique-document/evaluations/${spare}/delete`)).status).toBe(200);
    expect((await row(spare)).deleted_at).not.toBeNull();
    expect((await editor.agent.get(`/unique-document/evaluations/${spare}`)).status).toBe(404);
  });

  it('another company\'s evaluation answers 404, to read as to write', async () => {
    const stranger = await actor(t, [], { roles: ['super_admin'] });
    expect((await stranger.agent.get(`/unique-document/evaluations/${id}`)).status).toBe(404);
    expect((await postForm(stranger, `/unique-document/evaluations/${id}`, FORM, { version: 1 })).status).toBe(404);
    expect((await postEmpty(stranger, `/unique-document/evaluations/${id}/archive`)).status).toBe(404);
    expect((await postEmpty(stranger, `/unique-document/evaluations/${id}/delete`)).status).toBe(404);
    expect((await stranger.agent.get('/unique-document')).text).not.toContain(`data-evaluation="${id}"`);
  });

  it('refuses a save without the CSRF token', async () => {
    const res = await postForm(admin, '/unique-document/evaluations/new', FORM, await evaluationFields(place, { g: 'Faible', p: 'Possible', c: 'Bonne' }), '');
    expect(res.status).toBe(403);
  });
});

describe('scope (« voir hors périmètre »)', () => {
  it('a user attached to an entity sees its evaluations and those below it, not the others; view_all sees every one', async () => {
    const inBuilding = await create(admin, await evaluationFields(place, { g: 'Grave', p: 'Possible', c: 'Moyenne' }, { hierarchyItemId: place.buildingId, dangerousSituation: 'Dans le bâtiment A' }));
    const inNantes = await create(admin, await evaluationFields(place, { g: 'Grave', p: 'Possible', c: 'Moyenne' }, { hierarchyItemId: place.otherSiteId, dangerousSituation: 'À Nantes' }));
    const local = await actor(t, ['unique_document.view', 'unique_document.edit'], { company });
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [local.id, place.siteId, local.tenantId]);
    const list = await local.agent.get('/unique-document');
    expect(list.text).toContain(`data-evaluation="${inBuilding}"`);
    expect(list.text).not.toContain(`data-evaluation="${inNantes}"`);
    expect((await local.agent.get(`/unique-document/evaluations/${inNantes}`)).status).toBe(404);
    // The entity select offers only the scope: an evaluation cannot be moved out of it.
    const moved = await postForm(local, `/unique-document/evaluations/${inBuilding}`, FORM, await evaluationFields(place, { g: 'Grave', p: 'Possible', c: 'Moyenne' }, { version: 1, hierarchyItemId: place.otherSiteId }));
    expect(fieldError(moved.text, 'hierarchyItemId')).toBe('Cette valeur doit être l\'un des choix proposés.');

    const everywhere = await actor(t, ['unique_document.view', 'unique_document.view_all'], { company });
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [everywhere.id, place.siteId, everywhere.tenantId]);
    const all = await everywhere.agent.get('/unique-document');
    expect(all.text).toContain(`data-evaluation="${inNantes}"`);
  });
});

describe('the list', () => {
  it('filters by entity, work unit, danger family, priority level and workstation, most critical first, coloured by level', async () => {
    const fresh = await actor(t, [], { roles: ['super_admin'] });
    const p = await duPlace(t, fresh.tenantId);
    const low = await create(fresh, await evaluationFields(p, { g: 'Faible', p: 'Possible', c: 'Bonne' }));
    const high = await create(fresh, await evaluationFields(p, { g: 'Très grave', p: 'Très probable', c: 'Nulle' }, { workUnitId: p.otherUnitId, dangerFamilyId: await p.family('Bruit'), riskIds: [] }));
    const list = await fresh.agent.get('/unique-document');
    const order = [...list.text.matchAll(/data-evaluation="(\d+)"/g)].map((m) => Number(m[1]));
    expect(order).toEqual([high, low]);
    expect(list.text).toMatch(new RegExp(`data-evaluation="${high}" data-level="Critique">\\s*<td style="border-left: 6px solid #dc3545">`));
    const ids = async (q: string) => [...(await fresh.agent.get(`/unique-document?${q}`)).text.matchAll(/data-evaluation="(\d+)"/g)].map((m) => Number(m[1]));
    expect(await ids(`workUnit=${p.otherUnitId}`)).toEqual([high]);
    expect(await ids(`family=${await p.family('Bruit')}`)).toEqual([high]);
    expect(await ids(`level=${await p.level('Faible')}`)).toEqual([low]);
    expect(await ids(`item=${p.otherSiteId}`)).toEqual([]);
    // A site's document holds the lines of the entities below it.
    const building = await create(fresh, await evaluationFields(p, { g: 'Grave', p: 'Possible', c: 'Moyenne' }, { hierarchyItemId: p.buildingId }));
    expect(await ids(`item=${p.siteId}`)).toEqual([high, building, low]);
    expect(await ids(`item=${p.buildingId}`)).toEqual([building]);
    expect(await ids('item=99999999999&level=abc')).toEqual([high, building, low]);
  });
});
