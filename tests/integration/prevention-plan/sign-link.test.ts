import crypto from 'node:crypto';
import request from 'supertest';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs } from '../../../server/kernel/jobs';
import { closePdfBrowser } from '../../../server/kernel/pdf';
import { planMailer } from '../../../server/modules/prevention-plan/core/plan-mail';
import { companyLinkStatuses, queueSignLinks, SIGN_LINK_JOB } from '../../../server/modules/prevention-plan/core/plan-sign-link.service';
import { createTestApp, csrfFrom, type TestApp } from '../../support/app';
import { decode, member, newCompany, newPlan, XHR, type Member } from './company-fixtures';
import { drawing } from '../../support/png';

// The completeness of a plan (companies, documents, risk analysis ...) is tested by the modules
// that own those rules; here a plan with two companies is complete enough to be sent.
jest.mock('../../../server/modules/prevention-plan/core/plan-checks', () => ({
  ...jest.requireActual('../../../server/modules/prevention-plan/core/plan-checks'),
  runPlanChecks: jest.fn(async () => []),
}));

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await closePdfBrowser(); await t.close(); });
beforeEach(() => planMailer().clear());

const EDITOR = ['pdp.view', 'pdp.add', 'pdp.edit'];
// Other test files send plans too: only this file's companies' jobs are run here.
const tenants: number[] = [];
const drain = () => drainJobs(t.db.dataSource, { names: [SIGN_LINK_JOB], tenantIds: tenants });
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

interface Scene { company: string; editor: Member; planId: number; companies: number[] }

/** A draft plan of a new company with two outside companies (EE) whose managers have an e-mail. */
async function scene(): Promise<Scene> {
  const company = newCompany();
  const editor = await member(t, company, EDITOR);
  tenants.push(editor.tenantId);
  const planId = await newPlan(t, editor.tenantId, editor.id, 'Remplacement des vannes du réseau vapeur');
  const companies: number[] = [];
  for (const [name, first, last, email] of [
    ['Maintenance Industrielle du Rhône', 'Julien', 'Moreau', 'j.moreau@mir.fr'],
    ['Calorifuge Lyonnais', 'Sonia', 'Benali', 's.benali@calorifuge.fr'],
  ]) {
    const [row] = await t.db.dataSource.query(
      `INSERT INTO plan_company (tenant_id, plan_id, kind, name, first_name, last_name, email) VALUES ($1, $2, 'EE', $3, $4, $5, $6) RETURNING id`,
      [editor.tenantId, planId, name, first, last, email]);
    companies.push(row.id);
  }
  return { company, editor, planId, companies };
}

async function sendTiers(s: Scene): Promise<void> {
  const res = await s.editor.agent.post(`/prevention-plan/${s.planId}/apply/send_tiers`).set(XHR).type('form').send({ _csrf_token: s.editor.csrf, comment: '' });
  expect(res.status).toBe(200);
  expect(res.body.result).toBe(true);
}

