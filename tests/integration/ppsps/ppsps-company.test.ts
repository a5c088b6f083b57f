import { createTestApp, type TestApp } from '../../support/app';
import { newTiers } from '../prevention-plan/company-fixtures';
import { actor, createPpsps, newCompany, PPSPS_RIGHTS, postCompany, XHR } from './ppsps-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const companies = (id: number) => t.db.dataSource.query('SELECT id, kind, name, parent_id, tiers_id, contact_id, last_name, city FROM ppsps_company WHERE ppsps_id = $1 ORDER BY id', [id]);

describe('PPSPS companies (ET, MOE, MOA, SPS, ST) from the CRM', () => {
  it('opens the add form of each kind, fills the block from the CRM and saves it', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const id = await createPpsps(a);
    const tiers = await newTiers(t, a.tenantId);
    for (const [kind, label] of [['ET', 'Entreprise titulaire'], ['MOE', 'Maître d&#39;œuvre'], ['MOA', 'Maître d&#39;ouvrage'], ['SPS', 'Coordonnateur SPS'], ['ST', 'Sous-traitant']]) {
      const form = await a.agent.get(`/ppsps/${id}/company/add?kind=${kind}`).set(XHR);
      expect(form.status).toBe(200);
      expect(form.text).toContain(label);
    }
    expect((await a.agent.get(`/ppsps/${id}/company/add?kind=EE`).set(XHR)).status).toBe(404);
    // The block re-posted with a CRM company answers it filled (name, head office, manager).
    const block = await postCompany(a, `/ppsps/tiers/0/form`, { tiers: tiers.id });
    expect(block.status).toBe(200);
    expect(block.text).toContain('value="Maintenance Industrielle du Rhône"');
    expect(block.text).toContain('value="Lyon"');
    expect(block.text).toContain('value="Moreau"');
    expect((await postCompany(a, `/ppsps/tiers/${tiers.id}/form`, { tiers: tiers.id, contact: tiers.managerId, previousContact: tiers.managerId, tiersAddress: tiers.headId, previousAddress: tiers.headId })).text).toBe('');
    const agency = await postCompany(a, `/ppsps/tiers/${tiers.id}/form`, { tiers: tiers.id, tiersAddress: tiers.agencyId, previousAddress: tiers.headId });
    expect(agency.text).toContain('value="Feyzin"');
    const res = await postCompany(a, `/ppsps/${id}/company/add?kind=ET`, {
      tiers: tiers.id, name: 'Maintenance Industrielle du Rhône', director: 'Hélène Garnier', tiersAddress: tiers.headId, address: '12 rue de la Forge', zipCode: '69007', city: 'Lyon',
      contact: tiers.managerId, lastName: 'Moreau', firstName: 'Julien', email: 'j.moreau@mir.fr',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('L\'entreprise Maintenance Industrielle du Rhône a été ajoutée.');
    expect(await companies(id)).toEqual([expect.objectContaining({ kind: 'ET', tiers_id: tiers.id, contact_id: tiers.managerId, last_name: 'Moreau', city: 'Lyon' })]);
    const page = await a.agent.get(`/ppsps/${id}?tab=contacts`);
    expect(page.text).toContain('data-testid="ppsps-company"');
    expect(page.text).not.toContain('Aucune entreprise n&#39;est renseignée dans les contacts.');
  });

  it('asks a name, checks the CRM references of the company, and hangs a subcontractor under another company', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const id = await createPpsps(a);
    const tiers = await newTiers(t, a.tenantId);
    const foreign = await newTiers(t, (await actor(t, newCompany(), [])).tenantId, 'Autre société');
    const empty = await postCompany(a, `/ppsps/${id}/company/add?kind=SPS`, { name: '', email: 'pas-un-mail' });
    expect(empty.status).toBe(200);
    expect(empty.text).toMatch(/data-testid="error-name">Veuillez renseigner ce champ.</);
    expect(empty.text).toMatch(/data-testid="error-email">/);
    const bad = await postCompany(a, `/ppsps/${id}/company/add?kind=SPS`, { name: 'Coord', tiers: foreign.id, contact: foreign.managerId });
    expect(bad.status).toBe(200);
    const wrongContact = await postCompany(a, `/ppsps/${id}/company/add?kind=SPS`, { name: 'Coord', tiers: tiers.id, contact: foreign.managerId });
    expect(wrongContact.text).toMatch(/data-testid="error-contact">/);
    const sps = await postCompany(a, `/ppsps/${id}/company/add?kind=SPS`, { name: 'Bureau Prévention Coordination', lastName: 'Roux' });
    expect(sps.status).toBe(201);
    const orphan = await postCompany(a, `/ppsps/${id}/company/add?kind=ST`, { name: 'Échafaudages du Rhône' });
    expect(orphan.text).toContain('Un sous-traitant doit être rattaché à une autre entreprise de ce PPSPS.');
    const st = await postCompany(a, `/ppsps/${id}/company/add?kind=ST`, { name: 'Échafaudages du Rhône', parent: sps.body.id });
    expect(st.status).toBe(201);
    // The parent may not be removed while it has a subcontractor; the subcontractor may.
    const refused = await a.agent.post(`/ppsps/company/${sps.body.id}/remove`).set(XHR).type('form').send({ _csrf_token: a.csrf });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Cette entreprise a des sous-traitants : retirez-les d\'abord.');
    // Editing: not under itself; optimistic lock.
    const self = await postCompany(a, `/ppsps/company/${st.body.id}/edit`, { name: 'Échafaudages du Rhône', parent: st.body.id, version: 1 });
    expect(self.status).toBe(200);
    const renamed = await postCompany(a, `/ppsps/company/${st.body.id}/edit`, { name: 'Échafaudages Rhône-Alpes', parent: sps.body.id, version: 1 });
    expect(renamed.status).toBe(201);
    expect((await postCompany(a, `/ppsps/company/${st.body.id}/edit`, { name: 'X', parent: sps.body.id, version: 1 })).status).toBe(409);
    expect((await a.agent.post(`/ppsps/company/${st.body.id}/remove`).set(XHR).type('form').send({ _csrf_token: a.csrf })).status).toBe(200);
    expect((await companies(id)).map((c: { kind: string }) => c.kind)).toEqual(['SPS']);
    const history = await t.db.dataSource.query("SELECT transition FROM history_entry WHERE subject_type = 'ppsps' AND subject_id = $1 ORDER BY id", [id]);
    expect(history.map((h: { transition: string }) => h.transition)).toEqual(['create', 'company_add', 'company_add', 'company_edit', 'company_remove']);
  });

  it('lets a reader see the companies but not change them; another company gets 404', async () => {
    const company = newCompany();
    const a = await actor(t, company, PPSPS_RIGHTS.author);
    const id = await createPpsps(a);
    const res = await postCompany(a, `/ppsps/${id}/company/add?kind=MOA`, { name: 'Ville de Lyon' });
    const reader = await actor(t, company, PPSPS_RIGHTS.viewAll, 'Lou');
    expect((await reader.agent.get(`/ppsps/${id}?tab=contacts`)).text).toContain('Ville de Lyon');
    const before = await companies(id);
    expect(before.map((c: { name: string }) => c.name)).toEqual(['Ville de Lyon']);
    expect((await postCompany(reader, `/ppsps/${id}/company/add?kind=MOA`, { name: 'Métropole' })).status).toBe(403);
    expect((await postCompany(reader, `/ppsps/company/${res.body.id}/edit`, { name: 'Métropole', version: 1 })).status).toBe(403);
    const stranger = await actor(t, newCompany(), PPSPS_RIGHTS.manager);
    expect((await postCompany(stranger, `/ppsps/company/${res.body.id}/edit`, { name: 'Métropole', version: 1 })).status).toBe(404);
    expect((await stranger.agent.post(`/ppsps/company/${res.body.id}/remove`).set(XHR).type('form').send({ _csrf_token: stranger.csrf })).status).toBe(404);
    // Nothing was added, renamed or removed.
    expect(await companies(id)).toEqual(before);
  });
});
