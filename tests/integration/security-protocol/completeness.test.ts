import { createTestApp, type TestApp } from '../../support/app';
import { protocolProblems } from '../../../server/modules/security-protocol/security-protocol.service';
import { decode, EDITOR, member, newCompany, newProtocol, newProtocolCompany, postEmpty } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('completeness of a protocol (seed 002 section 5)', () => {
  it('lists every missing rule of an empty draft, then nothing once filled with a carrier', async () => {
    const u = await member(t, newCompany(), EDITOR);
    const id = await newProtocol(t, u.tenantId, u.id, {
      nature_of_goods: '', responsible_id: null, start_date: null, end_date: null, is_punctual: null, operation_type: null,
    });
    const problems = await protocolProblems(t.db.dataSource, u.tenantId, id);
    expect(problems.every((p) => p.severity === 'error')).toBe(true);
    expect(problems.map((p) => [p.key, p.params?.field ?? null])).toEqual([
      ['security-protocol.completeness.missing', 'security-protocol.fields.natureOfGoods'],
      ['security-protocol.completeness.missing', 'security-protocol.fields.responsibleId'],
      ['security-protocol.validation.punctual', 'security-protocol.fields.isPunctual'],
      ['security-protocol.completeness.missing', 'security-protocol.fields.startDate'],
      ['security-protocol.completeness.missing', 'security-protocol.fields.endDate'],
      ['security-protocol.validation.operation_type', 'security-protocol.fields.operationType'],
      ['security-protocol.completeness.no_carrier', null],
    ]);
    const page = decode((await u.agent.get(`/security-protocol/${id}`)).text);
    expect(page).toContain('Champ obligatoire non renseigné : Nature des marchandises.');
    expect(page).toContain('Ajoutez au moins une entreprise de transport (transporteur).');

    await t.db.dataSource.query(
      "UPDATE security_protocol SET nature_of_goods = 'Fûts', responsible_id = $2, start_date = '2026-12-01', end_date = '2026-12-02', is_punctual = false, operation_type = 'both' WHERE id = $1",
      [id, u.id]);
    expect((await protocolProblems(t.db.dataSource, u.tenantId, id)).map((p) => p.params?.field ?? p.key)).toEqual(['security-protocol.fields.frequency', 'security-protocol.completeness.no_carrier']);
    await t.db.dataSource.query("UPDATE security_protocol SET frequency = 'Hebdomadaire' WHERE id = $1", [id]);
    // A handler is not a transport company.
    await newProtocolCompany(t, u.tenantId, id, 'handler', 'Manut Express');
    expect((await protocolProblems(t.db.dataSource, u.tenantId, id)).map((p) => p.key)).toEqual(['security-protocol.completeness.no_carrier']);
    await newProtocolCompany(t, u.tenantId, id, 'carrier');
    expect(await protocolProblems(t.db.dataSource, u.tenantId, id)).toEqual([]);
    expect(decode((await u.agent.get(`/security-protocol/${id}`)).text)).toContain('Le protocole est complet');
  });

  it('answers an error for an id of another company', async () => {
    const u = await member(t, newCompany(), EDITOR);
    const other = await member(t, newCompany(), EDITOR);
    const id = await newProtocol(t, other.tenantId, other.id);
    expect(await protocolProblems(t.db.dataSource, u.tenantId, id)).toEqual([{ severity: 'error', key: 'errors.not_found.title' }]);
  });

  it('blocks sending an incomplete protocol for signature, sends a complete one (pds_apply_transition)', async () => {
    const u = await member(t, newCompany(), EDITOR);
    const id = await newProtocol(t, u.tenantId, u.id);
    const refused = await postEmpty(u, `/security-protocol/${id}/apply/send_tiers`);
    // A refused precondition keeps the state: 403 with the French reason and the same buttons.
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ state: { name: 'draft' }, result: false });
    expect(refused.body.message).toContain('Le protocole est incomplet');
    await newProtocolCompany(t, u.tenantId, id, 'carrier');
    const sent = await postEmpty(u, `/security-protocol/${id}/apply/send_tiers`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ state: { name: 'waiting_tiers' }, result: true });
    expect(typeof sent.body.buttons).toBe('string');
    const page = decode((await u.agent.get(`/security-protocol/${id}?tab=companies`)).text);
    expect(page).toContain('data-testid="pds-signatures"');
    expect(page).toContain('En attente de signature');
    const history = await u.agent.get(`/security-protocol/${id}/history`).set({ 'X-Requested-With': 'XMLHttpRequest' });
    expect(history.status).toBe(200);
  });
});