/** The signing link mailed to `email` (the last one), as a path. */
function mailedPath(email: string): string {
  const mail = [...planMailer().sent()].reverse().find((m) => m.to.includes(email));
  if (!mail) throw new Error(`Aucun mail pour ${email}`);
  const m = /https?:\/\/[^/"]+(\/sign\/pdp\/[A-Za-z0-9_-]+)/.exec(mail.html);
  if (!m) throw new Error('Pas de lien dans le mail');
  return m[1];
}

/** A visitor (no account) opening the link: the page, and a function to post the signature. */
async function visit(path: string) {
  const agent = request.agent(t.app);
  const page = await agent.get(path);
  const csrf = page.status === 200 ? csrfFrom(page.text) : '';
  const sign = (fields: { name?: string; image?: string } = {}) => agent.post(path).type('form').send({
    _csrf_token: csrf, 'signature[name]': fields.name ?? 'Julien Moreau', 'signature[image]': fields.image ?? drawing(),
  });
  return { agent, page, sign };
}

const planStatus = async (id: number) => (await t.db.dataSource.query('SELECT status FROM prevention_plan WHERE id = $1', [id]))[0].status;
const signatures = (id: number) => t.db.dataSource.query(`SELECT * FROM plan_signature WHERE plan_id = $1 AND kind = 'company' ORDER BY id`, [id]);

describe('signing links mailed to the companies', () => {
  it('send_tiers mails each company a link; the page shows the plan and its stored PDF; signing keeps the hash of that PDF', async () => {
    const s = await scene();
    await sendTiers(s);
    expect(planMailer().sent()).toHaveLength(0); // only once the job runs
    await drain();
    const mails = planMailer().sent();
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['j.moreau@mir.fr', 's.benali@calorifuge.fr']);
    expect(mails[0].subject).toMatch(/^Plan de prévention PDP-.* à signer$/);
    expect(decode(mails[0].html)).toContain('Remplacement des vannes du réseau vapeur');
    const links = await t.db.dataSource.query('SELECT * FROM plan_sign_link WHERE plan_id = $1', [s.planId]);
    expect(links).toHaveLength(2);
    // One PDF for the send; the token is only in the mail.
    expect(new Set(links.map((l: any) => l.pdf_file_id)).size).toBe(1);
    const path = mailedPath('j.moreau@mir.fr');
    const token = path.split('/').pop()!;
    expect(links.some((l: any) => l.token_hash === sha256(Buffer.from(token)))).toBe(true);
    expect(JSON.stringify(links)).not.toContain(token);

    const { agent, page, sign } = await visit(path);
    expect(page.status).toBe(200);
    const html = decode(page.text);
    expect(html).toContain('Remplacement des vannes du réseau vapeur');
    expect(html).toContain('Maintenance Industrielle du Rhône');
    expect(html).toMatch(/<iframe[^>]+src="\/sign\/pdp\/[^"]+\/pdf"/);
    expect(html).toContain('"name":"Julien Moreau"'); // the name field is prefilled with the contact

    const pdf = await agent.get(`${path}/pdf`).buffer(true).parse((res, cb) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => cb(null, Buffer.concat(parts)));
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const seen = pdf.body as Buffer;
    expect(seen.subarray(0, 5).toString()).toBe('%PDF-');

    const res = await sign();
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${path}/done`);
    const [signature] = await signatures(s.planId);
    expect(signature).toMatchObject({ signer_key: `company:${s.companies[0]}`, channel: 'link', has_watermark: true, signer_name: 'Julien Moreau', user_id: null, round: 0 });
    expect(signature.pdf_sha256).toBe(sha256(seen));
    const [history] = await t.db.dataSource.query(`SELECT * FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 AND transition = 'sign'`, [s.planId]);
    expect(history).toMatchObject({ workflow: 'prevention_plan', from_state: 'waiting_tiers', to_state: 'waiting_tiers', user_id: null });
    expect(history.signature).toMatchObject({ name: 'Julien Moreau', sha256: sha256(seen), channel: 'link' });
    expect(signature.history_id).toBe(history.id);
    expect((await agent.get(`${path}/done`)).status).toBe(200);
    const statuses = await companyLinkStatuses(t.db.dataSource, s.editor.tenantId, s.planId);
    expect(statuses.get(s.companies[0])).toMatchObject({ email: 'j.moreau@mir.fr', expired: false });
    expect(statuses.get(s.companies[0])!.usedAt).not.toBeNull();
    expect(statuses.get(s.companies[1])!.usedAt).toBeNull();
    // The signer keeps a copy of what he signed.
    expect((await agent.get(`${path}/pdf`)).status).toBe(200);
    expect(await planStatus(s.planId)).toBe('waiting_tiers');
  });

  it('a used link is refused (410), a double submit keeps one signature, and the last company moves the plan to internal validation', async () => {
    const s = await scene();
    await sendTiers(s);
    await drain();
    const first = await visit(mailedPath('j.moreau@mir.fr'));
    const [a, b] = await Promise.all([first.sign(), first.sign()]);
    expect([a.status, b.status].sort()).toEqual([303, 410]);
    expect(decode((a.status === 410 ? a : b).text)).toContain('Ce lien de signature a déjà été utilisé.');
    expect(await signatures(s.planId)).toHaveLength(1);
    const again = await request(t.app).get(mailedPath('j.moreau@mir.fr'));
    expect(again.status).toBe(410);
    expect(decode(again.text)).toContain('Ce lien de signature a déjà été utilisé.');

    const second = await visit(mailedPath('s.benali@calorifuge.fr'));
    expect(decode(second.page.text)).toContain('"name":"Sonia Benali"');
    expect((await second.sign({ name: 'Sonia Benali' })).status).toBe(303);
    expect(await signatures(s.planId)).toHaveLength(2);
    expect(await planStatus(s.planId)).toBe('waiting_internal');
  });

  it('an empty name or an empty drawing shows the form again with the error, nothing kept', async () => {
    const s = await scene();
    await sendTiers(s);
    await drain();
    const v = await visit(mailedPath('j.moreau@mir.fr'));
    const noName = await v.sign({ name: '   ' });
    expect(noName.status).toBe(200);
    expect(noName.text).toContain('data-testid="signature-error-name"');
    expect(decode(noName.text)).toContain('Veuillez renseigner ce champ.');
    const blank = await v.sign({ image: drawing(false) });
    expect(blank.status).toBe(200);
    expect(blank.text).toContain('data-testid="signature-error-image"');
    expect(await signatures(s.planId)).toHaveLength(0);
    const [link] = await t.db.dataSource.query('SELECT used_at FROM plan_sign_link WHERE plan_id = $1 AND email = $2', [s.planId, 'j.moreau@mir.fr']);
    expect(link.used_at).toBeNull();
    expect((await v.sign()).status).toBe(303);
  });

  it('an expired link and a tampered token get their French page, never a 500', async () => {
    const s = await scene();
    await sendTiers(s);
    await drain();
    const path = mailedPath('j.moreau@mir.fr');
    const tampered = `${path.slice(0, -2)}${path.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const p of [tampered, '/sign/pdp/nimportequoi', `/sign/pdp/${'x'.repeat(400)}`, `${tampered}/pdf`]) {
      const res = await request(t.app).get(p);
      expect(res.status).toBe(404);
      expect(decode(res.text)).toContain("Ce lien de signature n'est pas valide.");
    }
    const v = await visit(tampered);
    expect(v.page.status).toBe(404);

    const restore = useClock(new FixedClock(new Date(Date.now() + 15 * 86_400_000)));
    try {
      const v2 = await visit(path);
      expect(v2.page.status).toBe(410);
      expect(decode(v2.page.text)).toContain('Ce lien de signature a expiré. Demandez un nouveau lien à votre interlocuteur.');
      expect((await request(t.app).get(`${path}/pdf`)).status).toBe(410);
    } finally {
      restore();
    }
    // The POST is refused too (its CSRF token comes from a page of the same session).
    const fresh = await visit(mailedPath('s.benali@calorifuge.fr'));
    const restore2 = useClock(new FixedClock(new Date(Date.now() + 15 * 86_400_000)));
    try {
      const late = await fresh.sign({ name: 'Sonia Benali' });
      expect(late.status).toBe(410);
    } finally {
      restore2();
    }
    expect(await signatures(s.planId)).toHaveLength(0);
  });

  it('a POST without the CSRF token of the visitor session is refused', async () => {
    const s = await scene();
    await sendTiers(s);
    await drain();
    const res = await request(t.app).post(mailedPath('j.moreau@mir.fr')).type('form').send({ 'signature[name]': 'X', 'signature[image]': drawing() });
    expect(res.status).toBe(403);
    expect(await signatures(s.planId)).toHaveLength(0);
  });
});

