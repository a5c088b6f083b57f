import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { addCompany, decode, EDITOR, eeFields, member, newCompany, newPlan, newTiers, post, rows, XHR } from './company-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function setup() {
  const company = newCompany();
  const editor = await member(t, company, EDITOR);
  const planId = await newPlan(t, editor.tenantId, editor.id);
  const tiers = await newTiers(t, editor.tenantId);
  const eeId = await addCompany(editor, planId, eeFields(tiers));
  return { company, editor, planId, tiers, eeId };
}

const history = async (planId: number) => (await t.db.dataSource.query(
  `SELECT transition, comment FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 AND transition LIKE '%staff%' ORDER BY id`, [planId]));

describe('staff members of a plan', () => {
  it('adds an existing contact of the company, with his function as qualification and his user account', async () => {
    const { editor, planId, tiers, eeId } = await setup();
    const account = await makeUser(t, { company: undefined });
    await t.db.dataSource.query('UPDATE contact SET user_id = $2 WHERE id = $1', [tiers.workerId, account.id]);
    const form = await editor.agent.get(`/prevention-plan/company/${eeId}/staff/add`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Nadia Lefèvre — Soudeur');

    const res = await post(editor, `/prevention-plan/company/${eeId}/staff/add`, 'plan_staff', { contact: tiers.workerId, qualification: '' });
    expect(res.status).toBe(201);
    expect(decode(res.body.message)).toBe('Nadia Lefèvre a été ajouté aux intervenants.');
    expect(res.body.redirect).toBe(`/prevention-plan/${planId}?tab=staff`);
    const [s] = await rows(t, 'plan_staff', planId);
    expect(s).toMatchObject({ plan_company_id: eeId, contact_id: tiers.workerId, user_id: account.id, last_name: 'Lefèvre', first_name: 'Nadia', qualification: 'Soudeur', external: false });
    expect(await history(planId)).toEqual([{ transition: 'staff_add', comment: 'Nadia Lefèvre (Maintenance Industrielle du Rhône)' }]);

    // Added once: the contact is no longer offered, and a second post is refused.
    expect((await editor.agent.get(`/prevention-plan/company/${eeId}/staff/add`).set(XHR)).text).not.toContain('Nadia Lefèvre');
    const twice = await post(editor, `/prevention-plan/company/${eeId}/staff/add`, 'plan_staff', { contact: tiers.workerId });
    expect(twice.status).toBe(200);
    expect(decode(twice.text)).toContain("Ce contact n'appartient pas à l'entreprise ou figure déjà parmi ses intervenants.");
    const none = await post(editor, `/prevention-plan/company/${eeId}/staff/add`, 'plan_staff', { contact: '' });
    expect(decode(none.text)).toContain('Veuillez effectuer une sélection');
    expect(await rows(t, 'plan_staff', planId)).toHaveLength(1);
  });

  it('creates a new contact in the CRM for the company and adds him', async () => {
    const { editor, planId, tiers, eeId } = await setup();
    const empty = await post(editor, `/prevention-plan/company/${eeId}/staff/create`, 'plan_staff_create', { lastName: '', firstName: 'Yanis', email: 'pas-un-mail' });
    expect(empty.status).toBe(200);
    expect(decode(empty.text)).toContain('Veuillez renseigner ce champ.');
    expect(decode(empty.text)).toContain("Cette valeur n'est pas une adresse e-mail valide.");
    expect(empty.text).toContain('value="Yanis"');

    const res = await post(editor, `/prevention-plan/company/${eeId}/staff/create`, 'plan_staff_create', { lastName: 'Haddad', firstName: 'Yanis', email: 'y.haddad@mir.fr', function: tiers.welderFunctionId, qualification: '' });
    expect(res.status).toBe(201);
    const [contact] = await t.db.dataSource.query(
      `SELECT c.id, c.email, cc.tiers_id, cc.function_id FROM contact c JOIN contact_company cc ON cc.contact_id = c.id WHERE c.tenant_id = $1 AND c.last_name = 'Haddad'`, [editor.tenantId]);
    expect(contact).toMatchObject({ email: 'y.haddad@mir.fr', tiers_id: tiers.id, function_id: tiers.welderFunctionId });
    const [s] = await rows(t, 'plan_staff', planId);
    expect(s).toMatchObject({ contact_id: contact.id, last_name: 'Haddad', qualification: 'Soudeur', external: false });
    expect((await history(planId)).map((h: { transition: string }) => h.transition)).toEqual(['staff_create']);
  });

  it('adds and removes external staff members (no CRM contact), each with a name and a qualification', async () => {
    const { editor, planId, eeId } = await setup();
    const bad = await post(editor, `/prevention-plan/company/${eeId}/external-staff/add`, 'plan_external_staff', { lastName: 'Petit', firstName: '', qualification: '' });
    expect(bad.status).toBe(200);
    expect(decode(bad.text)).toMatch(/data-testid="error-qualification">Veuillez renseigner ce champ\./);
    expect(bad.text).toContain('value="Petit"');
    const res = await post(editor, `/prevention-plan/company/${eeId}/external-staff/add`, 'plan_external_staff', { lastName: 'Petit', firstName: 'Lucas', qualification: 'Intérimaire — calorifugeur' });
    expect(res.status).toBe(201);
    const [s] = await rows(t, 'plan_staff', planId);
    expect(s).toMatchObject({ contact_id: null, external: true, qualification: 'Intérimaire — calorifugeur' });

    // An external member is removed by his own route only.
    expect((await editor.agent.post(`/prevention-plan/staff/${s.id}/remove`).set(XHR).type('form').send({ _csrf_token: editor.csrf })).status).toBe(404);
    const removed = await editor.agent.post(`/prevention-plan/external-staff/${s.id}/remove`).set(XHR).type('form').send({ _csrf_token: editor.csrf });
    expect(removed.status).toBe(200);
    expect(await rows(t, 'plan_staff', planId)).toHaveLength(0);
    expect((await history(planId)).map((h: { transition: string }) => h.transition)).toEqual(['external_staff_add', 'external_staff_remove']);
  });

  it('removes an internal staff member and records it', async () => {
    const { editor, planId, tiers, eeId } = await setup();
    await post(editor, `/prevention-plan/company/${eeId}/staff/add`, 'plan_staff', { contact: tiers.managerId });
    const [s] = await rows(t, 'plan_staff', planId);
    expect((await editor.agent.post(`/prevention-plan/external-staff/${s.id}/remove`).set(XHR).type('form').send({ _csrf_token: editor.csrf })).status).toBe(404);
    const res = await editor.agent.post(`/prevention-plan/staff/${s.id}/remove`).set(XHR).type('form').send({ _csrf_token: editor.csrf });
    expect(res.status).toBe(200);
    expect(await rows(t, 'plan_staff', planId)).toHaveLength(0);
    expect(await history(planId)).toEqual([
      { transition: 'staff_add', comment: 'Julien Moreau (Maintenance Industrielle du Rhône)' },
      { transition: 'staff_remove', comment: 'Julien Moreau (Maintenance Industrielle du Rhône)' },
    ]);
  });

  it('adds users of the tenant to the user company, and shows their saved signature in the staff tab', async () => {
    const { editor, planId } = await setup();
    const euId = await addCompany(editor, planId, { kind: 'EU', name: 'Chimie du Sud', address: '1 avenue de la Raffinerie', lastName: 'Durand', version: 0 });
    expect((await editor.agent.get(`/prevention-plan/company/${euId}/staff/create`).set(XHR)).status).toBe(404);
    await t.db.dataSource.query(`INSERT INTO user_signature (tenant_id, user_id, png) VALUES ($1, $2, $3)`, [editor.tenantId, editor.id, Buffer.from('89504e47', 'hex')]);
    const res = await post(editor, `/prevention-plan/company/${euId}/staff/add`, 'plan_staff', { user: editor.id, qualification: 'Chargé de travaux' });
    expect(res.status).toBe(201);
    const [s] = await rows(t, 'plan_staff', planId);
    expect(s).toMatchObject({ plan_company_id: euId, user_id: editor.id, contact_id: null, qualification: 'Chargé de travaux' });

    const page = decode((await editor.agent.get(`/prevention-plan/${planId}`)).text);
    expect(page).toContain('data-testid="plan-staff"');
    expect(page).toContain(`data-testid="staff-signature-${s.id}"`);
    expect(page).toContain('Signature enregistrée');
    expect(page).toContain('Chargé de travaux');
  });
});

describe('staff members: tenancy and rights', () => {
  it('answers 404 to another company and 403 to a reader', async () => {
    const { company, editor, planId, tiers, eeId } = await setup();
    await post(editor, `/prevention-plan/company/${eeId}/staff/add`, 'plan_staff', { contact: tiers.workerId });
    const [s] = await rows(t, 'plan_staff', planId);
    const intruder = await member(t, newCompany(), [...EDITOR, 'pdp.view_all', 'pdp.manage']);
    expect((await intruder.agent.get(`/prevention-plan/company/${eeId}/staff/add`).set(XHR)).status).toBe(404);
    expect((await post(intruder, `/prevention-plan/company/${eeId}/external-staff/add`, 'plan_external_staff', { lastName: 'X', qualification: 'Y' })).status).toBe(404);
    expect((await intruder.agent.post(`/prevention-plan/staff/${s.id}/remove`).set(XHR).type('form').send({ _csrf_token: intruder.csrf })).status).toBe(404);

    const reader = await member(t, company, ['pdp.view', 'pdp.view_all']);
    expect((await reader.agent.get(`/prevention-plan/company/${eeId}/staff/add`).set(XHR)).status).toBe(403);
    expect((await post(reader, `/prevention-plan/company/${eeId}/staff/create`, 'plan_staff_create', { lastName: 'Intrus' })).status).toBe(403);
    expect((await reader.agent.post(`/prevention-plan/staff/${s.id}/remove`).set(XHR).type('form').send({ _csrf_token: reader.csrf })).status).toBe(403);
    expect(await rows(t, 'plan_staff', planId)).toHaveLength(1);
    const contacts = await t.db.dataSource.query(`SELECT 1 FROM contact WHERE last_name = 'Intrus'`);
    expect(contacts).toHaveLength(0);
  });
});
