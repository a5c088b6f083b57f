import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs, enqueue } from '../../../server/kernel/jobs';
import { setToggle } from '../../../server/kernel/toggles/toggles';
import { runPlanChecks } from '../../../server/modules/prevention-plan/core/plan-checks';
import { nextExpiryRun, PLAN_EXPIRY_JOB } from '../../../server/modules/prevention-plan/plan/plan-expiry.job';
import { createTestApp, makeUser, loginAs, type TestApp } from '../../support/app';
import { actor, insertPlan, newCompany, XHR, type Actor } from './plan-helpers';
import { drawing } from '../../support/png';

// What the user reads (French): the workflow's reasons are translation keys.
const PLAN_WORKFLOW_MESSAGES = {
  incomplete: "Le plan de prévention est incomplet : corrigez les points signalés dans « À compléter » avant de l'envoyer.",
  documents: "Des documents obligatoires manquent ou ne sont plus valides : complétez l'onglet Documents avant la mise en application.",
  companiesMissing: "Toutes les entreprises extérieures n'ont pas encore signé.",
  signedFile: "Déposez d'abord le plan signé à la main (onglet Signatures).",
  externalFile: "Déposez d'abord le plan rédigé hors de l'application (fichier externe).",
};

// The rules that make a plan complete are tested by the modules that own them (companies,
// documents, risk analysis ...); here each test says what the completeness panel reports.
jest.mock('../../../server/modules/prevention-plan/core/plan-checks', () => ({
  ...jest.requireActual('../../../server/modules/prevention-plan/core/plan-checks'),
  runPlanChecks: jest.fn(async () => []),
}));
const checks = runPlanChecks as jest.MockedFunction<typeof runPlanChecks>;

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
beforeEach(() => { checks.mockReset(); checks.mockImplementation(async () => []); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const status = async (id: number) => (await q('SELECT status FROM prevention_plan WHERE id = $1', [id]))[0].status as string;

interface Scene {
  company: string;
  editor: Actor;
  customer: Actor;
  planId: number;
  /** plan_company ids: two EE and one ST under the first. */
  ee: number[];
  st: number;
}

/** A draft plan: created by `editor`, ordered by `customer` (pdp.sign), with two EE and one ST. */
async function scene(cols: Record<string, unknown> = {}): Promise<Scene> {
  const company = newCompany();
  const editor = await actor(t, company, ['pdp.view', 'pdp.add', 'pdp.edit'], 'Élise');
  const customer = await actor(t, company, ['pdp.view', 'pdp.edit', 'pdp.sign'], 'Karim');
  const planId = await insertPlan(t, editor.tenantId, editor.id, { ordering_customer_id: customer.id, start_date: 5, end_date: 20, ...cols });
  const ee: number[] = [];
  for (const name of ['Maintenance Industrielle du Rhône', 'Calorifuge Lyonnais']) {
    const [row] = await q(`INSERT INTO plan_company (tenant_id, plan_id, kind, name, email) VALUES ($1, $2, 'EE', $3, 'contact@example.fr') RETURNING id`, [editor.tenantId, planId, name]);
    ee.push(row.id);
  }
  const [st] = await q(`INSERT INTO plan_company (tenant_id, plan_id, kind, parent_id, name) VALUES ($1, $2, 'ST', $3, 'Échafaudages Bron') RETURNING id`, [editor.tenantId, planId, ee[0]]);
  return { company, editor, customer, planId, ee, st: st.id };
}

/** A contact of plan company `planCompanyId` with a user account (role contact), logged in. */
async function contactOf(s: Scene, planCompanyId: number, firstName: string): Promise<Actor> {
  const user = await makeUser(t, { company: s.company, roles: [], rights: ['pdp.view', 'pdp.amend'] });
  await q('UPDATE app_user SET first_name = $2 WHERE id = $1', [user.id, firstName]);
  const [c] = await q(`INSERT INTO contact (tenant_id, last_name, first_name, email, user_id) VALUES ($1, 'Moreau', $2, $3, $4) RETURNING id`, [s.editor.tenantId, firstName, `${user.username}@example.fr`, user.id]);
  await q('UPDATE plan_company SET contact_id = $2 WHERE id = $1', [planCompanyId, c.id]);
  const { agent, csrf } = await loginAs(t, user);
  return { ...user, agent, csrf };
}

const apply = (a: Actor, planId: number, transition: string, fields: Record<string, string> = {}) =>
  a.agent.post(`/prevention-plan/${planId}/apply/${transition}`).set(XHR).type('form').send({ _csrf_token: a.csrf, comment: '', ...fields });
const signed = (a: Actor, planId: number, transition: string, name = 'Karim Haddad', extra: Record<string, string> = {}) =>
  apply(a, planId, transition, { 'signature[name]': name, 'signature[image]': drawing(), ...extra });
const buttons = (html: string) => [...html.matchAll(/data-testid="transition-([a-z_]+)"/g)].map((m) => m[1]);
const signaturesOf = (planId: number) => q('SELECT * FROM plan_signature WHERE plan_id = $1 AND superseded_at IS NULL ORDER BY id', [planId]);
/** Signs for a company directly (as the link or the site would). */
const companySigned = (s: Scene, id: number) => q(
  `INSERT INTO plan_signature (tenant_id, plan_id, kind, signer_key, plan_company_id, signer_name, image, channel, round, signed_at)
   VALUES ($1, $2, 'company', $3, $4, 'Signataire', $5, 'site', 0, now())`, [s.editor.tenantId, s.planId, `company:${id}`, id, drawing()]);

describe('the plan page offers the transitions the user may press', () => {
  it('shows the draft buttons to the editor, none to a mere reader, and the state badge the page updates', async () => {
    const s = await scene();
    const page = await s.editor.agent.get(`/prevention-plan/${s.planId}`);
    expect(page.status).toBe(200);
    expect(buttons(page.text)).toEqual(['send_tiers', 'send_on_site', 'send_manual']);
    expect(page.text).toContain('data-workflow-state');
    const reader = await actor(t, s.company, ['pdp.view', 'pdp.view_all']);
    const asReader = await reader.agent.get(`/prevention-plan/${s.planId}`);
    expect(buttons(asReader.text)).toEqual([]);
  });
});

describe('outside companies, then internal validation', () => {
  it('send_tiers → each company signs → waiting_internal → validate (signed) → in_operation', async () => {
    const s = await scene();
    await setToggle(t.db.dataSource, s.editor.tenantId, 'subcontractor_signature', false);
    const sent = await apply(s.editor, s.planId, 'send_tiers', { comment: 'Merci de signer avant lundi' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ result: true, state: { name: 'waiting_tiers', label: 'En attente des entreprises' } });
    expect(buttons(sent.body.buttons)).toContain('update');
    const [history] = await q(`SELECT * FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 AND transition = 'send_tiers'`, [s.planId]);
    expect(history).toMatchObject({ from_state: 'draft', to_state: 'waiting_tiers', comment: 'Merci de signer avant lundi' });

    // The first company's contact signs in the application: a form first, then the signature.
    const julien = await contactOf(s, s.ee[0], 'Julien');
    const page = await julien.agent.get(`/prevention-plan/${s.planId}`);
    expect(buttons(page.text)).toEqual(['sign', 'refuse']);
    const first = await apply(julien, s.planId, 'sign');
    expect(first.status).toBe(200);
    expect(first.body.result).toBe(false);
    expect(first.body.signatureForm).toContain('data-signature-form');
    expect(first.body.signatureForm).toContain('"inputName":"signature[image]"');
    expect(await signaturesOf(s.planId)).toHaveLength(0);

    // An empty name is refused with the field flagged, and nothing is kept.
    const noName = await signed(julien, s.planId, 'sign', '  ');
    expect(noName.body.result).toBe(false);
    expect(noName.body.signatureForm).toContain('data-testid="signature-error-name"');
    expect(noName.body.signatureForm).toContain('Veuillez renseigner ce champ.');
    expect(await signaturesOf(s.planId)).toHaveLength(0);
    const blank = await apply(julien, s.planId, 'sign', { 'signature[name]': 'Julien Moreau', 'signature[image]': '' });
    expect(blank.body.signatureForm).toContain('data-testid="signature-error-image"');

    const ok = await signed(julien, s.planId, 'sign', 'Julien Moreau');
    expect(ok.body).toMatchObject({ result: true, state: { name: 'waiting_tiers' } });
    expect(buttons(ok.body.buttons)).not.toContain('sign');
    const sigs = await signaturesOf(s.planId);
    expect(sigs).toHaveLength(1);
    expect(sigs[0]).toMatchObject({ kind: 'company', signer_key: `company:${s.ee[0]}`, signer_name: 'Julien Moreau', user_id: julien.id, channel: 'app', round: 0 });
    // Signing twice is refused (he no longer has a company to sign for) and keeps one signature.
    expect((await signed(julien, s.planId, 'sign', 'Julien Moreau')).status).toBe(403);
    expect(await signaturesOf(s.planId)).toHaveLength(1);

    // The second company signs: every required company has signed (ST not asked: toggle off), the plan moves on by itself.
    const sonia = await contactOf(s, s.ee[1], 'Sonia');
    const last = await signed(sonia, s.planId, 'sign', 'Sonia Benali');
    expect(last.body).toMatchObject({ result: true, state: { name: 'waiting_internal' } });
    expect(await status(s.planId)).toBe('waiting_internal');
    const [auto] = await q(`SELECT * FROM history_entry WHERE subject_id = $1 AND subject_type = 'prevention_plan' AND transition = 'send_internal'`, [s.planId]);
    expect(auto.user_id).toBeNull();

    // The editor cannot validate (not an internal signer); the ordering customer signs and validates.
    expect((await apply(s.editor, s.planId, 'validate')).status).toBe(403);
    const ask = await apply(s.customer, s.planId, 'validate');
    expect(ask.body.signatureForm).toContain('Karim');
    const validated = await signed(s.customer, s.planId, 'validate', 'Karim Haddad', { comment: 'Bon pour démarrage' });
    expect(validated.body).toMatchObject({ result: true, state: { name: 'in_operation', label: 'En cours' } });
    const internal = (await signaturesOf(s.planId)).find((r: any) => r.kind === 'internal');
    expect(internal).toMatchObject({ signer_key: 'internal:validate', user_id: s.customer.id, signer_name: 'Karim Haddad' });
    const [row] = await q(`SELECT signature FROM history_entry WHERE subject_id = $1 AND subject_type = 'prevention_plan' AND transition = 'validate'`, [s.planId]);
    expect(row.signature.name).toBe('Karim Haddad');
  });

  it('asks the subcontractors to sign too when the toggle is on (default)', async () => {
    const s = await scene();
    await apply(s.editor, s.planId, 'send_tiers');
    await companySigned(s, s.ee[0]);
    await companySigned(s, s.ee[1]);
    const early = await apply(s.editor, s.planId, 'send_internal');
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(PLAN_WORKFLOW_MESSAGES.companiesMissing);
    await companySigned(s, s.st);
    const res = await apply(s.editor, s.planId, 'send_internal');
    expect(res.body).toMatchObject({ result: true, state: { name: 'waiting_internal' } });
  });

  it('refuse needs a comment and sends the plan back to draft', async () => {
    const s = await scene();
    await apply(s.editor, s.planId, 'send_tiers');
    const julien = await contactOf(s, s.ee[0], 'Julien');
    const empty = await apply(julien, s.planId, 'refuse', { comment: '   ' });
    expect(empty.status).toBe(403);
    expect(empty.body).toMatchObject({ result: false, field: 'comment', message: 'Veuillez renseigner ce champ.' });
    expect(await status(s.planId)).toBe('waiting_tiers');
    const res = await apply(julien, s.planId, 'refuse', { comment: 'Il manque le plan de prévention incendie' });
    expect(res.body).toMatchObject({ result: true, state: { name: 'draft' } });
  });
});

describe('guards and refusals', () => {
  it('an incomplete plan is not sent, and says why; required documents block putting into operation', async () => {
    const s = await scene();
    checks.mockImplementation(async () => [{ severity: 'error', key: 'plan-company.checks.no_outside_company' }]);
    const res = await apply(s.editor, s.planId, 'send_tiers');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ result: false, message: PLAN_WORKFLOW_MESSAGES.incomplete, state: { name: 'draft' } });
    expect(await status(s.planId)).toBe('draft');

    checks.mockImplementation(async () => [{ severity: 'warning', key: 'plan-document.check.missing_company', tab: 'documents' }]);
    expect((await apply(s.editor, s.planId, 'send_tiers')).body.result).toBe(true); // only a warning to send
    for (const id of [...s.ee, s.st]) await companySigned(s, id);
    await apply(s.editor, s.planId, 'send_internal');
    const refused = await signed(s.customer, s.planId, 'validate');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PLAN_WORKFLOW_MESSAGES.documents);
    expect(await status(s.planId)).toBe('waiting_internal');
  });

  it('refuses a transition from the wrong state (409), an unknown one (404), another company (404), no CSRF (403)', async () => {
    const s = await scene();
    expect((await apply(s.editor, s.planId, 'validate_manual')).status).toBe(409);
    expect((await apply(s.editor, s.planId, 'fly_away')).status).toBe(404);
    const stranger = await actor(t, newCompany(), ['pdp.view', 'pdp.view_all', 'pdp.edit', 'pdp.manage', 'pdp.sign']);
    expect((await apply(stranger, s.planId, 'send_tiers')).status).toBe(404);
    const noCsrf = await s.editor.agent.post(`/prevention-plan/${s.planId}/apply/send_tiers`).set(XHR).type('form').send({ comment: '' });
    expect(noCsrf.status).toBe(403);
    expect(await status(s.planId)).toBe('draft');
  });

  it('each path needs its own actor: a reader may not send, a contact may not validate', async () => {
    const s = await scene();
    const reader = await actor(t, s.company, ['pdp.view', 'pdp.view_all']);
    expect((await apply(reader, s.planId, 'send_tiers')).status).toBe(403);
    expect(await status(s.planId)).toBe('draft');
    await apply(s.editor, s.planId, 'send_tiers');
    const julien = await contactOf(s, s.ee[0], 'Julien');
    expect((await apply(julien, s.planId, 'update')).status).toBe(403);
    expect((await apply(julien, s.planId, 'send_internal')).status).toBe(403);
    expect((await apply(s.customer, s.planId, 'sign')).status).toBe(403);
    // The refused transitions left the plan waiting for the companies, with no signature.
    expect(await status(s.planId)).toBe('waiting_tiers');
    expect(await t.db.dataSource.query('SELECT id FROM plan_signature WHERE plan_id = $1', [s.planId])).toEqual([]);
    expect((await apply(s.editor, s.planId, 'update')).body).toMatchObject({ result: true, state: { name: 'draft' } });
  });
});

