import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { drawing } from '../../support/png';
import { actor, createPpsps, newCompany, PPSPS_RIGHTS, XHR, type Actor } from './ppsps-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const status = async (id: number) => (await q('SELECT status, amendment_number FROM ppsps WHERE id = $1', [id]))[0];
const apply = (a: Actor, id: number, transition: string, fields: Record<string, string> = {}) =>
  a.agent.post(`/ppsps/${id}/apply/${transition}`).set(XHR).type('form').send({ _csrf_token: a.csrf, comment: '', ...fields });
const signed = (a: Actor, id: number, transition: string, name: string, extra: Record<string, string> = {}) =>
  apply(a, id, transition, { 'signature[name]': name, 'signature[image]': drawing(), ...extra });
const buttons = (html: string) => [...html.matchAll(/data-testid="transition-([a-z_]+)"/g)].map((m) => m[1]);

/** A company of `kind` on the PPSPS whose contact has a user account, logged in. */
async function companyContact(company: string, ppspsId: number, tenantId: number, kind: string, firstName: string): Promise<Actor & { companyId: number }> {
  const user = await makeUser(t, { company, roles: [], rights: ['ppsps.view'] });
  const [c] = await q(`INSERT INTO contact (tenant_id, last_name, first_name, email, user_id) VALUES ($1, 'Moreau', $2, $3, $4) RETURNING id`, [tenantId, firstName, `${user.username}@example.fr`, user.id]);
  const [pc] = await q(`INSERT INTO ppsps_company (tenant_id, ppsps_id, kind, name, contact_id, email, first_name, last_name) VALUES ($1, $2, $3, $4, $5, 'c@example.fr', $6, 'Moreau') RETURNING id`,
    [tenantId, ppspsId, kind, `Entreprise ${kind}`, c.id, firstName]);
  const { agent, csrf } = await loginAs(t, user);
  return { ...user, agent, csrf, companyId: pc.id };
}

describe('PPSPS signing workflow (shared core): ppsps_apply_transition, ppsps_history, ppsps_amend', () => {
  it('refuses to send an incomplete PPSPS, then goes to the companies, their signatures, the correspondent, in operation, and an amendment', async () => {
    const company = newCompany();
    const editor = await actor(t, company, PPSPS_RIGHTS.author, 'Élise');
    const corr = await actor(t, company, ['ppsps.view'], 'Karim');
    const id = await createPpsps(editor, { correspondentId: String(corr.id) });
    // Incomplete (no nature of operations): the button stays, the transition is refused with the reason.
    await q('UPDATE ppsps SET nature_of_operations = NULL WHERE id = $1', [id]);
    const refused = await apply(editor, id, 'send_tiers');
    expect(refused.body.result).toBe(false);
    expect(refused.body.reason ?? refused.body.message).toContain('Le PPSPS est incomplet');
    await q("UPDATE ppsps SET nature_of_operations = 'Gros œuvre' WHERE id = $1", [id]);
    const et = await companyContact(company, id, editor.tenantId, 'ET', 'Julien');
    const moa = await companyContact(company, id, editor.tenantId, 'MOA', 'Agnès');
    const page = await editor.agent.get(`/ppsps/${id}`);
    expect(buttons(page.text)).toContain('send_tiers');
    expect(buttons(page.text)).not.toContain('send_on_site');
    const sent = await apply(editor, id, 'send_tiers', { comment: 'Merci de signer' });
    expect(sent.body).toMatchObject({ result: true, state: { name: 'waiting_tiers' } });
    // The MOA does not sign (signingKinds ET, MOE, SPS, ST): no button for its contact.
    expect(buttons((await moa.agent.get(`/ppsps/${id}`)).text)).not.toContain('sign');
    expect(buttons((await et.agent.get(`/ppsps/${id}`)).text)).toContain('sign');
    const ok = await signed(et, id, 'sign', 'Julien Moreau');
    expect(ok.body).toMatchObject({ result: true, state: { name: 'waiting_internal' } });
    const [sig] = await q('SELECT * FROM ppsps_signature WHERE ppsps_id = $1', [id]);
    expect(sig).toMatchObject({ kind: 'company', signer_key: `company:${et.companyId}`, user_id: et.id, round: 0 });
    // The correspondent signs and puts it into operation; the editor may not.
    expect((await apply(editor, id, 'validate')).status).toBe(403);
    const validated = await signed(corr, id, 'validate', 'Karim Haddad');
    expect(validated.body).toMatchObject({ result: true, state: { name: 'in_operation' } });
    expect((await editor.agent.get(`/ppsps/${id}`)).text).toContain('data-due-state');
    // History: a modal fragment with the transitions.
    const history = await editor.agent.get(`/ppsps/${id}/history`).set(XHR);
    expect(history.status).toBe(200);
    expect(history.text).toContain('Création');
    // Amendment: comment required; the correspondent always may; back to draft, next round.
    const noReason = await corr.agent.post(`/ppsps/${id}/amend`).set(XHR).type('form').send({ _csrf_token: corr.csrf, comment: '' });
    expect(noReason.body.result).toBe(false);
    const stranger = await actor(t, company, PPSPS_RIGHTS.viewAll, 'Noé');
    const forbidden = await stranger.agent.post(`/ppsps/${id}/amend`).set(XHR).type('form').send({ _csrf_token: stranger.csrf, comment: 'Nouveau lot' });
    expect(forbidden.body.result).toBe(false);
    const amended = await corr.agent.post(`/ppsps/${id}/amend`).set(XHR).type('form').send({ _csrf_token: corr.csrf, comment: 'Ajout du lot charpente' });
    expect(amended.body.result).toBe(true);
    expect(await status(id)).toEqual({ status: 'draft', amendment_number: 1 });
    const [live] = await q('SELECT count(*)::int AS n FROM ppsps_signature WHERE ppsps_id = $1 AND superseded_at IS NULL', [id]);
    expect(live.n).toBe(0);
  });

  it('answers 404 to another company and to a user not involved', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const id = await createPpsps(a);
    const stranger = await actor(t, newCompany(), PPSPS_RIGHTS.manager);
    expect((await apply(stranger, id, 'send_tiers')).status).toBe(404);
    expect((await stranger.agent.get(`/ppsps/${id}/history`)).status).toBe(404);
    expect((await stranger.agent.post(`/ppsps/${id}/amend`).set(XHR).type('form').send({ _csrf_token: stranger.csrf, comment: 'x' })).status).toBe(404);
    expect(await status(id)).toEqual({ status: 'draft', amendment_number: 0 });
  });
});
