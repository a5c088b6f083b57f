import { createTestApp, type TestApp } from '../../support/app';
import { actor, addCompany, addStaff, companyOf, createPlan, createType, MANAGER, postDocument } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** The documents tab of the plan page, as the user sees it. */
async function tabOf(html: string): Promise<string> {
  const start = html.indexOf('data-testid="plan-documents"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start);
}

describe('documents tab of the plan page', () => {
  it('lists the required documents with their state, the given ones, the alert, the models and what is to sign', async () => {
    const a = await actor(t, MANAGER);
    const planId = await createPlan(t, a.tenantId, a.id);
    const ee = await addCompany(t, a.tenantId, planId, 'EE', 'Toitures Lambert', { email: 'contact@toitures-lambert.fr' });
    await addStaff(t, a.tenantId, planId, ee, 'Petit', 'Hugo');
    const rc = await createType(t, a.tenantId, "Attestation d'assurance RC", { mandatoryCompanies: true });
    await createType(t, a.tenantId, 'Habilitation électrique', { nominative: true, mandatoryContacts: true });
    const rules = await createType(t, a.tenantId, 'Consignes de sécurité du site', { addedBy: 'user_company', mandatoryAllPlans: true, toSign: true, editableModel: true });
    await postDocument(a, planId, { owner: `plan_company:${ee}`, documentTypeId: String(rc), expiresOn: '01/01/2020' }, [['rc-lambert.pdf', Buffer.from('%PDF-1.4\n%%EOF\n')]]);
    await postDocument(a, planId, { owner: `plan:${planId}`, documentTypeId: String(rules) });
    const page = await a.agent.get(`/prevention-plan/${planId}`);
    expect(page.status).toBe(200);
    const tab = await tabOf(page.text);
    expect(tab).toContain('Documents obligatoires');
    expect(tab).toContain('Document expiré le 01/01/2020 : « Attestation d&#39;assurance RC » pour l&#39;entreprise Toitures Lambert.');
    expect(tab).toContain('Document obligatoire manquant : « Habilitation électrique » pour Hugo Petit (Toitures Lambert).');
    expect(tab).toMatch(/data-requirement="Habilitation électrique"[\s\S]*?data-state="missing">Manquant/);
    expect(tab).toMatch(/data-requirement="Attestation d&#39;assurance RC"[\s\S]*?data-state="expired">Expiré/);
    expect(tab).toContain('rc-lambert.pdf');
    expect(tab).toContain('data-testid="document-to-sign"');
    expect(tab).toContain('Modifier le modèle');
    expect(tab).toContain('data-testid="document-add"');
    expect(tab).toContain('data-testid="document-ask"');
    // A reader sees the tab without the buttons that change documents.
    const reader = await actor(t, ['pdp.view'], await companyOf(t, a.tenantId));
    await t.db.dataSource.query('INSERT INTO plan_substitute (tenant_id, plan_id, user_id) VALUES ($1, $2, $3)', [a.tenantId, planId, reader.id]);
    const readerTab = await tabOf((await reader.agent.get(`/prevention-plan/${planId}`)).text);
    expect(readerTab).toContain('rc-lambert.pdf');
    expect(readerTab).not.toContain('data-testid="document-add"');
    expect(readerTab).not.toContain('data-testid="document-ask"');
    expect(readerTab).not.toContain('data-remove-url');
  });
});
