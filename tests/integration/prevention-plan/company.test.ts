import { createTestApp, type TestApp } from '../../support/app';
import { runPlanChecks } from '../../../server/modules/prevention-plan/core/plan-checks';
import { loadPlanRef } from '../../../server/modules/prevention-plan/core/plan-access';
import { addCompany, decode, EDITOR, eeFields, member, newCompany, newPlan, newTiers, post, rows, XHR } from './company-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function setup() {
  const company = newCompany();
  const editor = await member(t, company, EDITOR);
  const planId = await newPlan(t, editor.tenantId, editor.id);
  const tiers = await newTiers(t, editor.tenantId);
  return { company, editor, planId, tiers };
}

const euFields = { kind: 'EU', name: 'Chimie du Sud', address: '1 avenue de la Raffinerie', zipCode: '13500', city: 'Martigues', lastName: 'Durand', firstName: 'Paul', version: 0 };

describe('companies of a plan: adding and the rules of the block', () => {
  it('adds an exterior company filled from the CRM and writes the plan history', async () => {
    const { editor, planId, tiers } = await setup();
    const form = await editor.agent.get(`/prevention-plan/${planId}/company/add?kind=EE`).set(XHR);
    expect(form.status).toBe(200);
    expect(decode(form.text)).toContain('Ajouter une entreprise extérieure');
    expect(form.text).toContain('data-autocomplete-url="/prevention-plan/search-tiers"');

    const res = await post(editor, `/prevention-plan/${planId}/company/add?kind=EE`, 'plan_company', eeFields(tiers));
    expect(res.status).toBe(201);
    expect(decode(res.body.message)).toContain("L'entreprise « Maintenance Industrielle du Rhône » a été ajoutée au plan.");
    expect(res.body.redirect).toBe(`/prevention-plan/${planId}?tab=companies`);
    const [row] = await rows(t, 'plan_company', planId);
    expect(row).toMatchObject({ kind: 'EE', tiers_id: tiers.id, tiers_address_id: tiers.headId, contact_id: tiers.managerId, city: 'Lyon', last_name: 'Moreau', parent_id: null });
    const history = await t.db.dataSource.query(`SELECT transition, comment FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1`, [planId]);
    expect(history).toEqual([{ transition: 'company_add', comment: 'EE : Maintenance Industrielle du Rhône' }]);
  });

  it('refuses a block without name, address or manager with French messages, keeps what was typed, saves nothing', async () => {
    const { editor, planId, tiers } = await setup();
    const res = await post(editor, `/prevention-plan/${planId}/company/add?kind=EE`, 'plan_company', { ...eeFields(tiers), name: '', address: '', lastName: '', director: 'Directeur tapé' });
    expect(res.status).toBe(200);
    const html = decode(res.text);
    expect(html).toContain("Veuillez renseigner le nom de l'entreprise.");
    expect(html).toContain("Veuillez renseigner l'adresse de l'entreprise.");
    expect(html).toContain("Veuillez renseigner le nom du responsable de l'entreprise.");
    expect(html).toContain('value="Directeur tapé"');
    expect(html).toContain('value="Lyon"');
    expect(await rows(t, 'plan_company', planId)).toHaveLength(0);
  });

  it('requires a CRM company for an exterior company, and refuses the same one twice', async () => {
    const { editor, planId, tiers } = await setup();
    const none = await post(editor, `/prevention-plan/${planId}/company/add?kind=EE`, 'plan_company', { ...eeFields(tiers), tiers: '', tiersAddress: '', contact: '' });
    expect(none.status).toBe(200);
    expect(decode(none.text)).toContain('Veuillez choisir une entreprise du CRM.');
    await addCompany(editor, planId, eeFields(tiers));
    const twice = await post(editor, `/prevention-plan/${planId}/company/add?kind=EE`, 'plan_company', eeFields(tiers));
    expect(twice.status).toBe(200);
    expect(decode(twice.text)).toContain('Cette entreprise figure déjà sur le plan.');
    expect(await rows(t, 'plan_company', planId)).toHaveLength(1);
  });

  it('keeps one user company per plan, typed without the CRM', async () => {
    const { editor, planId } = await setup();
    await addCompany(editor, planId, euFields);
    const again = await post(editor, `/prevention-plan/${planId}/company/add?kind=EU`, 'plan_company', euFields);
    expect(again.status).toBe(200);
    expect(decode(again.text)).toContain('Ce plan a déjà une entreprise utilisatrice.');
    const [eu] = await rows(t, 'plan_company', planId);
    expect(eu).toMatchObject({ kind: 'EU', tiers_id: null, name: 'Chimie du Sud' });
  });

  it('hangs a subcontractor under an exterior company or another subcontractor of the same plan only', async () => {
    const { editor, planId, tiers } = await setup();
    const euId = await addCompany(editor, planId, euFields);
    const eeId = await addCompany(editor, planId, eeFields(tiers));
    const sub = await newTiers(t, editor.tenantId, 'Échafaudages Dupuis');
    const stFields = { ...eeFields(sub), kind: 'ST', name: 'Échafaudages Dupuis' };

    const orphan = await post(editor, `/prevention-plan/${planId}/company/add?kind=ST`, 'plan_company', { ...stFields, parent: '' });
    expect(orphan.status).toBe(200);
    expect(decode(orphan.text)).toContain('Un sous-traitant doit être rattaché à une entreprise extérieure ou à un sous-traitant du plan.');
    const underEu = await post(editor, `/prevention-plan/${planId}/company/add?kind=ST`, 'plan_company', { ...stFields, parent: euId });
    expect(decode(underEu.text)).toContain("L'entreprise donneuse d'ordre doit être une entreprise extérieure ou un sous-traitant de ce plan");
    const otherPlan = await newPlan(t, editor.tenantId, editor.id);
    const foreignEe = await addCompany(editor, otherPlan, eeFields(tiers));
    const underOtherPlan = await post(editor, `/prevention-plan/${planId}/company/add?kind=ST`, 'plan_company', { ...stFields, parent: foreignEe });
    expect(underOtherPlan.status).toBe(200);

    const stId = await addCompany(editor, planId, { ...stFields, parent: eeId });
    const st = (await rows(t, 'plan_company', planId)).find((r) => r.id === stId)!;
    expect(st).toMatchObject({ kind: 'ST', parent_id: eeId });

    // The tab lists the EU, then the EE followed by its subcontractor.
    const tab = decode((await editor.agent.get(`/prevention-plan/${planId}/tiers`).set(XHR)).text);
    expect(tab).toContain('Entreprise utilisatrice');
    const order = ['Chimie du Sud', 'Maintenance Industrielle du Rhône', 'Échafaudages Dupuis'].map((n) => tab.indexOf(n));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(tab).toContain(`data-testid="company-add-st-${eeId}"`);
  });

  it('says what the plan still lacks: a company, an exterior company, an address, a manager', async () => {
    const { editor, planId, tiers } = await setup();
    const messages = async () => {
      const plan = (await loadPlanRef(t.db.dataSource, editor.tenantId, planId))!;
      return (await runPlanChecks(t.db.dataSource, plan)).filter((p) => p.tab === 'companies').map((p) => p.key);
    };
    expect(await messages()).toEqual(['plan-company.checks.no_company', 'plan-company.checks.no_external']);
    await addCompany(editor, planId, euFields);
    expect(await messages()).toEqual(['plan-company.checks.no_external']);
    const eeId = await addCompany(editor, planId, eeFields(tiers));
    expect(await messages()).toEqual([]);
    await t.db.dataSource.query(`UPDATE plan_company SET address = NULL, last_name = '' WHERE id = $1`, [eeId]);
    expect(await messages()).toEqual(['plan-company.checks.missing_address', 'plan-company.checks.missing_manager']);
    const tab = decode((await editor.agent.get(`/prevention-plan/${planId}/tiers`).set(XHR)).text);
    expect(tab).toContain("L'entreprise « Maintenance Industrielle du Rhône » n'a pas d'adresse.");
    expect(tab).toContain("L'entreprise « Maintenance Industrielle du Rhône » n'a pas de responsable.");
  });
});

