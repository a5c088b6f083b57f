import { createTestApp, type TestApp } from '../../support/app';
import { actor, createPpsps, newCompany, PPSPS_RIGHTS, XHR, type Actor } from './ppsps-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const decode = (s: string) => s.replace(/&#39;/g, "'").replace(/&#34;|&quot;/g, '"').replace(/&amp;/g, '&');
const apply = (a: Actor, id: number, transition: string) =>
  a.agent.post(`/ppsps/${id}/apply/${transition}`).set(XHR).type('form').send({ _csrf_token: a.csrf, comment: '' });
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const upload = (a: Actor, url: string, name = 'PPSPS signé.pdf', file: Buffer | null = pdf) => {
  const r = a.agent.post(url).set(XHR).field('_csrf_token', a.csrf);
  return file ? r.attach('signing_file[file]', file, { filename: name, contentType: 'application/pdf' }) : r;
};
const status = async (id: number) => (await q('SELECT status FROM ppsps WHERE id = $1', [id]))[0].status;

describe('PPSPS signed paper and external files (ppsps_signed_file, ppsps_external_file)', () => {
  it('paper path: the signed scan is uploaded while waiting for it, then validate_manual puts the PPSPS into operation', async () => {
    const company = newCompany();
    const editor = await actor(t, company, PPSPS_RIGHTS.author, 'Élise');
    const corr = await actor(t, company, ['ppsps.view'], 'Karim');
    const reader = await actor(t, company, PPSPS_RIGHTS.viewAll, 'Noé');
    const id = await createPpsps(editor, { correspondentId: String(corr.id) });
    const url = `/ppsps/${id}/signed-file`;
    // Not while a draft.
    expect((await upload(editor, url)).status).toBe(403);
    expect((await apply(editor, id, 'send_manual')).body).toMatchObject({ result: true, state: { name: 'waiting_manual' } });
    // validate_manual keeps its button but needs the scan first.
    const early = await apply(corr, id, 'validate_manual');
    expect(early.body.result).toBe(false);
    expect(decode(JSON.stringify(early.body))).toContain('Déposez d\'abord le document signé à la main');
    // The panel offers the upload to the editor, not to a reader (not granted).
    const page = decode((await editor.agent.get(`/ppsps/${id}`)).text);
    expect(page).toContain('data-testid="signed-file-missing"');
    expect(page).toContain(`href="${url}"`);
    expect(decode((await reader.agent.get(`/ppsps/${id}`)).text)).not.toContain(`href="${url}"`);
    expect((await upload(reader, url)).status).toBe(403);
    expect((await editor.agent.get(url).set(XHR)).status).toBe(200);
    const none = await upload(editor, url, '', null);
    expect(none.status).toBe(200);
    expect(decode(none.text)).toContain('Veuillez choisir un fichier.');

    const res = await upload(editor, url);
    expect(res.status).toBe(201);
    expect(decode(res.body.message)).toBe('Document signé « PPSPS signé.pdf » enregistré.');
    const [row] = await q('SELECT signed_file_id FROM ppsps WHERE id = $1', [id]);
    expect(row.signed_file_id).not.toBeNull();
    const [hist] = await q(`SELECT comment FROM history_entry WHERE subject_type = 'ppsps' AND subject_id = $1 AND transition = 'signed_file'`, [id]);
    expect(hist.comment).toBe('PPSPS signé.pdf');
    expect(decode((await editor.agent.get(`/ppsps/${id}/history`).set(XHR)).text)).toContain('Document signé déposé');
    const download = await reader.agent.get(`${url}/download`);
    expect(download.status).toBe(200);
    expect(Buffer.from(download.body).subarray(0, 5).toString()).toBe('%PDF-');

    // The editor is not an internal signer: the correspondent validates.
    expect((await apply(editor, id, 'validate_manual')).status).toBe(403);
    expect((await apply(corr, id, 'validate_manual')).body).toMatchObject({ result: true, state: { name: 'in_operation' } });
    expect(await status(id)).toBe('in_operation');
    const after = decode((await editor.agent.get(`/ppsps/${id}`)).text);
    expect(after).toContain('data-testid="signed-file-download"');
    expect(after).not.toContain('data-testid="signed-file-upload"');
    expect((await upload(editor, url)).status).toBe(403);
  });

  it('external path: a PDF written elsewhere is attached to the draft, then validate_external_file puts it into operation', async () => {
    const company = newCompany();
    const editor = await actor(t, company, PPSPS_RIGHTS.author, 'Élise');
    const corr = await actor(t, company, ['ppsps.view'], 'Karim');
    const id = await createPpsps(editor, { correspondentId: String(corr.id) });
    const url = `/ppsps/${id}/external-file`;
    // Without an external file the button is not offered.
    expect((await corr.agent.get(`/ppsps/${id}`)).text).not.toContain('transition-validate_external_file');
    expect((await apply(corr, id, 'validate_external_file')).body.result).toBe(false);
    // Only PDF.
    const png = await upload(editor, url, 'photo.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    expect(png.status).toBe(200);
    expect(png.text).toContain('data-testid="upload-error"');
    const res = await upload(editor, url, 'PPSPS entreprise.pdf');
    expect(res.status).toBe(201);
    expect(decode(res.body.message)).toBe('Fichier externe « PPSPS entreprise.pdf » joint.');
    expect((await corr.agent.get(`/ppsps/${id}`)).text).toContain('transition-validate_external_file');
    expect((await apply(corr, id, 'validate_external_file')).body).toMatchObject({ result: true, state: { name: 'in_operation' } });
    expect(await status(id)).toBe('in_operation');
    expect((await editor.agent.get(`${url}/download`)).status).toBe(200);
    // No longer attachable once in operation.
    expect((await upload(editor, url)).status).toBe(403);
  });

  it('answers 404 to another company', async () => {
    const editor = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const id = await createPpsps(editor);
    const stranger = await actor(t, newCompany(), PPSPS_RIGHTS.manager);
    expect((await upload(stranger, `/ppsps/${id}/external-file`)).status).toBe(404);
    expect((await stranger.agent.get(`/ppsps/${id}/signed-file/download`)).status).toBe(404);
  });
});
