import { closePdfBrowser } from '../../../server/kernel/pdf';
import { renderPpspsPdf } from '../../../server/modules/ppsps/ppsps-pdf';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, createPpsps, newCompany, PPSPS_RIGHTS, type Actor } from './ppsps-helpers';
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

const get = (a: Actor, url: string) => a.agent.get(url).buffer(true).parse(binary as never);

const signature = (tenantId: number, id: number, s: { kind: string; key: string; name: string; companyId?: number; at: string }) =>
  q(`INSERT INTO ppsps_signature (tenant_id, ppsps_id, kind, signer_key, plan_company_id, signer_name, image, channel, round, signed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'app', 0, $8)`, [tenantId, id, s.kind, s.key, s.companyId ?? null, s.name, PNG, s.at]);

/** A PPSPS with its sections filled, a contract holder (address, contact) that signed and an inspection signature. */
async function setup() {
  const company = newCompany();
  const author = await actor(t, company, PPSPS_RIGHTS.author, 'Élise');
  const id = await createPpsps(author, { contractSignedDate: '02/11/2026' });
  await q(`UPDATE ppsps SET first_aid = 'Trousse au bungalow', joint_inspection_place = 'Portail nord', description = 'Construction d''un entrepôt',
           designation = 'Lot 2 : maçonnerie' WHERE id = $1`, [id]);
  const [{ number }] = await q('SELECT number FROM ppsps WHERE id = $1', [id]);
  const [et] = await q(
    `INSERT INTO ppsps_company (tenant_id, ppsps_id, kind, name, address, zip_code, city, first_name, last_name, phone)
     VALUES ($1, $2, 'ET', 'Roux Maçonnerie', '8 chemin des Carrières', '69100', 'Villeurbanne', 'Jean', 'Roux', '04 78 00 00 01') RETURNING id`, [author.tenantId, id]);
  await signature(author.tenantId, id, { kind: 'company', key: `company:${et.id}`, name: 'Sylvie Perrin', companyId: et.id, at: '2026-11-20T08:15:00Z' });
  await signature(author.tenantId, id, { kind: 'inspection', key: 'inspection:1', name: 'Hugo Lemaire', at: '2026-11-21T13:30:00Z' });
  return { company, author, id, number: number as string };
}

describe('PPSPS PDF (ppsps_pdf)', () => {
  it('prints the cover, every section, the companies, the signatures of the round and the page numbers', async () => {
    const { author, id, number } = await setup();
    const res = await get(author, `/ppsps/${id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('.pdf');
    const text = pdfText(res.body);
    expect(text).toContain(number);
    expect(text).toContain('Gros œuvre : fondations et élévation des murs');
    expect(text).toContain('Brouillon');
    expect(text).toContain('02/12/2026'); // due date: 30 days after the contract
    expect(text).toContain('Trousse au bungalow');
    expect(text).toContain('Portail nord');
    expect(text).toContain("Construction d'un entrepôt");
    expect(text).toContain('Lot 2 : maçonnerie');
    expect(text).toContain('Roux Maçonnerie');
    expect(text).toContain('69100 Villeurbanne');
    expect(text).toContain('04 78 00 00 01');
    expect(text).toContain('Sylvie Perrin');
    expect(text).toContain('20/11/2026 09:15');
    expect(text).toContain('Hugo Lemaire');
    expect(text).toContain('21/11/2026 14:30');
    expect(text).toMatch(/Page 1 \/ \d+/);
    expect((await author.agent.get(`/ppsps/${id}`)).text).toContain(`href="/ppsps/${id}/pdf"`);
  });

  it('answers 404 to another company and 403 without the right', async () => {
    const { company, id } = await setup();
    const stranger = await actor(t, newCompany(), PPSPS_RIGHTS.manager, 'Xavier');
    expect((await get(stranger, `/ppsps/${id}/pdf`)).status).toBe(404);
    await expect(renderPpspsPdf(t.db.dataSource, stranger.tenantId, id)).rejects.toMatchObject({ status: 404 });
    const noRight = await actor(t, company, ['ppsps.add'], 'Noé');
    expect((await get(noRight, `/ppsps/${id}/pdf`)).status).toBe(403);
  });
});
