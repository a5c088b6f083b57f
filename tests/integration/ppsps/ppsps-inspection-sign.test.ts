import { createTestApp, type TestApp } from '../../support/app';
import { drawing } from '../../support/png';
import { actor, createPpsps, newCompany, PPSPS_RIGHTS, XHR, type Actor } from './ppsps-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const decode = (s: string) => s.replace(/&#39;/g, "'").replace(/&#34;|&quot;/g, '"').replace(/&amp;/g, '&');
const sign = (a: Actor, id: number, fields: Record<string, string>) =>
  a.agent.post(`/ppsps/${id}/inspection/sign`).set(XHR).type('form').send({ _csrf_token: a.csrf, ...fields });
const slotOf = (html: string) => /name="slot" value="(\d+)"/.exec(html)?.[1];
const live = (id: number) => q(`SELECT signer_key, signer_name, kind, channel, has_watermark FROM ppsps_signature WHERE ppsps_id = $1 AND superseded_at IS NULL ORDER BY id`, [id]);

describe('PPSPS joint-inspection signatures (ppsps_inspection_sign)', () => {
  it('refuses an empty name, keeps a double submit once, and shows the signatures with image and date', async () => {
    const company = newCompany();
    const editor = await actor(t, company, PPSPS_RIGHTS.author, 'Élise');
    const id = await createPpsps(editor);
    const page = decode((await editor.agent.get(`/ppsps/${id}?tab=inspection`)).text);
    expect(page).toContain('data-testid="ppsps-inspection-signatures"');
    expect(page).toContain(`href="/ppsps/${id}/inspection/sign"`);
    const form = await editor.agent.get(`/ppsps/${id}/inspection/sign`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-signature-form');
    const slot = slotOf(form.text)!;
    expect(slot).toBe('1');

    const empty = await sign(editor, id, { slot, 'signature[name]': '  ', 'signature[image]': drawing() });
    expect(empty.status).toBe(200);
    expect(empty.body.result).toBe(false);
    expect(empty.body.signatureForm).toContain('data-testid="signature-error-name"');
    expect(await live(id)).toEqual([]);

    const image = drawing();
    const first = await sign(editor, id, { slot, 'signature[name]': 'Paul Arnaud (SPS)', 'signature[image]': image });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ result: true, redirect: `/ppsps/${id}?tab=inspection` });
    const again = await sign(editor, id, { slot, 'signature[name]': 'Paul Arnaud (SPS)', 'signature[image]': image });
    expect(again.status).toBe(201);
    expect(await live(id)).toEqual([{ signer_key: 'inspection:1', signer_name: 'Paul Arnaud (SPS)', kind: 'inspection', channel: 'site', has_watermark: true }]);

    const shown = decode((await editor.agent.get(`/ppsps/${id}?tab=inspection`)).text);
    const widget = shown.slice(shown.indexOf('data-testid="ppsps-inspection-signatures"'));
    expect(widget).toContain('Paul Arnaud (SPS)');
    expect(widget).toMatch(/<img src="data:image\/png;base64,[^"]+"[^>]*style="max-height:100px/);
    expect(widget).toMatch(/data-testid="signature-date">[\s\S]*?\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // The next form asks for the next signature.
    expect(slotOf((await editor.agent.get(`/ppsps/${id}/inspection/sign`).set(XHR)).text)).toBe('2');
  });

  it('lets any user who sees the PPSPS collect them (no edit right), two signers on one open form both kept; 404 elsewhere', async () => {
    const company = newCompany();
    const editor = await actor(t, company, PPSPS_RIGHTS.author, 'Élise');
    const reader = await actor(t, company, PPSPS_RIGHTS.viewAll, 'Noé');
    const id = await createPpsps(editor);
    const slot = slotOf((await reader.agent.get(`/ppsps/${id}/inspection/sign`).set(XHR)).text)!;
    expect((await sign(reader, id, { slot, 'signature[name]': 'Marc Petit', 'signature[image]': drawing() })).status).toBe(201);
    // Another device opened the form on the same number: its signer is kept under the next one.
    expect((await sign(editor, id, { slot, 'signature[name]': 'Sophie Roux', 'signature[image]': drawing() })).status).toBe(201);
    expect((await live(id)).map((r: { signer_key: string; signer_name: string }) => [r.signer_key, r.signer_name]))
      .toEqual([['inspection:1', 'Marc Petit'], ['inspection:2', 'Sophie Roux']]);
    // In operation or not, it stays granted; the document's company panel is not concerned.
    await q(`UPDATE ppsps SET status = 'in_operation' WHERE id = $1`, [id]);
    expect((await sign(reader, id, { 'signature[name]': 'Léa Martin', 'signature[image]': drawing() })).status).toBe(201);
    const stranger = await actor(t, newCompany(), PPSPS_RIGHTS.manager);
    expect((await stranger.agent.get(`/ppsps/${id}/inspection/sign`).set(XHR)).status).toBe(404);
    expect((await sign(stranger, id, { 'signature[name]': 'X', 'signature[image]': drawing() })).status).toBe(404);
  });
});
