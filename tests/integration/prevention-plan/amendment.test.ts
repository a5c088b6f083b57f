import { createTestApp, type TestApp } from '../../support/app';
import { addCompany, decode, EDITOR, eeFields, member, newCompany, newPlan, newTiers, post, type Member, XHR } from './company-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
/** A tiny PNG (1×1) as the signature pad gives it. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const FORBIDDEN = "Vous n'avez pas le droit de faire cette action";
const FAILED = "Une erreur est survenue. L'avenant n'a pas été créé";
const NOT_FOUND = "Une erreur est survenue, le PDP n'a pas été trouvé";

/** A plan of `editor` (creator and ordering customer) with one outside company (EE). */
async function setup() {
  const company = newCompany();
  const editor = await member(t, company, EDITOR);
  await q("UPDATE app_user SET first_name = 'Claire', last_name = 'Donneuse' WHERE id = $1", [editor.id]);
  const planId = await newPlan(t, editor.tenantId, editor.id);
  const tiers = await newTiers(t, editor.tenantId);
  const eeId = await addCompany(editor, planId, eeFields(tiers));
  await editor.agent.get('/'); // shows (and clears) the flash of the company added
  return { company, editor, planId, tiers, eeId };
}

/** Puts the plan in `status` (the workflow is tested elsewhere). */
const setState = (planId: number, status: string) => q('UPDATE prevention_plan SET status = $2 WHERE id = $1', [planId, status]);
const planRow = async (planId: number) => (await q('SELECT status, amendment_number AS "amendmentNumber", version FROM prevention_plan WHERE id = $1', [planId]))[0];
const amendments = (planId: number) => q('SELECT number, reason, automatic, from_state AS "fromState", created_by_id AS "createdById" FROM plan_amendment WHERE plan_id = $1 ORDER BY number', [planId]);

/** Submits the justification as the browser's form does (redirect), or as the modal's fetch does. */
function amend(who: Member, planId: number, comment: string, xhr = false) {
  const req = who.agent.post(`/prevention-plan/${planId}/amend`);
  return (xhr ? req.set(XHR) : req).type('form').send({ _csrf_token: who.csrf, comment });
}

/** The flash messages the next page shows. */
async function flashes(who: Member, url: string): Promise<string[]> {
  const page = await who.agent.get(url);
  return [...page.text.matchAll(/data-testid="flash"[^>]*>([\s\S]*?)<button/g)].map((m) => decode(m[1]).replace(/\s+/g, ' ').trim());
}

/** A company signature and an internal one of the current round, plus a staff signature. */
async function sign(tenantId: number, planId: number, eeId: number, internalUserId: number) {
  const insert = (kind: string, key: string, name: string, userId: number | null) => q(
    `INSERT INTO plan_signature (tenant_id, plan_id, kind, signer_key, plan_company_id, user_id, signer_name, image, channel, round, signed_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, 'app', amendment_number, now() FROM prevention_plan WHERE id = $2 RETURNING id`,
    [tenantId, planId, kind, key, kind === 'company' ? eeId : null, userId, name, PNG]);
  await insert('company', `company:${eeId}`, 'Julien Moreau', null);
  await insert('internal', `internal:${internalUserId}`, 'Claire Donneuse', internalUserId);
  await insert('staff', 'staff:999', 'Nadia Lefèvre', null);
}