describe('new signing round', () => {
  it('queueSignLinks (automatic amendment) mails the links of the new round; a link of the old round is refused', async () => {
    const s = await scene();
    await sendTiers(s);
    await drain();
    const old = mailedPath('j.moreau@mir.fr');
    planMailer().clear();
    // What an amendment does to the plan, then its call.
    await t.db.dataSource.transaction(async (m) => {
      await m.query('UPDATE prevention_plan SET amendment_number = 1 WHERE id = $1', [s.planId]);
      await queueSignLinks(m, s.editor.tenantId, s.planId);
    });
    const stale = await request(t.app).get(old);
    expect(stale.status).toBe(410);
    expect(decode(stale.text)).toContain("Ce lien de signature n'est plus valide");
    await drain();
    expect(planMailer().sent().map((m) => m.to[0]).sort()).toEqual(['j.moreau@mir.fr', 's.benali@calorifuge.fr']);
    expect(decode(planMailer().sent()[0].html)).toContain('avenant (n° 1)');
    const links = await t.db.dataSource.query('SELECT round, revoked_at FROM plan_sign_link WHERE plan_id = $1 ORDER BY id', [s.planId]);
    expect(links.map((l: any) => [l.round, l.revoked_at !== null])).toEqual([[0, true], [0, true], [1, false], [1, false]]);
    const v = await visit(mailedPath('j.moreau@mir.fr'));
    expect(v.page.status).toBe(200);
    expect((await v.sign()).status).toBe(303);
    const [sig] = await signatures(s.planId);
    expect(sig.round).toBe(1);
  });

  it('a company that signed in the application meanwhile gets the "already signed" page', async () => {
    const s = await scene();
    await sendTiers(s);
    await drain();
    await t.db.dataSource.query(
      `INSERT INTO plan_signature (tenant_id, plan_id, kind, signer_key, plan_company_id, signer_name, image, channel, round, signed_at)
       VALUES ($1, $2, 'company', $3, $4, 'Julien Moreau', $5, 'app', 0, now())`, [s.editor.tenantId, s.planId, `company:${s.companies[0]}`, s.companies[0], drawing()]);
    const res = await request(t.app).get(mailedPath('j.moreau@mir.fr'));
    expect(res.status).toBe(410);
    expect(decode(res.text)).toContain('Votre entreprise a déjà signé ce plan de prévention.');
  });
});

