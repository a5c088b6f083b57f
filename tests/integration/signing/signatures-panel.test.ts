import { createTestApp, type TestApp } from '../../support/app';
import { drawing } from '../../support/png';
import { decode, EDITOR, member, newCompany, newProtocol, XHR, type Member } from '../security-protocol/fixtures';
import { actor, createPpsps, PPSPS_RIGHTS } from '../ppsps/ppsps-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const apply = (who: Member, id: number, transition: string, extra: Record<string, string> = {}) =>
  who.agent.post(`/security-protocol/${id}/apply/${transition}`).set(XHR).type('form').send({ _csrf_token: who.csrf, comment: '', ...extra });
/** The protocol's signatures panel as `who` sees it. */
async function panel(who: Member, id: number): Promise<string> {
  const html = decode((await who.agent.get(`/security-protocol/${id}?tab=signatures`)).text);
  const start = html.indexOf('data-testid="pds-signatures-panel"');
  expect(start).toBeGreaterThan(0);
  return html.slice(start);
}
const flags = (html: string) => /data-granted="(\d)" data-add-granted="(\d)"/.exec(html)!.slice(1);

describe('signatures panel of the signing core (security protocol and PPSPS)', () => {
  it('shows each required company waiting then signed (name, image ≤ 100 px, date), the internal signature and the granted flags', async () => {
    const company = newCompany();
    const editor = await member(t, company, EDITOR);
    const driver = await member(t, company, ['pds.view']);
    const reader = await member(t, company, ['pds.view', 'pds.view_all']);
    const signer = await member(t, company, ['pds.view', 'pds.view_all', 'pds.sign']);
    const id = await newProtocol(t, editor.tenantId, editor.id);
    const [contact] = await q("INSERT INTO contact (tenant_id, last_name, first_name, email, user_id) VALUES ($1, 'Vernet', 'Hugo', 'h.vernet@vernet.fr', $2) RETURNING id", [editor.tenantId, driver.id]);
    const [carrier] = await q(
      `INSERT INTO security_protocol_company (tenant_id, protocol_id, kind, name, address, contact_id, last_name, first_name, email)
       VALUES ($1, $2, 'carrier', 'Transports Vernet', '3 route de Vienne', $3, 'Vernet', 'Hugo', 'h.vernet@vernet.fr') RETURNING id`, [editor.tenantId, id, contact.id]);
    await q(`INSERT INTO security_protocol_company (tenant_id, protocol_id, kind, name, address) VALUES ($1, $2, 'host', 'Site hôte', '1 rue')`, [editor.tenantId, id]);

    // Draft: the editor is granted but there is nothing to sign yet; a reader is not granted; an internal signer (pds.sign) is.
    let html = await panel(editor, id);
    expect(flags(html)).toEqual(['1', '0']);
    expect(flags(await panel(reader, id))).toEqual(['0', '0']);
    expect(flags(await panel(signer, id))).toEqual(['1', '0']);
    expect(html).toMatch(new RegExp(`data-testid="signer-company-${carrier.id}"[\\s\\S]*?Transports Vernet[\\s\\S]*?data-state="waiting"`));
    // The host does not sign.
    expect(html).not.toContain('Site hôte');
    // The editor may attach an external file to the draft.
    expect(html).toContain(`href="/security-protocol/${id}/external-file"`);

    expect((await apply(editor, id, 'send_tiers')).body.result).toBe(true);
    expect(flags(await panel(editor, id))).toEqual(['1', '1']);
    expect(flags(await panel(signer, id))).toEqual(['1', '1']);
    expect(flags(await panel(reader, id))).toEqual(['0', '0']);
    expect(flags(await panel(driver, id))).toEqual(['0', '0']);

    expect((await apply(driver, id, 'sign', { 'signature[name]': 'Hugo Vernet', 'signature[image]': drawing() })).body.result).toBe(true);
    html = await panel(reader, id);
    const row = html.slice(html.indexOf(`data-testid="signer-company-${carrier.id}"`));
    expect(row).toMatch(/data-state="signed"/);
    expect(row).toMatch(/data-testid="signature-name">Hugo Vernet</);
    expect(row).toMatch(/<img src="data:image\/png;base64,[^"]+"[^>]*style="max-height:100px/);
    expect(row).toMatch(/data-testid="signature-date">[\s\S]*?\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(row).not.toMatch(/data-testid="signature-watermark"/);

    // A signature drawn without an account carries the watermark over its image.
    await q('UPDATE security_protocol_signature SET has_watermark = true WHERE protocol_id = $1', [id]);
    expect(await panel(reader, id)).toMatch(/data-testid="signature-watermark">Signé sur Vigie – PDS-/);

    // The carrier was the only company to sign: the protocol waits for the internal signature.
    const [state] = await q('SELECT status FROM security_protocol WHERE id = $1', [id]);
    expect(state.status).toBe('waiting_internal');
    expect((await apply(signer, id, 'validate', { 'signature[name]': 'Claire Responsable', 'signature[image]': drawing() })).body.result).toBe(true);
    html = await panel(editor, id);
    expect(html).toMatch(/data-testid="signer-internal"[\s\S]*?data-state="signed"[\s\S]*?Claire Responsable/);
    // In operation: granted, but nothing to add.
    expect(flags(html)).toEqual(['1', '0']);
  });

  it('collapses the signatures of earlier rounds, and draws the same panel on the PPSPS page', async () => {
    const company = newCompany();
    const editor = await actor(t, company, PPSPS_RIGHTS.author, 'Élise');
    const id = await createPpsps(editor);
    const [pc] = await q(`INSERT INTO ppsps_company (tenant_id, ppsps_id, kind, name) VALUES ($1, $2, 'ET', 'Bâtiments Rhodaniens') RETURNING id`, [editor.tenantId, id]);
    await q(`INSERT INTO ppsps_signature (tenant_id, ppsps_id, kind, signer_key, plan_company_id, signer_name, image, has_watermark, channel, round, signed_at, superseded_at)
             VALUES ($1, $2, 'company', $3, $4, 'Ancien Signataire', $5, true, 'link', 0, now() - interval '2 days', now() - interval '1 day')`,
      [editor.tenantId, id, `company:${pc.id}`, pc.id, drawing()]);
    await q('UPDATE ppsps SET amendment_number = 1 WHERE id = $1', [id]);
    const html = decode((await editor.agent.get(`/ppsps/${id}`)).text);
    const p = html.slice(html.indexOf('data-testid="ppsps-signatures-panel"'));
    expect(p).toContain('data-granted="1" data-add-granted="0"');
    expect(p).toMatch(new RegExp(`data-testid="signer-company-${pc.id}"[\\s\\S]*?Entreprise titulaire[\\s\\S]*?data-state="waiting"`));
    expect(p).toMatch(/<details class="card mb-0" data-testid="previous-signatures">[\s\S]*?Ancien Signataire[\s\S]*?signature-watermark/);
    expect(p).toContain('Avenant n° 1');
  });
});
