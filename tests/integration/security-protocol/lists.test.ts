import { createTestApp, type TestApp } from '../../support/app';
import { seedSecurityProtocolDemo } from '../../../server/modules/security-protocol/security-protocol.demo';
import { seedCrmDemo } from '../../../server/modules/crm/crm.demo';
import { seedHierarchyDemo } from '../../../server/modules/hierarchy/hierarchy.demo';
import { protocolProblems } from '../../../server/modules/security-protocol/security-protocol.service';
import { decode, EDITOR, member, newCompany, newProtocol, post, postEmpty, XHR } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MANAGER = ['pds.view', 'pds.manage'];

describe('reference lists of protocols', () => {
  it('adds, renames and deletes a packaging, refuses an empty label in French', async () => {
    const m = await member(t, newCompany(), MANAGER);
    const empty = await m.agent.get('/security-protocol/admin/packagings');
    expect(decode(empty.text)).toContain('Aucun conditionnement.');
    const blank = await post(m, '/security-protocol/admin/packagings/new', 'pds_list', { label: '' });
    expect(blank.status).toBe(200);
    expect(decode(blank.text)).toContain('Veuillez renseigner ce champ.');
    expect((await post(m, '/security-protocol/admin/packagings/new', 'pds_list', { label: 'Palettes' })).status).toBe(201);
    const [row] = await t.db.dataSource.query('SELECT id, label FROM packaging WHERE tenant_id = $1', [m.tenantId]);
    expect(row.label).toBe('Palettes');
    expect((await post(m, `/security-protocol/admin/packagings/${row.id}/edit`, 'pds_list', { label: 'Palettes filmées' })).status).toBe(201);
    expect(decode((await m.agent.get('/security-protocol/admin/packagings')).text)).toContain('Palettes filmées');
    expect((await postEmpty(m, `/security-protocol/admin/packagings/${row.id}/delete`)).status).toBe(200);
    expect(await t.db.dataSource.query('SELECT id FROM packaging WHERE tenant_id = $1', [m.tenantId])).toEqual([]);
  });

  it('refuses to delete a vehicle a protocol uses, and answers 404 for another company\'s entry', async () => {
    const m = await member(t, newCompany(), MANAGER);
    const stranger = await member(t, newCompany(), MANAGER);
    const [veh] = await t.db.dataSource.query("INSERT INTO transport_vehicle (tenant_id, label) VALUES ($1, 'Porteur') RETURNING id", [m.tenantId]);
    const id = await newProtocol(t, m.tenantId, m.id);
    await t.db.dataSource.query('INSERT INTO security_protocol_vehicle (protocol_id, vehicle_id, tenant_id) VALUES ($1, $2, $3)', [id, veh.id, m.tenantId]);
    const refused = await postEmpty(m, `/security-protocol/admin/vehicles/${veh.id}/delete`);
    expect(refused.status).toBe(403);
    expect(decode(refused.body.message)).toBe('Suppression impossible : cet élément est utilisé par un protocole.');
    expect((await postEmpty(stranger, `/security-protocol/admin/vehicles/${veh.id}/delete`)).status).toBe(404);
    expect((await stranger.agent.get(`/security-protocol/admin/vehicles/${veh.id}/edit`).set(XHR)).status).toBe(404);
  });

  it('stores a handling equipment with its picture and serves it; refuses a file that is not an image', async () => {
    const m = await member(t, newCompany(), MANAGER);
    const res = await m.agent.post('/security-protocol/admin/handling-equipment/new').set(XHR)
      .field('_csrf_token', m.csrf).field('pds_list[label]', 'Chariot élévateur').attach('pds_list[image]', PNG, { filename: 'chariot.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    const [row] = await t.db.dataSource.query('SELECT id, image_file_id FROM handling_equipment WHERE tenant_id = $1', [m.tenantId]);
    expect(row.image_file_id).not.toBeNull();
    const img = await m.agent.get(`/security-protocol/admin/handling-equipment/${row.id}/image`);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toContain('image/png');
    const bad = await m.agent.post('/security-protocol/admin/handling-equipment/new').set(XHR)
      .field('_csrf_token', m.csrf).field('pds_list[label]', 'Gerbeur').attach('pds_list[image]', Buffer.from('pas une image'), { filename: 'gerbeur.png', contentType: 'image/png' });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('data-testid="upload-error"');
    const [{ n }] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM handling_equipment WHERE tenant_id = $1', [m.tenantId]);
    expect(n).toBe(1);
  });
});

describe('risk analysis tab and demo', () => {
  it('shows the risk analysis tab of a protocol and creates an empty analysis', async () => {
    const u = await member(t, newCompany(), EDITOR);
    const id = await newProtocol(t, u.tenantId, u.id);
    const page = decode((await u.agent.get(`/security-protocol/${id}?tab=risk_analysis`)).text);
    expect(page).toContain('data-testid="pds-pane-risk_analysis"');
    expect(page).not.toContain("Cet onglet n'a pas pu être affiché.");
    const created = await u.agent.post(`/security-protocol/${id}/risk-analysis/create`).type('form').send({ _csrf_token: u.csrf });
    expect(created.status).toBe(303);
    expect(created.headers.location).toBe(`/security-protocol/${id}?tab=risk_analysis`);
    const [a] = await t.db.dataSource.query("SELECT count(*)::int AS n FROM risk_analysis WHERE subject_type = 'security_protocol' AND subject_id = $1", [id]);
    expect(a.n).toBe(1);
  });

  it('seeds three demo protocols in three states, once', async () => {
    const u = await member(t, newCompany(), ['pds.view', 'pds.view_all']);
    await seedHierarchyDemo(t.db.dataSource, u.tenantId);
    await seedCrmDemo(t.db.dataSource, u.tenantId);
    await seedSecurityProtocolDemo(t.db.dataSource, u.tenantId);
    await seedSecurityProtocolDemo(t.db.dataSource, u.tenantId);
    const rows = await t.db.dataSource.query('SELECT pds_number, status FROM security_protocol WHERE tenant_id = $1 ORDER BY pds_number', [u.tenantId]);
    expect(rows).toEqual([
      { pds_number: 'PDS-DEMO-0001', status: 'draft' },
      { pds_number: 'PDS-DEMO-0002', status: 'waiting_tiers' },
      { pds_number: 'PDS-DEMO-0003', status: 'in_operation' },
    ]);
    const ids: Array<{ id: number }> = await t.db.dataSource.query('SELECT id FROM security_protocol WHERE tenant_id = $1 ORDER BY pds_number', [u.tenantId]);
    expect(ids).toHaveLength(3);
    // Each has its host and its carrier from the CRM demo, and is complete.
    for (const { id } of ids) {
      const kinds = await t.db.dataSource.query('SELECT kind, tiers_id FROM security_protocol_company WHERE protocol_id = $1 ORDER BY id', [id]);
      expect(kinds.map((k: { kind: string }) => k.kind)).toEqual(['host', 'carrier']);
      expect(kinds[1].tiers_id).not.toBeNull();
      expect(await protocolProblems(t.db.dataSource, u.tenantId, id)).toEqual([]);
      const page = await u.agent.get(`/security-protocol/${id}`);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('Cet onglet n');
    }
    expect((await u.agent.get('/security-protocol/')).status).toBe(200);
  });
});
