import { createTestApp, type TestApp } from '../../support/app';
import { addCompany, decode, EDITOR, eeFields, member, newCompany, newPlan, newTiers, post, rows, XHR, type Member } from './company-fixtures';

// Issue 25 item 1: an outside company created from the plan (written into the CRM), the user
// company from the plan's site, several workers at once.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params);
/** A plan editor who may also register companies in the CRM. */
const EDITOR_CRM = [...EDITOR, 'companies.view'];

const newEe = {
  kind: 'EE', newTiers: '1', siret: '552 100 554 00012', name: 'Calorifuge Dauphiné', director: 'Marc Blanc', addressName: 'Siège',
  address: '8 avenue des Alpes', zipCode: '38100', city: 'Grenoble', country: 'France', lastName: 'Roux', firstName: 'Camille',
  phone: '04 76 00 00 02', mobile: '', email: 'c.roux@calorifuge.fr', version: 0,
};

async function setup(rights = EDITOR_CRM) {
  const company = newCompany();
  const editor = await member(t, company, rights);
  const planId = await newPlan(t, editor.tenantId, editor.id);
  return { company, editor, planId };
}

const tiersNamed = async (tenantId: number, name: string) => q('SELECT * FROM tiers WHERE tenant_id = $1 AND name = $2', [tenantId, name]);
const addUrl = (planId: number, kind = 'EE') => `/prevention-plan/${planId}/company/add?kind=${kind}`;