describe('a plan sent for signature is no longer edited in place', () => {
  it('hides the edit button and refuses the form until the plan is back to draft', async () => {
    const s = await scene({ subject: 'Plan à modifier', start_date: 5, end_date: 20 });
    expect((await s.editor.agent.get(`/prevention-plan/${s.planId}`)).text).toContain('data-testid="plan-edit"');
    await apply(s.editor, s.planId, 'send_tiers');
    expect((await s.editor.agent.get(`/prevention-plan/${s.planId}`)).text).not.toContain('data-testid="plan-edit"');
    const locked = await s.editor.agent.get(`/prevention-plan/${s.planId}/edit`);
    expect(locked.status).toBe(403);
    expect(locked.text).toContain('repassez-le en brouillon ou créez un avenant');
    await apply(s.editor, s.planId, 'update');
    expect((await s.editor.agent.get(`/prevention-plan/${s.planId}/edit`)).status).toBe(200);
  });
});

describe('paper, external file and on-site paths', () => {
  async function storedFile(tenantId: number): Promise<number> {
    const [f] = await q(`INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, $2, 'pdp-signe.pdf', 'application/pdf', 10) RETURNING id`, [tenantId, `t/${Date.now()}-${Math.random()}`]);
    return f.id;
  }

  it('send_manual → validate_manual needs the scanned signed plan', async () => {
    const s = await scene();
    expect((await apply(s.editor, s.planId, 'send_manual')).body).toMatchObject({ result: true, state: { name: 'waiting_manual' } });
    const early = await apply(s.customer, s.planId, 'validate_manual');
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(PLAN_WORKFLOW_MESSAGES.signedFile);
    await q('UPDATE prevention_plan SET signed_file_id = $2 WHERE id = $1', [s.planId, await storedFile(s.editor.tenantId)]);
    expect((await apply(s.customer, s.planId, 'validate_manual')).body).toMatchObject({ result: true, state: { name: 'in_operation' } });
  });

  it('validate_external_file is offered for a plan written outside the application, once its file is there', async () => {
    const s = await scene({ is_mm_model: true });
    const page = await s.customer.agent.get(`/prevention-plan/${s.planId}`);
    expect(buttons(page.text)).toContain('validate_external_file');
    expect((await apply(s.customer, s.planId, 'validate_external_file')).body.message).toBe(PLAN_WORKFLOW_MESSAGES.externalFile);
    await q('UPDATE prevention_plan SET external_file_id = $2 WHERE id = $1', [s.planId, await storedFile(s.editor.tenantId)]);
    expect((await apply(s.customer, s.planId, 'validate_external_file')).body).toMatchObject({ result: true, state: { name: 'in_operation' } });
  });

  it('send_on_site → companies sign on the device → site_sign by the ordering customer puts it into operation', async () => {
    const s = await scene();
    expect((await apply(s.editor, s.planId, 'send_on_site')).body.state.name).toBe('waiting_sign');
    expect((await signed(s.customer, s.planId, 'site_sign')).body.message).toBe(PLAN_WORKFLOW_MESSAGES.companiesMissing);
    for (const id of [...s.ee, s.st]) await companySigned(s, id);
    const done = await signed(s.customer, s.planId, 'site_sign');
    expect(done.body).toMatchObject({ result: true, state: { name: 'in_operation' } });
    expect((await signaturesOf(s.planId)).find((r: any) => r.kind === 'internal')).toMatchObject({ channel: 'site', signer_key: 'internal:site_sign' });
  });
});

