import request from 'supertest';
import { drainJobs } from '../../../server/kernel/jobs';
import { closePdfBrowser } from '../../../server/kernel/pdf';
import { planMailer } from '../../../server/modules/prevention-plan/core/plan-mail';
import { SIGN_LINK_JOB } from '../../../server/modules/prevention-plan/core/plan-sign-link.service';
import { SIGNING_NOTICE_JOB } from '../../../server/modules/signing/signing-notices';
import { createTestApp, csrfFrom, type TestApp } from '../../support/app';
import { drawing } from '../../support/png';
import { decode, member, newCompany, newPlan, XHR, type Member } from './company-fixtures';

// Completeness is tested by the modules that own its rules; here the plan is complete enough to send.
jest.mock('../../../server/modules/prevention-plan/core/plan-checks', () => ({
  ...jest.requireActual('../../../server/modules/prevention-plan/core/plan-checks'),
  runPlanChecks: jest.fn(async () => []),
}));

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await closePdfBrowser(); await t.close(); });
beforeEach(() => planMailer().clear());

const tenants: number[] = [];
const drain = () => drainJobs(t.db.dataSource, { names: [SIGN_LINK_JOB, SIGNING_NOTICE_JOB], tenantIds: tenants });
const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

interface Scene { editor: Member; customer: Member & { email: string }; planId: number; number: string }

/** A draft plan ordered by `customer` (pdp.sign), with two outside companies whose managers have an e-mail. */
async function scene(): Promise<Scene> {
  const company = newCompany();
  const editor = await member(t, company, ['pdp.view', 'pdp.add', 'pdp.edit']);
  const customer = await member(t, company, ['pdp.view', 'pdp.edit', 'pdp.sign']);
  tenants.push(editor.tenantId);
  const planId = await newPlan(t, editor.tenantId, editor.id, 'Remplacement des vannes du réseau vapeur');
  await q('UPDATE prevention_plan SET ordering_customer_id = $2 WHERE id = $1', [planId, customer.id]);
  await q(`UPDATE app_user SET first_name = 'Karim', last_name = 'Haddad' WHERE id = $1`, [customer.id]);
  for (const [name, email] of [['Maintenance Industrielle du Rhône', 'j.moreau@mir.fr'], ['Calorifuge Lyonnais', 's.benali@calorifuge.fr']]) {
    await q(`INSERT INTO plan_company (tenant_id, plan_id, kind, name, first_name, last_name, email) VALUES ($1, $2, 'EE', $3, 'Julien', 'Moreau', $4)`, [editor.tenantId, planId, name, email]);
  }
  const [{ email }] = await q('SELECT email FROM app_user WHERE id = $1', [customer.id]);
  const [{ pdp_number: number }] = await q('SELECT pdp_number FROM prevention_plan WHERE id = $1', [planId]);
  return { editor, customer: { ...customer, email }, planId, number };
}

const apply = (a: Member, planId: number, transition: string, fields: Record<string, string> = {}) =>
  a.agent.post(`/prevention-plan/${planId}/apply/${transition}`).set(XHR).type('form').send({ _csrf_token: a.csrf, comment: '', ...fields });

/** The signing links mailed to each company, by e-mail address (read after the send's jobs ran). */
function mailedLinks(): Map<string, string> {
  const links = new Map<string, string>();
  for (const m of planMailer().sent()) {
    const found = /https?:\/\/[^/"]+(\/sign\/pdp\/[A-Za-z0-9_-]+)/.exec(m.html);
    if (found) links.set(m.to[0], found[1]);
  }
  return links;
}

/** Signs through a mailed link (as the company's contact, logged out). */
async function signByLink(path: string): Promise<void> {
  const agent = request.agent(t.app);
  const page = await agent.get(path);
  const res = await agent.post(path).type('form').send({ _csrf_token: csrfFrom(page.text), 'signature[name]': 'Julien Moreau', 'signature[image]': drawing() });
  expect(res.status).toBe(303);
}

const mailsTo = (email: string) => planMailer().sent().filter((m) => m.to.includes(email));

describe('mails at the moments that matter (issue 25 item 4)', () => {
  it('the ordering customer is told when each company signs, and once when all have; each company then receives the signed plan', async () => {
    const s = await scene();
    expect((await apply(s.editor, s.planId, 'send_tiers')).body.result).toBe(true);
    await drain();
    expect(mailsTo(s.customer.email)).toHaveLength(0);
    const links = mailedLinks();

    await signByLink(links.get('j.moreau@mir.fr')!);
    expect(mailsTo(s.customer.email)).toHaveLength(0); // after commit, through the job queue
    await drain();
    const [first] = mailsTo(s.customer.email);
    expect(first.subject).toBe(`Plan de prévention ${s.number} : Maintenance Industrielle du Rhône a signé`);
    expect(first.text).toContain(`Maintenance Industrielle du Rhône a signé le plan de prévention ${s.number} « Remplacement des vannes du réseau vapeur ». Signatures des entreprises : 1 sur 2.`);
    expect(first.html).toContain(`/prevention-plan/${s.planId}"`);
    expect(decode(first.html)).toContain('Bonjour Karim Haddad,');

    planMailer().clear();
    await signByLink(links.get('s.benali@calorifuge.fr')!);
    await drain();
    const last = mailsTo(s.customer.email);
    expect(last.map((m) => m.subject)).toEqual([`Plan de prévention ${s.number} : toutes les entreprises ont signé`]);
    expect(last[0].text).toContain('toutes les entreprises ont signé (2 sur 2). Le document attend maintenant votre validation.');
    expect(mailsTo('j.moreau@mir.fr')).toHaveLength(0);

    planMailer().clear();
    const validated = await apply(s.customer, s.planId, 'validate', { 'signature[name]': 'Karim Haddad', 'signature[image]': drawing() });
    expect(validated.body.result).toBe(true);
    expect((await q('SELECT status FROM prevention_plan WHERE id = $1', [s.planId]))[0].status).toBe('in_operation');
    await drain();
    for (const email of ['j.moreau@mir.fr', 's.benali@calorifuge.fr']) {
      const [mail] = mailsTo(email);
      expect(mail.subject).toBe(`Plan de prévention ${s.number} mis en application`);
      expect(mail.text).toMatch(new RegExp(`a mis en application le plan de prévention ${s.number} « Remplacement des vannes du réseau vapeur » le \\d{2}/\\d{2}/\\d{4}\\. Le document signé est joint à ce message\\.`));
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0].filename).toBe(`${s.number}.pdf`);
      expect(Buffer.from(String(mail.attachments[0].content), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(mailsTo(s.customer.email)).toHaveLength(0);
  });

  it('a notice is written in the ordering customer\'s language, and going back to draft tells nobody', async () => {
    const s = await scene();
    await q(`UPDATE app_user SET locale = 'en' WHERE id = $1`, [s.customer.id]);
    await apply(s.editor, s.planId, 'send_tiers');
    await drain();
    await signByLink(mailedLinks().get('j.moreau@mir.fr')!);
    await drain();
    expect(mailsTo(s.customer.email).map((m) => m.subject)).toEqual([`Prevention plan ${s.number}: Maintenance Industrielle du Rhône has signed`]);
    expect(mailsTo(s.customer.email)[0].text).toContain('Company signatures: 1 of 2.');

    // Back to draft: the second link is void, its use records nothing and tells nobody.
    planMailer().clear();
    expect((await apply(s.editor, s.planId, 'update')).body.result).toBe(true);
    const mail = [...planMailer().sent()];
    expect(mail).toHaveLength(0);
    await drain();
    expect(mailsTo(s.customer.email)).toHaveLength(0);
  });
});