describe('an outside company created from the plan', () => {
  it('creates the CRM company, its head office and its manager with the plan company, and the CRM list shows it', async () => {
    const { editor, planId } = await setup();
    const [fn] = await q(`INSERT INTO crm_function (tenant_id, name, is_manager) VALUES ($1, 'Conducteur de travaux', true) RETURNING id`, [editor.tenantId]);
    const form = await editor.agent.get(addUrl(planId)).set(XHR);
    expect(form.status).toBe(200);
    expect(decode(form.text)).toContain("Nouvelle entreprise (créée dans le CRM à l'enregistrement)");
    expect(form.text).toContain('Conducteur de travaux');

    const res = await post(editor, addUrl(planId), 'plan_company', { ...newEe, contactFunction: fn.id });
    expect(res.status).toBe(201);
    const [tiers] = await tiersNamed(editor.tenantId, 'Calorifuge Dauphiné');
    expect(tiers).toMatchObject({ siret: '55210055400012', director: 'Marc Blanc', created_by_id: editor.id, is_provider: true, state: 'other' });
    const [address] = await q('SELECT * FROM tiers_address WHERE tiers_id = $1', [tiers.id]);
    expect(address).toMatchObject({ address: '8 avenue des Alpes', zip_code: '38100', city: 'Grenoble', is_head_office: true });
    const [contact] = await q(
      'SELECT c.*, cc.function_id FROM contact c JOIN contact_company cc ON cc.contact_id = c.id WHERE cc.tiers_id = $1', [tiers.id]);
    expect(contact).toMatchObject({ last_name: 'Roux', first_name: 'Camille', email: 'c.roux@calorifuge.fr', phone: '04 76 00 00 02', function_id: fn.id });
    const [pc] = await rows(t, 'plan_company', planId);
    expect(pc).toMatchObject({ id: res.body.id, kind: 'EE', tiers_id: tiers.id, tiers_address_id: address.id, contact_id: contact.id, name: 'Calorifuge Dauphiné', city: 'Grenoble' });

    const tab = await editor.agent.get(`/prevention-plan/${planId}/tiers`).set(XHR);
    expect(decode(tab.text)).toContain('Calorifuge Dauphiné');
    const crm = await editor.agent.get('/crm/companies?q=calorifuge');
    expect(crm.status).toBe(200);
    expect(decode(crm.text)).toContain('Calorifuge Dauphiné');
  });

  it('keeps what was typed and writes nothing when the block is incomplete or the SIRET is wrong', async () => {
    const { editor, planId } = await setup();
    const res = await post(editor, addUrl(planId), 'plan_company', { ...newEe, address: '', lastName: '', siret: '1234' });
    expect(res.status).toBe(200);
    const html = decode(res.text);
    // Types first (the SIRET), then the rules of the block.
    expect(html).toContain('Le SIRET doit comporter 14 chiffres.');
    expect(html).toContain('value="Calorifuge Dauphiné"');
    expect(html).toContain('value="1234"');
    // The switch stays on, so the user does not fall back to « Veuillez choisir une entreprise du CRM. ».
    expect(res.text).toMatch(/id="plan_company_newTiers"[^>]*checked/);
    expect(html).not.toContain('Veuillez choisir une entreprise du CRM.');

    const noSiret = await post(editor, addUrl(planId), 'plan_company', { ...newEe, address: '', lastName: '', siret: '' });
    expect(decode(noSiret.text)).toContain("Veuillez renseigner l'adresse de l'entreprise.");
    expect(decode(noSiret.text)).toContain("Veuillez renseigner le nom du responsable de l'entreprise.");
    expect(noSiret.text).toMatch(/id="plan_company_newTiers"[^>]*checked/);
    expect(decode(noSiret.text)).not.toContain('Le SIRET doit comporter 14 chiffres.');
    expect(await tiersNamed(editor.tenantId, 'Calorifuge Dauphiné')).toHaveLength(0);
    expect(await rows(t, 'plan_company', planId)).toHaveLength(0);
  });

  it("applies the CRM's own limits to the new company (length, zip code, phone) instead of failing", async () => {
    const { editor, planId } = await setup();
    const res = await post(editor, addUrl(planId), 'plan_company', { ...newEe, name: 'C'.repeat(181), zipCode: '38#100', phone: 'appeler le standard', siret: '' });
    expect(res.status).toBe(200);
    const html = decode(res.text);
    expect(html).toMatch(/data-testid="error-name">Cette valeur est trop longue\./);
    expect(html).toMatch(/data-testid="error-zipCode">Ce code postal n'est pas valide\./);
    expect(html).toContain('data-testid="error-phone"');
    expect(html).toContain('value="38#100"');
    const [{ n }] = await q('SELECT count(*)::int AS n FROM tiers WHERE tenant_id = $1', [editor.tenantId]);
    expect(n).toBe(0);
    // 180 characters, the CRM's limit, are taken.
    expect((await post(editor, addUrl(planId), 'plan_company', { ...newEe, name: 'C'.repeat(180), siret: '' })).status).toBe(201);
  });

  it('refuses a duplicate of a CRM company (same name, case and spaces aside, or same SIRET) and names it', async () => {
    const { editor, planId } = await setup();
    const existing = await newTiers(t, editor.tenantId);
    const byName = await post(editor, addUrl(planId), 'plan_company', { ...newEe, siret: '', name: '  maintenance industrielle du RHÔNE ' });
    expect(byName.status).toBe(200);
    expect(decode(byName.text)).toContain("L'entreprise « Maintenance Industrielle du Rhône » existe déjà dans le CRM : désactivez « Nouvelle entreprise » et choisissez-la dans la recherche.");

    await q("UPDATE tiers SET siret = '55210055400012' WHERE id = $1", [existing.id]);
    const bySiret = await post(editor, addUrl(planId), 'plan_company', newEe);
    expect(bySiret.status).toBe(200);
    expect(decode(bySiret.text)).toContain('Ce SIRET est déjà celui de « Maintenance Industrielle du Rhône » dans le CRM');
    const [{ n }] = await q('SELECT count(*)::int AS n FROM tiers WHERE tenant_id = $1', [editor.tenantId]);
    expect(n).toBe(1);
    expect(await rows(t, 'plan_company', planId)).toHaveLength(0);

    // Picking the existing CRM company still works as before.
    expect(await addCompany(editor, planId, eeFields(existing))).toBeGreaterThan(0);
  });

  it('needs the CRM right to create a company: the switch is disabled and explained, a forged post is refused', async () => {
    const { editor, planId } = await setup(EDITOR);
    const form = await editor.agent.get(addUrl(planId)).set(XHR);
    expect(form.text).toMatch(/id="plan_company_newTiers"[^>]*disabled/);
    expect(decode(form.text)).toContain('Créer une entreprise dans le CRM demande le droit « Voir les entreprises »');
    const res = await post(editor, addUrl(planId), 'plan_company', newEe);
    expect(res.status).toBe(200);
    expect(decode(res.text)).toContain("Vous n'avez pas le droit de créer une entreprise dans le CRM.");
    expect(await tiersNamed(editor.tenantId, 'Calorifuge Dauphiné')).toHaveLength(0);
  });

  it("is refused on another company's plan (404) and to a reader of the plan (403)", async () => {
    const { planId } = await setup();
    const stranger = await member(t, newCompany(), EDITOR_CRM);
    expect((await post(stranger, addUrl(planId), 'plan_company', newEe)).status).toBe(404);
    const own = await setup();
    const reader = await member(t, own.company, ['pdp.view', 'pdp.view_all', 'companies.view']);
    const res = await post(reader, addUrl(own.planId), 'plan_company', newEe);
    expect(res.status).toBe(403);
    const editor = own.editor;
    expect(await tiersNamed(editor.tenantId, 'Calorifuge Dauphiné')).toHaveLength(0);
  });

  it('creates a subcontractor under an exterior company of the plan too', async () => {
    const { editor, planId } = await setup();
    const eeId = await addCompany(editor, planId, newEe);
    const res = await post(editor, addUrl(planId, 'ST'), 'plan_company', { ...newEe, kind: 'ST', parent: eeId, siret: '', name: 'Échafaudages Savoie', email: '' });
    expect(res.status).toBe(201);
    const [st] = (await rows(t, 'plan_company', planId)).filter((r) => r.kind === 'ST');
    expect(st).toMatchObject({ parent_id: eeId, name: 'Échafaudages Savoie' });
    expect(st.tiers_id).toBe((await tiersNamed(editor.tenantId, 'Échafaudages Savoie'))[0].id);
  });
});

describe("the user company from the plan's site", () => {
  async function planOnSite(editor: Member, responsible: boolean) {
    const [type] = await q("INSERT INTO hierarchy_type (tenant_id, name, level, attach_pdp) VALUES ($1, 'Site', 1, true) RETURNING id", [editor.tenantId]);
    const [site] = await q(
      `INSERT INTO hierarchy_item (tenant_id, name, type_id, company_name, address, zip_code, city, country, responsible_last_name, responsible_first_name)
       VALUES ($1, 'Usine de Feyzin', $2, 'Chimie du Rhône SA', '1 route du Port', '69320', 'Feyzin', 'France', $3, $4) RETURNING id`,
      [editor.tenantId, type.id, responsible ? 'Garcia' : null, responsible ? 'Inès' : null]);
    const planId = await newPlan(t, editor.tenantId, editor.id);
    await q('UPDATE prevention_plan SET hierarchy_item_id = $2 WHERE id = $1', [planId, site.id]);
    return planId;
  }

  it('is added from the site with the first outside company, and the EU form is prefilled', async () => {
    const { editor } = await setup();
    const planId = await planOnSite(editor, true);
    const euForm = decode((await editor.agent.get(addUrl(planId, 'EU')).set(XHR)).text);
    expect(euForm).toContain('value="Chimie du Rhône SA"');
    expect(euForm).toContain('value="1 route du Port"');
    await addCompany(editor, planId, newEe);
    const companies = await rows(t, 'plan_company', planId);
    expect(companies.map((c) => [c.kind, c.name])).toEqual([['EU', 'Chimie du Rhône SA'], ['EE', 'Calorifuge Dauphiné']]);
    expect(companies[0]).toMatchObject({ tiers_id: null, address: '1 route du Port', city: 'Feyzin', last_name: 'Garcia', first_name: 'Inès' });
    const history = await q(`SELECT comment FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 AND transition = 'company_add' ORDER BY id`, [planId]);
    expect(history.map((h: { comment: string }) => h.comment)).toEqual(['EU : Chimie du Rhône SA', 'EE : Calorifuge Dauphiné']);
  });

  it("takes the ordering customer as manager when the site has none, and adds nothing without the site's address", async () => {
    const { editor } = await setup();
    await q("UPDATE app_user SET last_name = 'Bernard', first_name = 'Lucie' WHERE id = $1", [editor.id]);
    const planId = await planOnSite(editor, false);
    await addCompany(editor, planId, newEe);
    const [eu] = (await rows(t, 'plan_company', planId)).filter((c) => c.kind === 'EU');
    expect(eu).toMatchObject({ name: 'Chimie du Rhône SA', last_name: 'Bernard', first_name: 'Lucie' });

    // A plan without a site: no address to take, the user adds the EU himself.
    const bare = await newPlan(t, editor.tenantId, editor.id);
    await addCompany(editor, bare, { ...newEe, name: 'Isolation Savoie', siret: '' });
    expect((await rows(t, 'plan_company', bare)).map((c) => c.kind)).toEqual(['EE']);
  });
});

describe('several workers at once', () => {
  const linesBody = (who: Member, lines: Array<Record<string, string>>, paste = '') => {
    const body: Record<string, string> = { _csrf_token: who.csrf, 'plan_staff_lines[paste]': paste };
    lines.forEach((l, i) => { for (const [k, v] of Object.entries(l)) body[`plan_staff_lines[lines][${i}][${k}]`] = v; });
    return body;
  };
  const postLines = (who: Member, companyId: number, lines: Array<Record<string, string>>, paste = '') =>
    who.agent.post(`/prevention-plan/company/${companyId}/staff/lines`).set(XHR).type('form').send(linesBody(who, lines, paste));
  const worker = (i: number) => ({ lastName: `Ouvrier${String(i).padStart(2, '0')}`, firstName: 'Jean', qualification: 'Calorifugeur', email: '', phone: '' });

  async function withEe() {
    const s = await setup();
    const tiers = await newTiers(t, s.editor.tenantId);
    const eeId = await addCompany(s.editor, s.planId, eeFields(tiers));
    return { ...s, tiers, eeId };
  }

  it('adds typed and pasted lines in one save: CRM contacts of the company, an existing contact taken again', async () => {
    const { editor, planId, tiers, eeId } = await withEe();
    const form = await editor.agent.get(`/prevention-plan/company/${eeId}/staff/lines`).set(XHR);
    expect(form.status).toBe(200);
    expect(decode(form.text)).toContain('Ajouter une ligne');
    expect(form.text.match(/data-testid="staff-line-\d+"/g)).toHaveLength(3);

    const res = await postLines(editor, eeId, [
      { lastName: 'Haddad', firstName: 'Yanis', qualification: 'Soudeur', email: 'y.haddad@mir.fr', phone: '06 00 00 00 01' },
      { lastName: '', firstName: '', qualification: '', email: '', phone: '' },
      { lastName: 'lefevre', firstName: 'nadia', qualification: 'Soudeuse TIG', email: '', phone: '' },
    ], 'Martin\tPaul\tMonteur\tp.martin@mir.fr\t\nDurand;Léa;Échafaudeuse\n\n');
    expect(res.status).toBe(201);
    expect(decode(res.body.message)).toBe('Intervenants ajoutés à « Maintenance Industrielle du Rhône » : 4.');
    expect(res.body.redirect).toBe(`/prevention-plan/${planId}?tab=staff`);
    const staff = await rows(t, 'plan_staff', planId);
    expect(staff.map((s) => [s.last_name, s.first_name, s.qualification])).toEqual([
      ['Haddad', 'Yanis', 'Soudeur'], ['lefevre', 'nadia', 'Soudeuse TIG'], ['Martin', 'Paul', 'Monteur'], ['Durand', 'Léa', 'Échafaudeuse'],
    ]);
    // « lefevre nadia » is the CRM's Nadia Lefèvre: taken, not created twice.
    expect(staff[1].contact_id).toBe(tiers.workerId);
    const [{ n }] = await q('SELECT count(*)::int AS n FROM contact_company WHERE tiers_id = $1', [tiers.id]);
    expect(n).toBe(2 + 3);
    const [martin] = await q(`SELECT c.email FROM contact c WHERE c.tenant_id = $1 AND c.last_name = 'Martin'`, [editor.tenantId]);
    expect(martin.email).toBe('p.martin@mir.fr');
    const history = await q(`SELECT transition FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 AND transition LIKE 'staff%' ORDER BY id`, [planId]);
    expect(history.map((h: { transition: string }) => h.transition)).toEqual(['staff_create', 'staff_add', 'staff_create', 'staff_create']);
  });

  it('shows the errors on their line with what was typed, and saves none', async () => {
    const { editor, planId, eeId } = await withEe();
    await postLines(editor, eeId, [worker(1)]);
    const res = await postLines(editor, eeId, [
      { lastName: 'Haddad', firstName: 'Yanis', qualification: '', email: 'pas-un-mail', phone: '' },
      worker(2),
      { ...worker(1) },
      { lastName: '', firstName: 'Sans nom', qualification: 'Monteur', email: '', phone: '' },
    ], 'Ouvrier02;Jean;Calorifugeur');
    expect(res.status).toBe(200);
    const html = decode(res.text);
    expect(html).toMatch(/data-testid="error-line-0-qualification">Veuillez renseigner la qualification\./);
    expect(html).toMatch(/data-testid="error-line-0-email">Cette valeur n'est pas une adresse e-mail valide\./);
    expect(html).toMatch(/data-testid="error-line-2-lastName">Cette personne figure déjà parmi les intervenants de l'entreprise\./);
    expect(html).toMatch(/data-testid="error-line-3-lastName">Veuillez renseigner le nom\./);
    // The pasted row became line 5 (index 4), the same person as line 2.
    expect(html).toMatch(/data-testid="error-line-4-lastName">Cette personne figure deux fois dans la liste\./);
    expect(html).not.toContain('data-testid="error-line-1-');
    expect(html).toContain('value="pas-un-mail"');
    expect(html).toContain('value="Sans nom"');
    expect(await rows(t, 'plan_staff', planId)).toHaveLength(1);

    const none = await postLines(editor, eeId, [{ lastName: '', firstName: '', qualification: '', email: '', phone: '' }]);
    expect(decode(none.text)).toContain('Saisissez ou collez au moins un intervenant.');
  });

  it('takes 49 and 50 lines in one save, refuses 51 with the count and keeps them', async () => {
    const { editor, planId, eeId } = await withEe();
    const many = (n: number, from: number) => Array.from({ length: n }, (_, i) => worker(from + i));
    expect((await postLines(editor, eeId, many(49, 0))).status).toBe(201);
    expect(await rows(t, 'plan_staff', planId)).toHaveLength(49);

    const second = await withEe();
    const over = await postLines(second.editor, second.eeId, many(51, 0));
    expect(over.status).toBe(200);
    expect(decode(over.text)).toContain('50 intervenants au plus par enregistrement : la liste en compte 51.');
    expect(over.text).toContain('value="Ouvrier50"');
    expect(await rows(t, 'plan_staff', second.planId)).toHaveLength(0);
    const exact = await postLines(second.editor, second.eeId, many(50, 0));
    expect(exact.status).toBe(201);
    expect(await rows(t, 'plan_staff', second.planId)).toHaveLength(50);
  });

  it('adds external workers to a user company typed without the CRM, and only for an editor of the plan', async () => {
    const { editor, planId } = await setup();
    const euId = await addCompany(editor, planId, {
      kind: 'EU', name: 'Chimie du Sud', address: '1 rue de l\'Usine', lastName: 'Garcia', version: 0,
    });
    const form = decode((await editor.agent.get(`/prevention-plan/company/${euId}/staff/lines`).set(XHR)).text);
    expect(form).not.toContain('plan_staff_lines[lines][0][email]');
    const res = await postLines(editor, euId, [], 'Morel\tKévin\tIntérimaire — manœuvre\nFontaine\tSarah\tÉlectricienne B1V');
    expect(res.status).toBe(201);
    const staff = await rows(t, 'plan_staff', planId);
    expect(staff.map((s) => [s.last_name, s.external, s.contact_id])).toEqual([['Morel', true, null], ['Fontaine', true, null]]);

    const stranger = await member(t, newCompany(), EDITOR_CRM);
    expect((await postLines(stranger, euId, [worker(1)])).status).toBe(404);
  });
});
