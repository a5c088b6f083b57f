import crypto from 'node:crypto';
import request from 'supertest';
import { drainJobs } from '../../../server/kernel/jobs';
import { closePdfBrowser } from '../../../server/kernel/pdf';
import { planMailer } from '../../../server/modules/prevention-plan/core/plan-mail';
import { SIGN_LINK_JOB } from '../../../server/modules/signing/sign-link.service';
import { createTestApp, csrfFrom, type TestApp } from '../../support/app';
import { drawing } from '../../support/png';
import { decode, EDITOR, member, newCompany, newProtocol, XHR, type Member } from '../security-protocol/fixtures';
import { actor, createPpsps, PPSPS_RIGHTS, type Actor } from '../ppsps/ppsps-helpers';

// Signing by e-mailed link for the other signed documents (docs/plan-sign-link.md): the plan's
// links generalised onto the signing core; the plan's own cases are in prevention-plan/sign-link.test.ts.

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await closePdfBrowser(); await t.close(); });
beforeEach(() => planMailer().clear());

// Other test files send documents too: only this file's companies' jobs are run here.
const tenants: number[] = [];
const drain = () => drainJobs(t.db.dataSource, { names: [SIGN_LINK_JOB], tenantIds: tenants });
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

/** The signing link mailed to `email` (the last one), as a path. */
function mailedPath(email: string): string {
  const mail = [...planMailer().sent()].reverse().find((m) => m.to.includes(email));
  if (!mail) throw new Error(`Aucun mail pour ${email}`);
  const m = /https?:\/\/[^/"]+(\/sign\/pdp\/[A-Za-z0-9_-]+)/.exec(mail.html);
  if (!m) throw new Error('Pas de lien dans le mail');
  return m[1];
}

/** A visitor (no account) opening the link: the page, the PDF he reads, and his signature. */
async function visitAndSign(path: string, name: string): Promise<{ page: string; pdf: Buffer; status: number }> {
  const agent = request.agent(t.app);
  const page = await agent.get(path);
  expect(page.status).toBe(200);
  const pdf = await agent.get(`${path}/pdf`).buffer(true).parse((res, cb) => {
    const parts: Buffer[] = [];
    res.on('data', (c: Buffer) => parts.push(c));
    res.on('end', () => cb(null, Buffer.concat(parts)));
  });
  expect(pdf.status).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  const res = await agent.post(path).type('form').send({ _csrf_token: csrfFrom(page.text), 'signature[name]': name, 'signature[image]': drawing() });
  return { page: decode(page.text), pdf: pdf.body as Buffer, status: res.status };
}

describe('security protocol: the carrier and the handler sign by e-mailed link', () => {
  async function scene(): Promise<{ company: string; editor: Member; id: number; number: string; carrier: number; handler: number }> {
    const company = newCompany();
    const editor = await member(t, company, EDITOR);
    tenants.push(editor.tenantId);
    const id = await newProtocol(t, editor.tenantId, editor.id);
    const [carrier] = await q(
      `INSERT INTO security_protocol_company (tenant_id, protocol_id, kind, name, address, last_name, first_name, email)
       VALUES ($1, $2, 'carrier', 'Transports Vernet', '3 route de Vienne', 'Vernet', 'Hugo', 'h.vernet@vernet.fr') RETURNING id`, [editor.tenantId, id]);
    const [handler] = await q(
      `INSERT INTO security_protocol_company (tenant_id, protocol_id, kind, name, address, last_name, first_name, email)
       VALUES ($1, $2, 'handler', 'Manutention Rhodanienne', '8 quai Perrache', 'Roux', 'Inès', 'i.roux@manut.fr') RETURNING id`, [editor.tenantId, id]);
    const [{ pds_number: number }] = await q('SELECT pds_number FROM security_protocol WHERE id = $1', [id]);
    return { company, editor, id, number, carrier: carrier.id, handler: handler.id };
  }
  const send = async (s: { editor: Member; id: number }) => {
    const res = await s.editor.agent.post(`/security-protocol/${s.id}/apply/send_tiers`).set(XHR).type('form').send({ _csrf_token: s.editor.csrf, comment: '' });
    expect(res.body).toMatchObject({ result: true, state: { name: 'waiting_tiers' } });
  };
  const status = async (id: number) => (await q('SELECT status FROM security_protocol WHERE id = $1', [id]))[0].status;

  it('send_tiers mails a link to each company; the page shows the number; signing keeps the hash of the PDF; the last one moves it to waiting_internal', async () => {
    const s = await scene();
    await send(s);
    expect(planMailer().sent()).toHaveLength(0);
    await drain();
    const mails = planMailer().sent();
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['h.vernet@vernet.fr', 'i.roux@manut.fr']);
    expect(mails[0].subject).toBe(`Protocole de sécurité ${s.number} à signer`);
    expect(decode(mails[0].html)).toContain('Palettes de bouteilles');
    const links = await q('SELECT subject_type, company_id, plan_id FROM plan_sign_link WHERE document_id = $1 AND tenant_id = $2 ORDER BY company_id', [s.id, s.editor.tenantId]);
    expect(links).toEqual([{ subject_type: 'security_protocol', company_id: s.carrier, plan_id: null }, { subject_type: 'security_protocol', company_id: s.handler, plan_id: null }]);

    const first = await visitAndSign(mailedPath('h.vernet@vernet.fr'), 'Hugo Vernet');
    expect(first.page).toContain(s.number);
    expect(first.page).toContain('Transports Vernet');
    expect(first.page).toContain('Signer le protocole');
    expect(first.status).toBe(303);
    const [sig] = await q(`SELECT * FROM security_protocol_signature WHERE protocol_id = $1 AND kind = 'company'`, [s.id]);
    expect(sig).toMatchObject({ signer_key: `company:${s.carrier}`, channel: 'link', has_watermark: true, signer_name: 'Hugo Vernet', user_id: null, round: 0 });
    expect(sig.pdf_sha256).toBe(sha256(first.pdf));
    const [history] = await q(`SELECT * FROM history_entry WHERE subject_type = 'security_protocol' AND subject_id = $1 AND transition = 'sign'`, [s.id]);
    expect(history).toMatchObject({ workflow: 'security_protocol', from_state: 'waiting_tiers', user_id: null });
    expect(sig.history_id).toBe(history.id);
    expect(await status(s.id)).toBe('waiting_tiers');
    // Used: a second visit is refused.
    expect((await request(t.app).get(mailedPath('h.vernet@vernet.fr'))).status).toBe(410);

    const second = await visitAndSign(mailedPath('i.roux@manut.fr'), 'Inès Roux');
    expect(second.status).toBe(303);
    expect(await status(s.id)).toBe('waiting_internal');
  });

  it('the relaunch sends a new link to the company that has not signed; going back to draft voids the links', async () => {
    const s = await scene();
    await send(s);
    await drain();
    const old = mailedPath('i.roux@manut.fr');
    expect((await visitAndSign(mailedPath('h.vernet@vernet.fr'), 'Hugo Vernet')).status).toBe(303);
    // The signatures panel shows each unsigned company's link and the relaunch button.
    const panel = decode((await s.editor.agent.get(`/security-protocol/${s.id}?tab=signatures`)).text);
    expect(panel).toContain('data-testid="relaunch-companies"');
    expect(panel).toContain('Lien envoyé le');
    expect(panel).toContain('i.roux@manut.fr');
    // A reader of every protocol may not relaunch; another company's protocol is not found.
    const reader = await member(t, s.company, ['pds.view', 'pds.view_all']);
    expect((await reader.agent.post(`/security-protocol/${s.id}/relaunch`).set(XHR).type('form').send({ _csrf_token: reader.csrf })).status).toBe(403);
    const stranger = await member(t, newCompany(), [...EDITOR, 'pds.sign', 'pds.manage']);
    expect((await stranger.agent.post(`/security-protocol/${s.id}/relaunch`).set(XHR).type('form').send({ _csrf_token: stranger.csrf })).status).toBe(404);
    planMailer().clear();
    const res = await s.editor.agent.post(`/security-protocol/${s.id}/relaunch`).set(XHR).type('form').send({ _csrf_token: s.editor.csrf });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Relances envoyées');
    await drain();
    expect(planMailer().sent().map((m) => m.to[0])).toEqual(['i.roux@manut.fr']);
    const fresh = mailedPath('i.roux@manut.fr');
    expect(fresh).not.toBe(old);
    expect((await request(t.app).get(old)).status).toBe(410);
    expect((await request(t.app).get(fresh)).status).toBe(200);

    const back = await s.editor.agent.post(`/security-protocol/${s.id}/apply/update`).set(XHR).type('form').send({ _csrf_token: s.editor.csrf, comment: '' });
    expect(back.body.result).toBe(true);
    const gone = await request(t.app).get(fresh);
    expect(gone.status).toBe(410);
    const draft = await s.editor.agent.post(`/security-protocol/${s.id}/relaunch`).set(XHR).type('form').send({ _csrf_token: s.editor.csrf });
    expect(draft.status).toBe(409);
    expect(draft.body.message).toBe("Le protocole n'attend pas la signature des entreprises.");
  });
});