describe('closing and expiry', () => {
  it('runs the expiry every night at 00:05, so a plan ending today stays in operation all day', () => {
    const next = nextExpiryRun(new Date(2026, 10, 23, 14, 30));
    expect([next.getDate(), next.getHours(), next.getMinutes()]).toEqual([24, 0, 5]);
  });

  it('close is for managers and the ordering customer; the daily job expires plans whose end date has passed', async () => {
    const s = await scene({ status: 'in_operation', start_date: -10, end_date: 3 });
    expect((await apply(s.editor, s.planId, 'close')).status).toBe(403);
    const other = await insertPlan(t, s.editor.tenantId, s.editor.id, { status: 'in_operation', ordering_customer_id: s.customer.id, start_date: -10, end_date: 30 });

    // The daily job, kept to this company: other test files run beside this one on the same database.
    const tenant = s.editor.tenantId;
    await enqueue(t.db.dataSource.manager, PLAN_EXPIRY_JOB, { tenantIds: [tenant] }, { tenantId: tenant });
    await drainJobs(t.db.dataSource, { names: [PLAN_EXPIRY_JOB], tenantIds: [tenant] });
    expect(await status(s.planId)).toBe('in_operation'); // ends in 3 days
    await enqueue(t.db.dataSource.manager, PLAN_EXPIRY_JOB, { tenantIds: [tenant] }, { tenantId: tenant, runAt: new Date(Date.now() + 5 * 86_400_000) });
    const restore = useClock(new FixedClock(new Date(Date.now() + 5 * 86_400_000)));
    try {
      await drainJobs(t.db.dataSource, { names: [PLAN_EXPIRY_JOB], tenantIds: [tenant] });
    } finally {
      restore();
    }
    expect(await status(s.planId)).toBe('expired');
    expect(await status(other)).toBe('in_operation');
    const [h] = await q(`SELECT * FROM history_entry WHERE subject_id = $1 AND subject_type = 'prevention_plan' AND transition = 'close'`, [s.planId]);
    expect(h).toMatchObject({ from_state: 'in_operation', to_state: 'expired', user_id: null });

    expect((await apply(s.customer, other, 'close', { comment: 'Travaux terminés' })).body).toMatchObject({ result: true, state: { name: 'expired' } });
  });
});