describe('relaunch of the companies that have not signed', () => {
  it('sends new links to the unsigned companies only; their old links stop working', async () => {
    const s = await scene();
    await sendTiers(s);
    await drain();
    const oldMoreau = mailedPath('j.moreau@mir.fr');
    const oldBenali = mailedPath('s.benali@calorifuge.fr');
    expect((await (await visit(oldBenali)).sign({ name: 'Sonia Benali' })).status).toBe(303);
    planMailer().clear();

    const res = await s.editor.agent.post(`/prevention-plan/${s.planId}/relaunch`).set(XHR).type('form').send({ _csrf_token: s.editor.csrf });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Relances envoyées');
    expect(res.body.redirect).toBe(`/prevention-plan/${s.planId}?tab=signatures`);
    await drain();
    expect(planMailer().sent().map((m) => m.to[0])).toEqual(['j.moreau@mir.fr']);
    const newMoreau = mailedPath('j.moreau@mir.fr');
    expect(newMoreau).not.toBe(oldMoreau);
    const old = await request(t.app).get(oldMoreau);
    expect(old.status).toBe(410);
    expect((await visit(newMoreau)).page.status).toBe(200);
    const [history] = await t.db.dataSource.query(`SELECT * FROM history_entry WHERE subject_id = $1 AND transition = 'sign_links_relaunch'`, [s.planId]);
    expect(history).toMatchObject({ user_id: s.editor.id, comment: 'Maintenance Industrielle du Rhône' });

    // The page then shows the flash; a plain form post redirects to the signatures tab.
    const plain = await s.editor.agent.post(`/prevention-plan/${s.planId}/relaunch`).type('form').send({ _csrf_token: s.editor.csrf });
    expect(plain.status).toBe(303);
    expect(plain.headers.location).toBe(`/prevention-plan/${s.planId}?tab=signatures`);
  });

  it('is refused to a reader and when the plan does not wait for the companies', async () => {
    const s = await scene();
    const stranger = await member(t, newCompany(), ['pdp.view', 'pdp.edit', 'pdp.sign']);
    const reader = await member(t, s.company, ['pdp.view', 'pdp.view_all']);
    const draft = await s.editor.agent.post(`/prevention-plan/${s.planId}/relaunch`).set(XHR).type('form').send({ _csrf_token: s.editor.csrf });
    expect(draft.status).toBe(409);
    expect(draft.body.message).toBe("Le plan n'attend pas la signature des entreprises.");
    expect((await reader.agent.post(`/prevention-plan/${s.planId}/relaunch`).set(XHR).type('form').send({ _csrf_token: reader.csrf })).status).toBe(403);
    // Another company's plan is not found.
    expect((await stranger.agent.post(`/prevention-plan/${s.planId}/relaunch`).set(XHR).type('form').send({ _csrf_token: stranger.csrf })).status).toBe(404);
    // Nothing was relaunched.
    expect(await t.db.dataSource.query(`SELECT id FROM history_entry WHERE subject_id = $1 AND transition = 'sign_links_relaunch'`, [s.planId])).toEqual([]);
  });

  it('going back to draft voids the links of the send', async () => {
    const s = await scene();
    await sendTiers(s);
    await drain();
    const path = mailedPath('j.moreau@mir.fr');
    const back = await s.editor.agent.post(`/prevention-plan/${s.planId}/apply/update`).set(XHR).type('form').send({ _csrf_token: s.editor.csrf, comment: '' });
    expect(back.body.result).toBe(true);
    expect((await request(t.app).get(path)).status).toBe(410);
  });
});