describe('PPSPS: ET and SPS sign by e-mailed link', () => {
  it('send_tiers mails the signing companies (not the MOA); the page shows the number; the last signature moves it to waiting_internal', async () => {
    const company = newCompany();
    const editor: Actor = await actor(t, company, PPSPS_RIGHTS.author, 'Élise');
    tenants.push(editor.tenantId);
    const corr = await actor(t, company, ['ppsps.view'], 'Karim');
    const id = await createPpsps(editor, { correspondentId: String(corr.id) });
    const companies: Record<string, number> = {};
    for (const [kind, name, email] of [['ET', 'Bâtiments du Dauphiné', 'et@bdd.fr'], ['SPS', 'Coordination Sécurité Alpes', 'sps@csa.fr'], ['MOA', 'Ville de Grenoble', 'moa@grenoble.fr']]) {
      const [row] = await q(`INSERT INTO ppsps_company (tenant_id, ppsps_id, kind, name, email, first_name, last_name) VALUES ($1, $2, $3, $4, $5, 'Alex', 'Martin') RETURNING id`,
        [editor.tenantId, id, kind, name, email]);
      companies[kind] = row.id;
    }
    const [{ number }] = await q('SELECT number FROM ppsps WHERE id = $1', [id]);
    const sent = await editor.agent.post(`/ppsps/${id}/apply/send_tiers`).set(XHR).type('form').send({ _csrf_token: editor.csrf, comment: '' });
    expect(sent.body).toMatchObject({ result: true, state: { name: 'waiting_tiers' } });
    await drain();
    expect(planMailer().sent().map((m) => m.to[0]).sort()).toEqual(['et@bdd.fr', 'sps@csa.fr']);
    expect(planMailer().sent()[0].subject).toBe(`PPSPS ${number} à signer`);

    const et = await visitAndSign(mailedPath('et@bdd.fr'), 'Alex Martin');
    expect(et.page).toContain(number);
    expect(et.page).toContain('Bâtiments du Dauphiné');
    expect(et.status).toBe(303);
    const [sig] = await q(`SELECT * FROM ppsps_signature WHERE ppsps_id = $1 AND kind = 'company'`, [id]);
    expect(sig).toMatchObject({ signer_key: `company:${companies.ET}`, channel: 'link', user_id: null, round: 0 });
    expect(sig.pdf_sha256).toBe(sha256(et.pdf));
    expect((await q('SELECT status FROM ppsps WHERE id = $1', [id]))[0].status).toBe('waiting_tiers');

    // The relaunch reaches the SPS only, with a new link; the correspondent's panel offers it.
    const panel = decode((await corr.agent.get(`/ppsps/${id}?tab=presentation`)).text);
    expect(panel).toContain('data-testid="relaunch-companies"');
    const old = mailedPath('sps@csa.fr');
    planMailer().clear();
    const relaunched = await editor.agent.post(`/ppsps/${id}/relaunch`).set(XHR).type('form').send({ _csrf_token: editor.csrf });
    expect(relaunched.status).toBe(201);
    expect(relaunched.body.redirect).toBe(`/ppsps/${id}?tab=presentation#ppsps-signatures`);
    await drain();
    expect(planMailer().sent().map((m) => m.to[0])).toEqual(['sps@csa.fr']);
    expect((await request(t.app).get(old)).status).toBe(410);
    const [history] = await q(`SELECT user_id, comment FROM history_entry WHERE subject_type = 'ppsps' AND subject_id = $1 AND transition = 'sign_links_relaunch'`, [id]);
    expect(history).toEqual({ user_id: editor.id, comment: 'Coordination Sécurité Alpes' });
    expect(decode((await editor.agent.get(`/ppsps/${id}/history`).set(XHR)).text)).toContain('Relance des entreprises');

    const sps = await visitAndSign(mailedPath('sps@csa.fr'), 'Alex Martin');
    expect(sps.status).toBe(303);
    expect((await q('SELECT status FROM ppsps WHERE id = $1', [id]))[0].status).toBe('waiting_internal');
    const signatures = await q(`SELECT signer_key FROM ppsps_signature WHERE ppsps_id = $1 AND kind = 'company' ORDER BY id`, [id]);
    expect(signatures.map((r: { signer_key: string }) => r.signer_key)).toEqual([`company:${companies.ET}`, `company:${companies.SPS}`]);
    // The correspondent then validates as usual.
    const done = await request(t.app).get(`${mailedPath('sps@csa.fr')}/done`);
    expect(done.status).toBe(200);
    expect(decode(done.text)).toContain(`Le PPSPS ${number} est signé pour l'entreprise Coordination Sécurité Alpes`);
  });
});
