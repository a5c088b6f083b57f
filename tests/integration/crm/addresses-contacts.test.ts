import { createTestApp, type TestApp } from '../../support/app';
import { identityMailer } from '../../../server/modules/identity/identity.channels';
import { crmUser, fields, insertTiers, MANAGER, XHR } from './crm-helpers';
import { createContact, findTiers, listTiersAddresses, listTiersContacts, searchTiers } from '../../../server/modules/crm/crm-lookup.service';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const address = (values: Record<string, string | string[]>) => fields('crm_address', values);
const contact = (values: Record<string, string | string[]>) => fields('crm_contact', values);

describe('addresses', () => {
  it('adds addresses in the modal, keeps one head office, one main billing and one main delivery address', async () => {
    const { user, agent, csrf } = await crmUser(t, MANAGER);
    const id = await insertTiers(t, user.tenantId, 'Net Pro Propreté');
    const modal = await agent.get(`/crm/companies/${id}/addresses/new`).set(XHR);
    expect(modal.status).toBe(200);
    expect(modal.text).toContain('Nouvelle adresse – Net Pro Propreté');
    expect(modal.text).not.toContain('<html');

    const missing = await agent.post(`/crm/companies/${id}/addresses/new`).set(XHR).type('form').send({ _csrf_token: csrf, ...address({ name: 'Siège', city: 'Lyon', address: '' }) });
    expect(missing.status).toBe(200);
    expect(missing.text).toContain('Veuillez renseigner ce champ.');
    expect(missing.text).toContain('value="Lyon"');

    const first = await agent.post(`/crm/companies/${id}/addresses/new`).set(XHR).type('form').send({
      _csrf_token: csrf, ...address({ name: 'Siège', address: '27 boulevard Marius Vivier Merle', zipCode: '69003', city: 'Lyon', country: 'France', isHeadOffice: ['0', '1'], isMainBilling: ['0', '1'], isMainDelivery: ['0', '1'] }),
    });
    expect(first.status).toBe(201);
    const [saved] = await t.db.dataSource.query('SELECT * FROM tiers_address WHERE tiers_id = $1', [id]);
    // A main billing (delivery) address is a billing (delivery) one.
    expect(saved).toMatchObject({ is_head_office: true, is_billing: true, is_main_billing: true, is_delivery: true, is_main_delivery: true });

    const second = await agent.post(`/crm/companies/${id}/addresses/new`).set(XHR).type('form').send({
      _csrf_token: csrf, ...address({ name: 'Base logistique', address: '8 rue du Dauphiné', zipCode: '69960', city: 'Corbas', isHeadOffice: '1', isMainBilling: '1', isMainDelivery: '1' }),
    });
    expect(second.status).toBe(200);
    expect(second.text).toContain('L&#39;adresse « Siège » est déjà le siège social de l&#39;entreprise.');
    expect(second.text).toContain('L&#39;adresse « Siège » est déjà l&#39;adresse de facturation principale.');
    expect(second.text).toContain('L&#39;adresse « Siège » est déjà l&#39;adresse de livraison principale.');
    expect(second.text).toContain('value="Base logistique"');

    const ok = await agent.post(`/crm/companies/${id}/addresses/new`).set(XHR).type('form').send({
      _csrf_token: csrf, ...address({ name: 'Base logistique', address: '8 rue du Dauphiné', zipCode: '69960', city: 'Corbas', isDelivery: '1' }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.redirect).toBe(`/crm/companies/${id}?tab=addresses`);
    const tab = await agent.get(`/crm/companies/${id}?tab=addresses`);
    expect(tab.text).toContain('data-address="Base logistique"');
    expect(tab.text).toContain('Adresse de facturation principale');

    // Editing with a stale version, then removing.
    const [base] = await t.db.dataSource.query(`SELECT id FROM tiers_address WHERE tiers_id = $1 AND name = 'Base logistique'`, [id]);
    const stale = await agent.post(`/crm/addresses/${base.id}/edit`).set(XHR).type('form').send({ _csrf_token: csrf, ...address({ address: '9 rue du Dauphiné', version: '7' }) });
    expect(stale.status).toBe(409);
    const removed = await agent.post(`/crm/addresses/${base.id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("L'adresse a été supprimée.");
    const rows = await listTiersAddresses(t.db.dataSource, user.tenantId, id);
    expect(rows).toEqual([expect.objectContaining({ name: 'Siège', city: 'Lyon', zipCode: '69003', isHeadOffice: true })]);
  });
});

describe('contacts', () => {
  it('creates a contact linked to a company with a function, listed and searchable', async () => {
    const { user, agent, csrf } = await crmUser(t, MANAGER);
    const id = await insertTiers(t, user.tenantId, 'Elec Industrie Services', { city: 'Saint-Priest' });
    const [fn] = await t.db.dataSource.query(`INSERT INTO crm_function (tenant_id, name, is_manager) VALUES ($1, 'Chef de chantier', true) RETURNING id`, [user.tenantId]);
    const form = await agent.get(`/crm/contacts/new?tiers=${id}`);
    expect(form.text).toContain('value="Elec Industrie Services"');

    const bad = await agent.post('/crm/contacts/new').set(XHR).type('form').send({ _csrf_token: csrf, ...contact({ lastName: 'Roux', firstName: '', birthDate: '31/02/1980', email: 'j.roux@', tiersId: String(id) }) });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Veuillez renseigner ce champ.');
    expect(bad.text).toContain('La date doit être au format JJ/MM/AAAA.');
    expect(bad.text).toContain('value="Roux"');
    expect(bad.text).toContain('value="31/02/1980"');
    // A company typed but not picked from the suggestions is not silently dropped.
    const unpicked = await agent.post('/crm/contacts/new').set(XHR).type('form').send({ _csrf_token: csrf, ...contact({ lastName: 'Roux', firstName: 'Julien', tiersLabel: 'Elec Indus', tiersId: '' }) });
    expect(unpicked.status).toBe(200);
    expect(unpicked.text).toContain('Choisissez une proposition dans la liste.');
    expect(unpicked.text).toContain('value="Elec Indus"');

    const ok = await agent.post('/crm/contacts/new').set(XHR).type('form').send({
      _csrf_token: csrf, ...contact({
        civility: 'mr', lastName: 'Roux', firstName: 'Julien', birthDate: '14/03/1981', email: 'julien.roux@example.fr', mobile: '06 23 56 89 12',
        locale: 'fr', tiersId: String(id), functionId: String(fn.id), proEmail: 'j.roux@elec-industrie-services.fr', proPhone: '04 72 51 36 80', version: '0',
      }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe('Le contact « Julien Roux » a été créé.');
    const show = await agent.get(ok.body.redirect);
    expect(show.text).toContain('Elec Industrie Services');
    expect(show.text).toContain('Chef de chantier');
    expect(show.text).toContain('14/03/1981');

    const list = await agent.get('/crm/contacts').query({ q: 'élec industrie' });
    expect(list.text).toContain('data-contact="Julien Roux"');
    const employees = await agent.get(`/crm/companies/${id}?tab=employees`);
    expect(employees.text).toContain('data-contact="Julien Roux"');

    const looked = await listTiersContacts(t.db.dataSource, user.tenantId, id);
    expect(looked).toEqual([expect.objectContaining({ fullName: 'Julien Roux', email: 'j.roux@elec-industrie-services.fr', phone: '04 72 51 36 80', mobile: '06 23 56 89 12', functionName: 'Chef de chantier', isManager: true })]);
  });

  it('needs an e-mail to give the contact a user account, which gets the role contact', async () => {
    const { user, agent, csrf } = await crmUser(t, MANAGER);
    const id = await insertTiers(t, user.tenantId, 'Échafaudages du Rhône');
    const noEmail = await agent.post('/crm/contacts/new').set(XHR).type('form').send({
      _csrf_token: csrf, ...contact({ lastName: 'Morel', firstName: 'Kevin', tiersId: String(id), withUserAccount: ['0', '1'] }),
    });
    expect(noEmail.status).toBe(200);
    expect(noEmail.text).toContain('Un e-mail est nécessaire pour créer un compte utilisateur au contact.');
    expect(noEmail.text).toContain('value="Morel"');

    const email = `k.morel.${Date.now()}@echafaudages-rhone.fr`;
    const ok = await agent.post('/crm/contacts/new').set(XHR).type('form').send({
      _csrf_token: csrf, ...contact({ lastName: 'Morel', firstName: 'Kevin', email, tiersId: String(id), withUserAccount: ['0', '1'] }),
    });
    expect(ok.status).toBe(201);
    const [row] = await t.db.dataSource.query(
      `SELECT c.user_id, u.username, u.email, u.enabled, u.tenant_id, array_agg(r.code) AS roles FROM contact c JOIN app_user u ON u.id = c.user_id
         JOIN user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id WHERE c.email = $1 GROUP BY c.user_id, u.username, u.email, u.enabled, u.tenant_id`, [email]);
    expect(row).toMatchObject({ username: email, email, enabled: true, tenant_id: user.tenantId, roles: ['contact'] });
    // He receives a link to choose his password, and the page says so.
    const mail = identityMailer().sent().find((m) => m.to.includes(email));
    expect(mail?.subject).toBe('Votre accès à Vigie');
    expect(mail?.html).toMatch(/\/password\/reset\/[\w-]+/);
    expect((await agent.get(ok.body.redirect)).text).toContain(`Un e-mail a été envoyé à ${email} pour choisir son mot de passe.`);

    // The same e-mail cannot give a second account: the error names the user holding it.
    const twice = await agent.post('/crm/contacts/new').set(XHR).type('form').send({
      _csrf_token: csrf, ...contact({ lastName: 'Homonyme', firstName: 'Kevin', email, withUserAccount: '1' }),
    });
    expect(twice.status).toBe(200);
    expect(twice.text).toContain('Cette adresse e-mail est déjà utilisée par Kevin Morel.');

    // Unticking disables the account.
    const [c] = await t.db.dataSource.query('SELECT id, version FROM contact WHERE email = $1', [email]);
    const off = await agent.post(`/crm/contacts/${c.id}/edit`).set(XHR).type('form').send({
      _csrf_token: csrf, ...contact({ lastName: 'Morel', firstName: 'Kevin', email, tiersId: String(id), withUserAccount: '0', version: String(c.version) }),
    });
    expect(off.status).toBe(201);
    const [u] = await t.db.dataSource.query('SELECT enabled FROM app_user WHERE id = $1', [row.user_id]);
    expect(u.enabled).toBe(false);

    // Ticked again, the same account comes back; the contact put in the trash loses it again.
    const on = await agent.post(`/crm/contacts/${c.id}/edit`).set(XHR).type('form').send({
      _csrf_token: csrf, ...contact({ lastName: 'Morel', firstName: 'Kevin', email, tiersId: String(id), withUserAccount: '1', version: String(c.version + 1) }),
    });
    expect(on.status).toBe(201);
    expect((await t.db.dataSource.query('SELECT enabled FROM app_user WHERE id = $1', [row.user_id]))[0].enabled).toBe(true);
    const trashed = await agent.post(`/crm/contacts/${c.id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(trashed.status).toBe(200);
    expect(trashed.body.message).toBe('Le contact « Kevin Morel » a été mis à la corbeille.');
    expect((await t.db.dataSource.query('SELECT enabled FROM app_user WHERE id = $1', [row.user_id]))[0].enabled).toBe(false);
    expect((await agent.get(`/crm/contacts/${c.id}`)).status).toBe(404);
  });

  it('refuses an account to a user without manage_all nor admin.users, and hides other tenants\' contacts', async () => {
    const mate = await crmUser(t, ['companies.view']);
    const res = await mate.agent.post('/crm/contacts/new').set(XHR).type('form').send({
      _csrf_token: mate.csrf, ...contact({ lastName: 'Sans', firstName: 'Droit', email: `sans.droit.${Date.now()}@example.fr`, withUserAccount: '1' }),
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Vous n&#39;avez pas le droit de créer un compte utilisateur.");

    const other = await crmUser(t, MANAGER);
    const tiers = await insertTiers(t, other.user.tenantId, 'Ailleurs');
    const id = await t.db.dataSource.transaction((m) => createContact(m, other.user.tenantId, { tiersId: tiers, lastName: 'Caché', firstName: 'Paul' }));
    expect((await mate.agent.get(`/crm/contacts/${id}`)).status).toBe(404);
    expect((await mate.agent.post(`/crm/contacts/${id}/edit`).set(XHR).type('form').send({ _csrf_token: mate.csrf, ...contact({ lastName: 'X', firstName: 'Y' }) })).status).toBe(404);
    const { agent } = await crmUser(t, MANAGER);
    expect((await agent.get(`/crm/contacts/${id}`)).status).toBe(404);
    expect((await other.agent.get(`/crm/contacts/${id}`)).status).toBe(200);
  });
});

describe('contact links', () => {
  it('attaches a contact to a second company once, and detaches him', async () => {
    const { user, agent, csrf } = await crmUser(t, MANAGER);
    const first = await insertTiers(t, user.tenantId, 'Première SA');
    const second = await insertTiers(t, user.tenantId, 'Seconde SARL');
    const id = await t.db.dataSource.transaction((m) => createContact(m, user.tenantId, { tiersId: first, lastName: 'Bonnet', firstName: 'Thierry' }));
    const link = (tiersId: string) => agent.post(`/crm/contacts/${id}/companies/new`).set(XHR).type('form').send({ _csrf_token: csrf, ...fields('crm_contact_link', { tiersId, proEmail: 't.bonnet@seconde.fr' }) });
    const empty = await link('');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Veuillez effectuer une sélection');
    expect((await link(String(second))).status).toBe(201);
    const again = await link(String(first));
    expect(again.status).toBe(200);
    expect(again.text).toContain('Ce contact est déjà rattaché à « Première SA ».');
    const show = await agent.get(`/crm/contacts/${id}`);
    expect(show.text).toContain('data-link="Première SA"');
    expect(show.text).toContain('data-link="Seconde SARL"');
    expect((await listTiersContacts(t.db.dataSource, user.tenantId, second))[0]).toMatchObject({ fullName: 'Thierry Bonnet', email: 't.bonnet@seconde.fr' });
    expect((await agent.post(`/crm/contacts/${id}/companies/${first}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect(await listTiersContacts(t.db.dataSource, user.tenantId, first)).toEqual([]);
    expect((await agent.post(`/crm/contacts/${id}/companies/${first}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
  });
});

describe('lookup service for the prevention plans', () => {
  it('searches, finds and lists within the tenant only', async () => {
    const a = await crmUser(t, MANAGER);
    const b = await crmUser(t, MANAGER);
    const id = await insertTiers(t, a.user.tenantId, 'Levage Manutention Alpes', { siret: '39874512300052', city: 'Villard-Bonnot' });
    await insertTiers(t, b.user.tenantId, 'Levage Ailleurs', { city: 'Grenoble' });
    expect(await searchTiers(t.db.dataSource, a.user.tenantId, 'levage')).toEqual([{ id, name: 'Levage Manutention Alpes', city: 'Villard-Bonnot' }]);
    expect(await searchTiers(t.db.dataSource, a.user.tenantId, '3987451')).toHaveLength(1);
    expect(await findTiers(t.db.dataSource, b.user.tenantId, id)).toBeNull();
    expect(await findTiers(t.db.dataSource, a.user.tenantId, id)).toMatchObject({ id, name: 'Levage Manutention Alpes', siret: '39874512300052' });
    expect(await listTiersAddresses(t.db.dataSource, b.user.tenantId, id)).toEqual([]);
    await expect(t.db.dataSource.transaction((m) => createContact(m, b.user.tenantId, { tiersId: id, lastName: 'Intrus', firstName: 'Max' }))).rejects.toThrow();
  });
});
