import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, fieldError, postEmpty, postForm, XHR, type Actor } from '../risk-evaluation/du-fixtures';
import { lastId, sites, voucher, waste } from './waste-fixtures';

/** Waste catalogue and vouchers: the European list, CRUD with French messages, weight boundaries, refused deletions, rights and tenancy. */
let t: TestApp;
let manager: Actor;
let reader: Actor;
let site: { lyon: number; nantes: number };

beforeAll(async () => {
  t = await createTestApp();
  manager = await actor(t, ['environment.view', 'environment.manage']);
  reader = await actor(t, ['environment.view'], { company: await companyOf(t, manager.tenantId) });
  site = await sites(t, manager.tenantId);
});
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

describe('the European waste list', () => {
  it('is loaded with chapters, sub-chapters and entries, the asterisk entries hazardous', async () => {
    const rows = await q("SELECT code, level, parent_code, hazardous, label FROM waste_code WHERE code IN ('17', '1706', '170601', '170604') ORDER BY code");
    expect(rows).toEqual([
      { code: '17', level: 1, parent_code: null, hazardous: false, label: 'DÉCHETS DE CONSTRUCTION ET DE DÉMOLITION (Y COMPRIS DÉBLAIS PROVENANT DE SITES CONTAMINÉS)' },
      { code: '1706', level: 2, parent_code: '17', hazardous: false, label: 'matériaux d\'isolation et matériaux de construction contenant de l\'amiante' },
      { code: '170601', level: 3, parent_code: '1706', hazardous: true, label: 'matériaux d\'isolation contenant de l\'amiante' },
      { code: '170604', level: 3, parent_code: '1706', hazardous: false, label: 'matériaux d\'isolation autres que ceux visés aux rubriques 17 06 01 et 17 06 03' },
    ]);
    const [{ n }] = await q("SELECT count(*)::int AS n FROM waste_code WHERE level = 1");
    expect(n).toBe(20);
  });

  it('answers the autocomplete by code (spaces ignored) or by words, entries only', async () => {
    const byCode = await reader.agent.get('/waste/codes?q=17 06 0').set(XHR);
    expect(byCode.status).toBe(200);
    expect(byCode.body.map((s: { id: string }) => s.id)).toEqual(['170601', '170603', '170604', '170605']);
    expect(byCode.body[0].label).toBe('17 06 01* – matériaux d\'isolation contenant de l\'amiante');
    const byWords = await reader.agent.get(`/waste/codes?q=${encodeURIComponent('emballages papier')}`).set(XHR);
    expect(byWords.body).toEqual([{ id: '150101', label: '15 01 01 – emballages en papier/carton' }]);
    expect((await reader.agent.get('/waste/codes?q=').set(XHR)).body).toEqual([]);
  });
});

describe('wastes, families and containers', () => {
  it('creates a waste with its code, family, internal code and to-analysis flag, listed with its hazard', async () => {
    const family = (await postForm(manager, '/waste/families/new', 'waste_family', { name: 'Déchets dangereux', version: 0 })).status;
    expect(family).toBe(201);
    const familyId = await lastId(t, 'waste_family', manager.tenantId);
    const id = await waste(t, manager, 'Huiles moteur usagées', '130205', { familyId, internalCode: 'DD-01', toAnalysis: ['0', '1'] });
    expect(await q('SELECT label, ced_code, family_id, internal_code, to_analysis FROM waste WHERE id = $1', [id])).toEqual([
      { label: 'Huiles moteur usagées', ced_code: '130205', family_id: familyId, internal_code: 'DD-01', to_analysis: true },
    ]);
    const page = await reader.agent.get('/waste?q=DD-01');
    expect(page.status).toBe(200);
    expect(page.text).toContain('13 02 05*');
    expect(page.text).toContain('Dangereux');
    expect(page.text).not.toContain(`/waste/${id}/edit`);
  });

  it('refuses a code that is not an entry of the list, keeping what was typed', async () => {
    const res = await postForm(manager, '/waste/new', 'waste', { label: 'Gravats', cedCode: '1701', cedLabel: 'béton', version: 0 });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'cedCode')).toBe('Choisissez un code de la liste européenne des déchets dans les propositions.');
    expect(res.text).toContain('value="Gravats"');
    expect(res.text).toContain('value="béton"');
    const blank = await postForm(manager, '/waste/new', 'waste', { label: '', cedCode: '', version: 0 });
    expect(fieldError(blank.text, 'label')).toBe('Veuillez renseigner ce champ.');
  });

  it('answers 409 on a stale version', async () => {
    const id = await waste(t, manager, 'Cartons', '150101');
    expect((await postForm(manager, `/waste/${id}/edit`, 'waste', { label: 'Cartons bruns', cedCode: '150101', version: 1 })).status).toBe(201);
    const again = await postForm(manager, `/waste/${id}/edit`, 'waste', { label: 'Cartons blancs', cedCode: '150101', version: 1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cet élément a été modifié par quelqu\'un d\'autre pendant votre saisie. Rechargez-le pour voir la dernière version avant d\'enregistrer.');
  });

  it('refuses to delete a family used by a waste, a waste used by a voucher or a CAP, a container used by a voucher (409, French)', async () => {
    await postForm(manager, '/waste/families/new', 'waste_family', { name: 'Métaux', version: 0 });
    const familyId = await lastId(t, 'waste_family', manager.tenantId);
    const iron = await waste(t, manager, 'Ferraille', '170405', { familyId });
    await postForm(manager, '/waste/containers/new', 'waste_container', { name: 'Benne 10 m³', capacity: '10', version: 0 });
    const box = await lastId(t, 'waste_container', manager.tenantId);
    expect((await voucher(manager, { number: 'BE-DEL-1', collectionDate: '03/02/2026', wasteId: iron, containerId: box, weight: '1,5', siteId: site.lyon })).status).toBe(201);

    const family = await postEmpty(manager, `/waste/families/${familyId}/delete`);
    expect(family.status).toBe(409);
    expect(family.body.message).toBe('La famille « Métaux » ne peut pas être supprimée : elle est utilisée par au moins un déchet.');
    const used = await postEmpty(manager, `/waste/${iron}/delete`);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('Le déchet « Ferraille » ne peut pas être supprimé : il est utilisé par au moins un bon d\'enlèvement.');
    const container = await postEmpty(manager, `/waste/containers/${box}/delete`);
    expect(container.status).toBe(409);
    expect(container.body.message).toBe('Le contenant « Benne 10 m³ » ne peut pas être supprimé : il est utilisé par au moins un bon d\'enlèvement.');

    const wood = await waste(t, manager, 'Bois', '170201');
    const [cap] = await q('INSERT INTO cap_certificate (tenant_id, code) VALUES ($1, $2) RETURNING id', [manager.tenantId, 'CAP-1']);
    await q('INSERT INTO cap_waste (cap_id, waste_id) VALUES ($1, $2)', [cap.id, wood]);
    const inCap = await postEmpty(manager, `/waste/${wood}/delete`);
    expect(inCap.status).toBe(409);
    expect(inCap.body.message).toBe('Le déchet « Bois » ne peut pas être supprimé : il figure sur au moins un certificat d\'acceptation préalable (CAP).');

    const voucherId = await lastId(t, 'waste_voucher', manager.tenantId);
    expect((await postEmpty(manager, `/waste/vouchers/${voucherId}/delete`)).status).toBe(200);
    expect((await postEmpty(manager, `/waste/containers/${box}/delete`)).status).toBe(200);
    expect((await postEmpty(manager, `/waste/${iron}/delete`)).status).toBe(200);
    expect((await postEmpty(manager, `/waste/families/${familyId}/delete`)).status).toBe(200);
    expect(await q('SELECT id FROM waste_family WHERE id = $1', [familyId])).toEqual([]);
  });
});

