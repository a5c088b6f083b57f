import { createTestApp, type TestApp } from '../../support/app';
import { EDITOR, member, newCompany, newProtocol, newProtocolCompany, post, postEmpty, XHR } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('security protocol rights', () => {
  it('needs pds.view for the list and pds.add for the form', async () => {
    const nobody = await member(t, newCompany(), ['pdp.view']);
    expect((await nobody.agent.get('/security-protocol/')).status).toBe(403);
    const viewer = await member(t, newCompany(), ['pds.view']);
    expect((await viewer.agent.get('/security-protocol/')).status).toBe(200);
    expect((await viewer.agent.get('/security-protocol/new')).status).toBe(403);
  });

  it('answers 404 for another company\'s protocol, its companies and its edit form', async () => {
    const owner = await member(t, newCompany(), EDITOR);
    const stranger = await member(t, newCompany(), [...EDITOR, 'pds.manage', 'pds.view_all', 'pds.delete']);
    const id = await newProtocol(t, owner.tenantId, owner.id);
    const company = await newProtocolCompany(t, owner.tenantId, id, 'carrier');
    expect((await stranger.agent.get(`/security-protocol/${id}`)).status).toBe(404);
    expect((await stranger.agent.get(`/security-protocol/${id}/edit`)).status).toBe(404);
    expect((await stranger.agent.get(`/security-protocol/${id}/history`).set(XHR)).status).toBe(404);
    expect((await postEmpty(stranger, `/security-protocol/company/${company}/remove`)).status).toBe(404);
    expect((await postEmpty(stranger, `/security-protocol/${id}/delete`)).status).toBe(404);
    expect((await post(stranger, `/security-protocol/${id}/company/add?kind=carrier`, 'pds_company', { name: 'X', address: 'Y', lastName: 'Z' })).status).toBe(404);
    const [left] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM security_protocol_company WHERE protocol_id = $1', [id]);
    expect(left.n).toBe(1);
    expect(await t.db.dataSource.query('SELECT deleted_at FROM security_protocol WHERE id = $1', [id])).toEqual([{ deleted_at: null }]);
  });

  it('hides a protocol from a colleague who is not involved (404) and lets pds.view_all read it but not edit it (403)', async () => {
    const company = newCompany();
    const owner = await member(t, company, EDITOR);
    const colleague = await member(t, company, EDITOR);
    const reader = await member(t, company, [...EDITOR, 'pds.view_all']);
    const id = await newProtocol(t, owner.tenantId, owner.id);
    expect((await colleague.agent.get(`/security-protocol/${id}`)).status).toBe(404);
    expect((await reader.agent.get(`/security-protocol/${id}`)).status).toBe(200);
    expect((await reader.agent.get(`/security-protocol/${id}/edit`)).status).toBe(403);
    expect((await reader.agent.get(`/security-protocol/${id}/company/add?kind=carrier`).set(XHR)).status).toBe(403);
  });

  it('lets the responsible and a substitute holding pds.edit edit the draft, pds.manage archive it, pds.delete delete it', async () => {
    const company = newCompany();
    const owner = await member(t, company, EDITOR);
    const responsible = await member(t, company, ['pds.view', 'pds.edit']);
    const substitute = await member(t, company, ['pds.view', 'pds.edit']);
    const manager = await member(t, company, ['pds.view', 'pds.manage']);
    const deleter = await member(t, company, ['pds.view', 'pds.view_all', 'pds.delete']);
    const id = await newProtocol(t, owner.tenantId, owner.id, { responsible_id: responsible.id });
    await t.db.dataSource.query('INSERT INTO security_protocol_substitute (protocol_id, user_id, tenant_id) VALUES ($1, $2, $3)', [id, substitute.id, owner.tenantId]);
    expect((await responsible.agent.get(`/security-protocol/${id}/edit`)).status).toBe(200);
    expect((await substitute.agent.get(`/security-protocol/${id}/edit`)).status).toBe(200);
    expect((await manager.agent.get(`/security-protocol/${id}/edit`)).status).toBe(200);
    expect((await postEmpty(owner, `/security-protocol/${id}/archive`)).status).toBe(403);
    expect(await t.db.dataSource.query('SELECT archived FROM security_protocol WHERE id = $1', [id])).toEqual([{ archived: false }]);
    expect((await postEmpty(manager, `/security-protocol/${id}/archive`)).status).toBe(200);
    const [arch] = await t.db.dataSource.query('SELECT archived FROM security_protocol WHERE id = $1', [id]);
    expect(arch.archived).toBe(true);
    // Archived: nobody edits it any more.
    expect((await responsible.agent.get(`/security-protocol/${id}/edit`)).status).toBe(403);
    expect((await postEmpty(manager, `/security-protocol/${id}/delete`)).status).toBe(403);
    expect(await t.db.dataSource.query('SELECT deleted_at FROM security_protocol WHERE id = $1', [id])).toEqual([{ deleted_at: null }]);
    expect((await postEmpty(deleter, `/security-protocol/${id}/delete`)).status).toBe(200);
    expect((await owner.agent.get(`/security-protocol/${id}`)).status).toBe(404);
    const [trash] = await t.db.dataSource.query("SELECT count(*)::int AS n FROM trash_item WHERE tenant_id = $1", [owner.tenantId]);
    expect(trash.n).toBe(1);
  });

  it('lets only pds.manage reach the reference lists', async () => {
    const company = newCompany();
    const editor = await member(t, company, EDITOR);
    const manager = await member(t, company, ['pds.view', 'pds.manage']);
    expect((await editor.agent.get('/security-protocol/admin/packagings')).status).toBe(403);
    expect((await manager.agent.get('/security-protocol/admin/packagings')).status).toBe(200);
  });
});
