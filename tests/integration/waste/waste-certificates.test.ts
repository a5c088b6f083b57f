import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, fieldError, postEmpty, postForm, XHR, type Actor } from '../risk-evaluation/du-fixtures';
import { lastId, sites, voucher, waste } from './waste-fixtures';

/**
 * CAP certificates: CRUD with carriers and wastes, French refusals, the stale edit, rights and tenancy
 * (403, 404 for another company, CSRF), refused deletions, documents served only through their
 * certificate, and the three printed forms.
 */
let t: TestApp;
let manager: Actor;
let reader: Actor;
let outsider: Actor;
let other: Actor;
let site: { lyon: number; nantes: number };
let company: Record<'client' | 'producer' | 'billing' | 'carrierA' | 'carrierB', number>;
let oil: number;
let wood: number;

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

/** A CRM company of the tenant with its head office. */
async function tiers(tenantId: number, name: string, siret: string | null = null): Promise<number> {
  const [row] = await q('INSERT INTO tiers (tenant_id, name, siret, state) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, name, siret, 'customer']);
  await q('INSERT INTO tiers_address (tenant_id, tiers_id, address, zip_code, city, is_head_office) VALUES ($1, $2, $3, $4, $5, true)', [tenantId, row.id, '12 rue des Forges', '69007', 'Lyon']);
  return row.id;
}

/** Posts the certificate form (`/waste/certificates/new` or an edit URL). */
const cap = (a: Actor, fields: Record<string, unknown>, url = '/waste/certificates/new') => postForm(a, url, 'cap_certificate', { version: 0, ...fields });

/** Creates a certificate outside a test (a hook): throws unless saved; returns its id. */
async function created(a: Actor, fields: Record<string, unknown>): Promise<number> {
  const res = await cap(a, fields);
  if (res.status !== 201) throw new Error(`CAP non créé : ${res.status}`);
  return lastId(t, 'cap_certificate', a.tenantId);
}

/** Reads a binary answer whole. */
const binary = (req: ReturnType<Actor['agent']['get']>) => req.buffer(true).parse((res, cb) => {
  const parts: Buffer[] = [];
  res.on('data', (c: Buffer) => parts.push(c));
  res.on('end', () => cb(null, Buffer.concat(parts)));
});

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  manager = await actor(t, ['environment.view', 'environment.manage']);
  reader = await actor(t, ['environment.view'], { company: await companyOf(t, manager.tenantId) });
  outsider = await actor(t, [], { company: await companyOf(t, manager.tenantId) });
  other = await actor(t, ['environment.view', 'environment.manage']);
  site = await sites(t, manager.tenantId);
  company = {
    client: await tiers(manager.tenantId, 'Chimie du Rhône', '11122233300011'),
    producer: await tiers(manager.tenantId, 'Usine Producteur', '22233344400022'),
    billing: await tiers(manager.tenantId, 'Siège Facturation'),
    carrierA: await tiers(manager.tenantId, 'Transports Alpha', '33344455500033'),
    carrierB: await tiers(manager.tenantId, 'Transports Bêta'),
  };
  oil = await waste(t, manager, 'Huiles usagées', '130205');
  wood = await waste(t, manager, 'Bois traité', '170204');
});
afterAll(async () => { await t.close(); });

