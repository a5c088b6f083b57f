import { runPlanChecks } from '../../../server/modules/prevention-plan/core/plan-checks';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, completeFields, createPlan, insertPlan, newCompany, RIGHTS, setting, XHR, type Actor } from './plan-helpers';

// Issue 25 item 3: what blocks a step is shown before the click, by the rules the transition runs.
jest.mock('../../../server/modules/prevention-plan/core/plan-checks', () => ({
  ...jest.requireActual('../../../server/modules/prevention-plan/core/plan-checks'),
  runPlanChecks: jest.fn(async () => []),
}));
const checks = runPlanChecks as jest.MockedFunction<typeof runPlanChecks>;

const INCOMPLETE = "Le plan de prévention est incomplet : corrigez les points signalés dans « À compléter » avant de l&#39;envoyer.";
const DOCUMENTS = "Des documents obligatoires manquent ou ne sont plus valides : complétez l&#39;onglet Documents avant la mise en application.";

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
beforeEach(() => { checks.mockReset(); checks.mockImplementation(async () => []); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const apply = (a: Actor, planId: number, transition: string, comment = '') =>
  a.agent.post(`/prevention-plan/${planId}/apply/${transition}`).set(XHR).type('form').send({ _csrf_token: a.csrf, comment });
/** The buttons drawn disabled, and the « bloquant » lines: `{ transitions, text }`. */
const disabled = (html: string) => [...html.matchAll(/<button [^>]*data-testid="transition-([a-z_]+)"[^>]*\sdisabled[\s>]/g)].map((m) => m[1]);
const blockers = (html: string) => [...html.matchAll(/data-testid="transition-blocker" data-transitions="([^"]*)">([\s\S]*?)<\/li>/g)]
  .map((m) => ({ transitions: m[1], text: m[2].replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim() }));

async function draftPlan(): Promise<{ editor: Actor; customer: Actor; planId: number }> {
  const company = newCompany();
  const editor = await actor(t, company, ['pdp.view', 'pdp.add', 'pdp.edit'], 'Élise');
  const customer = await actor(t, company, ['pdp.view', 'pdp.edit', 'pdp.sign'], 'Karim');
  const planId = await insertPlan(t, editor.tenantId, editor.id, { ordering_customer_id: customer.id, start_date: 5, end_date: 20 });
  await q(`INSERT INTO plan_company (tenant_id, plan_id, kind, name, email) VALUES ($1, $2, 'EE', 'Calorifuge Lyonnais', 'contact@example.fr')`, [editor.tenantId, planId]);
  return { editor, customer, planId };
}

describe('the plan page shows what blocks the next step before the click', () => {
  it('an error draws the three ways of sending disabled with the refusal the server gives, and the server still refuses', async () => {
    const s = await draftPlan();
    checks.mockImplementation(async () => [{ severity: 'error', key: 'plan-company.checks.no_outside_company', tab: 'companies' }]);
    const page = await s.editor.agent.get(`/prevention-plan/${s.planId}`);
    expect(disabled(page.text)).toEqual(['send_tiers', 'send_on_site', 'send_manual']);
    expect(blockers(page.text)).toEqual([{
      transitions: 'send_tiers send_on_site send_manual',
      text: `bloquant Envoyer aux entreprises, Signature sur site, Signature manuscrite : ${INCOMPLETE}`,
    }]);
    expect(page.text).toContain('data-testid="plan-completeness-summary">Complétude du plan : 1 point(s) à compléter<');
    expect(page.text).toContain('data-testid="plan-completeness-blocking">Bloquants : 1<');
    expect(page.text).toContain('data-testid="plan-problem-blocks">Bloque l&#39;envoi pour signature<');
    // The check at the click is kept: a forged POST is refused with the same French reason.
    const refused = await apply(s.editor, s.planId, 'send_tiers');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(INCOMPLETE.replace('&#39;', "'"));
  });

  it('a missing mandatory document is marked as blocking putting into operation while sending stays open', async () => {
    const s = await draftPlan();
    checks.mockImplementation(async () => [{ severity: 'warning', key: 'plan-document.check.missing_company', params: { type: 'Attestation URSSAF', owner: 'Calorifuge Lyonnais' }, tab: 'documents' }]);
    const draft = await s.editor.agent.get(`/prevention-plan/${s.planId}`);
    expect(disabled(draft.text)).toEqual([]);
    expect(blockers(draft.text)).toEqual([]);
    expect(draft.text).toContain('data-testid="plan-problem-blocks">Bloque la mise en application<');
    expect(draft.text).toContain('data-testid="plan-completeness-blocking">Bloquants : 1<');

    await q(`UPDATE prevention_plan SET status = 'waiting_internal' WHERE id = $1`, [s.planId]);
    const waiting = await s.customer.agent.get(`/prevention-plan/${s.planId}`);
    expect(disabled(waiting.text)).toEqual(['validate']);
    expect(blockers(waiting.text)).toEqual([{ transitions: 'validate', text: `bloquant Signer et mettre en application : ${DOCUMENTS}` }]);
    // « Demander des modifications » is not held back by the document.
    expect(waiting.text).toMatch(/data-testid="transition-refuse"(?![^>]*disabled)[^>]*>/);
  });

  it('a mere warning (not a document) blocks nothing and carries no badge', async () => {
    const s = await draftPlan();
    checks.mockImplementation(async () => [{ severity: 'warning', key: 'prevention-plan.completeness.failed' }]);
    const page = await s.editor.agent.get(`/prevention-plan/${s.planId}`);
    expect(disabled(page.text)).toEqual([]);
    expect(page.text).not.toContain('plan-problem-blocks');
    expect(page.text).not.toContain('plan-completeness-blocking');
    expect(page.text).toContain('data-testid="plan-completeness-summary">Complétude du plan : 1 point(s) à compléter<');
  });
});

describe('a transition says what was done (the flash of the reloaded page)', () => {
  it('answers the new state with a French message, and the buttons ask confirmation and comment together', async () => {
    const s = await draftPlan();
    const page = await s.editor.agent.get(`/prevention-plan/${s.planId}`);
    const send = /<button [^>]*data-testid="transition-send_tiers"[^>]*>/.exec(page.text)![0];
    expect(send).toContain('data-transition-confirm="Envoyer le plan aux entreprises extérieures pour signature ?"');
    expect(send).toContain('data-comment-prompt="Commentaire"');
    expect(send).not.toMatch(/\sdata-confirm=/);
    expect(page.text).toMatch(/data-testid="plan-workflow"[^>]*data-workflow-reload/);
    const sent = await apply(s.editor, s.planId, 'send_tiers', 'Merci de signer avant lundi');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ result: true, message: "C'est fait : « Envoyer aux entreprises ». Nouvel état : En attente des entreprises." });
  });
});

