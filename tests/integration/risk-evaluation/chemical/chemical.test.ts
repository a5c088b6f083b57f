import { FixedClock, useClock } from '../../../../server/kernel/clock';
import { createTestApp, type TestApp } from '../../../support/app';
import { actor, companyOf, duPlace, fieldError, postEmpty, postForm, XHR, type Actor, type DuPlace } from '../du-fixtures';

/** Chemical products: the SDS age rule at its boundary, the upload and its route, bad input, rights, scope, tenant, CSRF, lock. */
let t: TestApp;
let admin: Actor;
let place: DuPlace;
let company: string;
let restoreClock: () => void;

const FORM = 'du_chemical';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

beforeAll(async () => {
  restoreClock = useClock(new FixedClock(new Date('2026-06-15T10:00:00Z')));
  t = await createTestApp();
  admin = await actor(t, [], { roles: ['super_admin'] });
  place = await duPlace(t, admin.tenantId);
  company = await companyOf(t, admin.tenantId);
});
afterAll(async () => { restoreClock(); await t.close(); });

async function create(a: Actor, fields: Record<string, unknown>): Promise<number> {
  const res = await postForm(a, '/unique-document/chemicals/new', FORM, { hierarchyItemId: place.siteId, version: 0, ...fields });
  expect(res.status).toBe(201);
  const [r] = await t.db.dataSource.query('SELECT max(id) AS id FROM du_chemical_product WHERE tenant_id = $1', [a.tenantId]);
  return r.id;
}
const row = async (id: number) => (await t.db.dataSource.query('SELECT *, sds_date::text AS day FROM du_chemical_product WHERE id = $1', [id]))[0];
const listed = async (a: Actor, query: string) => [...(await a.agent.get(`/unique-document/chemicals${query}`)).text.matchAll(/data-chemical="(\d+)"/g)].map((m) => Number(m[1]));

describe('the safety data sheet older than 3 years (today 15/06/2026)', () => {
  it('flags an SDS of 14/06/2023 (one day past 3 years), not one of 15/06/2023 (exactly 3 years) nor 16/06/2023', async () => {
    const exact = await create(admin, { product: 'SDS exacte', sdsDate: '2023-06-15' });
    const younger = await create(admin, { product: 'SDS plus récente', sdsDate: '16/06/2023' });
    const older = await create(admin, { product: 'SDS périmée', sdsDate: '2023-06-14' });
    const none = await create(admin, { product: 'Sans FDS' });
    const outdated = await listed(admin, '?outdated=1');
    expect(outdated).toContain(older);
    expect(outdated).not.toContain(exact);
    expect(outdated).not.toContain(younger);
    expect(outdated).not.toContain(none);
    const page = await admin.agent.get('/unique-document/chemicals');
    const line = (id: number) => page.text.split(`data-chemical="${id}"`)[1].split('</tr>')[0];
    expect(line(older)).toContain('FDS de plus de 3 ans');
    expect(line(exact)).not.toContain('du-sds-outdated');
    expect(line(younger)).not.toContain('du-sds-outdated');
    expect(line(none)).toContain('Aucune FDS');
  });
});

