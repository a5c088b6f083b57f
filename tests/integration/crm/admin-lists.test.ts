import { createTestApp, type TestApp } from '../../support/app';
import { crmUser, fields, insertTiers, MANAGER, XHR } from './crm-helpers';
import { seedCrmDemo } from '../../../server/modules/crm/crm.demo';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('VAT rates', () => {
  it('adds rates with a French decimal, keeps one default, refuses to remove a rate in use', async () => {
    const { user, agent, csrf } = await crmUser(t, ['admin.nomenclatures', 'companies.view']);
    const empty = await agent.get('/admin/vat-rates');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Aucun taux de TVA pour l&#39;instant.');
    const bad = await agent.post('/admin/vat-rates/new').set(XHR).type('form').send({ _csrf_token: csrf, ...fields('vat_rate', { label: 'TVA énorme', rate: '120' }) });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Le taux doit être un pourcentage entre 0 et 100');
    expect(bad.text).toContain('value="TVA énorme"');
    for (const [label, rate, isDefault] of [['TVA 20 %', '20', '1'], ['TVA 5,5 %', '5,5', '1']]) {
      const res = await agent.post('/admin/vat-rates/new').set(XHR).type('form').send({ _csrf_token: csrf, ...fields('vat_rate', { label, rate, isDefault }) });
      expect(res.status).toBe(201);
    }
    const rows = await t.db.dataSource.query('SELECT label, rate, is_default FROM vat_rate WHERE tenant_id = $1 ORDER BY rate', [user.tenantId]);
    expect(rows).toEqual([{ label: 'TVA 5,5 %', rate: '5.50', is_default: true }, { label: 'TVA 20 %', rate: '20.00', is_default: false }]);
    const [v] = await t.db.dataSource.query(`SELECT id FROM vat_rate WHERE tenant_id = $1 AND label = 'TVA 20 %'`, [user.tenantId]);
    const tiers = await insertTiers(t, user.tenantId, 'Client TVA');
    await t.db.dataSource.query('UPDATE tiers SET vat_rate_id = $1 WHERE id = $2', [v.id, tiers]);
    const refused = await agent.post(`/admin/vat-rates/${v.id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Le taux de TVA « TVA 20 % » est utilisé par des entreprises : il ne peut pas être supprimé.');

    const crm = await crmUser(t, MANAGER);
    expect((await crm.agent.get('/admin/vat-rates')).status).toBe(403);
  });
});

describe('functions and activities', () => {
  it('are listed for companies.view and managed with companies.manage_all', async () => {
    const viewer = await crmUser(t, ['companies.view']);
    const page = await viewer.agent.get('/crm/functions');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Aucune fonction pour l&#39;instant.');
    expect((await viewer.agent.post('/crm/functions/new').set(XHR).type('form').send({ _csrf_token: viewer.csrf, ...fields('crm_function', { name: 'Gérant' }) })).status).toBe(403);
    expect(await t.db.dataSource.query('SELECT id FROM crm_function WHERE tenant_id = $1', [viewer.user.tenantId])).toEqual([]);

    const { user, agent, csrf } = await crmUser(t, MANAGER);
    expect((await agent.post('/crm/functions/new').set(XHR).type('form').send({ _csrf_token: csrf, ...fields('crm_function', { name: 'Gérant', isManager: ['0', '1'] }) })).status).toBe(201);
    const dup = await agent.post('/crm/functions/new').set(XHR).type('form').send({ _csrf_token: csrf, ...fields('crm_function', { name: 'gérant' }) });
    expect(dup.status).toBe(200);
    expect(dup.text).toContain('Cette valeur est déjà utilisée.');
    const list = await agent.get('/crm/functions');
    expect(list.text).toContain('data-function="Gérant"');
    expect(list.text).toContain('Responsable');

    expect((await agent.post('/crm/activities/new').set(XHR).type('form').send({ _csrf_token: csrf, ...fields('crm_activity', { name: 'Échafaudage' }) })).status).toBe(201);
    const [a] = await t.db.dataSource.query(`SELECT id FROM crm_activity WHERE tenant_id = $1`, [user.tenantId]);
    const tiers = await insertTiers(t, user.tenantId, 'Échafaudeur');
    await t.db.dataSource.query('INSERT INTO tiers_activity (tenant_id, tiers_id, activity_id) VALUES ($1, $2, $3)', [user.tenantId, tiers, a.id]);
    const inUse = await agent.post(`/crm/activities/${a.id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toContain('Échafaudage');
    expect(await t.db.dataSource.query('SELECT name FROM crm_activity WHERE id = $1', [a.id])).toEqual([{ name: 'Échafaudage' }]);
    await t.db.dataSource.query('DELETE FROM tiers_activity WHERE activity_id = $1', [a.id]);
    expect((await agent.post(`/crm/activities/${a.id}/delete`).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);

    const other = await crmUser(t, MANAGER);
    const [f] = await t.db.dataSource.query(`SELECT id FROM crm_function WHERE tenant_id = $1`, [user.tenantId]);
    expect((await other.agent.get(`/crm/functions/${f.id}/edit`).set(XHR)).status).toBe(404);
    expect((await other.agent.post(`/crm/functions/${f.id}/delete`).set(XHR).send({ _csrf_token: other.csrf })).status).toBe(404);
    expect(await t.db.dataSource.query('SELECT name FROM crm_function WHERE id = $1', [f.id])).toEqual([{ name: 'Gérant' }]);
  });
});

describe('demo data', () => {
  it('fills four outside companies with addresses and contacts, once', async () => {
    const { user, agent } = await crmUser(t, MANAGER);
    await seedCrmDemo(t.db.dataSource, user.tenantId);
    await seedCrmDemo(t.db.dataSource, user.tenantId);
    const [{ n }] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM tiers WHERE tenant_id = $1', [user.tenantId]);
    expect(n).toBe(4);
    const perCompany = await t.db.dataSource.query(
      `SELECT t.name, (SELECT count(*)::int FROM tiers_address a WHERE a.tiers_id = t.id) AS addresses, (SELECT count(*)::int FROM contact_company c WHERE c.tiers_id = t.id) AS contacts
         FROM tiers t WHERE t.tenant_id = $1 ORDER BY t.name`, [user.tenantId]);
    expect(perCompany).toHaveLength(4);
    for (const row of perCompany) {
      expect(row.addresses).toBeGreaterThanOrEqual(1);
      expect(row.contacts).toBeGreaterThanOrEqual(2);
    }
    const list = await agent.get('/crm/companies');
    expect(list.text).toContain('data-tiers="Elec Industrie Services"');
    expect(list.text).toContain('data-tiers="Échafaudages du Rhône"');
  });
});
