import { FixedClock, useClock } from '../../../server/kernel/clock';
import { runPlanChecks } from '../../../server/modules/prevention-plan/core/plan-checks';
import { loadPlanRef } from '../../../server/modules/prevention-plan/core/plan-access';
import { planDocumentMailer } from '../../../server/modules/plan-document/plan-document.mail';
import { translator } from '../../../server/kernel/i18n/i18n';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, addCompany, addStaff, companyOf, createPlan, createType, MANAGER, postDocument, tiersWithContact, XHR, type Actor } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const fr = translator('fr');

/** The French warnings the plan shows about its documents. */
async function alerts(tenantId: number, planId: number): Promise<string[]> {
  const plan = (await loadPlanRef(t.db.dataSource, tenantId, planId))!;
  return (await runPlanChecks(t.db.dataSource, plan)).filter((p) => p.tab === 'documents').map((p) => `${p.severity}: ${fr(p.key, p.params)}`);
}

/** A manager's plan with the user company, an EE, its ST, and one staff member in the EU and in the ST. */
async function planWithCompanies(a: Actor) {
  const planId = await createPlan(t, a.tenantId, a.id);
  const eu = await addCompany(t, a.tenantId, planId, 'EU', 'Usine Bontemps');
  const ee = await addCompany(t, a.tenantId, planId, 'EE', 'Levage Services', { email: 'direction@levage-services.fr' });
  const st = await addCompany(t, a.tenantId, planId, 'ST', 'Nacelles 38', { parentId: ee, email: 'atelier@nacelles38.fr' });
  const euStaff = await addStaff(t, a.tenantId, planId, eu, 'Roux', 'Claire');
  const stStaff = await addStaff(t, a.tenantId, planId, st, 'Garcia', 'Luis');
  return { planId, eu, ee, st, euStaff, stStaff };
}

