import { createTestApp, type TestApp } from '../../support/app';
import { decode, EDITOR, member, newCompany, newProtocol, newTiers, post, postEmpty, XHR } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const companies = (protocolId: number) => t.db.dataSource.query('SELECT * FROM security_protocol_company WHERE protocol_id = $1 ORDER BY id', [protocolId]);

async function setup() {
  const editor = await member(t, newCompany(), EDITOR);
  const id = await newProtocol(t, editor.tenantId, editor.id);
  const tiers = await newTiers(t, editor.tenantId);
  return { editor, id, tiers };
}

describe('companies of a protocol', () => {
  it('opens the add modal with the CRM lookup and fills the block from the chosen CRM company', async () => {
    const { editor, id, tiers } = await setup();
    const form = await editor.agent.get(`/security-protocol/${id}/company/add?kind=carrier`).set(XHR);
    expect(form.status).toBe(200);
    expect(decode(form.text)).toContain('Ajouter : Transporteur');
    expect(form.text).toContain('data-autocomplete-url="/security-protocol/search-tiers"');
    const search = await editor.agent.get('/security-protocol/search-tiers?q=girard');
    expect(search.body).toEqual([expect.objectContaining({ id: tiers.id, label: 'Transports Girard et Fils' })]);
    const block = await post(editor, '/security-protocol/tiers/0/form', 'pds_company', { tiers: tiers.id, name: '' });
    expect(block.status).toBe(200);
    const html = decode(block.text);
    expect(html).toContain('value="Transports Girard et Fils"');
    expect(html).toContain('value="4 quai Rambaud"');
    expect(html).toContain('value="l.girard@girard.fr"');
    // The same company again: nothing to replace.
    expect((await post(editor, `/security-protocol/tiers/${tiers.id}/form`, 'pds_company', { tiers: tiers.id })).text).toBe('');
    // Another address or contact of the CRM company fills its part; the same one leaves the typed text.
    const [agency] = await t.db.dataSource.query(
      "INSERT INTO tiers_address (tenant_id, tiers_id, name, address, zip_code, city) VALUES ($1, $2, 'Dépôt', '9 rue du Rail', '69200', 'Vénissieux') RETURNING id", [editor.tenantId, tiers.id]);
    const address = decode((await post(editor, `/security-protocol/tiers/${tiers.id}/address-form`, 'pds_company', { tiersAddress: agency.id, previousAddress: tiers.headId, address: 'tapé' })).text);
    expect(address).toContain('value="9 rue du Rail"');
    expect(address).toContain('value="Vénissieux"');
    expect((await post(editor, `/security-protocol/tiers/${tiers.id}/address-form`, 'pds_company', { tiersAddress: agency.id, previousAddress: agency.id })).text).toBe('');
    const none = decode((await post(editor, `/security-protocol/tiers/${tiers.id}/contact-form`, 'pds_company', { contact: '', previousContact: tiers.managerId, lastName: 'Tapé' })).text);
    expect(none).toContain('value="Tapé"');
    const contact = decode((await post(editor, `/security-protocol/tiers/${tiers.id}/contact-form`, 'pds_company', { contact: tiers.managerId, previousContact: '' })).text);
    expect(contact).toContain('value="l.girard@girard.fr"');
    // Another company's CRM entry answers 404.
    const stranger = await member(t, newCompany(), EDITOR);
    expect((await post(stranger, `/security-protocol/tiers/${tiers.id}/contact-form`, 'pds_company', { contact: tiers.managerId })).status).toBe(404);
    expect((await post(stranger, '/security-protocol/tiers/0/form', 'pds_company', { tiers: tiers.id })).status).toBe(404);
  });

  it('adds a carrier from the CRM and writes the history', async () => {
    const { editor, id, tiers } = await setup();
    const res = await post(editor, `/security-protocol/${id}/company/add?kind=carrier`, 'pds_company', {
      tiers: tiers.id, name: 'Transports Girard et Fils', director: 'Paul Girard', tiersAddress: tiers.headId, address: '4 quai Rambaud', zipCode: '69002', city: 'Lyon',
      contact: tiers.managerId, lastName: 'Girard', firstName: 'Lucie', email: 'l.girard@girard.fr', version: 0,
    });
    expect(res.status).toBe(201);
    expect(decode(res.body.message)).toBe('L\'entreprise « Transports Girard et Fils » a été ajoutée au protocole.');
    expect(res.body.redirect).toBe(`/security-protocol/${id}?tab=companies`);
    const [row] = await companies(id);
    expect(row).toMatchObject({ kind: 'carrier', tiers_id: tiers.id, contact_id: tiers.managerId, email: 'l.girard@girard.fr', city: 'Lyon' });
    const history = await t.db.dataSource.query("SELECT transition, comment FROM history_entry WHERE subject_type = 'security_protocol' AND subject_id = $1", [id]);
    expect(history).toEqual([{ transition: 'company_add', comment: 'Transports Girard et Fils' }]);
    const page = decode((await editor.agent.get(`/security-protocol/${id}?tab=companies`)).text);
    expect(page).toContain('Transports Girard et Fils');
    expect(page).toContain('Transporteur');
  });

  it('refuses a block without name, address or manager in French, keeping what was typed', async () => {
    const { editor, id } = await setup();
    const res = await post(editor, `/security-protocol/${id}/company/add?kind=handler`, 'pds_company', { name: '', address: '', lastName: '', director: 'Directeur tapé', city: 'Givors' });
    expect(res.status).toBe(200);
    const html = decode(res.text);
    expect(html).toContain("Veuillez renseigner le nom de l'entreprise.");
    expect(html).toContain("Veuillez renseigner l'adresse de l'entreprise.");
    expect(html).toContain("Veuillez renseigner le nom du responsable de l'entreprise.");
    expect(html).toContain('value="Directeur tapé"');
    expect(html).toContain('value="Givors"');
    expect(await companies(id)).toHaveLength(0);
    const mail = await post(editor, `/security-protocol/${id}/company/add?kind=handler`, 'pds_company', { name: 'Manut', address: '1 rue B', lastName: 'Roux', email: 'pas-un-mail' });
    expect(decode(mail.text)).toContain("Cette valeur n'est pas une adresse e-mail valide.");
    expect(await companies(id)).toHaveLength(0);
  });

  it('takes a host typed by hand, only one host, and a CRM company only once', async () => {
    const { editor, id, tiers } = await setup();
    const host = { name: 'Notre entrepôt', address: '1 rue du Dépôt', lastName: 'Martin', version: 0 };
    expect((await post(editor, `/security-protocol/${id}/company/add?kind=host`, 'pds_company', host)).status).toBe(201);
    const second = await post(editor, `/security-protocol/${id}/company/add?kind=host`, 'pds_company', host);
    expect(second.status).toBe(200);
    expect(decode(second.text)).toContain("Le protocole a déjà une entreprise d'accueil.");
    const carrier = { tiers: tiers.id, name: 'Girard', address: '4 quai Rambaud', lastName: 'Girard', version: 0 };
    expect((await post(editor, `/security-protocol/${id}/company/add?kind=carrier`, 'pds_company', carrier)).status).toBe(201);
    const twice = await post(editor, `/security-protocol/${id}/company/add?kind=handler`, 'pds_company', carrier);
    expect(decode(twice.text)).toContain('Cette entreprise figure déjà sur le protocole.');
    expect((await companies(id)).map((c: { kind: string }) => c.kind)).toEqual(['host', 'carrier']);
  });

  it('edits a company with the optimistic lock and removes it', async () => {
    const { editor, id } = await setup();
    const res = await post(editor, `/security-protocol/${id}/company/add?kind=handler`, 'pds_company', { name: 'Manut Express', address: '2 rue A', lastName: 'Roux', version: 0 });
    const companyId = res.body.id;
    const form = await editor.agent.get(`/security-protocol/company/${companyId}/edit`).set(XHR);
    expect(decode(form.text)).toContain('value="Manut Express"');
    expect((await post(editor, `/security-protocol/company/${companyId}/edit`, 'pds_company', { name: 'Manut Express Sud', address: '2 rue A', lastName: 'Roux', version: 1 })).status).toBe(201);
    expect((await post(editor, `/security-protocol/company/${companyId}/edit`, 'pds_company', { name: 'Trop tard', address: '2 rue A', lastName: 'Roux', version: 1 })).status).toBe(409);
    expect((await companies(id)).map((c: { name: string }) => c.name)).toEqual(['Manut Express Sud']);
    const removed = await postEmpty(editor, `/security-protocol/company/${companyId}/remove`);
    expect(removed.status).toBe(200);
    expect(decode(removed.body.message)).toBe('L\'entreprise « Manut Express Sud » a été retirée du protocole.');
    expect(await companies(id)).toHaveLength(0);
  });

  it('refuses changes to the companies once the protocol left the draft state (403)', async () => {
    const { editor, id } = await setup();
    const added = await post(editor, `/security-protocol/${id}/company/add?kind=handler`, 'pds_company', { name: 'Manut Express', address: '2 rue A', lastName: 'Roux', version: 0 });
    expect(added.status).toBe(201);
    await t.db.dataSource.query("UPDATE security_protocol SET status = 'waiting_tiers' WHERE id = $1", [id]);
    const before = await companies(id);
    expect(before.map((c: { name: string }) => c.name)).toEqual(['Manut Express']);
    const res = await post(editor, `/security-protocol/${id}/company/add?kind=carrier`, 'pds_company', { name: 'X', address: 'Y', lastName: 'Z' });
    expect(res.status).toBe(403);
    expect((await post(editor, `/security-protocol/company/${added.body.id}/edit`, 'pds_company', { name: 'Autre nom', address: '2 rue A', lastName: 'Roux', version: 1 })).status).toBe(403);
    expect((await postEmpty(editor, `/security-protocol/company/${added.body.id}/remove`)).status).toBe(403);
    // Nothing was added, renamed or removed.
    expect(await companies(id)).toEqual(before);
  });
});
