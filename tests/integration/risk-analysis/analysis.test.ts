import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { fields, makePlan, makeTemplate, XHR } from './helpers';
import { runPlanChecks } from '../../../server/modules/prevention-plan/core/plan-checks';
import { loadPlanRef } from '../../../server/modules/prevention-plan/core/plan-access';
import { loadMatrix } from '../../../server/modules/risk-analysis/quote.service';
import { neededDocumentTypes } from '../../../server/modules/risk-analysis/analysis.service';
import { initI18n, translator } from '../../../server/kernel/i18n/i18n';

// Several requests per test on a machine shared with other runs: more than the 5 s default.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); initI18n(); });
afterAll(async () => { await t.close(); });

const RIGHTS = ['pdp.view', 'pdp.risk_analyses', 'admin.nomenclatures'];

async function planner(rights = RIGHTS) {
  const user = await makeUser(t, { rights });
  return { user, ...(await loginAs(t, user)) };
}

/** The risk-analysis messages of the plan's completeness panel, in French. */
async function messages(tenantId: number, planId: number): Promise<string[]> {
  const plan = (await loadPlanRef(t.db.dataSource, tenantId, planId))!;
  const problems = (await runPlanChecks(t.db.dataSource, plan)).filter((p) => p.key.startsWith('risk-analysis.'));
  const fr = translator('fr');
  return problems.map((p) => fr(p.key, p.params ?? {}) as string);
}