describe('what each flag of a document type requires on a plan', () => {
  it('"mandatory on all plans": once per plan, the alert goes when the document is given', async () => {
    const a = await actor(t, MANAGER);
    const { planId } = await planWithCompanies(a);
    const type = await createType(t, a.tenantId, 'Consignes de sécurité du site', { addedBy: 'user_company', mandatoryAllPlans: true });
    await createType(t, a.tenantId, 'Fiche de données de sécurité');
    expect(await alerts(a.tenantId, planId)).toEqual(['warning: Document obligatoire manquant : « Consignes de sécurité du site » pour le plan.']);
    expect((await postDocument(a, planId, { owner: `plan:${planId}`, documentTypeId: String(type) })).status).toBe(201);
    expect(await alerts(a.tenantId, planId)).toEqual([]);
  });

  it('"mandatory for companies": once per outside company (EE and ST), never for the user company', async () => {
    const a = await actor(t, MANAGER);
    const { planId, ee } = await planWithCompanies(a);
    const type = await createType(t, a.tenantId, 'Extrait K-bis', { mandatoryCompanies: true });
    expect(await alerts(a.tenantId, planId)).toEqual([
      "warning: Document obligatoire manquant : « Extrait K-bis » pour l'entreprise Levage Services.",
      "warning: Document obligatoire manquant : « Extrait K-bis » pour l'entreprise Nacelles 38.",
    ]);
    await postDocument(a, planId, { owner: `plan_company:${ee}`, documentTypeId: String(type) });
    expect(await alerts(a.tenantId, planId)).toEqual(["warning: Document obligatoire manquant : « Extrait K-bis » pour l'entreprise Nacelles 38."]);
  });

  it('"mandatory for contacts" + "nominative": once per staff member, given for a person and not a company', async () => {
    const a = await actor(t, MANAGER);
    const { planId, ee, stStaff } = await planWithCompanies(a);
    const type = await createType(t, a.tenantId, 'Habilitation électrique', { nominative: true, mandatoryContacts: true });
    expect(await alerts(a.tenantId, planId)).toEqual([
      'warning: Document obligatoire manquant : « Habilitation électrique » pour Claire Roux (Usine Bontemps).',
      'warning: Document obligatoire manquant : « Habilitation électrique » pour Luis Garcia (Nacelles 38).',
    ]);
    const onCompany = await postDocument(a, planId, { owner: `plan_company:${ee}`, documentTypeId: String(type) });
    expect(onCompany.status).toBe(200);
    expect(onCompany.text).toContain('Ce document est nominatif : choisissez un intervenant.');
    expect((await postDocument(a, planId, { owner: `plan_staff:${stStaff}`, documentTypeId: String(type), expiresOn: '31/12/2099' })).status).toBe(201);
    expect(await alerts(a.tenantId, planId)).toEqual(['warning: Document obligatoire manquant : « Habilitation électrique » pour Claire Roux (Usine Bontemps).']);
    // A document that is not nominative is not given for a person.
    const kbis = await createType(t, a.tenantId, 'Extrait K-bis');
    expect((await postDocument(a, planId, { owner: `plan_staff:${stStaff}`, documentTypeId: String(kbis) })).text).toContain("Ce document n&#39;est pas nominatif");
  });

  it('"added by": a contact of the outside company gives its documents, not those of the user company nor another company\'s', async () => {
    const a = await actor(t, MANAGER);
    const contactUser = await actor(t, ['pdp.view'], await companyOf(t, a.tenantId));
    const { planId, ee } = await planWithCompanies(a);
    const { tiersId } = await tiersWithContact(t, a.tenantId, 'Levage Services', contactUser.id);
    await t.db.dataSource.query('UPDATE plan_company SET tiers_id = $1 WHERE id = $2', [tiersId, ee]);
    const outside = await createType(t, a.tenantId, "Attestation d'assurance RC", { mandatoryCompanies: true });
    const inside = await createType(t, a.tenantId, 'Autorisation de travail en hauteur', { addedBy: 'user_company' });
    const form = await contactUser.agent.get(`/prevention-plan/${planId}/documents/new`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain("Attestation d&#39;assurance RC");
    expect(form.text).not.toContain('Autorisation de travail en hauteur');
    expect(form.text).toContain('Levage Services (EE)');
    expect(form.text).not.toContain('Nacelles 38 (ST)');
    expect((await postDocument(contactUser, planId, { owner: `plan_company:${ee}`, documentTypeId: String(outside) })).status).toBe(201);
    const refused = await postDocument(contactUser, planId, { owner: `plan_company:${ee}`, documentTypeId: String(inside) });
    expect(refused.status).toBe(200);
    expect(refused.text).toContain("Ce document est fourni par l&#39;entreprise utilisatrice : seuls ses utilisateurs peuvent le déposer.");
    const [st] = await t.db.dataSource.query(`SELECT id FROM plan_company WHERE plan_id = $1 AND kind = 'ST'`, [planId]);
    expect((await postDocument(contactUser, planId, { owner: `plan_company:${st.id}`, documentTypeId: String(outside) })).text).toContain('Veuillez effectuer une sélection');
    // The internal user with pdp.documents gives the user company's documents.
    expect((await postDocument(a, planId, { owner: `plan:${planId}`, documentTypeId: String(inside) })).status).toBe(201);
    expect((await postDocument(a, planId, { owner: `plan_company:${st.id}`, documentTypeId: String(outside) })).status).toBe(201);
    // The contact downloads his company's documents and the plan's, not another company's.
    const fileOf = async (kind: string, ownerId: number) => (await t.db.dataSource.query(
      'SELECT f.id FROM plan_document_file f JOIN plan_document d ON d.id = f.document_id WHERE d.owner_kind = $1 AND d.owner_id = $2', [kind, ownerId]))[0].id;
    expect((await contactUser.agent.get(`/prevention-plan/documents/files/${await fileOf('plan_company', ee)}`)).status).toBe(200);
    expect((await contactUser.agent.get(`/prevention-plan/documents/files/${await fileOf('plan', planId)}`)).status).toBe(200);
    expect((await contactUser.agent.get(`/prevention-plan/documents/files/${await fileOf('plan_company', st.id)}`)).status).toBe(404);
    // Someone who is neither: 404 (he does not see the plan).
    const stranger = await actor(t, ['pdp.view'], await companyOf(t, a.tenantId));
    const documents = () => t.db.dataSource.query('SELECT id FROM plan_document WHERE plan_id = $1 ORDER BY id', [planId]);
    const before = await documents();
    expect((await postDocument(stranger, planId, { owner: `plan_company:${ee}`, documentTypeId: String(outside) })).status).toBe(404);
    expect(await documents()).toEqual(before);
  });

  it('"blank file" is downloadable from the plan; an "editable model" can be replaced for one plan only', async () => {
    const a = await actor(t, [...MANAGER, 'admin.nomenclatures']);
    const { planId } = await planWithCompanies(a);
    const other = await createPlan(t, a.tenantId, a.id, 'Peinture du hall');
    const upload = (name: string, fields: Record<string, string>) => a.agent.post('/admin/document-types/new').set(XHR).field('_csrf_token', a.csrf)
      .field('document_type[label]', name).field('document_type[addedBy]', 'user_company').field('document_type[active]', '1')
      .field('document_type[editableModel]', fields.editableModel ?? '0').attach('blankFile', Buffer.from(`%PDF-1.4 ${name}\n%%EOF\n`), `${name}.pdf`);
    expect((await upload('permis-feu', {})).status).toBe(201);
    expect((await upload('autorisation-hauteur', { editableModel: '1' })).status).toBe(201);
    const [fixed, editable] = await t.db.dataSource.query('SELECT id FROM document_type WHERE tenant_id = $1 ORDER BY id', [a.tenantId]);
    const blank = await a.agent.get(`/prevention-plan/${planId}/documents/types/${fixed.id}/blank`);
    expect(blank.status).toBe(200);
    expect(Buffer.from(blank.body).toString('latin1')).toContain('permis-feu');
    expect((await a.agent.get(`/prevention-plan/${planId}/documents/types/${fixed.id}/model`).set(XHR)).status).toBe(403);
    const model = await a.agent.post(`/prevention-plan/${planId}/documents/types/${editable.id}/model`).set(XHR).field('_csrf_token', a.csrf)
      .attach('blankFile', Buffer.from('%PDF-1.4 modele propre au plan\n%%EOF\n'), 'autorisation-plan.pdf');
    expect(model.status).toBe(201);
    const mine = await a.agent.get(`/prevention-plan/${planId}/documents/types/${editable.id}/blank`);
    expect(Buffer.from(mine.body).toString('latin1')).toContain('modele propre au plan');
    const theirs = await a.agent.get(`/prevention-plan/${other}/documents/types/${editable.id}/blank`);
    expect(Buffer.from(theirs.body).toString('latin1')).toContain('autorisation-hauteur');
    // The plan's model is not a document given on the plan.
    const { loadPlanDocuments } = await import('../../../server/modules/plan-document/plan-document.requirements');
    const view = await loadPlanDocuments(t.db.dataSource, a.tenantId, planId);
    expect(view.current).toEqual([]);
    expect(view.models.get(editable.id)?.revision).toBe(1);
  });

  it('"to sign": the document is listed as to be signed', async () => {
    const a = await actor(t, MANAGER);
    const { planId } = await planWithCompanies(a);
    const type = await createType(t, a.tenantId, 'Autorisation de travail en hauteur', { addedBy: 'user_company', toSign: true });
    const plain = await createType(t, a.tenantId, 'Plan de circulation', { addedBy: 'user_company' });
    await postDocument(a, planId, { owner: `plan:${planId}`, documentTypeId: String(type) });
    await postDocument(a, planId, { owner: `plan:${planId}`, documentTypeId: String(plain) });
    const { loadPlanDocuments } = await import('../../../server/modules/plan-document/plan-document.requirements');
    const view = await loadPlanDocuments(t.db.dataSource, a.tenantId, planId);
    const toSign = view.current.filter((d) => view.types.find((ty) => ty.id === d.documentTypeId)?.toSign).map((d) => d.typeLabel);
    expect(toSign).toEqual(['Autorisation de travail en hauteur']);
  });
});

describe('documents needed by the risk analysis', () => {
  it('asks the documents of a concerned area of its responsible company, and those of an interference risk of the plan', async () => {
    const a = await actor(t, MANAGER);
    const { planId, st } = await planWithCompanies(a);
    const fds = await createType(t, a.tenantId, 'Fiche de données de sécurité');
    const harness = await createType(t, a.tenantId, 'Vérification des harnais');
    const coactivity = await createType(t, a.tenantId, 'Plan de balisage', { addedBy: 'user_company' });
    const q = async (sql: string, p: unknown[]) => (await t.db.dataSource.query(`${sql} RETURNING id`, p))[0]?.id as number;
    const analysis = await q(`INSERT INTO risk_analysis (tenant_id, subject_type, subject_id) VALUES ($1, 'prevention_plan', $2)`, [a.tenantId, planId]);
    const chemical = await q('INSERT INTO risk_analysis_area (tenant_id, analysis_id, name, concerned, responsible_company_id) VALUES ($1, $2, $3, true, $4)', [a.tenantId, analysis, 'Risque chimique', st]);
    const height = await q('INSERT INTO risk_analysis_area (tenant_id, analysis_id, name, concerned) VALUES ($1, $2, $3, false)', [a.tenantId, analysis, 'Travail en hauteur']);
    const crossing = await q('INSERT INTO risk_analysis_interference (tenant_id, analysis_id, label) VALUES ($1, $2, $3)', [a.tenantId, analysis, 'Circulation des chariots']);
    await t.db.dataSource.query('INSERT INTO risk_analysis_area_document_type (tenant_id, area_id, document_type_id) VALUES ($1, $2, $3), ($1, $4, $5)', [a.tenantId, chemical, fds, height, harness]);
    await t.db.dataSource.query('INSERT INTO risk_analysis_interference_document_type (tenant_id, interference_id, document_type_id) VALUES ($1, $2, $3)', [a.tenantId, crossing, coactivity]);
    expect(await alerts(a.tenantId, planId)).toEqual([
      "warning: Document obligatoire manquant : « Fiche de données de sécurité » pour l'entreprise Nacelles 38.",
      'warning: Document obligatoire manquant : « Plan de balisage » pour le plan.',
    ]);
    await postDocument(a, planId, { owner: `plan_company:${st}`, documentTypeId: String(fds) });
    expect(await alerts(a.tenantId, planId)).toEqual(['warning: Document obligatoire manquant : « Plan de balisage » pour le plan.']);
  });
});

describe('expiry', () => {
  let restore: (() => void) | undefined;
  afterEach(() => { restore?.(); restore = undefined; });

  it('shows a document valid, expiring soon, then expired as the days pass, with the alert naming the company', async () => {
    const a = await actor(t, MANAGER);
    const { planId, ee, st } = await planWithCompanies(a);
    const type = await createType(t, a.tenantId, "Attestation d'assurance RC", { mandatoryCompanies: true });
    await postDocument(a, planId, { owner: `plan_company:${ee}`, documentTypeId: String(type), expiresOn: '30/06/2030' });
    await postDocument(a, planId, { owner: `plan_company:${st}`, documentTypeId: String(type) });
    const { loadPlanDocuments } = await import('../../../server/modules/plan-document/plan-document.requirements');
    const state = async () => (await loadPlanDocuments(t.db.dataSource, a.tenantId, planId)).requirements.find((r) => r.ownerId === ee)!.state;
    const clock = new FixedClock(new Date('2030-04-01T10:00:00Z'));
    restore = useClock(clock);
    expect(await state()).toBe('valid');
    expect(await alerts(a.tenantId, planId)).toEqual([]);
    clock.set(new Date('2030-06-10T10:00:00Z'));
    expect(await state()).toBe('expiring');
    expect(await alerts(a.tenantId, planId)).toEqual([]);
    clock.set(new Date('2030-06-30T20:00:00Z'));
    // The expiry day itself is still covered.
    expect(await state()).toBe('expiring');
    clock.set(new Date('2030-07-01T08:00:00Z'));
    expect(await state()).toBe('expired');
    expect(await alerts(a.tenantId, planId)).toEqual(["warning: Document expiré le 30/06/2030 : « Attestation d'assurance RC » pour l'entreprise Levage Services."]);
    // A new version with a later date clears it (posted at the real time: the session would have expired in 2030).
    restore();
    await postDocument(a, planId, { owner: `plan_company:${ee}`, documentTypeId: String(type), expiresOn: '30/06/2031' });
    restore = useClock(clock);
    expect(await alerts(a.tenantId, planId)).toEqual([]);
  });
});

describe('asking a company for a document', () => {
  beforeEach(() => planDocumentMailer().clear());

  it('mails the company manager with the link to give the document and the blank file', async () => {
    const a = await actor(t, MANAGER);
    const { planId, ee, eu } = await planWithCompanies(a);
    const type = await createType(t, a.tenantId, 'Extrait K-bis', { mandatoryCompanies: true });
    const form = await a.agent.get(`/prevention-plan/${planId}/documents/ask?company=${ee}&type=${type}`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Levage Services (EE) – direction@levage-services.fr');
    expect(form.text).not.toContain('Usine Bontemps');
    const post = (fields: Record<string, string>) => a.agent.post(`/prevention-plan/${planId}/documents/ask`).set(XHR).type('form')
      .send({ _csrf_token: a.csrf, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`document_ask[${k}]`, v])) });
    const res = await post({ planCompanyId: String(ee), documentTypeId: String(type), message: 'Merci de nous le faire parvenir avant lundi.' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('La demande a été envoyée à Levage Services (direction@levage-services.fr).');
    const [mail] = planDocumentMailer().sent();
    expect(mail.to).toEqual(['direction@levage-services.fr']);
    expect(mail.subject).toMatch(/^Document demandé : Extrait K-bis – plan de prévention PDP-/);
    expect(mail.text).toContain('Bonjour Julien Morel,');
    expect(mail.text).toContain('Merci de nous le faire parvenir avant lundi.');
    // The company has no account: its portal link, never the application's upload form (issue 25 item 2).
    expect(mail.html).toMatch(/\/documents\/upload\/[A-Za-z0-9_-]{43}"/);
    expect(mail.html).not.toContain('/documents/new');
    // Refusals: the user company, a user-company document, a company without e-mail.
    expect((await post({ planCompanyId: String(eu), documentTypeId: String(type) })).text).toContain('Veuillez effectuer une sélection');
    const inside = await createType(t, a.tenantId, 'Plan de circulation', { addedBy: 'user_company' });
    expect((await post({ planCompanyId: String(ee), documentTypeId: String(inside) })).text).toContain('il ne peut pas être demandé à une entreprise extérieure');
    await t.db.dataSource.query('UPDATE plan_company SET email = NULL WHERE id = $1', [ee]);
    expect((await post({ planCompanyId: String(ee), documentTypeId: String(type) })).text).toContain("Le responsable de cette entreprise n&#39;a pas d&#39;adresse e-mail.");
    expect(planDocumentMailer().sent()).toHaveLength(1);
    // Without pdp.documents: refused, and nothing is mailed (the company has its address again).
    await t.db.dataSource.query("UPDATE plan_company SET email = 'direction@levage-services.fr' WHERE id = $1", [ee]);
    const reader = await actor(t, ['pdp.view'], await companyOf(t, a.tenantId));
    expect((await reader.agent.post(`/prevention-plan/${planId}/documents/ask`).set(XHR).type('form')
      .send({ _csrf_token: reader.csrf, 'document_ask[planCompanyId]': String(ee), 'document_ask[documentTypeId]': String(type) })).status).toBe(403);
    expect(planDocumentMailer().sent()).toHaveLength(1);
  });
});