describe('vouchers', () => {
  it('takes a weight in tonnes above 0 with at most three decimals, refused below, at 0 and with a fourth decimal', async () => {
    const id = await waste(t, manager, 'DIB', '200301');
    const base = { collectionDate: '10/03/2026', wasteId: id, siteId: site.lyon };
    expect((await voucher(manager, { ...base, number: 'W-1', weight: '0,001' })).status).toBe(201);
    expect((await voucher(manager, { ...base, number: 'W-2', weight: '99 999,999' })).status).toBe(201);
    const message = 'Le poids doit être un nombre de tonnes supérieur à 0, avec au plus 3 décimales (99 999,999 t au plus).';
    for (const weight of ['0', '0,0009', '1,2345', '100 000', '-1', 'abc']) {
      const res = await voucher(manager, { ...base, number: `W-bad-${weight}`, weight });
      expect({ weight, status: res.status, error: fieldError(res.text, 'weight') }).toEqual({ weight, status: 200, error: message });
      expect(res.text).toContain(`value="${weight}"`);
    }
    expect(await q("SELECT number, weight_t FROM waste_voucher WHERE tenant_id = $1 AND number LIKE 'W-%' ORDER BY number", [manager.tenantId]))
      .toEqual([{ number: 'W-1', weight_t: '0.001' }, { number: 'W-2', weight_t: '99999.999' }]);
  });

  it('refuses a bad date, a number already used and another company\'s waste or site', async () => {
    const id = await waste(t, manager, 'Palettes', '150103');
    expect((await voucher(manager, { number: 'N-1', collectionDate: '01/04/2026', wasteId: id, siteId: site.lyon, weight: '1' })).status).toBe(201);
    const res = await voucher(manager, { number: 'N-1', collectionDate: '31/02/2026', wasteId: id, siteId: site.lyon, weight: '1' });
    expect(fieldError(res.text, 'collectionDate')).toBe('La date doit être au format JJ/MM/AAAA.');
    const taken = await voucher(manager, { number: 'N-1', collectionDate: '02/04/2026', wasteId: id, siteId: site.lyon, weight: '1' });
    expect(fieldError(taken.text, 'number')).toBe('Ce numéro de bon est déjà utilisé.');
    const other = await actor(t, ['environment.view', 'environment.manage']);
    const otherSites = await sites(t, other.tenantId);
    const foreign = await voucher(manager, { number: 'N-2', collectionDate: '02/04/2026', wasteId: id, siteId: otherSites.lyon, weight: '1' });
    expect(fieldError(foreign.text, 'siteId')).toBe('Cette valeur doit être l\'un des choix proposés.');
    const mine = await lastId(t, 'waste_voucher', manager.tenantId);
    expect((await other.agent.get(`/waste/vouchers/${mine}/edit`).set(XHR)).status).toBe(404);
    expect((await postEmpty(other, `/waste/${id}/delete`)).status).toBe(404);
  });

  it('keeps the writing routes for holders of environment.manage', async () => {
    expect((await reader.agent.get('/waste/vouchers')).status).toBe(200);
    expect((await reader.agent.get('/waste/vouchers/new').set(XHR)).status).toBe(403);
    const none = await actor(t, []);
    expect((await none.agent.get('/waste').set(XHR)).status).toBe(403);
  });
});