describe('the plan form goes back to the tab it was opened from', () => {
  it('keeps ?tab= through the form (hidden field, cancel link, redirect), and ignores a value that is not a tab key', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author);
    const s = await setting(t, a.tenantId);
    const id = await createPlan(a, s);
    const page = await a.agent.get(`/prevention-plan/${id}`);
    expect(page.text).toMatch(new RegExp(`href="/prevention-plan/${id}/edit\\?tab=intervention" data-keep-tab`));
    const form = await a.agent.get(`/prevention-plan/${id}/edit?tab=safety`);
    expect(form.text).toContain('<input type="hidden" name="_tab" value="safety">');
    expect(form.text).toContain(`href="/prevention-plan/${id}?tab=safety"`);

    const post = (tab: string, version: string) => {
      const body: Record<string, unknown> = { _csrf_token: a.csrf, _submit: 'SAVE', _tab: tab };
      for (const [k, v] of Object.entries({ ...completeFields(a, s), subject: `Objet ${version}`, version })) body[`pdp[${k}]`] = v;
      return a.agent.post(`/prevention-plan/${id}/edit`).set(XHR).type('form').send(body);
    };
    const saved = await post('safety', '1');
    expect(saved.status).toBe(201);
    expect(saved.body.redirect).toBe(`/prevention-plan/${id}?tab=safety`);
    // At the limit (40 characters) kept, one above dropped; markup never passes.
    expect((await post('a'.repeat(40), '2')).body.redirect).toBe(`/prevention-plan/${id}?tab=${'a'.repeat(40)}`);
    expect((await post('a'.repeat(41), '3')).body.redirect).toBe(`/prevention-plan/${id}`);
    expect((await post('x"><script>', '4')).body.redirect).toBe(`/prevention-plan/${id}`);
    // A save with errors re-renders the form with the tab still in it.
    const body: Record<string, unknown> = { _csrf_token: a.csrf, _submit: 'SAVE', _tab: 'safety', 'pdp[subject]': '', 'pdp[version]': '5' };
    const invalid = await a.agent.post(`/prevention-plan/${id}/edit`).set(XHR).type('form').send(body);
    expect(invalid.status).toBe(200);
    expect(invalid.text).toContain('<input type="hidden" name="_tab" value="safety">');
  });
});