describe('a product', () => {
  it('is saved with its pictograms, shown with their French names, and filtered by pictogram', async () => {
    const id = await create(admin, { product: 'White spirit', maker: 'TotalEnergies', pictograms: ['GHS08', 'GHS02', 'GHS07'], cmrHazards: 'H304', preventionMeans: 'Gants nitrile' });
    expect((await row(id)).pictograms).toEqual(['GHS02', 'GHS07', 'GHS08']);
    const page = await admin.agent.get('/unique-document/chemicals?hazard=GHS02');
    expect(page.status).toBe(200);
    expect(page.text).toContain('title="SGH02 — Flamme"');
    expect(await listed(admin, '?hazard=GHS02')).toContain(id);
    expect(await listed(admin, '?hazard=GHS05')).not.toContain(id);
    expect((await admin.agent.get('/unique-document/chemicals?hazard=nope&item=abc&outdated=x')).status).toBe(200);
  });

  it('answers bad input with French messages, keeping what was typed', async () => {
    const res = await postForm(admin, '/unique-document/chemicals/new', FORM, {
      product: '  ', maker: 'Brenntag', hierarchyItemId: place.siteId, sdsDate: '31/02/2024', pictograms: ['GHS99'], description: 'Nettoyage verrerie',
    });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'product')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(res.text, 'sdsDate')).toBe('Cette valeur n\'est pas valide.');
    expect(fieldError(res.text, 'pictograms')).toBe('Cette valeur doit être l\'un des choix proposés.');
    expect(res.text).toContain('value="Brenntag"');
    expect(res.text).toContain('Nettoyage verrerie');
  });

  it('refuses an entity of another company and a workstation of another entity', async () => {
    const other = await actor(t, [], { roles: ['super_admin'] });
    const foreign = await duPlace(t, other.tenantId);
    const [w] = await t.db.dataSource.query('INSERT INTO du_workstation (tenant_id, name, hierarchy_item_id) VALUES ($1, $2, $3) RETURNING id', [admin.tenantId, 'Poste Nantes', place.otherSiteId]);
    const res = await postForm(admin, '/unique-document/chemicals/new', FORM, { product: 'Acétone', hierarchyItemId: foreign.siteId, workstationId: w.id });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'hierarchyItemId')).toBe('Cette valeur doit être l\'un des choix proposés.');
    const res2 = await postForm(admin, '/unique-document/chemicals/new', FORM, { product: 'Acétone', hierarchyItemId: place.siteId, workstationId: w.id });
    expect(fieldError(res2.text, 'workstationId')).toBe('Cette valeur doit être l\'un des choix proposés.');
  });

  it('is edited under the optimistic lock (409 on a stale version)', async () => {
    const id = await create(admin, { product: 'Acétone' });
    expect((await postForm(admin, `/unique-document/chemicals/${id}`, FORM, { product: 'Acétone pure', hierarchyItemId: place.siteId, version: 1 })).status).toBe(201);
    expect((await postForm(admin, `/unique-document/chemicals/${id}`, FORM, { product: 'Acétone 2', hierarchyItemId: place.siteId, version: 1 })).status).toBe(409);
    expect((await row(id)).product).toBe('Acétone pure');
  });

  it('is archived and unarchived, leaving and coming back to the current list', async () => {
    const id = await create(admin, { product: 'Soude caustique' });
    expect((await postEmpty(admin, `/unique-document/chemicals/${id}/archive`)).status).toBe(200);
    expect(await listed(admin, '')).not.toContain(id);
    expect(await listed(admin, '?archived=1')).toContain(id);
    expect((await postEmpty(admin, `/unique-document/chemicals/${id}/unarchive`)).status).toBe(200);
    expect(await listed(admin, '')).toContain(id);
  });
});

describe('the entity re-posted to du_chemical_form', () => {
  it('answers the place block with the workstations of the chosen entity and of none', async () => {
    for (const [name, item] of [['Laboratoire Lyon', place.siteId], ['Magasin Nantes', place.otherSiteId], ['Poste partagé', null]] as const) {
      await t.db.dataSource.query('INSERT INTO du_workstation (tenant_id, name, hierarchy_item_id) VALUES ($1, $2, $3)', [admin.tenantId, name, item]);
    }
    const res = await postForm(admin, '/unique-document/chemicals/form', FORM, { hierarchyItemId: place.siteId });
    expect(res.status).toBe(200);
    expect(res.text.trim().startsWith('<div class="row" data-refresh-url="/unique-document/chemicals/form" data-testid="du-chemical-place-block">')).toBe(true);
    const options = [...res.text.matchAll(/<option value="\d+"[^>]*>([^<]+)<\/option>/g)].map((m) => m[1].trim());
    expect(options).toEqual(expect.arrayContaining(['Laboratoire Lyon', 'Poste partagé']));
    expect(options).not.toContain('Magasin Nantes');
    expect((await postForm(admin, '/unique-document/chemicals/form', FORM, { hierarchyItemId: place.siteId }, '')).status).toBe(403);
    const viewer = await actor(t, ['unique_document.view'], { company });
    expect((await postForm(viewer, '/unique-document/chemicals/form', FORM, { hierarchyItemId: place.siteId })).status).toBe(403);
  });
});