describe('pdp_amend: an amendment asked with a justification', () => {
  it('refuses an empty justification: the field is flagged and nothing is created', async () => {
    const { editor, planId } = await setup();
    await setState(planId, 'in_operation');
    const form = await editor.agent.get(`/prevention-plan/${planId}/amend`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/<textarea[^>]*name="comment"[^>]*required/);
    for (const xhr of [false, true]) {
      const res = await amend(editor, planId, '   ', xhr);
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/class="form-control is-invalid"/);
      expect(res.text).toContain('Veuillez renseigner ce champ.');
    }
    expect(await amendments(planId)).toEqual([]);
    expect(await planRow(planId)).toMatchObject({ status: 'in_operation', amendmentNumber: 0 });
  });

  it('lets the ordering customer amend: amendment, new round, draft, signatures superseded, history', async () => {
    const { editor, planId, eeId } = await setup();
    await setState(planId, 'in_operation');
    await sign(editor.tenantId, planId, eeId, editor.id);
    const before = await planRow(planId);

    const res = await amend(editor, planId, '  Prolongation des travaux de deux jours  ');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/prevention-plan/${planId}`);
    expect(await flashes(editor, res.headers.location)).toEqual(['Avenant créé']);

    expect(await amendments(planId)).toEqual([{ number: 1, reason: 'Prolongation des travaux de deux jours', automatic: false, fromState: 'in_operation', createdById: editor.id }]);
    expect(await planRow(planId)).toMatchObject({ status: 'draft', amendmentNumber: 1, version: before.version + 1 });
    const sigs = await q('SELECT kind, superseded_at IS NOT NULL AS superseded FROM plan_signature WHERE plan_id = $1 ORDER BY id', [planId]);
    expect(sigs).toEqual([{ kind: 'company', superseded: true }, { kind: 'internal', superseded: true }, { kind: 'staff', superseded: false }]);
    const [h] = await q(`SELECT transition, from_state AS "from", to_state AS "to", comment, user_id AS "userId" FROM history_entry
      WHERE subject_type = 'prevention_plan' AND subject_id = $1 AND transition = 'amend'`, [planId]);
    expect(h).toEqual({ transition: 'amend', from: 'in_operation', to: 'draft', comment: 'Prolongation des travaux de deux jours', userId: editor.id });

    // A second amendment, from the internal validation, by the modal's fetch.
    await setState(planId, 'waiting_internal');
    const again = await amend(editor, planId, 'Ajout d’une entreprise de levage', true);
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ message: 'Avenant créé', redirect: `/prevention-plan/${planId}` });
    expect((await amendments(planId)).map((a: { number: number; fromState: string }) => [a.number, a.fromState])).toEqual([[1, 'in_operation'], [2, 'waiting_internal']]);
    expect(await planRow(planId)).toMatchObject({ status: 'draft', amendmentNumber: 2 });
  });

  it('lets a substitute, a contact of a company on the plan and a holder of pdp.amend amend; refuses the others', async () => {
    const { company, editor, planId, tiers } = await setup();
    const substitute = await member(t, company, ['pdp.view']);
    await q('INSERT INTO plan_substitute (tenant_id, plan_id, user_id) VALUES ($1, $2, $3)', [editor.tenantId, planId, substitute.id]);
    const contact = await member(t, company, ['pdp.view']);
    await q('UPDATE contact SET user_id = $2 WHERE id = $1', [tiers.managerId, contact.id]);
    const amender = await member(t, company, ['pdp.view', 'pdp.view_all', 'pdp.amend']);
    const reader = await member(t, company, ['pdp.view', 'pdp.view_all']);

    let n = 0;
    for (const who of [substitute, contact, amender]) {
      await setState(planId, 'in_operation');
      const res = await amend(who, planId, `Avenant ${++n}`);
      expect(res.status).toBe(303);
      expect(await flashes(who, res.headers.location)).toEqual(['Avenant créé']);
    }
    expect((await amendments(planId)).map((a: { createdById: number }) => a.createdById)).toEqual([substitute.id, contact.id, amender.id]);

    await setState(planId, 'in_operation');
    const refused = await amend(reader, planId, 'Je veux modifier');
    expect(refused.status).toBe(303);
    expect(refused.headers.location).toBe(`/prevention-plan/${planId}`);
    expect(await flashes(reader, refused.headers.location)).toEqual([FORBIDDEN]);
    const json = await amend(reader, planId, 'Je veux modifier', true);
    expect(json.status).toBe(403);
    expect(json.body.message).toBe(FORBIDDEN);
    expect((await reader.agent.get(`/prevention-plan/${planId}/amend`).set(XHR)).status).toBe(403);
    expect(await amendments(planId)).toHaveLength(3);
    expect(await planRow(planId)).toMatchObject({ status: 'in_operation', amendmentNumber: 3 });
  });

  it('refuses a plan in another state (or archived) with the failure message, and a missing plan with its own', async () => {
    const { editor, planId } = await setup();
    for (const status of ['draft', 'waiting_tiers', 'expired']) {
      await setState(planId, status);
      const res = await amend(editor, planId, 'Changement');
      expect(res.status).toBe(303);
      expect(await flashes(editor, res.headers.location)).toEqual([FAILED]);
    }
    await setState(planId, 'draft');
    const json = await amend(editor, planId, 'Changement', true);
    expect(json.status).toBe(409);
    expect(json.body.message).toBe(FAILED);
    expect((await editor.agent.get(`/prevention-plan/${planId}/amend`).set(XHR)).status).toBe(409);
    await q("UPDATE prevention_plan SET status = 'in_operation', archived = true WHERE id = $1", [planId]);
    expect(await flashes(editor, (await amend(editor, planId, 'Changement')).headers.location)).toEqual([FAILED]);
    expect((await editor.agent.get(`/prevention-plan/${planId}`)).text).not.toContain('data-testid="plan-amend"');
    expect(await amendments(planId)).toEqual([]);

    const missing = await amend(editor, 2_000_000_000, 'Changement');
    expect(missing.status).toBe(303);
    expect(missing.headers.location).toBe('/prevention-plan/');
    expect(await flashes(editor, missing.headers.location)).toEqual([NOT_FOUND]);
    const other = await setup();
    await setState(other.planId, 'in_operation');
    const foreign = await amend(editor, other.planId, 'Changement', true);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(NOT_FOUND);
    expect(await amendments(other.planId)).toEqual([]);
  });
});

describe('automatic amendment on a staff change', () => {
  it('adding then removing a staff member of a plan in operation amends it, asks the companies again and queues their links', async () => {
    const { editor, planId, tiers, eeId } = await setup();
    await setState(planId, 'in_operation');
    await sign(editor.tenantId, planId, eeId, editor.id);

    const added = await post(editor, `/prevention-plan/company/${eeId}/staff/add`, 'plan_staff', { contact: tiers.workerId, qualification: '' });
    expect(added.status).toBe(201);
    expect(await amendments(planId)).toEqual([{
      number: 1, reason: "Ajout de l'intervenant Nadia Lefèvre (Maintenance Industrielle du Rhône)", automatic: true, fromState: 'in_operation', createdById: editor.id,
    }]);
    expect(await planRow(planId)).toMatchObject({ status: 'waiting_tiers', amendmentNumber: 1 });
    expect(await q('SELECT kind FROM plan_signature WHERE plan_id = $1 AND superseded_at IS NULL', [planId])).toEqual([{ kind: 'staff' }]);
    const jobs = await q("SELECT payload FROM job WHERE name = 'pdp.send_sign_links' AND (payload->>'planId')::int = $1 ORDER BY id", [planId]);
    expect(jobs.map((j: { payload: { round: number } }) => j.payload.round)).toEqual([1]);
    const [h] = await q(`SELECT from_state AS "from", to_state AS "to", comment FROM history_entry
      WHERE subject_type = 'prevention_plan' AND subject_id = $1 AND transition = 'amend'`, [planId]);
    expect(h).toEqual({ from: 'in_operation', to: 'waiting_tiers', comment: "Ajout de l'intervenant Nadia Lefèvre (Maintenance Industrielle du Rhône)" });

    const [staff] = await q('SELECT id FROM plan_staff WHERE plan_id = $1', [planId]);
    const removed = await editor.agent.post(`/prevention-plan/staff/${staff.id}/remove`).set(XHR).type('form').send({ _csrf_token: editor.csrf });
    expect(removed.status).toBe(200);
    expect((await amendments(planId)).map((a: { number: number; reason: string; fromState: string }) => [a.number, a.reason, a.fromState])).toEqual([
      [1, "Ajout de l'intervenant Nadia Lefèvre (Maintenance Industrielle du Rhône)", 'in_operation'],
      [2, "Retrait de l'intervenant Nadia Lefèvre (Maintenance Industrielle du Rhône)", 'waiting_tiers'],
    ]);
    expect(await planRow(planId)).toMatchObject({ status: 'waiting_tiers', amendmentNumber: 2 });
    expect(await q("SELECT 1 FROM job WHERE name = 'pdp.send_sign_links' AND (payload->>'planId')::int = $1", [planId])).toHaveLength(2);
  });

  it('leaves a draft plan (or one signed on paper) alone', async () => {
    const { editor, planId, tiers, eeId } = await setup();
    expect((await post(editor, `/prevention-plan/company/${eeId}/staff/add`, 'plan_staff', { contact: tiers.workerId })).status).toBe(201);
    await setState(planId, 'waiting_manual');
    expect((await post(editor, `/prevention-plan/company/${eeId}/external-staff/add`, 'plan_external_staff', { lastName: 'Intérim', firstName: 'Paul', qualification: 'Manœuvre' })).status).toBe(201);
    expect(await amendments(planId)).toEqual([]);
    expect(await planRow(planId)).toMatchObject({ status: 'waiting_manual', amendmentNumber: 0 });
    expect(await q("SELECT 1 FROM job WHERE name = 'pdp.send_sign_links' AND (payload->>'planId')::int = $1", [planId])).toEqual([]);
  });
});

describe('pdp_history: transitions, amendments and signatures', () => {
  it('lists the amendment with its number and reason, the signatures with their signer and thumbnail, and the amendments section', async () => {
    const { editor, planId, eeId } = await setup();
    await setState(planId, 'in_operation');
    await sign(editor.tenantId, planId, eeId, editor.id);
    // A signature given in a transition row (the internal validation).
    const [v] = await q(`INSERT INTO history_entry (tenant_id, subject_type, subject_id, workflow, transition, from_state, to_state, user_id, signature, created_at)
      VALUES ($1, 'prevention_plan', $2, 'prevention_plan', 'validate', 'waiting_internal', 'in_operation', $3, $4, now()) RETURNING id`,
    [editor.tenantId, planId, editor.id, JSON.stringify({ name: 'Claire Donneuse', image: PNG, hasWatermark: false })]);
    expect((await amend(editor, planId, 'Changement de la date de fin')).status).toBe(303);

    const res = await editor.agent.get(`/prevention-plan/${planId}/history`).set(XHR);
    expect(res.status).toBe(200);
    const html = decode(res.text);
    expect(html).toContain('data-testid="plan-amendments"');
    expect(html).toMatch(/data-testid="plan-amendment" data-amendment-number="1"/);
    expect(html).toContain('Avenant n°1');
    expect(html).toContain('Changement de la date de fin');
    expect(html).toMatch(/En cours<\/span>\s*<i class="bi bi-arrow-right"[^>]*><\/i><span class="visually-hidden">→<\/span>\s*<span class="badge text-bg-primary">Brouillon/);
    expect(html).toContain('Signé par Julien Moreau');
    expect(html).toContain('Signé par Claire Donneuse');
    expect(html).toContain('Signé par Nadia Lefèvre');
    expect(html).toContain(`src="${PNG}"`);
    expect(html).toContain('max-height: 100px');
    expect(html).toContain(`data-history-entry="h${v.id}"`);
    expect(html).not.toMatch(/\b(?:prevention-plan|plan-amendment|history|workflow)\.[\w.]+/);

    const page = await editor.agent.get(`/prevention-plan/${planId}?tab=history`);
    expect(page.status).toBe(200);
    expect(decode(page.text)).toContain('Changement de la date de fin');
  });

  it('answers a missing plan with the spec message (404)', async () => {
    const { editor } = await setup();
    const other = await setup();
    for (const id of [2_000_000_000, other.planId]) {
      const res = await editor.agent.get(`/prevention-plan/${id}/history`).set(XHR);
      expect(res.status).toBe(404);
      expect(decode(res.text)).toContain(NOT_FOUND);
    }
  });

  it('shows the amendment button to who may amend, on a plan in operation', async () => {
    const { company, editor, planId } = await setup();
    const reader = await member(t, company, ['pdp.view', 'pdp.view_all']);
    await setState(planId, 'in_operation');
    expect((await editor.agent.get(`/prevention-plan/${planId}`)).text).toContain('data-testid="plan-amend"');
    expect((await reader.agent.get(`/prevention-plan/${planId}`)).text).not.toContain('data-testid="plan-amend"');
    await setState(planId, 'draft');
    expect((await editor.agent.get(`/prevention-plan/${planId}`)).text).not.toContain('data-testid="plan-amend"');
  });
});