describe('companies of a plan: edit, reset from the CRM, remove', () => {
  it('edits with the optimistic lock (409 when stale)', async () => {
    const { editor, planId, tiers } = await setup();
    const id = await addCompany(editor, planId, eeFields(tiers));
    const form = await editor.agent.get(`/prevention-plan/company/${id}/edit`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('value="Maintenance Industrielle du Rhône"');
    const ok = await post(editor, `/prevention-plan/company/${id}/edit`, 'plan_company', { ...eeFields(tiers), substitutes: 'Karim Benali', version: 1 });
    expect(ok.status).toBe(201);
    const stale = await post(editor, `/prevention-plan/company/${id}/edit`, 'plan_company', { ...eeFields(tiers), substitutes: 'Autre', version: 1 });
    expect(stale.status).toBe(409);
    expect(decode(stale.body.message)).toContain("Cet élément a été modifié par quelqu'un d'autre");
    const [row] = await rows(t, 'plan_company', planId);
    expect(row).toMatchObject({ substitutes: 'Karim Benali', version: 2 });
  });

  it('copies the block again from the CRM (reset), keeping the chosen address and manager', async () => {
    const { editor, planId, tiers } = await setup();
    const id = await addCompany(editor, planId, { ...eeFields(tiers), tiersAddress: tiers.agencyId, address: '3 chemin du Port', city: 'Feyzin' });
    await post(editor, `/prevention-plan/company/${id}/edit`, 'plan_company', { ...eeFields(tiers), tiersAddress: tiers.agencyId, name: 'Nom changé sur le plan', city: 'Ailleurs', version: 1 });
    await t.db.dataSource.query(`UPDATE tiers SET name = 'MIR Maintenance', director = 'Sophie Roux' WHERE id = $1`, [tiers.id]);
    await t.db.dataSource.query(`UPDATE contact SET phone = '04 72 99 99 99' WHERE id = $1`, [tiers.managerId]);

    const res = await editor.agent.post(`/prevention-plan/company/${id}/reset`).set(XHR).type('form').send({ _csrf_token: editor.csrf });
    expect(res.status).toBe(201);
    const [row] = await rows(t, 'plan_company', planId);
    expect(row).toMatchObject({ name: 'MIR Maintenance', director: 'Sophie Roux', tiers_address_id: tiers.agencyId, city: 'Feyzin', contact_id: tiers.managerId, phone: '04 72 99 99 99' });
    const [h] = await t.db.dataSource.query(`SELECT transition FROM history_entry WHERE subject_id = $1 AND transition = 'company_reset'`, [planId]);
    expect(h).toBeTruthy();

    const eu = await addCompany(editor, planId, euFields);
    const noCrm = await editor.agent.post(`/prevention-plan/company/${eu}/reset`).set(XHR).type('form').send({ _csrf_token: editor.csrf });
    expect(noCrm.status).toBe(403);
    expect(decode(noCrm.body.message)).toBe("Cette entreprise n'est pas liée à une entreprise du CRM.");
  });

  it('removes a company with its staff, but not one that still has subcontractors', async () => {
    const { editor, planId, tiers } = await setup();
    const eeId = await addCompany(editor, planId, eeFields(tiers));
    const sub = await newTiers(t, editor.tenantId, 'Échafaudages Dupuis');
    const stId = await addCompany(editor, planId, { ...eeFields(sub), kind: 'ST', name: 'Échafaudages Dupuis', parent: eeId });
    await t.db.dataSource.query(`INSERT INTO plan_staff (tenant_id, plan_id, plan_company_id, last_name, qualification, external) VALUES ($1, $2, $3, 'Intérimaire', 'Monteur', true)`, [editor.tenantId, planId, stId]);

    const refused = await editor.agent.post(`/prevention-plan/company/${eeId}/remove`).set(XHR).type('form').send({ _csrf_token: editor.csrf });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Retirez d'abord les sous-traitants de cette entreprise.");
    const removed = await editor.agent.post(`/prevention-plan/company/${stId}/remove`).set(XHR).type('form').send({ _csrf_token: editor.csrf });
    expect(removed.status).toBe(200);
    expect((await rows(t, 'plan_company', planId)).map((r) => r.id)).toEqual([eeId]);
    expect(await rows(t, 'plan_staff', planId)).toHaveLength(0);
  });
});

describe('company block fragments and the CRM search', () => {
  it('answers the block, the address and the manager filled from a CRM company', async () => {
    const { editor, tiers } = await setup();
    const block = await editor.agent.get(`/prevention-plan/tiers/${tiers.id}/form`).set(XHR);
    expect(block.status).toBe(200);
    expect(block.text).toContain('value="Maintenance Industrielle du Rhône"');
    expect(block.text).toContain('value="12 rue de la Forge"');
    expect(block.text).toContain('value="Moreau"');
    expect(block.text).toContain('value="06 11 22 33 44"');

    // The form's block posts here when the hidden CRM id changes: same company, nothing to replace.
    const same = await post(editor, `/prevention-plan/tiers/${tiers.id}/form`, 'plan_company', { tiers: tiers.id, name: 'Tapé' });
    expect(same.status).toBe(200);
    expect(same.text).toBe('');
    const chosen = await post(editor, `/prevention-plan/tiers/0/form`, 'plan_company', { tiers: tiers.id, name: 'Tapé', substitutes: 'Gardé' });
    expect(chosen.text).toContain('value="Maintenance Industrielle du Rhône"');
    expect(chosen.text).toContain('>Gardé</textarea>');
    expect(chosen.text).toContain(`/prevention-plan/tiers/${tiers.id}/address-form`);

    const address = await post(editor, `/prevention-plan/tiers/${tiers.id}/address-form`, 'plan_company', { tiersAddress: tiers.agencyId, previousAddress: tiers.headId, address: '12 rue de la Forge' });
    expect(address.text).toContain('value="Feyzin"');
    expect(address.text).toContain('value="3 chemin du Port"');
    const contact = await post(editor, `/prevention-plan/tiers/${tiers.id}/contact-form`, 'plan_company', { contact: tiers.workerId, previousContact: tiers.managerId });
    expect(contact.text).toContain('value="Lefèvre"');
    expect((await editor.agent.get(`/prevention-plan/tiers/${tiers.id}/contact-form`).set(XHR)).text).toContain('value="Moreau"');
  });

  it('searches the CRM companies of the active company only', async () => {
    const { editor, tiers } = await setup();
    const other = await member(t, newCompany(), EDITOR);
    await newTiers(t, other.tenantId, 'Maintenance Concurrente');
    const res = await editor.agent.get('/prevention-plan/search-tiers?q=mainten').set(XHR).set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id: tiers.id, label: 'Maintenance Industrielle du Rhône', city: 'Lyon' })]);
  });
});

