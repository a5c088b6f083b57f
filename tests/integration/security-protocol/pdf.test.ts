import { closePdfBrowser } from '../../../server/kernel/pdf';
import { renderProtocolPdf } from '../../../server/modules/security-protocol/security-protocol-pdf';
import { createTestApp, type TestApp } from '../../support/app';
import { EDITOR, member, newCompany, newProtocol, newProtocolCompany, type Member } from './fixtures';
import { pdfText, binary } from '../../support/pdf';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => {
  await closePdfBrowser();
  await t.close();
});

/** A 1x1 PNG, as the signature island sends it. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

const get = (m: Member, url: string) => m.agent.get(url).buffer(true).parse(binary as never);

/** A protocol with a carrier (address, contact) that signed, a packaging and a description. */
async function setup() {
  const company = newCompany();
  const editor = await member(t, company, EDITOR);
  const id = await newProtocol(t, editor.tenantId, editor.id, {
    nature_of_goods: 'Bouteilles de gaz comprimé', description: 'Déchargement à quai n° 3, moteur coupé.', designation: 'Propane en bouteilles de 35 kg',
  });
  const [{ pds_number: number }] = await q('SELECT pds_number FROM security_protocol WHERE id = $1', [id]);
  const carrierId = await newProtocolCompany(t, editor.tenantId, id, 'carrier', 'Transports Girard');
  await q("UPDATE security_protocol_company SET zip_code = '69002', city = 'Lyon', first_name = 'Lucie', email = 'l.girard@girard.fr' WHERE id = $1", [carrierId]);
  const [pack] = await q("INSERT INTO packaging (tenant_id, label) VALUES ($1, 'Cadre de bouteilles') RETURNING id", [editor.tenantId]);
  await q('INSERT INTO security_protocol_packaging (tenant_id, protocol_id, packaging_id) VALUES ($1, $2, $3)', [editor.tenantId, id, pack.id]);
  await q(
    `INSERT INTO security_protocol_signature (tenant_id, protocol_id, kind, signer_key, plan_company_id, signer_name, image, channel, round, signed_at)
     VALUES ($1, $2, 'company', $3, $4, 'Marc Lambert', $5, 'link', 0, '2026-11-20T08:15:00Z')`, [editor.tenantId, id, `company:${carrierId}`, carrierId, PNG]);
  return { company, editor, id, number: number as string };
}

describe('security protocol PDF (pds_pdf)', () => {
  it('prints the cover, the sections, the companies, the signatures of the round and the page numbers', async () => {
    const { editor, id, number } = await setup();
    const res = await get(editor, `/security-protocol/${id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${number}.pdf`);
    const text = pdfText(res.body);
    expect(text).toContain(number);
    expect(text).toContain('Bouteilles de gaz comprimé');
    expect(text).toContain('Brouillon');
    expect(text).toContain('01/12/2026');
    expect(text).toContain('Déchargement');
    expect(text).toContain('Cadre de bouteilles');
    expect(text).toContain('Déchargement à quai n° 3, moteur coupé.');
    expect(text).toContain('Propane en bouteilles de 35 kg');
    expect(text).toContain('Transports Girard');
    expect(text).toContain('69002 Lyon');
    expect(text).toContain('l.girard@girard.fr');
    expect(text).toContain('Marc Lambert');
    expect(text).toContain('20/11/2026 09:15');
    expect(text).toMatch(/Page 1 \/ \d+/);
    // The show page offers it.
    expect((await editor.agent.get(`/security-protocol/${id}`)).text).toContain(`href="/security-protocol/${id}/pdf"`);
  });

  it('leaves out superseded signatures', async () => {
    const { editor, id } = await setup();
    await q("UPDATE security_protocol_signature SET superseded_at = now() WHERE protocol_id = $1", [id]);
    const text = pdfText(await renderProtocolPdf(t.db.dataSource, editor.tenantId, id));
    expect(text).toContain('Transports Girard');
    expect(text).not.toContain('Marc Lambert');
    expect(text).toContain('En attente de signature');
  });

  it('answers 404 to another company and 403 without the right', async () => {
    const { company, id } = await setup();
    const stranger = await member(t, newCompany(), ['pds.view', 'pds.manage']);
    expect((await get(stranger, `/security-protocol/${id}/pdf`)).status).toBe(404);
    await expect(renderProtocolPdf(t.db.dataSource, stranger.tenantId, id)).rejects.toMatchObject({ status: 404 });
    const noRight = await member(t, company, ['pds.add']);
    expect((await get(noRight, `/security-protocol/${id}/pdf`)).status).toBe(403);
  });
});