describe('a template, screen by screen', () => {
  it('builds a template with its areas and shows them in order', async () => {
    const { user, agent, csrf } = await planner();
    const created = await agent.post('/admin/risk-analysis-templates/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('risk_analysis_template', { type: 'prevention_plan', name: 'Maintenance électrique' }) });
    expect(created.status).toBe(201);
    expect(created.body.redirect).toMatch(/^\/admin\/risk-analysis-templates\/\d+$/);
    const form = await agent.get(`${created.body.redirect}/areas/new`).set(XHR);
    expect(form.text).toContain('Nouvelle zone de risque – Maintenance électrique');
    const [risk] = await t.db.dataSource.query(`SELECT id FROM risk WHERE tenant_id = $1 AND label = 'Électrisation par contact direct'`, [user.tenantId]);
    const [measure] = await t.db.dataSource.query(`SELECT id FROM preventive_measure WHERE tenant_id = $1 AND label = 'Consignation électrique avant intervention'`, [user.tenantId]);
    const [doc] = await t.db.dataSource.query(`INSERT INTO document_type (tenant_id, label) VALUES ($1, 'Habilitation électrique') RETURNING id`, [user.tenantId]);
    const noName = await agent.post(`${created.body.redirect}/areas/new`).set(XHR).type('form').send({ _csrf_token: csrf, ...fields('risk_area', { name: ' ', responsibleKind: 'XX' }) });
    expect(noName.status).toBe(200);
    expect(noName.text).toContain('Veuillez renseigner ce champ.');
    expect(noName.text).toContain('Veuillez effectuer une sélection');
    for (const [name, position, checked] of [['Travail en hauteur', '2', '0'], ['Électricité', '1', '1']]) {
      const res = await agent.post(`${created.body.redirect}/areas/new`).set(XHR).type('form').send({
        _csrf_token: csrf, ...fields('risk_area', { name, position, checkedByDefault: checked, responsibleKind: 'EE', riskIds: [String(risk.id)], measureIds: [String(measure.id)], documentTypeIds: [String(doc.id)] }),
      });
      expect(res.status).toBe(201);
    }
    const page = await agent.get(created.body.redirect);
    expect(page.text).toMatch(/data-row="Électricité"[\s\S]*Cochée[\s\S]*Électrisation par contact direct[\s\S]*Consignation électrique avant intervention[\s\S]*Habilitation électrique[\s\S]*data-row="Travail en hauteur"/);
  });
});

describe('the analysis of a plan', () => {
  it('is created from a template: areas copied, those checked by default concerned, responsible company by kind', async () => {
    const { user, agent, csrf } = await planner();
    const plan = await makePlan(t, user.tenantId, user.id);
    const tpl = await makeTemplate(t, user.tenantId, 'Travaux de maintenance en site industriel', [['Électricité', true, 'EE'], ['Circulation', false, 'EU'], ['Coactivité', true, null]]);
    const before = await agent.get(`/prevention-plan/${plan.id}/risk-analysis`);
    expect(before.status).toBe(200);
    expect(before.text).toContain('L&#39;analyse des risques de ce plan n&#39;est pas encore créée.');
    expect(before.text).toContain('Travaux de maintenance en site industriel');
    const res = await agent.post(`/prevention-plan/${plan.id}/risk-analysis/create`).type('form').send({ _csrf_token: csrf, 'risk_analysis[templateId]': String(tpl) });
    expect(res.status).toBe(303);
    const areas = await t.db.dataSource.query(
      `SELECT a.name, a.concerned, a.responsible_company_id FROM risk_analysis_area a JOIN risk_analysis r ON r.id = a.analysis_id
        WHERE r.subject_type = 'prevention_plan' AND r.subject_id = $1 ORDER BY a.position`, [plan.id]);
    expect(areas).toEqual([
      { name: 'Électricité', concerned: true, responsible_company_id: plan.ee },
      { name: 'Circulation', concerned: null, responsible_company_id: plan.eu },
      { name: 'Coactivité', concerned: true, responsible_company_id: null },
    ]);
    const tab = await agent.get(`/prevention-plan/${plan.id}/risk-analysis`);
    expect(tab.text).toContain('Créée à partir du modèle « Travaux de maintenance en site industriel ».');
    expect(tab.text).toMatch(/data-row="Électricité"[\s\S]*?Oui[\s\S]*?Électro Services/);
    expect(tab.text).toMatch(/data-row="Circulation"[\s\S]*?Non renseigné/);
  });

  it('states each rule of seed 002 section 5 in French until the analysis is complete', async () => {
    const { user, agent, csrf } = await planner();
    const plan = await makePlan(t, user.tenantId, user.id);
    expect(await messages(user.tenantId, plan.id)).toEqual(['L\'analyse des risques doit comporter au moins une phase d\'activité.']);
    const tpl = await makeTemplate(t, user.tenantId, 'Modèle', [['Électricité', true, null], ['Circulation', false, 'EU']]);
    await agent.post(`/prevention-plan/${plan.id}/risk-analysis/create`).type('form').send({ _csrf_token: csrf, 'risk_analysis[templateId]': String(tpl) });
    const other = await agent.post(`/prevention-plan/${plan.id}/risk-analysis/other-risks/new`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('risk_analysis_other_risk', { label: 'Bruit des compresseurs', measures: 'Bouchons d\'oreilles' }) });
    expect(other.status).toBe(201);
    expect(await messages(user.tenantId, plan.id)).toEqual([
      'L\'analyse des risques doit comporter au moins une phase d\'activité.',
      'La zone de risque « Électricité » doit indiquer l\'entreprise responsable.',
      'La zone de risque « Électricité » est concernée : associez-lui au moins une phase d\'activité.',
      'La zone de risque « Circulation » doit indiquer si elle est concernée.',
      'Le risque « Bruit des compresseurs » doit être associé à au moins une phase d\'activité.',
    ]);
    const tab = await agent.get(`/prevention-plan/${plan.id}/risk-analysis`);
    expect(tab.text).toContain('La zone de risque « Circulation » doit indiquer si elle est concernée.');
    // The plan page shows both tabs and lists the problems in its completeness panel.
    const page = await agent.get(`/prevention-plan/${plan.id}?tab=risk_analysis`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="plan-tab-risk_analysis"');
    expect(page.text).toContain('data-testid="plan-tab-interference"');
    expect(page.text).toContain('Le risque « Bruit des compresseurs » doit être associé à au moins une phase d&#39;activité.');

    const emptyPhase = await agent.post(`/prevention-plan/${plan.id}/risk-analysis/phases/new`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('risk_analysis_phase', { number: '1', description: '', companyId: String(plan.ee) }) });
    expect(emptyPhase.status).toBe(200);
    expect(emptyPhase.text).toContain('Veuillez renseigner ce champ.');
    const phase = await agent.post(`/prevention-plan/${plan.id}/risk-analysis/phases/new`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('risk_analysis_phase', { number: '1', description: 'Câblage de l\'armoire', companyId: String(plan.ee), main: '1', interference: '0' }) });
    expect(phase.status).toBe(201);
    const dup = await agent.post(`/prevention-plan/${plan.id}/risk-analysis/phases/new`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('risk_analysis_phase', { number: '1', description: 'Essais' }) });
    expect(dup.text).toContain('Ce numéro de phase est déjà utilisé.');
    const [p1] = await t.db.dataSource.query(`SELECT id FROM risk_analysis_phase WHERE tenant_id = $1 AND number = 1 ORDER BY id DESC LIMIT 1`, [user.tenantId]);
    const areas = await t.db.dataSource.query(`SELECT a.id, a.name, a.version FROM risk_analysis_area a JOIN risk_analysis r ON r.id = a.analysis_id WHERE r.subject_id = $1 AND r.subject_type = 'prevention_plan'`, [plan.id]);
    const elec = areas.find((a: { name: string }) => a.name === 'Électricité');
    const circ = areas.find((a: { name: string }) => a.name === 'Circulation');
    expect((await agent.post(`/prevention-plan/risk-analysis/areas/${elec.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('risk_analysis_area', { concerned: '1', responsibleCompanyId: String(plan.ee), phaseIds: [String(p1.id)], version: String(elec.version) }) })).status).toBe(201);
    expect((await agent.post(`/prevention-plan/risk-analysis/areas/${circ.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('risk_analysis_area', { concerned: '0', version: String(circ.version) }) })).status).toBe(201);
    const [o] = await t.db.dataSource.query(`SELECT id, version FROM risk_analysis_other_risk WHERE tenant_id = $1`, [user.tenantId]);
    expect((await agent.post(`/prevention-plan/risk-analysis/other-risks/${o.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('risk_analysis_other_risk', { label: 'Bruit des compresseurs', phaseIds: [String(p1.id)], version: String(o.version) }) })).status).toBe(201);
    expect(await messages(user.tenantId, plan.id)).toEqual([]);
    // A stale edit of an area is refused.
    expect((await agent.post(`/prevention-plan/risk-analysis/areas/${circ.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('risk_analysis_area', { concerned: '1', version: String(circ.version) }) })).status).toBe(409);
    expect(await t.db.dataSource.query('SELECT concerned FROM risk_analysis_area WHERE id = $1', [circ.id])).toEqual([{ concerned: false }]);
  });

  it('rates an interference risk before and after its measures with the quote and the severity colour', async () => {
    const { user, agent, csrf } = await planner();
    const plan = await makePlan(t, user.tenantId, user.id);
    const m = await loadMatrix(t.db.dataSource, user.tenantId);
    const c = (level: number) => String(m.consequences.find((x) => x.level === level)!.id);
    const p = (level: number) => String(m.probabilities.find((x) => x.level === level)!.id);
    const res = await agent.post(`/prevention-plan/${plan.id}/risk-analysis/interferences/new`).set(XHR).type('form').send({
      _csrf_token: csrf, ...fields('risk_analysis_interference', {
        label: 'Levage au-dessus de la zone de câblage', initialConsequenceId: c(4), initialProbabilityId: p(3), residualConsequenceId: c(4), residualProbabilityId: p(1),
        measures: 'Zone interdite sous la charge', personInCharge: 'Chef de chantier',
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.redirect).toMatch(/interference/);
    const tab = await agent.get(`/prevention-plan/${plan.id}/interference`);
    expect(tab.text).toMatch(/data-testid="initial">[\s\S]*?background:#dc354555[\s\S]*?C4 × P3 · 12[\s\S]*?Inacceptable/);
    expect(tab.text).toMatch(/data-testid="residual">[\s\S]*?C4 × P1 · 4[\s\S]*?Modéré/);
    expect(tab.text).toContain('Chef de chantier');
  });

  it('lists the documents the concerned areas and the interference risks need', async () => {
    const { user, agent, csrf } = await planner();
    const plan = await makePlan(t, user.tenantId, user.id);
    const tpl = await makeTemplate(t, user.tenantId, 'Modèle documents', [['Électricité', true, 'EE'], ['Circulation', false, 'EU']]);
    const doc = async (label: string) => (await t.db.dataSource.query('INSERT INTO document_type (tenant_id, label) VALUES ($1, $2) RETURNING id', [user.tenantId, label]))[0].id;
    const [elec, circ, lift] = [await doc('Habilitation électrique'), await doc('Plan de circulation'), await doc('Plan de levage')];
    const areas = await t.db.dataSource.query('SELECT id, name FROM risk_area WHERE template_id = $1', [tpl]);
    for (const a of areas) await t.db.dataSource.query('INSERT INTO risk_area_document_type (area_id, document_type_id, tenant_id) VALUES ($1, $2, $3)', [a.id, a.name === 'Électricité' ? elec : circ, user.tenantId]);
    await agent.post(`/prevention-plan/${plan.id}/risk-analysis/create`).type('form').send({ _csrf_token: csrf, 'risk_analysis[templateId]': String(tpl) });
    await agent.post(`/prevention-plan/${plan.id}/risk-analysis/interferences/new`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('risk_analysis_interference', { label: 'Levage', documentTypeIds: [String(lift)] }) });
    expect((await neededDocumentTypes(t.db.dataSource, user.tenantId, 'prevention_plan', plan.id)).map((d) => d.label)).toEqual(['Habilitation électrique', 'Plan de levage']);
  });
});

describe('rights and tenancy', () => {
  it('answers 403 without pdp.risk_analyses or on an archived plan, 404 for another company', async () => {
    const owner = await planner();
    const plan = await makePlan(t, owner.user.tenantId, owner.user.id);
    await owner.agent.post(`/prevention-plan/${plan.id}/risk-analysis/phases/new`).set(XHR).type('form')
      .send({ _csrf_token: owner.csrf, ...fields('risk_analysis_phase', { number: '1', description: 'Préparation' }) });
    const [phase] = await t.db.dataSource.query(`SELECT id FROM risk_analysis_phase WHERE tenant_id = $1`, [owner.user.tenantId]);

    const reader = await planner(['pdp.view']);
    const readerPlan = await makePlan(t, reader.user.tenantId, reader.user.id);
    expect((await reader.agent.get(`/prevention-plan/${readerPlan.id}/risk-analysis`)).status).toBe(200);
    expect((await reader.agent.post(`/prevention-plan/${readerPlan.id}/risk-analysis/phases/new`).set(XHR).type('form')
      .send({ _csrf_token: reader.csrf, ...fields('risk_analysis_phase', { number: '1', description: 'X' }) })).status).toBe(403);

    const archived = await makePlan(t, owner.user.tenantId, owner.user.id, { archived: true });
    expect((await owner.agent.post(`/prevention-plan/${archived.id}/risk-analysis/phases/new`).set(XHR).type('form')
      .send({ _csrf_token: owner.csrf, ...fields('risk_analysis_phase', { number: '1', description: 'X' }) })).status).toBe(403);

    const stranger = await planner();
    expect((await stranger.agent.get(`/prevention-plan/${plan.id}/risk-analysis`)).status).toBe(404);
    expect((await stranger.agent.post(`/prevention-plan/${plan.id}/risk-analysis/phases/new`).set(XHR).type('form')
      .send({ _csrf_token: stranger.csrf, ...fields('risk_analysis_phase', { number: '1', description: 'X' }) })).status).toBe(404);
    expect((await stranger.agent.get(`/prevention-plan/risk-analysis/phases/${phase.id}/edit`).set(XHR)).status).toBe(404);
    expect((await stranger.agent.post(`/prevention-plan/risk-analysis/phases/${phase.id}/delete`).set(XHR).send({ _csrf_token: stranger.csrf })).status).toBe(404);
    const [still] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM risk_analysis_phase WHERE id = $1', [phase.id]);
    expect(still.n).toBe(1);
  });
});