describe('the SDS file', () => {
  it('is uploaded with its date and served only through the product\'s route, as an attachment', async () => {
    const res = await admin.agent.post('/unique-document/chemicals/new').set(XHR)
      .field('_csrf_token', admin.csrf).field(`${FORM}[product]`, 'Huile de coupe').field(`${FORM}[hierarchyItemId]`, String(place.siteId))
      .field(`${FORM}[sdsDate]`, '2025-01-10').field(`${FORM}[version]`, '0')
      .attach('sdsFile', PDF, { filename: 'FDS huile.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(201);
    const [r] = await t.db.dataSource.query("SELECT id, sds_file_id FROM du_chemical_product WHERE product = 'Huile de coupe'");
    expect(r.sds_file_id).not.toBeNull();
    const download = await admin.agent.get(`/unique-document/chemicals/${r.id}/sds`);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    // Out of scope: 404, the file as the product.
    const [item] = await t.db.dataSource.query('SELECT id FROM hierarchy_item WHERE id = $1', [place.otherSiteId]);
    const scoped = await actor(t, ['unique_document.view'], { company });
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [scoped.id, item.id, admin.tenantId]);
    expect((await scoped.agent.get(`/unique-document/chemicals/${r.id}/sds`)).status).toBe(404);
    // Another company: 404.
    const other = await actor(t, [], { roles: ['super_admin'] });
    expect((await other.agent.get(`/unique-document/chemicals/${r.id}/sds`)).status).toBe(404);
  });

  it('refuses a file of a type not allowed, and a file without its date, keeping the form', async () => {
    const bad = await admin.agent.post('/unique-document/chemicals/new').set(XHR)
      .field('_csrf_token', admin.csrf).field(`${FORM}[product]`, 'Produit X').field(`${FORM}[hierarchyItemId]`, String(place.siteId))
      .attach('sdsFile', Buffer.from('MZ\x90\x00binaire', 'latin1'), { filename: 'fds.exe', contentType: 'application/octet-stream' });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('data-testid="upload-error"');
    expect(bad.text).toContain('value="Produit X"');
    const undated = await admin.agent.post('/unique-document/chemicals/new').set(XHR)
      .field('_csrf_token', admin.csrf).field(`${FORM}[product]`, 'Produit Y').field(`${FORM}[hierarchyItemId]`, String(place.siteId))
      .attach('sdsFile', PDF, { filename: 'fds.pdf', contentType: 'application/pdf' });
    expect(undated.status).toBe(200);
    expect(fieldError(undated.text, 'sdsDate')).toBe('Indiquez la date de la fiche de données de sécurité.');
  });
});

describe('rights, tenant and CSRF', () => {
  it('lets each right do its own part only', async () => {
    const id = await create(admin, { product: 'Produit des droits' });
    const viewer = await actor(t, ['unique_document.view'], { company });
    expect((await viewer.agent.get('/unique-document/chemicals')).status).toBe(200);
    const shown = await viewer.agent.get(`/unique-document/chemicals/${id}`).set(XHR);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<fieldset class="border-0 p-0 m-0" disabled>');
    expect(shown.text).not.toContain('data-testid="du-save"');
    expect((await postForm(viewer, '/unique-document/chemicals/new', FORM, { product: 'Non', hierarchyItemId: place.siteId })).status).toBe(403);
    expect((await postForm(viewer, `/unique-document/chemicals/${id}`, FORM, { product: 'Non', hierarchyItemId: place.siteId, version: 1 })).status).toBe(403);
    expect((await postEmpty(viewer, `/unique-document/chemicals/${id}/archive`)).status).toBe(403);
    const del = await postEmpty(viewer, `/unique-document/chemicals/${id}/delete`);
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('Action non autorisée.');
    const adder = await actor(t, ['unique_document.view', 'unique_document.add'], { company });
    expect((await postForm(adder, '/unique-document/chemicals/new', FORM, { product: 'Ajouté', hierarchyItemId: place.siteId })).status).toBe(201);
    const deleter = await actor(t, ['unique_document.view', 'unique_document.delete'], { company });
    expect((await postEmpty(deleter, `/unique-document/chemicals/${id}/delete`)).status).toBe(200);
    expect((await row(id)).deleted_at).not.toBeNull();
    const nobody = await actor(t, [], { company });
    expect((await nobody.agent.get('/unique-document/chemicals')).status).toBe(403);
  });

  it('answers 404 for another company\'s product and 403 without the CSRF token', async () => {
    const id = await create(admin, { product: 'Produit gardé' });
    const other = await actor(t, [], { roles: ['super_admin'] });
    expect((await other.agent.get(`/unique-document/chemicals/${id}`).set(XHR)).status).toBe(404);
    expect((await postForm(other, `/unique-document/chemicals/${id}`, FORM, { product: 'Volé', hierarchyItemId: place.siteId, version: 1 })).status).toBe(404);
    expect((await postEmpty(other, `/unique-document/chemicals/${id}/archive`)).status).toBe(404);
    expect((await postForm(admin, '/unique-document/chemicals/new', FORM, { product: 'Sans jeton', hierarchyItemId: place.siteId }, '')).status).toBe(403);
    expect((await admin.agent.post(`/unique-document/chemicals/${id}/archive`).set(XHR).type('form').send({})).status).toBe(403);
  });
});
