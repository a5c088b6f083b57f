import { createTestApp, type TestApp } from '../../support/app';
import { actor, createWorkOrder, newCompany, planWithCompany, row, signed, transition, XHR, type Actor } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const TWO_ROLES = "Une même personne ne peut pas signer ce bon de travail à la fois comme donneur d'ordre et comme contact de l'entreprise.";
const signatures = async (id: number) => t.db.dataSource.query('SELECT moment, signer_role, signer_name, user_id FROM work_order_signature WHERE work_order_id = $1 ORDER BY id', [id]);
const signSlot = (a: Actor, id: number, slot: string, name: string) => a.agent.post(`/work-order/${id}/sign/${slot}`).set(XHR).type('form').send({ _csrf_token: a.csrf, ...signed(name) });

/** A work order sent for signature by its ordering customer. */
async function sent(): Promise<{ oc: Actor; id: number; planId: number; companyId: number }> {
  const oc = await actor(t, newCompany(), ['pdp.view']);
  const { planId, companyId } = await planWithCompany(t, oc);
  const id = await createWorkOrder(oc, planId, companyId);
  expect((await transition(oc, id, 'send')).body.result).toBe(true);
  return { oc, id, planId, companyId };
}

describe('one person signs a work order in one role only', () => {
  it('refuses the contact\'s start signature under the name of who signed as ordering customer (same person, any case or accents), keeping the form', async () => {
    const { oc, id } = await sent();
    expect((await transition(oc, id, 'sign', signed('Hélène Faure'))).body.result).toBe(true);
    const twice = await transition(oc, id, 'sign', signed('  FAURE helene '));
    expect(twice.status).toBe(200);
    expect(twice.body.result).toBe(false);
    expect(twice.body.signatureForm).toContain(TWO_ROLES.replace("'", '&#39;').replace("'", '&#39;'));
    expect(twice.body.signatureForm).toContain('FAURE helene');
    expect(await signatures(id)).toHaveLength(1);
    expect((await row(t, id)).waiting_role).toBe('contact');
    // The company's contact, on the same device, signs under his own name.
    expect((await transition(oc, id, 'sign', signed('Julien Morel'))).body.result).toBe(true);
    expect((await row(t, id)).waiting_role).toBe('validator');
  });

  it('refuses one account signing both start roles when the ordering customer is also the company\'s contact', async () => {
    const { oc, id, companyId } = await sent();
    const [contact] = await t.db.dataSource.query('INSERT INTO contact (tenant_id, last_name, first_name, user_id) VALUES ($1, $2, $3, $4) RETURNING id', [oc.tenantId, 'Test', 'Camille', oc.id]);
    await t.db.dataSource.query('UPDATE plan_company SET contact_id = $2 WHERE id = $1', [companyId, contact.id]);
    expect((await signSlot(oc, id, 'start_ordering_customer', 'Camille Test')).status).toBe(201);
    const twice = await signSlot(oc, id, 'start_contact', 'C. Test');
    expect(twice.status).toBe(200);
    expect(twice.body.result).toBe(false);
    expect(twice.body.signatureForm).toContain(TWO_ROLES.replace("'", '&#39;').replace("'", '&#39;'));
    expect((await signatures(id)).map((s: { signer_role: string }) => s.signer_role)).toEqual(['ordering_customer']);
  });

  it('applies to the end signatures too, and prefills no name for a contact the plan does not name', async () => {
    const { oc, id, companyId } = await sent();
    await transition(oc, id, 'sign', signed('Camille Test'));
    await transition(oc, id, 'sign', signed('Julien Morel'));
    const validator = await actor(t, (await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [oc.tenantId]))[0].name, ['pdp.view', 'pdp.view_all', 'pdp.validate_work_orders'], 'Valérie');
    expect((await transition(validator, id, 'validate')).body.result).toBe(true);
    expect((await signSlot(oc, id, 'end_ordering_customer', 'Camille Test')).status).toBe(201);
    const twice = await signSlot(oc, id, 'end_contact', 'Camille Test');
    expect(twice.status).toBe(200);
    expect(twice.body.result).toBe(false);
    expect((await signatures(id)).filter((s: { moment: string }) => s.moment === 'end')).toHaveLength(1);
    expect((await signSlot(oc, id, 'end_contact', 'Julien Morel')).status).toBe(201);

    // Without the contact's name on the plan, the contact's form is not prefilled with the ordering customer's.
    await t.db.dataSource.query('UPDATE plan_company SET first_name = NULL, last_name = NULL WHERE id = $1', [companyId]);
    const form = await oc.agent.get(`/work-order/${id}/sign/intermediate_contact`).set(XHR);
    expect(form.status).toBe(200);
    const props = JSON.parse(/data-island-props>(.*?)<\/script>/s.exec(form.text)![1]);
    expect(props.name).toBe('');
  });
});