describe('one rule of who edits a plan (the plan policy, asked by the signing guards)', () => {
  it('refuses sending for signature to a pdp.manage holder without pdp.edit, as the plan page does, and changes nothing', async () => {
    const s = await scene();
    const manager = await actor(t, s.company, ['pdp.view', 'pdp.view_all', 'pdp.manage'], 'Manon');
    const page = await manager.agent.get(`/prevention-plan/${s.planId}`);
    expect(page.status).toBe(200);
    expect(buttons(page.text)).toEqual([]);
    const refused = await apply(manager, s.planId, 'send_tiers');
    expect(refused.status).toBe(403);
    expect(await status(s.planId)).toBe('draft');
    const withEdit = await actor(t, s.company, ['pdp.view', 'pdp.view_all', 'pdp.manage', 'pdp.edit'], 'Marc');
    expect(buttons((await withEdit.agent.get(`/prevention-plan/${s.planId}`)).text)).toEqual(['send_tiers', 'send_on_site', 'send_manual']);
  });

  it('refuses sending an archived plan for signature, even to its creator', async () => {
    const s = await scene({ archived: true });
    expect(buttons((await s.editor.agent.get(`/prevention-plan/${s.planId}`)).text)).toEqual([]);
    const refused = await apply(s.editor, s.planId, 'send_tiers');
    expect(refused.status).toBe(403);
    expect(await status(s.planId)).toBe('draft');
  });
});
