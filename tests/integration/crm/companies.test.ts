import { createTestApp, type TestApp } from '../../support/app';
import { crmUser, fields, insertTiers, MANAGER, XHR } from './crm-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const company = (values: Record<string, string | string[]>) => fields('crm_company', values);

describe('company list', () => {
  it('shows an empty state, then searches on name, SIRET and city, filters on state and pages', async () => {
    const { user, agent } = await crmUser(t, MANAGER);
    const empty = await agent.get('/crm/companies');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('data-testid="empty-state"');
    expect(empty.text).toContain("Aucune entreprise enregistrée pour l&#39;instant.");

    await insertTiers(t, user.tenantId, 'Elec Industrie Services', { siret: '41235987600027', city: 'Saint-Priest', state: 'customer' });
    await insertTiers(t, user.tenantId, 'Échafaudages du Rhône', { siret: '52318476900015', city: 'Vénissieux', state: 'lead' });
    for (let i = 1; i <= 26; i++) await insertTiers(t, user.tenantId, `Zeta ${String(i).padStart(2, '0')}`, { state: 'prospect' });

    const byName = await agent.get('/crm/companies').query({ q: 'elec' });
    expect(byName.text).toContain('data-tiers="Elec Industrie Services"');
    expect(byName.text).not.toContain('data-tiers="Échafaudages du Rhône"');
    const bySiret = await agent.get('/crm/companies').query({ q: '523 184' });
    expect(bySiret.text).toContain('data-tiers="Échafaudages du Rhône"');
    expect(bySiret.text).not.toContain('data-tiers="Elec Industrie Services"');
    // Case and accents do not matter.
    const byCity = await agent.get('/crm/companies').query({ q: 'VENISSIEUX' });
    expect(byCity.text).toContain('data-tiers="Échafaudages du Rhône"');
    expect(byCity.text).not.toContain('data-tiers="Elec Industrie Services"');
    const unaccented = await agent.get('/crm/companies').query({ q: 'echafaudages' });
    expect(unaccented.text).toContain('data-tiers="Échafaudages du Rhône"');
    const byState = await agent.get('/crm/companies').query({ state: 'lead' });
    expect((byState.text.match(/data-tiers="/g) ?? []).length).toBe(1);
    const none = await agent.get('/crm/companies').query({ q: 'introuvable' });
    expect(none.text).toContain('Aucune entreprise ne correspond à ces critères.');

    const first = await agent.get('/crm/companies');
    expect((first.text.match(/data-tiers="/g) ?? []).length).toBe(25);
    expect(first.text).toContain('28 résultat(s)');
    const second = await agent.get('/crm/companies').query({ page: 2 });
    expect((second.text.match(/data-tiers="/g) ?? []).length).toBe(3);
    expect(second.text).toContain('data-tiers="Zeta 26"');
  });

  it('answers the autocomplete with the companies of the tenant only', async () => {
    const { user, agent } = await crmUser(t, MANAGER);
    const other = await crmUser(t, MANAGER);
    await insertTiers(t, user.tenantId, 'Net Pro Propreté', { city: 'Lyon' });
    await insertTiers(t, other.user.tenantId, 'Net Pro Ailleurs', { city: 'Paris' });
    const res = await agent.get('/crm/companies/autocomplete').query({ q: 'net pro' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ name: 'Net Pro Propreté', city: 'Lyon', label: 'Net Pro Propreté (Lyon)' })]);
  });
});

describe('adding and editing a company', () => {
  it('re-renders the form with French messages and the typed values, then saves every field', async () => {
    const { user, agent, csrf } = await crmUser(t, MANAGER);
    const [activity] = await t.db.dataSource.query(`INSERT INTO crm_activity (tenant_id, name) VALUES ($1, 'Échafaudage') RETURNING id`, [user.tenantId]);
    const [vat] = await t.db.dataSource.query(`INSERT INTO vat_rate (tenant_id, label, rate, is_default) VALUES ($1, 'TVA 20 %', 20, true) RETURNING id`, [user.tenantId]);
    const page = await agent.get('/crm/companies/new');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(new RegExp(`<option value="${vat.id}" selected>TVA 20 %</option>`));

    const bad = await agent.post('/crm/companies/new').set(XHR).type('form').send({
      _csrf_token: csrf, ...company({ name: '  ', siret: '4123598760002', email: 'pas-un-email', state: 'customer', director: 'Marc Delorme', creationYear: '19x8' }),
    });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Veuillez renseigner ce champ.');
    expect(bad.text).toContain('Le SIRET doit comporter exactement 14 chiffres.');
    expect(bad.text).toContain("Cette valeur n&#39;est pas une adresse e-mail valide.");
    expect(bad.text).toContain("L&#39;année de création doit être une année valide");
    expect(bad.text).toContain('value="Marc Delorme"');
    expect(bad.text).toContain('value="4123598760002"');
    expect(bad.text).toContain('value="pas-un-email"');
    const [{ n }] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM tiers WHERE tenant_id = $1', [user.tenantId]);
    expect(n).toBe(0);

    const ok = await agent.post('/crm/companies/new').set(XHR).type('form').send({
      _csrf_token: csrf,
      ...company({
        name: 'Échafaudages du Rhône', director: 'Marc Delorme', state: 'lead', email: 'agence@echafaudages-rhone.fr', phone: '04 78 90 12 34',
        website: 'www.echafaudages-rhone.fr', isProvider: ['0', '1'], intraVatNumber: 'fr 32 523184769', siret: '523 184 769 00015', apeCode: '43.99B',
        legalForm: 'SARL', creationYear: '2006', staffCount: '42', capital: '80 000', averageTurnover: '4200000,50', activityIds: [String(activity.id)],
        activityDescription: "Montage d'échafaudages", vatRateId: String(vat.id), referentId: String(user.id), version: '0',
      }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe('L\'entreprise « Échafaudages du Rhône » a été créée.');
    const [row] = await t.db.dataSource.query('SELECT * FROM tiers WHERE tenant_id = $1', [user.tenantId]);
    expect(ok.body.redirect).toBe(`/crm/companies/${row.id}`);
    expect(row).toMatchObject({
      siret: '52318476900015', intra_vat_number: 'FR32523184769', is_provider: true, state: 'lead', capital: '80000.00', average_turnover: '4200000.50',
      creation_year: 2006, staff_count: 42, referent_id: user.id, vat_rate_id: vat.id, created_by_id: user.id,
    });
    const show = await agent.get(`/crm/companies/${row.id}`);
    expect(show.text).toContain("L&#39;entreprise « Échafaudages du Rhône » a été créée.");
    expect(show.text).toContain('Marc Delorme');
    expect(show.text).toContain('Échafaudage');
    const legal = await agent.get(`/crm/companies/${row.id}?tab=legal`);
    expect(legal.text).toContain('52318476900015');
    expect(legal.text).toContain('SARL');
    expect(legal.text).toMatch(/80\s000 €/);

    const dup = await agent.post('/crm/companies/new').set(XHR).type('form').send({ _csrf_token: csrf, ...company({ name: 'Doublon', state: 'other', siret: '52318476900015' }) });
    expect(dup.status).toBe(200);
    expect(dup.text).toContain('Ce SIRET est déjà celui de l&#39;entreprise « Échafaudages du Rhône ».');
  });

  it('refuses a stale edit with 409 and keeps the newer version', async () => {
    const { user, agent, csrf } = await crmUser(t, MANAGER);
    const id = await insertTiers(t, user.tenantId, 'Levage Alpes');
    const form = await agent.get(`/crm/companies/${id}/edit`);
    expect(form.text).toContain('value="Levage Alpes"');
    const first = await agent.post(`/crm/companies/${id}/edit`).set(XHR).type('form').send({ _csrf_token: csrf, ...company({ name: 'Levage Manutention Alpes', state: 'customer', version: '1' }) });
    expect(first.status).toBe(201);
    const second = await agent.post(`/crm/companies/${id}/edit`).set(XHR).type('form').send({ _csrf_token: csrf, ...company({ name: 'Levage (périmé)', state: 'customer', version: '1' }) });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('modifié par quelqu');
    const [row] = await t.db.dataSource.query('SELECT name, version FROM tiers WHERE id = $1', [id]);
    expect(row).toEqual({ name: 'Levage Manutention Alpes', version: 2 });
  });
});

describe('rights and tenancy', () => {
  it('answers 404 for another company\'s tiers and address', async () => {
    const { agent, csrf } = await crmUser(t, MANAGER);
    const other = await crmUser(t, MANAGER);
    const id = await insertTiers(t, other.user.tenantId, 'Ailleurs SA', { city: 'Paris' });
    const [addr] = await t.db.dataSource.query('SELECT id FROM tiers_address WHERE tiers_id = $1', [id]);
    expect((await agent.get(`/crm/companies/${id}`)).status).toBe(404);
    expect((await agent.get(`/crm/companies/${id}/edit`)).status).toBe(404);
    expect((await agent.post(`/crm/companies/${id}/edit`).set(XHR).type('form').send({ _csrf_token: csrf, ...company({ name: 'Pirate', state: 'other' }) })).status).toBe(404);
    expect((await agent.post(`/crm/addresses/${addr.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(404);
    const [row] = await t.db.dataSource.query('SELECT name FROM tiers WHERE id = $1', [id]);
    expect(row.name).toBe('Ailleurs SA');
    expect(await t.db.dataSource.query('SELECT id FROM tiers_address WHERE tiers_id = $1', [id])).toEqual([{ id: addr.id }]);
  });

  it('refuses the CRM without companies.view, and limits a user without view_all to his own companies', async () => {
    const none = await crmUser(t, ['action.view']);
    expect((await none.agent.get('/crm/companies')).status).toBe(403);
    expect((await none.agent.post('/crm/companies/new').set(XHR).type('form').send({ _csrf_token: none.csrf, ...company({ name: 'X', state: 'other' }) })).status).toBe(403);

    const boss = await crmUser(t, MANAGER);
    // Users of the boss's company.
    const mate = await crmUser(t, ['companies.view'], await tenantName(boss.user.tenantId));
    const reader = await crmUser(t, ['companies.view', 'companies.view_all'], await tenantName(boss.user.tenantId));
    const theirs = await insertTiers(t, boss.user.tenantId, 'Société du chef', { createdBy: boss.user.id });
    const mine = await insertTiers(t, boss.user.tenantId, 'Société référente', { createdBy: boss.user.id, referent: mate.user.id });

    const list = await mate.agent.get('/crm/companies');
    expect(list.text).toContain('data-tiers="Société référente"');
    expect(list.text).not.toContain('data-tiers="Société du chef"');
    expect((await mate.agent.get(`/crm/companies/${theirs}`)).status).toBe(404);
    expect((await mate.agent.get(`/crm/companies/${mine}/edit`)).status).toBe(200);
    const suggestions = await mate.agent.get('/crm/companies/autocomplete').query({ q: 'société' });
    expect(suggestions.body.map((h: { name: string }) => h.name)).toEqual(['Société référente']);

    expect((await reader.agent.get(`/crm/companies/${theirs}`)).status).toBe(200);
    const refused = await reader.agent.post(`/crm/companies/${theirs}/edit`).set(XHR).type('form').send({ _csrf_token: reader.csrf, ...company({ name: 'Renommée', state: 'other', version: '1' }) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Vous n'avez pas le droit de faire cette action.");

    // Adding is open to companies.view: the creator then sees and edits his company.
    const added = await mate.agent.post('/crm/companies/new').set(XHR).type('form').send({ _csrf_token: mate.csrf, ...company({ name: 'Nouvelle du collègue', state: 'prospect' }) });
    expect(added.status).toBe(201);
    expect((await mate.agent.get(added.body.redirect)).status).toBe(200);
  });
});

async function tenantName(tenantId: number): Promise<string> {
  const [row] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]);
  return row.name;
}

describe('trash', () => {
  it('moves a company to the shared trash and restores it; a plain user may not remove another\'s company', async () => {
    const { user, agent, csrf } = await crmUser(t, [...MANAGER, 'admin.trash']);
    const id = await insertTiers(t, user.tenantId, 'Corbeille SARL');
    const mate = await crmUser(t, ['companies.view', 'companies.view_all'], await tenantName(user.tenantId));
    expect((await mate.agent.post(`/crm/companies/${id}/delete`).set(XHR).send({ _csrf_token: mate.csrf })).status).toBe(403);
    expect(await t.db.dataSource.query('SELECT deleted_at FROM tiers WHERE id = $1', [id])).toEqual([{ deleted_at: null }]);

    const res = await agent.post(`/crm/companies/${id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "L'entreprise « Corbeille SARL » a été mise à la corbeille.", redirect: '/crm/companies' });
    expect((await agent.get(`/crm/companies/${id}`)).status).toBe(404);
    expect((await agent.get('/crm/companies')).text).not.toContain('data-tiers="Corbeille SARL"');
    const [item] = await t.db.dataSource.query(`SELECT id, title FROM trash_item WHERE subject_table = 'tiers' AND subject_id = $1`, [id]);
    expect(item.title).toBe('Corbeille SARL');
    expect((await agent.post(`/admin/trash/${item.id}/restore`).type('form').send({ _csrf_token: csrf })).status).toBe(302);
    expect((await agent.get(`/crm/companies/${id}`)).status).toBe(200);
  });
});

describe('logo', () => {
  it('uploads a PNG logo shown on the company page, and refuses another file type in French', async () => {
    const { user, agent, csrf } = await crmUser(t, MANAGER);
    const id = await insertTiers(t, user.tenantId, 'Logo SAS');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const refused = await agent.post(`/crm/companies/${id}/logo`).set(XHR).field('_csrf_token', csrf).attach('logo', Buffer.from('%PDF-1.4 pas une image'), 'logo.pdf');
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('data-testid="upload-error"');
    const ok = await agent.post(`/crm/companies/${id}/logo`).set(XHR).field('_csrf_token', csrf).attach('logo', png, 'logo.png');
    expect(ok.status).toBe(201);
    const [row] = await t.db.dataSource.query('SELECT logo_file_id FROM tiers WHERE id = $1', [id]);
    expect(row.logo_file_id).toEqual(expect.any(Number));
    const page = await agent.get(`/crm/companies/${id}`);
    expect(page.text).toContain(`src="/crm/companies/${id}/logo/image"`);
    expect((await agent.get(`/crm/companies/${id}/logo/image`)).status).toBe(200);
  });
});
