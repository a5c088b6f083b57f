import { createTestApp, type TestApp } from '../../support/app';
import { decode, EDITOR, member, newCompany, newProtocol, newProtocolCompany } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function site(tenantId: number, name: string): Promise<number> {
  const [ty] = await t.db.dataSource.query("INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id", [tenantId]);
  const [it] = await t.db.dataSource.query('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [tenantId, name, ty.id]);
  return it.id;
}

const numbers = (html: string) => [...html.matchAll(/<tr data-protocol="\d+">\s*<td class="text-nowrap"><a href="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]).sort();

describe('security protocol list', () => {
  it('shows an empty state with the add button', async () => {
    const u = await member(t, newCompany(), EDITOR);
    const res = await u.agent.get('/security-protocol/');
    expect(res.status).toBe(200);
    const html = decode(res.text);
    expect(html).toContain("Aucun protocole de sécurité pour l'instant.");
    expect(html).toContain('href="/security-protocol/new"');
  });

  it('filters by text, state, site and dates (DD/MM/YYYY), and pages', async () => {
    const u = await member(t, newCompany(), [...EDITOR, 'pds.view_all']);
    const quai = await site(u.tenantId, 'Quai nord');
    const a = await newProtocol(t, u.tenantId, u.id, { pds_number: 'PDS-A', nature_of_goods: 'Bouteilles de gaz', status: 'draft', hierarchy_item_id: quai, start_date: '2026-01-10', end_date: '2026-01-20' });
    await newProtocol(t, u.tenantId, u.id, { pds_number: 'PDS-B', nature_of_goods: 'Farine en sacs', status: 'in_operation', start_date: '2026-03-01', end_date: '2026-06-30' });
    const c = await newProtocol(t, u.tenantId, u.id, { pds_number: 'PDS-C', nature_of_goods: 'Palettes', status: 'waiting_tiers', start_date: '2026-05-01', end_date: '2026-05-02' });
    await newProtocolCompany(t, u.tenantId, c, 'carrier', 'Transports Vernet');
    const list = async (q: string) => numbers((await u.agent.get(`/security-protocol/?${q}`)).text);
    expect(await list('')).toEqual(['PDS-A', 'PDS-B', 'PDS-C']);
    expect(await list('q=farine')).toEqual(['PDS-B']);
    expect(await list('q=vernet')).toEqual(['PDS-C']);
    expect(await list('status=in_operation')).toEqual(['PDS-B']);
    expect(await list(`item=${quai}`)).toEqual(['PDS-A']);
    expect(await list('from=15/04/2026&to=31/12/2026')).toEqual(['PDS-B', 'PDS-C']);
    expect(await list('to=15/01/2026')).toEqual(['PDS-A']);
    const none = decode((await u.agent.get('/security-protocol/?q=introuvable')).text);
    expect(none).toContain('Aucun protocole ne correspond à ces filtres.');
    const indicator = (await u.agent.get('/security-protocol/')).text;
    expect(indicator).toContain('data-testid="pds-count-in_operation">1<');
    expect(indicator).toContain('data-testid="pds-count-expired">0<');
    const page = await u.agent.get('/security-protocol/?perPage=10&page=1');
    expect(decode(page.text)).toContain('3 résultat(s)');
    expect(a).toBeGreaterThan(0);
  });

  it('shows a user only the protocols he is involved in, unless he may see them all; hides other companies', async () => {
    const company = newCompany();
    const creator = await member(t, company, EDITOR);
    const responsible = await member(t, company, ['pds.view']);
    const substitute = await member(t, company, ['pds.view']);
    const bystander = await member(t, company, ['pds.view']);
    const all = await member(t, company, ['pds.view', 'pds.view_all']);
    const stranger = await member(t, newCompany(), ['pds.view', 'pds.view_all']);
    const id = await newProtocol(t, creator.tenantId, creator.id, { pds_number: 'PDS-VIS', responsible_id: responsible.id });
    await t.db.dataSource.query('INSERT INTO security_protocol_substitute (protocol_id, user_id, tenant_id) VALUES ($1, $2, $3)', [id, substitute.id, creator.tenantId]);
    for (const who of [creator, responsible, substitute, all]) expect(numbers((await who.agent.get('/security-protocol/')).text)).toEqual(['PDS-VIS']);
    expect(numbers((await bystander.agent.get('/security-protocol/')).text)).toEqual([]);
    expect(numbers((await stranger.agent.get('/security-protocol/')).text)).toEqual([]);
  });
});