describe('certificates', () => {
  it('creates a certificate with its site, companies, carriers and wastes, then shows and lists it', async () => {
    const res = await cap(manager, {
      code: 'CAP-2026-001', siteId: site.lyon, orderingCustomerId: company.client, orderingCustomerLabel: 'Chimie du Rhône',
      producerId: company.producer, producerLabel: 'Usine Producteur', billToId: company.billing, billToLabel: 'Siège Facturation',
      carrierIds: [company.carrierA, company.carrierB], wasteIds: [oil, wood], comment: 'Valable un an.',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('CAP « CAP-2026-001 » créé.');
    const id = await lastId(t, 'cap_certificate', manager.tenantId);
    expect(res.body.redirect).toBe(`/waste/certificates/${id}`);
    expect(await q('SELECT code, site_id, ordering_customer_id, producer_id, bill_to_id, comment, version FROM cap_certificate WHERE id = $1', [id])).toEqual([{
      code: 'CAP-2026-001', site_id: site.lyon, ordering_customer_id: company.client, producer_id: company.producer, bill_to_id: company.billing, comment: 'Valable un an.', version: 1,
    }]);
    expect(await q('SELECT tiers_id FROM cap_carrier WHERE cap_id = $1 ORDER BY tiers_id', [id])).toEqual([{ tiers_id: company.carrierA }, { tiers_id: company.carrierB }]);
    expect(await q('SELECT waste_id FROM cap_waste WHERE cap_id = $1 ORDER BY waste_id', [id])).toEqual([{ waste_id: oil }, { waste_id: wood }]);

    const page = await reader.agent.get(`/waste/certificates/${id}`);
    expect(page.status).toBe(200);
    for (const text of ['CAP-2026-001', 'Usine de Lyon', 'Chimie du Rhône', 'Usine Producteur', 'Siège Facturation', 'Transports Alpha', 'Transports Bêta', '33344455500033', '12 rue des Forges, 69007 Lyon', '13 02 05*', 'Bois traité', 'Valable un an.']) {
      expect({ text, found: page.text.includes(text) }).toEqual({ text, found: true });
    }
    expect(page.text).not.toContain(`/waste/certificates/${id}/edit`);
    expect((await manager.agent.get(`/waste/certificates/${id}`)).text).toContain(`/waste/certificates/${id}/edit`);

    const list = await reader.agent.get('/waste/certificates?q=2026-001');
    expect(list.status).toBe(200);
    expect(list.text).toContain(`data-cap="${id}"`);
    expect(list.text).toContain('Transports Alpha, Transports Bêta');
    expect((await reader.agent.get(`/waste/certificates?site=${site.lyon}`)).text).toContain(`data-cap="${id}"`);
    expect((await reader.agent.get(`/waste/certificates?site=${site.nantes}`)).text).not.toContain(`data-cap="${id}"`);
    expect((await reader.agent.get('/waste/certificates?q=zzz')).text).not.toContain(`data-cap="${id}"`);
  });

  it('edits a certificate, replacing its carriers and wastes, and answers 409 on a stale version', async () => {
    expect((await cap(manager, { code: 'CAP-EDIT', carrierIds: [company.carrierA], wasteIds: [oil] })).status).toBe(201);
    const id = await lastId(t, 'cap_certificate', manager.tenantId);
    const form = await manager.agent.get(`/waste/certificates/${id}/edit`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toMatch(new RegExp(`<option value="${company.carrierA}" selected>`));
    const edit = await cap(manager, { code: 'CAP-EDIT-2', siteId: site.nantes, carrierIds: [company.carrierB], wasteIds: [wood], version: 1 }, `/waste/certificates/${id}/edit`);
    expect(edit.status).toBe(201);
    expect(edit.body.message).toBe('CAP « CAP-EDIT-2 » modifié.');
    expect(await q('SELECT code, site_id, version FROM cap_certificate WHERE id = $1', [id])).toEqual([{ code: 'CAP-EDIT-2', site_id: site.nantes, version: 2 }]);
    expect(await q('SELECT tiers_id FROM cap_carrier WHERE cap_id = $1', [id])).toEqual([{ tiers_id: company.carrierB }]);
    expect(await q('SELECT waste_id FROM cap_waste WHERE cap_id = $1', [id])).toEqual([{ waste_id: wood }]);

    const stale = await cap(manager, { code: 'CAP-EDIT-3', version: 1 }, `/waste/certificates/${id}/edit`);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Cet élément a été modifié par quelqu\'un d\'autre pendant votre saisie. Rechargez-le pour voir la dernière version avant d\'enregistrer.');
    expect(await q('SELECT code FROM cap_certificate WHERE id = $1', [id])).toEqual([{ code: 'CAP-EDIT-2' }]);
  });

  it('refuses a blank code, a code already used and another company\'s site, company or waste, keeping what was typed', async () => {
    const blank = await cap(manager, { code: '', comment: 'Gardé' });
    expect(blank.status).toBe(200);
    expect(fieldError(blank.text, 'code')).toBe('Veuillez renseigner ce champ.');
    expect(blank.text).toContain('Gardé');
    expect((await cap(manager, { code: 'CAP-DUP' })).status).toBe(201);
    const taken = await cap(manager, { code: 'CAP-DUP' });
    expect(fieldError(taken.text, 'code')).toBe('Ce code de CAP est déjà utilisé.');

    const foreignSite = (await sites(t, other.tenantId)).lyon;
    const foreignTiers = await tiers(other.tenantId, 'Ailleurs SA');
    const foreignWaste = await waste(t, other, 'Étranger', '200301');
    const res = await cap(manager, { code: 'CAP-FOREIGN', siteId: foreignSite, producerId: foreignTiers, producerLabel: 'Ailleurs SA', carrierIds: [company.carrierA, foreignTiers], wasteIds: [foreignWaste] });
    expect(res.status).toBe(200);
    const choice = 'Cette valeur doit être l\'un des choix proposés.';
    expect(['siteId', 'producerId', 'carrierIds', 'wasteIds'].map((f) => fieldError(res.text, f))).toEqual([choice, choice, choice, choice]);
    expect(res.text).toContain('value="Ailleurs SA"');
    expect(await q("SELECT 1 FROM cap_certificate WHERE code = 'CAP-FOREIGN'")).toEqual([]);
  });
});

describe('rights and tenancy', () => {
  let id: number;
  beforeAll(async () => {
    id = await created(manager, { code: 'CAP-RIGHTS', wasteIds: [oil] });
  });

  it('lets environment.view read and environment.manage write; 403 otherwise', async () => {
    expect((await reader.agent.get('/waste/certificates')).status).toBe(200);
    expect((await reader.agent.get('/waste/certificates/new').set(XHR)).status).toBe(403);
    expect((await cap(reader, { code: 'CAP-READER' })).status).toBe(403);
    expect((await cap(reader, { code: 'CAP-R2', version: 1 }, `/waste/certificates/${id}/edit`)).status).toBe(403);
    expect((await postEmpty(reader, `/waste/certificates/${id}/delete`)).status).toBe(403);
    expect((await outsider.agent.get('/waste/certificates').set(XHR)).status).toBe(403);
    expect((await outsider.agent.get(`/waste/certificates/${id}`).set(XHR)).status).toBe(403);
    expect((await outsider.agent.get(`/waste/certificates/${id}/forms/producer`).set(XHR)).status).toBe(403);
    expect(await q("SELECT 1 FROM cap_certificate WHERE code LIKE 'CAP-R%' AND code <> 'CAP-RIGHTS'")).toEqual([]);
  });

  it('answers 404 for another company\'s certificate on every route', async () => {
    for (const url of [`/waste/certificates/${id}`, `/waste/certificates/${id}/edit`, `/waste/certificates/${id}/forms/carrier`, `/waste/certificates/${id}/documents/new`]) {
      expect({ url, status: (await other.agent.get(url).set(XHR)).status }).toEqual({ url, status: 404 });
    }
    expect((await cap(other, { code: 'VOLÉ', version: 1 }, `/waste/certificates/${id}/edit`)).status).toBe(404);
    expect((await postEmpty(other, `/waste/certificates/${id}/delete`)).status).toBe(404);
    expect(await q('SELECT code FROM cap_certificate WHERE id = $1', [id])).toEqual([{ code: 'CAP-RIGHTS' }]);
    expect((await reader.agent.get('/waste/certificates/999999999').set(XHR)).status).toBe(404);
  });

  it('refuses a POST without or with a wrong CSRF token (403), nothing changed', async () => {
    expect((await postForm(manager, '/waste/certificates/new', 'cap_certificate', { code: 'CAP-CSRF-1', version: 0 }, '')).status).toBe(403);
    expect((await postForm(manager, `/waste/certificates/${id}/edit`, 'cap_certificate', { code: 'CAP-CSRF-2', version: 1 }, 'faux')).status).toBe(403);
    expect((await manager.agent.post(`/waste/certificates/${id}/delete`).set(XHR).type('form').send({})).status).toBe(403);
    expect(await q("SELECT code FROM cap_certificate WHERE code LIKE 'CAP-CSRF%'")).toEqual([]);
    expect(await q('SELECT code FROM cap_certificate WHERE id = $1', [id])).toEqual([{ code: 'CAP-RIGHTS' }]);
  });
});

describe('deletions', () => {
  it('refuses to delete a waste on a certificate or on a voucher (409, French), then deletes the certificate and frees it', async () => {
    const slag = await waste(t, manager, 'Mâchefers', '190112');
    expect((await cap(manager, { code: 'CAP-DEL', wasteIds: [slag] })).status).toBe(201);
    const id = await lastId(t, 'cap_certificate', manager.tenantId);
    const refused = await postEmpty(manager, `/waste/${slag}/delete`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Le déchet « Mâchefers » ne peut pas être supprimé : il figure sur au moins un certificat d\'acceptation préalable (CAP).');

    const ash = await waste(t, manager, 'Cendres', '190114');
    expect((await voucher(manager, { number: 'BE-CAP-1', collectionDate: '05/02/2026', wasteId: ash, weight: '2', siteId: site.lyon })).status).toBe(201);
    const byVoucher = await postEmpty(manager, `/waste/${ash}/delete`);
    expect(byVoucher.status).toBe(409);
    expect(byVoucher.body.message).toBe('Le déchet « Cendres » ne peut pas être supprimé : il est utilisé par au moins un bon d\'enlèvement.');

    const removed = await postEmpty(manager, `/waste/certificates/${id}/delete`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('CAP « CAP-DEL » supprimé.');
    expect(await q('SELECT 1 FROM cap_certificate WHERE id = $1', [id])).toEqual([]);
    expect(await q('SELECT 1 FROM cap_waste WHERE cap_id = $1', [id])).toEqual([]);
    expect((await postEmpty(manager, `/waste/${slag}/delete`)).status).toBe(200);
    expect((await postEmpty(manager, `/waste/certificates/${id}/delete`)).status).toBe(404);
  });
});

describe('documents', () => {
  let id: number;
  let otherId: number;
  beforeAll(async () => {
    id = await created(manager, { code: 'CAP-DOCS' });
    otherId = await created(manager, { code: 'CAP-DOCS-2' });
  });

  const upload = (a: Actor, capId: number, name = 'acceptation.pdf', body = PDF) =>
    a.agent.post(`/waste/certificates/${capId}/documents/new`).set(XHR).field('_csrf_token', a.csrf).attach('documents', body, name);

  it('keeps uploaded files and serves them only through their certificate, to who may read it', async () => {
    const res = await upload(manager, id);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Documents ajoutés : 1.');
    const [doc] = await q('SELECT d.id, d.file_id, f.original_name, f.tenant_id FROM cap_document d JOIN stored_file f ON f.id = d.file_id WHERE d.cap_id = $1', [id]);
    expect(doc).toMatchObject({ original_name: 'acceptation.pdf', tenant_id: manager.tenantId });
    const url = `/waste/certificates/${id}/documents/${doc.id}`;
    expect((await manager.agent.get(`/waste/certificates/${id}`)).text).toContain(url);

    const file = await binary(reader.agent.get(url));
    expect(file.status).toBe(200);
    expect(file.body).toEqual(PDF);
    expect((await outsider.agent.get(url).set(XHR)).status).toBe(403);
    expect((await other.agent.get(url).set(XHR)).status).toBe(404);
    expect((await reader.agent.get(`/waste/certificates/${otherId}/documents/${doc.id}`).set(XHR)).status).toBe(404);
    expect((await upload(reader, id)).status).toBe(403);
    expect((await upload(other, id)).status).toBe(404);
  });

  it('refuses a file whose content is not its type, and no file at all, with the French reason', async () => {
    const fake = await upload(manager, id, 'faux.pdf', Buffer.from('pas un pdf'));
    expect(fake.status).toBe(200);
    expect(fake.text).toContain('data-testid="upload-error"');
    const none = await manager.agent.post(`/waste/certificates/${id}/documents/new`).set(XHR).field('_csrf_token', manager.csrf).field('x', '1');
    expect(none.status).toBe(200);
    expect(none.text).toContain('Choisissez au moins un fichier.');
    const noToken = await manager.agent.post(`/waste/certificates/${id}/documents/new`).set(XHR).attach('documents', PDF, 'x.pdf');
    expect(noToken.status).toBe(403);
    expect(await q('SELECT count(*)::int AS n FROM cap_document WHERE cap_id = $1', [id])).toEqual([{ n: 1 }]);
  });

  it('deletes a document with its stored file, and every document with the certificate', async () => {
    expect((await upload(manager, otherId, 'analyse.pdf')).status).toBe(201);
    const [doc] = await q('SELECT id, file_id FROM cap_document WHERE cap_id = $1', [otherId]);
    expect((await postEmpty(reader, `/waste/certificates/${otherId}/documents/${doc.id}/delete`)).status).toBe(403);
    expect((await postEmpty(manager, `/waste/certificates/${id}/documents/${doc.id}/delete`)).status).toBe(404);
    const removed = await postEmpty(manager, `/waste/certificates/${otherId}/documents/${doc.id}/delete`);
    expect(removed.status).toBe(200);
    expect(await q('SELECT 1 FROM stored_file WHERE id = $1', [doc.file_id])).toEqual([]);
    expect((await reader.agent.get(`/waste/certificates/${otherId}/documents/${doc.id}`).set(XHR)).status).toBe(404);

    const [kept] = await q('SELECT file_id FROM cap_document WHERE cap_id = $1', [id]);
    expect((await postEmpty(manager, `/waste/certificates/${id}/delete`)).status).toBe(200);
    expect(await q('SELECT 1 FROM stored_file WHERE id = $1', [kept.file_id])).toEqual([]);
  });
});

describe('printed forms', () => {
  it('prints the producer, customer to bill and carrier forms as PDFs; an unknown form is 404', async () => {
    expect((await cap(manager, { code: 'CAP-PRINT', producerId: company.producer, producerLabel: 'x', carrierIds: [company.carrierA, company.carrierB], wasteIds: [oil] })).status).toBe(201);
    const id = await lastId(t, 'cap_certificate', manager.tenantId);
    for (const form of ['producer', 'bill_to', 'carrier']) {
      const res = await binary(reader.agent.get(`/waste/certificates/${id}/forms/${form}`));
      expect({ form, status: res.status, type: res.headers['content-type'], magic: (res.body as Buffer).subarray(0, 5).toString() })
        .toEqual({ form, status: 200, type: 'application/pdf', magic: '%PDF-' });
      expect(res.headers['content-disposition']).toContain(`cap-CAP-PRINT-${form.replace('_', '-')}.pdf`);
    }
    expect((await reader.agent.get(`/waste/certificates/${id}/forms/other`).set(XHR)).status).toBe(404);
  });
});
