import { createTestApp, type TestApp } from '../../support/app';
import { createQuestionnaire } from '../../../server/modules/questionnaire/questionnaire.service';
import { actor, createPpsps, newCompany, PPSPS_RIGHTS, XHR } from './ppsps-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** A survey of `type` with one required short question. */
async function survey(tenantId: number, type: string, name: string): Promise<{ id: number; question: number }> {
  const db = t.db.dataSource;
  const id = await db.transaction((m) => createQuestionnaire(m, tenantId, { name, ownerType: 'survey', surveyType: type }));
  const [g] = await db.query("INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, position) VALUES ($1, $2, 'Chantier', 1) RETURNING id", [tenantId, id]);
  const [q] = await db.query("INSERT INTO questionnaire_question (tenant_id, group_id, label, answer_type, position, required) VALUES ($1, $2, 'Base vie installée', 'short', 1, true) RETURNING id", [tenantId, g.id]);
  return { id, question: q.id };
}

describe('PPSPS forms (questionnaire engine) and risk analysis tab', () => {
  it('lists the PPSPS and PPSPS-inspection surveys, answers one (required answer checked) and shows the progress', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const id = await createPpsps(a);
    const empty = await a.agent.get(`/ppsps/${id}?tab=forms`);
    expect(empty.text).toContain('Aucun formulaire PPSPS ni formulaire d&#39;inspection PPSPS');
    const site = await survey(a.tenantId, 'construction_site', 'Formulaire chantier');
    const insp = await survey(a.tenantId, 'ppsps_inspection', 'Inspection commune');
    const other = await survey(a.tenantId, 'safety', 'Visite sécurité');
    const page = await a.agent.get(`/ppsps/${id}?tab=forms`);
    expect(page.text).toContain('Formulaire chantier');
    expect(page.text).toContain('Inspection commune');
    expect(page.text).not.toContain('Visite sécurité');
    expect(page.text).toContain('0 / 1 réponses');
    expect((await a.agent.get(`/ppsps/${id}/forms/${other.id}`)).status).toBe(404);
    expect((await a.agent.get(`/ppsps/${id}/forms/${site.id}`)).status).toBe(200);
    const missing = await a.agent.post(`/ppsps/${id}/forms/${site.id}`).set(XHR).field('_csrf_token', a.csrf).field('_submit', 'SAVE');
    expect(missing.status).toBe(200);
    expect(missing.text).toContain('data-testid="form-errors"');
    const saved = await a.agent.post(`/ppsps/${id}/forms/${site.id}`).set(XHR).field('_csrf_token', a.csrf).field('_submit', 'SAVE').field(`questionnaire[q${site.question}]`, 'Oui, raccordée');
    expect(saved.status).toBe(201);
    const [r] = await t.db.dataSource.query("SELECT value FROM questionnaire_response WHERE subject_type = 'ppsps' AND subject_id = $1 AND question_id = $2", [id, site.question]);
    expect(r.value).toBe('Oui, raccordée');
    expect((await a.agent.get(`/ppsps/${id}?tab=forms`)).text).toContain('1 / 1 réponses');
    expect(insp.id).toBeGreaterThan(0);
    // A reader sees the answers but may not post.
    const reader = await actor(t, (await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [a.tenantId]))[0].name, PPSPS_RIGHTS.viewAll, 'Lou');
    const read = await reader.agent.get(`/ppsps/${id}/forms/${site.id}`);
    expect(read.status).toBe(200);
    expect(read.text).toContain('Oui, raccordée');
    expect((await reader.agent.post(`/ppsps/${id}/forms/${site.id}`).set(XHR).field('_csrf_token', reader.csrf).field('_submit', 'SAVE')
      .field(`questionnaire[q${site.question}]`, 'Non')).status).toBe(403);
    expect(await t.db.dataSource.query("SELECT value FROM questionnaire_response WHERE subject_type = 'ppsps' AND subject_id = $1 AND question_id = $2", [id, site.question]))
      .toEqual([{ value: 'Oui, raccordée' }]);
  });

  it('shows the risk analysis of the PPSPS (shared engine) and lets its editor create one', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const id = await createPpsps(a);
    const page = await a.agent.get(`/ppsps/${id}?tab=risk_analysis`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('L&#39;analyse des risques n&#39;a pas pu être affichée');
    const created = await a.agent.post(`/ppsps/${id}/risk-analysis/create`).set(XHR).type('form').send({ _csrf_token: a.csrf });
    expect([200, 201, 303]).toContain(created.status);
    const [head] = await t.db.dataSource.query("SELECT count(*)::int AS n FROM risk_analysis WHERE subject_type = 'ppsps' AND subject_id = $1", [id]);
    expect(head.n).toBe(1);
    const phase = await a.agent.get(`/ppsps/${id}/risk-analysis/phases/new`).set(XHR);
    expect(phase.status).toBe(200);
    const stranger = await actor(t, newCompany(), PPSPS_RIGHTS.manager);
    expect((await stranger.agent.post(`/ppsps/${id}/risk-analysis/create`).set(XHR).type('form').send({ _csrf_token: stranger.csrf })).status).toBe(404);
    expect(await t.db.dataSource.query("SELECT count(*)::int AS n FROM risk_analysis WHERE subject_type = 'ppsps' AND subject_id = $1", [id])).toEqual([{ n: 1 }]);
    expect(await t.db.dataSource.query('SELECT id FROM risk_analysis WHERE tenant_id = $1', [stranger.tenantId])).toEqual([]);
  });
});
