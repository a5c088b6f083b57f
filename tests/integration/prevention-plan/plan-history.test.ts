import { createTestApp, type TestApp } from '../../support/app';
import { addDocument } from '../../../server/modules/plan-document/plan-document.service';
import { actor, addCompany, addStaff, companyOf, createPlan, createType, postDocument, postEmpty, XHR } from '../plan-document/helpers';
import { fields } from '../risk-analysis/helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const history = (planId: number) => t.db.dataSource.query(
  `SELECT transition, comment, user_id AS "userId" FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 ORDER BY id`, [planId]);

/** A raw translation key of one of the plan's parts, as it would show if a label were missing. */
const RAW_KEY = /\b(?:prevention-plan|plan-document|plan-company|risk-analysis|history)\.[\w.]+/;

describe('the plan history', () => {
  it('records the documents and the risk analysis of the plan, with French labels', async () => {
    const a = await actor(t, ['pdp.view', 'pdp.view_all', 'pdp.edit', 'pdp.documents', 'pdp.risk_analyses', 'companies.validate_documents']);
    const planId = await createPlan(t, a.tenantId, a.id);
    const eeId = await addCompany(t, a.tenantId, planId, 'EE', 'Électricité Durand SARL', { email: 'contact@durand-elec.fr' });
    const staffId = await addStaff(t, a.tenantId, planId, eeId, 'Martin', 'Paul');
    const insurance = await createType(t, a.tenantId, "Attestation d'assurance RC");
    const licence = await createType(t, a.tenantId, 'Habilitation électrique', { nominative: true });

    expect((await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(insurance) })).status).toBe(201);
    expect((await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(insurance) })).status).toBe(201);
    expect((await postDocument(a, planId, { owner: `plan_staff:${staffId}`, documentTypeId: String(licence) })).status).toBe(201);
    const [v2] = await t.db.dataSource.query('SELECT id, version FROM plan_document WHERE plan_id = $1 AND revision = 2', [planId]);
    expect((await a.agent.post(`/prevention-plan/documents/${v2.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: a.csrf, 'plan_document[expiresOn]': '31/12/2030', 'plan_document[version]': String(v2.version) })).status).toBe(201);
    // Nobody validates a version they gave (docs/separation-of-duties.md): a colleague does.
    const validator = await actor(t, ['pdp.view', 'pdp.view_all', 'companies.validate_documents'], await companyOf(t, a.tenantId));
    expect((await postEmpty(validator, `/prevention-plan/documents/${v2.id}/validate`)).status).toBe(200);
    expect((await postEmpty(a, `/prevention-plan/documents/${v2.id}/delete`)).status).toBe(200);
    expect((await a.agent.post(`/prevention-plan/${planId}/documents/ask`).set(XHR).type('form')
      .send({ _csrf_token: a.csrf, 'document_ask[planCompanyId]': String(eeId), 'document_ask[documentTypeId]': String(insurance), 'document_ask[message]': 'Merci.' })).status).toBe(201);
    const phase = await a.agent.post(`/prevention-plan/${planId}/risk-analysis/phases/new`).set(XHR).type('form')
      .send({ _csrf_token: a.csrf, ...fields('risk_analysis_phase', { number: '1', description: 'Câblage de l’armoire', main: '1', interference: '0' }) });
    expect(phase.status).toBe(201);

    const rows = await history(planId);
    expect(rows.map((r: { transition: string }) => r.transition)).toEqual([
      'document_add', 'document_version', 'document_add', 'document_edit', 'document_validate', 'document_delete', 'document_ask', 'risk_analysis_create', 'risk_phase_add',
    ]);
    expect(rows.map((r: { userId: number }) => r.userId)).toEqual(rows.map((r: { transition: string }) => (r.transition === 'document_validate' ? validator.id : a.id)));
    expect(rows[0].comment).toBe("Attestation d'assurance RC (v1) – Électricité Durand SARL");
    expect(rows[2].comment).toBe('Habilitation électrique (v1) – Paul Martin (Électricité Durand SARL)');
    expect(rows[8].comment).toBe('1 – Câblage de l’armoire');

    const fragment = await a.agent.get(`/prevention-plan/${planId}/history`).set(XHR);
    expect(fragment.status).toBe(200);
    for (const label of ['Document déposé', 'Nouvelle version d’un document', 'Document modifié', 'Document validé', 'Document supprimé',
      'Document demandé par e-mail', 'Analyse des risques créée', 'Phase d’activité ajoutée']) expect(fragment.text).toContain(label);
    expect(fragment.text).not.toMatch(RAW_KEY);
    const page = await a.agent.get(`/prevention-plan/${planId}?tab=history`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Phase d’activité ajoutée');
    expect(page.text).toContain('Document déposé');
  });

  it('records the removal of a phase and a reset of the analysis, with their labels', async () => {
    const a = await actor(t, ['pdp.view', 'pdp.risk_analyses']);
    const planId = await createPlan(t, a.tenantId, a.id);
    await a.agent.post(`/prevention-plan/${planId}/risk-analysis/phases/new`).set(XHR).type('form')
      .send({ _csrf_token: a.csrf, ...fields('risk_analysis_phase', { number: '2', description: 'Essais' }) });
    const [p] = await t.db.dataSource.query(`SELECT x.id FROM risk_analysis_phase x JOIN risk_analysis r ON r.id = x.analysis_id WHERE r.subject_id = $1 AND r.subject_type = 'prevention_plan'`, [planId]);
    expect((await postEmpty(a, `/prevention-plan/risk-analysis/phases/${p.id}/delete`)).status).toBe(200);
    expect((await postEmpty(a, `/prevention-plan/${planId}/risk-analysis/delete`)).status).toBe(200);
    expect((await history(planId)).map((r: { transition: string; comment: string | null }) => [r.transition, r.comment])).toEqual([
      ['risk_analysis_create', null], ['risk_phase_add', '2 – Essais'], ['risk_phase_remove', '2 – Essais'], ['risk_analysis_reset', null],
    ]);
    const fragment = await a.agent.get(`/prevention-plan/${planId}/history`).set(XHR);
    expect(fragment.text).toContain('Phase d’activité supprimée');
    expect(fragment.text).toContain('Analyse des risques recommencée');
    expect(fragment.text).not.toMatch(RAW_KEY);
  });

  it('leaves out documents of a CRM company or contact, even when filed from a plan', async () => {
    const a = await actor(t, ['pdp.view', 'pdp.documents']);
    const planId = await createPlan(t, a.tenantId, a.id);
    const type = await createType(t, a.tenantId, 'Extrait K-bis');
    const [tiers] = await t.db.dataSource.query('INSERT INTO tiers (tenant_id, name) VALUES ($1, $2) RETURNING id', [a.tenantId, 'Levage Services']);
    await addDocument(t.db.dataSource, a.tenantId, a.id, { planId, ownerKind: 'tiers', ownerId: tiers.id, documentTypeId: type, validFrom: null, expiresOn: null, comment: '' }, []);
    await addDocument(t.db.dataSource, a.tenantId, a.id, { planId: null, ownerKind: 'tiers', ownerId: tiers.id, documentTypeId: type, validFrom: null, expiresOn: null, comment: '' }, []);
    expect(await history(planId)).toEqual([]);
    await addDocument(t.db.dataSource, a.tenantId, a.id, { planId, ownerKind: 'plan', ownerId: planId, documentTypeId: type, validFrom: null, expiresOn: null, comment: '' }, []);
    expect((await history(planId)).map((r: { transition: string; comment: string }) => [r.transition, r.comment])).toEqual([['document_add', 'Extrait K-bis (v1)']]);
  });
});