describe('companies of a plan: tenancy and rights', () => {
  it('answers 404 for another company’s plan, company or CRM company', async () => {
    const { editor, planId, tiers } = await setup();
    const id = await addCompany(editor, planId, eeFields(tiers));
    const intruder = await member(t, newCompany(), [...EDITOR, 'pdp.view_all', 'pdp.manage']);
    expect((await intruder.agent.get(`/prevention-plan/company/${id}`).set(XHR)).status).toBe(404);
    expect((await intruder.agent.get(`/prevention-plan/${planId}/tiers`).set(XHR)).status).toBe(404);
    expect((await intruder.agent.get(`/prevention-plan/tiers/${tiers.id}/form`).set(XHR)).status).toBe(404);
    expect((await post(intruder, `/prevention-plan/tiers/${tiers.id}/form`, 'plan_company', { tiers: '' })).status).toBe(404);
    expect((await post(intruder, '/prevention-plan/tiers/0/form', 'plan_company', { tiers: tiers.id })).status).toBe(404);
    expect((await post(intruder, `/prevention-plan/tiers/${tiers.id}/address-form`, 'plan_company', { tiersAddress: tiers.agencyId })).status).toBe(404);
    expect((await intruder.agent.get(`/prevention-plan/tiers/${tiers.id}/contact-form`).set(XHR)).status).toBe(404);
    expect((await post(intruder, `/prevention-plan/company/${id}/edit`, 'plan_company', { ...eeFields(tiers), name: 'Piraté', version: 1 })).status).toBe(404);
    expect((await intruder.agent.post(`/prevention-plan/company/${id}/remove`).set(XHR).type('form').send({ _csrf_token: intruder.csrf })).status).toBe(404);
    // Its own plan cannot take a CRM company of another tenant either.
    const own = await newPlan(t, intruder.tenantId, intruder.id);
    const res = await post(intruder, `/prevention-plan/${own}/company/add?kind=EE`, 'plan_company', eeFields(tiers));
    expect(res.status).toBe(200);
    expect(decode(res.text)).toContain('Veuillez choisir une entreprise du CRM.');
    expect((await rows(t, 'plan_company', planId))[0].name).toBe('Maintenance Industrielle du Rhône');
  });

  it('lets a reader see the companies but not change them (403), and refuses users without pdp.view', async () => {
    const { company, editor, planId, tiers } = await setup();
    const id = await addCompany(editor, planId, eeFields(tiers));
    const reader = await member(t, company, ['pdp.view', 'pdp.view_all']);
    const card = await reader.agent.get(`/prevention-plan/company/${id}`).set(XHR);
    expect(card.status).toBe(200);
    expect(card.text).toContain('12 rue de la Forge');
    expect((await reader.agent.get(`/prevention-plan/company/${id}/address`).set(XHR)).text).toContain('Lyon');
    expect((await reader.agent.get(`/prevention-plan/company/${id}/contact`).set(XHR)).text).toContain('j.moreau@mir.fr');
    const tab = await reader.agent.get(`/prevention-plan/${planId}/tiers`).set(XHR);
    expect(tab.status).toBe(200);
    expect(tab.text).not.toContain('data-testid="company-add-ee"');
    expect((await reader.agent.get(`/prevention-plan/${planId}/company/add?kind=EE`).set(XHR)).status).toBe(403);
    expect((await post(reader, `/prevention-plan/company/${id}/edit`, 'plan_company', { ...eeFields(tiers), version: 1 })).status).toBe(403);
    expect((await reader.agent.post(`/prevention-plan/company/${id}/reset`).set(XHR).type('form').send({ _csrf_token: reader.csrf })).status).toBe(403);
    expect((await reader.agent.post(`/prevention-plan/company/${id}/remove`).set(XHR).type('form').send({ _csrf_token: reader.csrf })).status).toBe(403);
    const stranger = await member(t, company, ['action.view']);
    expect((await stranger.agent.get(`/prevention-plan/company/${id}`).set(XHR)).status).toBe(403);
    expect((await stranger.agent.get('/prevention-plan/search-tiers?q=main').set(XHR)).status).toBe(403);
    expect(await rows(t, 'plan_company', planId)).toHaveLength(1);
  });
});
