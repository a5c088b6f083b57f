import { seedPlanDocumentsDemo } from '../../../server/modules/plan-document/plan-document.demo';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, addCompany, addStaff, companyOf, createPlan, createType, MANAGER, PDF, postDocument, postEmpty, XHR, type Actor } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const OWN = 'Vous avez déposé ce document : il doit être validé par une autre personne.';
const VALIDATOR = ['pdp.view', 'pdp.view_all', 'pdp.documents', 'companies.validate_documents', 'companies.view', 'companies.view_all', 'companies.manage_all'];
/** The documents tab of the plan page as `who` sees it. */
async function documentsTab(who: Actor, planId: number): Promise<string> {
  const html = (await who.agent.get(`/prevention-plan/${planId}`)).text;
  const start = html.indexOf('data-testid="plan-documents"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start);
}

const validation = async (id: number) => (await t.db.dataSource.query('SELECT validated_by_id, validated_at FROM plan_document WHERE id = $1', [id]))[0];
const latest = async (planId: number | null, ownerKind: string): Promise<number> =>
  (await t.db.dataSource.query('SELECT id FROM plan_document WHERE plan_id IS NOT DISTINCT FROM $1 AND owner_kind = $2 ORDER BY id DESC LIMIT 1', [planId, ownerKind]))[0].id;

/** Two holders of companies.validate_documents on one plan of the company, with an EE company. */
async function setup(): Promise<{ author: Actor; colleague: Actor; planId: number; eeId: number }> {
  const author = await actor(t, VALIDATOR);
  const colleague = await actor(t, VALIDATOR, await companyOf(t, author.tenantId));
  const planId = await createPlan(t, author.tenantId, author.id);
  const eeId = await addCompany(t, author.tenantId, planId, 'EE', 'Levage Services');
  return { author, colleague, planId, eeId };
}

describe('nobody validates the document they gave', () => {
  it('refuses the author of a company document of a plan (403, the reason, not validated); a colleague validates it', async () => {
    const { author, colleague, planId, eeId } = await setup();
    const typeId = await createType(t, author.tenantId, 'Attestation RC', { mandatoryCompanies: true });
    expect((await postDocument(author, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId) })).status).toBe(201);
    const id = await latest(planId, 'plan_company');

    const tab = await documentsTab(author, planId);
    expect(tab).not.toContain(`/prevention-plan/documents/${id}/validate`);
    expect(tab).toContain('data-testid="document-own-validation"');
    expect(tab).toContain(OWN);
    const refused = await postEmpty(author, `/prevention-plan/documents/${id}/validate`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(OWN);
    expect(await validation(id)).toEqual({ validated_by_id: null, validated_at: null });

    const other = await documentsTab(colleague, planId);
    expect(other).toContain(`/prevention-plan/documents/${id}/validate`);
    expect(other).not.toContain('data-testid="document-own-validation"');
    expect((await postEmpty(colleague, `/prevention-plan/documents/${id}/validate`)).status).toBe(200);
    expect((await validation(id)).validated_by_id).toBe(colleague.id);
  });

  it('applies to a document of the plan itself validated through pdp.documents, and to each new version', async () => {
    const author = await actor(t, MANAGER);
    const colleague = await actor(t, ['pdp.view', 'pdp.view_all', 'pdp.documents'], await companyOf(t, author.tenantId));
    const planId = await createPlan(t, author.tenantId, author.id);
    const rules = await createType(t, author.tenantId, 'Consignes de sécurité du site', { addedBy: 'user_company', mandatoryAllPlans: true });
    await postDocument(author, planId, { owner: `plan:${planId}`, documentTypeId: String(rules) });
    const first = await latest(planId, 'plan');
    expect((await postEmpty(author, `/prevention-plan/documents/${first}/validate`)).status).toBe(403);
    expect(await validation(first)).toEqual({ validated_by_id: null, validated_at: null });
    expect((await postEmpty(colleague, `/prevention-plan/documents/${first}/validate`)).status).toBe(200);
    // The colleague gives version 2: now the first author validates it, not the colleague.
    await postDocument(colleague, planId, { owner: `plan:${planId}`, documentTypeId: String(rules) });
    const second = await latest(planId, 'plan');
    expect((await postEmpty(colleague, `/prevention-plan/documents/${second}/validate`)).status).toBe(403);
    expect((await validation(second)).validated_at).toBeNull();
    expect((await postEmpty(author, `/prevention-plan/documents/${second}/validate`)).status).toBe(200);
  });

  it('applies to the documents of a CRM company', async () => {
    const { author, colleague } = await setup();
    const [tiers] = await t.db.dataSource.query('INSERT INTO tiers (tenant_id, name) VALUES ($1, $2) RETURNING id', [author.tenantId, 'Échafaudages Rhône']);
    const typeId = await createType(t, author.tenantId, 'Extrait K-bis', { mandatoryCompanies: true });
    const added = await author.agent.post(`/crm/documents/tiers/${tiers.id}/new`).set(XHR).field('_csrf_token', author.csrf)
      .field('plan_document[documentTypeId]', String(typeId)).attach('files', PDF, 'kbis.pdf');
    expect(added.status).toBe(201);
    const id = await latest(null, 'tiers');
    const page = await author.agent.get(`/crm/companies/${tiers.id}?tab=documents`);
    expect(page.text).not.toContain(`/crm/documents/${id}/validate`);
    expect(page.text).toContain(OWN);
    const refused = await postEmpty(author, `/crm/documents/${id}/validate`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(OWN);
    expect(await validation(id)).toEqual({ validated_by_id: null, validated_at: null });
    expect((await postEmpty(colleague, `/crm/documents/${id}/validate`)).status).toBe(200);
  });

  it('shows the rule in the demo: every validated document was validated by someone else than who gave it', async () => {
    const { author, colleague, planId, eeId } = await setup();
    await addStaff(t, author.tenantId, planId, eeId, 'Martin');
    await addStaff(t, author.tenantId, planId, eeId, 'Bernard');
    await seedPlanDocumentsDemo(t.db.dataSource, author.tenantId);
    const rows: Array<{ created_by_id: number; validated_by_id: number | null }> = await t.db.dataSource.query(
      'SELECT created_by_id, validated_by_id FROM plan_document WHERE tenant_id = $1 AND validated_at IS NOT NULL', [author.tenantId]);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.filter((r) => r.validated_by_id === r.created_by_id)).toEqual([]);
    expect(new Set(rows.map((r) => r.validated_by_id))).toEqual(new Set([colleague.id]));
  });
});
