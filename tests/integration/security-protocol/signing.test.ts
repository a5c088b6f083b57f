import { createTestApp, type TestApp } from '../../support/app';
import { drawing } from '../../support/png';
import { decode, EDITOR, member, newCompany, newProtocol, postEmpty, XHR, type Member } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const apply = (who: Member, id: number, transition: string, extra: Record<string, string> = {}) =>
  who.agent.post(`/security-protocol/${id}/apply/${transition}`).set(XHR).type('form').send({ _csrf_token: who.csrf, ...extra });

describe('signing a protocol (pds_apply_transition, pds_history)', () => {
  it('takes a protocol from draft to in operation with the carrier\'s and the responsible\'s signatures', async () => {
    const company = newCompany();
    const editor = await member(t, company, EDITOR);
    const driver = await member(t, company, ['pds.view']);
    const id = await newProtocol(t, editor.tenantId, editor.id);
    const [contact] = await t.db.dataSource.query(
      "INSERT INTO contact (tenant_id, last_name, first_name, email, user_id) VALUES ($1, 'Vernet', 'Hugo', 'h.vernet@vernet.fr', $2) RETURNING id", [editor.tenantId, driver.id]);
    const [carrier] = await t.db.dataSource.query(
      `INSERT INTO security_protocol_company (tenant_id, protocol_id, kind, name, address, contact_id, last_name, first_name, email)
       VALUES ($1, $2, 'carrier', 'Transports Vernet', '3 route de Vienne', $3, 'Vernet', 'Hugo', 'h.vernet@vernet.fr') RETURNING id`, [editor.tenantId, id, contact.id]);

    // Before it is sent the carrier sees the protocol (company contact) but has nothing to sign.
    expect((await driver.agent.get(`/security-protocol/${id}`)).status).toBe(200);
    const sent = await apply(editor, id, 'send_tiers');
    expect(sent.body).toMatchObject({ result: true, state: { name: 'waiting_tiers' } });

    // The carrier's contact signs for his company: the form first, then the signature.
    const ask = await apply(driver, id, 'sign');
    expect(ask.body.result).toBe(false);
    expect(ask.body.signatureForm).toContain('signature[image]');
    expect(decode(ask.body.signatureForm)).toContain(`Vous signez le protocole`);
    const signed = await apply(driver, id, 'sign', { 'signature[name]': 'Hugo Vernet', 'signature[image]': drawing() });
    expect(signed.status).toBe(200);
    expect(signed.body.result).toBe(true);
    const [sig] = await t.db.dataSource.query('SELECT kind, plan_company_id, signer_name FROM security_protocol_signature WHERE protocol_id = $1', [id]);
    expect(sig).toEqual({ kind: 'company', plan_company_id: carrier.id, signer_name: 'Hugo Vernet' });

    // The only company to sign has signed: the protocol moved on to the internal validation by itself.
    let [row] = await t.db.dataSource.query('SELECT status FROM security_protocol WHERE id = $1', [id]);
    expect(row.status).toBe('waiting_internal');
    const validated = await apply(editor, id, 'validate', { 'signature[name]': 'Camille Test', 'signature[image]': drawing() });
    expect(validated.body).toMatchObject({ result: true, state: { name: 'in_operation' } });
    [row] = await t.db.dataSource.query('SELECT status FROM security_protocol WHERE id = $1', [id]);
    expect(row.status).toBe('in_operation');

    const history = decode((await editor.agent.get(`/security-protocol/${id}/history`).set(XHR)).text);
    expect(history).toContain('Hugo Vernet');
    const page = decode((await editor.agent.get(`/security-protocol/${id}?tab=companies`)).text);
    expect(page).toContain('Signé par Hugo Vernet');
    expect(page).toContain('En opération');
  });

  it('answers 404 for an unknown transition and for another company\'s protocol', async () => {
    const editor = await member(t, newCompany(), EDITOR);
    const stranger = await member(t, newCompany(), [...EDITOR, 'pds.manage']);
    const id = await newProtocol(t, editor.tenantId, editor.id);
    expect((await postEmpty(editor, `/security-protocol/${id}/apply/fly_away`)).status).toBe(404);
    expect((await postEmpty(stranger, `/security-protocol/${id}/apply/send_tiers`)).status).toBe(404);
    expect(await t.db.dataSource.query('SELECT status FROM security_protocol WHERE id = $1', [id])).toEqual([{ status: 'draft' }]);
  });
});
