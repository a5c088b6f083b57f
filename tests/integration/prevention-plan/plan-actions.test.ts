import path from 'node:path';
import ejs from 'ejs';
import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { translator } from '../../../server/kernel/i18n/i18n';
import { VIEWS_DIR } from '../../../server/kernel/http/render';
import { renewalPeriod } from '../../../server/modules/prevention-plan/actions/plan-actions.service';
import { actor, completeFields, createPlan, insertPlan, newCompany, planRow, postPlan, RIGHTS, setting, XHR, type Actor } from './plan-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const one = async (sql: string, params: unknown[]) => Number((await q(sql, params))[0].id);
const count = async (table: string, planId: number) => Number((await q(`SELECT count(*)::int AS n FROM ${table} WHERE plan_id = $1`, [planId]))[0].n);
const post = (a: Actor, url: string) => a.agent.post(url).set(XHR).type('form').send({ _csrf_token: a.csrf });
const newIdOf = (redirect: string) => Number(/^\/prevention-plan\/(\d+)$/.exec(redirect)![1]);

/**
 * A complete plan of a fresh company: substitutes, a further entity, two work types, two rescue
 * workers (one has since lost the right), an EE with a subcontractor under it, staff on both,
 * signatures, material, a medical work, an inspection participant, advice and history.
 */
async function richPlan(cols: Record<string, unknown> = {}) {
  const company = newCompany();
  const manager = await actor(t, company, RIGHTS.manager);
  const tenantId = manager.tenantId;
  const s = await setting(t, tenantId);
  const substitute = await makeUser(t, { company, rights: ['pdp.view'] });
  const rescuer = await makeUser(t, { company, rights: ['pdp.view', 'pdp.rescue_worker'] });
  const formerRescuer = await makeUser(t, { company, rights: ['pdp.view'] });
  const planId = await insertPlan(t, tenantId, manager.id, {
    pdp_number: `PDP-2020-${String(Date.now() % 10000).padStart(4, '0')}`, subject: 'Maintenance des armoires électriques', status: 'in_operation',
    ordering_customer_id: manager.id, hierarchy_item_id: s.site, is_punctual: true, start_date: '2026-01-01', end_date: '2026-03-31',
    information_job_inspection_date: '2025-12-15', prerun_inspection_date: '2025-12-20', prerun_inspection_time: '09:30', planned_start_time: '07:30',
    hours_worked: 120, description: 'Resserrage des connexions', procedures: 'Consignation électrique', assembly_points: 'Parking nord', ...cols,
  });
  await q('INSERT INTO plan_substitute (plan_id, user_id, tenant_id) VALUES ($1, $2, $3)', [planId, substitute.id, tenantId]);
  await q('INSERT INTO plan_hierarchy_item (plan_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [planId, s.other, tenantId]);
  for (const w of [s.electrical, s.cleaning]) await q('INSERT INTO plan_work_type (plan_id, work_type_id, tenant_id) VALUES ($1, $2, $3)', [planId, w, tenantId]);
  for (const u of [rescuer.id, formerRescuer.id]) await q('INSERT INTO plan_rescue_worker (plan_id, user_id, tenant_id) VALUES ($1, $2, $3)', [planId, u, tenantId]);
  const ee = await one(`INSERT INTO plan_company (tenant_id, plan_id, kind, name, city, email) VALUES ($1, $2, 'EE', 'Maintenance Industrielle du Rhône', 'Lyon', 'j.moreau@mir.fr') RETURNING id`, [tenantId, planId]);
  const st = await one(`INSERT INTO plan_company (tenant_id, plan_id, kind, parent_id, name) VALUES ($1, $2, 'ST', $3, 'Échafaudages Bertrand') RETURNING id`, [tenantId, planId, ee]);
  const staff = await one(`INSERT INTO plan_staff (tenant_id, plan_id, plan_company_id, last_name, first_name, qualification) VALUES ($1, $2, $3, 'Lefèvre', 'Nadia', 'Soudeur') RETURNING id`, [tenantId, planId, ee]);
  await q(`INSERT INTO plan_staff (tenant_id, plan_id, plan_company_id, last_name, first_name, external) VALUES ($1, $2, $3, 'Bertrand', 'Luc', true)`, [tenantId, planId, st]);
  await q(`INSERT INTO plan_signature (tenant_id, plan_id, kind, signer_key, plan_company_id, signer_name, image, channel, signed_at)
           VALUES ($1, $2, 'company', $3, $4, 'Julien Moreau', 'data:image/png;base64,AA==', 'site', now())`, [tenantId, planId, `company:${ee}`, ee]);
  await q(`INSERT INTO plan_signature (tenant_id, plan_id, kind, signer_key, plan_staff_id, signer_name, image, channel, signed_at)
           VALUES ($1, $2, 'staff', $3, $4, 'Nadia Lefèvre', 'data:image/png;base64,AA==', 'site', now())`, [tenantId, planId, `staff:${staff}`, staff]);
  await q(`INSERT INTO plan_material (tenant_id, plan_id, type, serial_number) VALUES ($1, $2, 'Nacelle élévatrice', 'NE-204')`, [tenantId, planId]);
  await q(`INSERT INTO plan_medical_work (tenant_id, plan_id, name, type, companies, number) VALUES ($1, $2, 'Travaux sous tension', 'Électrique', 'MIR', 2)`, [tenantId, planId]);
  await q(`INSERT INTO plan_inspection_participant (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'outside', 'Julien Moreau')`, [tenantId, planId]);
  await q(`INSERT INTO plan_advice (tenant_id, plan_id, author_id, kind, content) VALUES ($1, $2, $3, 'notice', 'Prévoir un balisage de la zone.')`, [tenantId, planId, manager.id]);
  await q(`INSERT INTO history_entry (tenant_id, subject_type, subject_id, transition, user_id, created_at) VALUES ($1, 'prevention_plan', $2, 'create', $3, now())`, [tenantId, planId, manager.id]);
  return { company, manager, tenantId, s, planId, ee, st, rescuer, formerRescuer, substitute };
}

const history = async (planId: number) => (await q(
  `SELECT transition, comment FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 ORDER BY id`, [planId])) as Array<{ transition: string; comment: string | null }>;

describe('duplicate a plan (pdp_duplicate)', () => {
  it('makes a numbered draft copying the plan and its companies, never its staff, signatures or history', async () => {
    const f = await richPlan();
    const old = await planRow(t, f.planId);
    const res = await post(f.manager, `/prevention-plan/${f.planId}/duplicate`);
    expect(res.status).toBe(201);
    expect(res.body.message).toContain('PDP dupliqué');
    const id = newIdOf(res.body.redirect);
    expect(id).not.toBe(f.planId);

    const copy = await planRow(t, id);
    expect(copy.pdp_number).toMatch(/^PDP-\d{4}-\d{4}$/);
    expect(copy.pdp_number).not.toBe(old.pdp_number);
    expect(res.body.message).toContain(copy.pdp_number);
    expect(copy).toMatchObject({ status: 'draft', archived: false, created_by_id: f.manager.id, tenant_id: f.tenantId, subject: old.subject,
      ordering_customer_id: old.ordering_customer_id, hierarchy_item_id: f.s.site, hours_worked: 120, description: old.description, assembly_points: 'Parking nord', amendment_number: 0 });
    expect(copy.start_date).toEqual(old.start_date);
    expect(copy.end_date).toEqual(old.end_date);
    expect(copy.id).not.toBe(old.id);

    expect(await q('SELECT user_id FROM plan_substitute WHERE plan_id = $1', [id])).toEqual([{ user_id: f.substitute.id }]);
    expect(await q('SELECT hierarchy_item_id FROM plan_hierarchy_item WHERE plan_id = $1', [id])).toEqual([{ hierarchy_item_id: f.s.other }]);
    expect(await count('plan_work_type', id)).toBe(2);
    // The rescue worker who lost pdp.rescue_worker is not carried over.
    expect(await q('SELECT user_id FROM plan_rescue_worker WHERE plan_id = $1', [id])).toEqual([{ user_id: f.rescuer.id }]);

    const companies: Array<{ id: number; kind: string; parent_id: number | null; name: string; email: string | null }> =
      await q('SELECT id, kind, parent_id, name, email FROM plan_company WHERE plan_id = $1 ORDER BY id', [id]);
    expect(companies.map((c) => [c.kind, c.name])).toEqual([['EE', 'Maintenance Industrielle du Rhône'], ['ST', 'Échafaudages Bertrand']]);
    expect(companies[0].email).toBe('j.moreau@mir.fr');
    // The subcontractor hangs under the copied EE, not under the original one.
    expect(companies[1].parent_id).toBe(companies[0].id);
    expect(companies[0].id).not.toBe(f.ee);

    expect(await count('plan_staff', id)).toBe(0);
    expect(await count('plan_signature', id)).toBe(0);
    expect(await count('plan_material', id)).toBe(1);
    expect(await count('plan_medical_work', id)).toBe(1);
    expect(await count('plan_inspection_participant', id)).toBe(1);
    expect(await q('SELECT kind, content FROM plan_advice WHERE plan_id = $1', [id])).toEqual([{ kind: 'notice', content: 'Prévoir un balisage de la zone.' }]);
    expect(await history(id)).toEqual([{ transition: 'duplicate', comment: old.pdp_number }]);
    expect((await history(f.planId)).slice(-1)).toEqual([{ transition: 'duplicated', comment: copy.pdp_number }]);
    // The original keeps everything.
    expect(await count('plan_staff', f.planId)).toBe(2);
    expect(await count('plan_signature', f.planId)).toBe(2);

    // The flash is on the new plan's page; a second copy takes the next number.
    const page = await f.manager.agent.get(res.body.redirect);
    expect(page.status).toBe(200);
    expect(page.text).toContain('PDP dupliqué');
    const again = await post(f.manager, `/prevention-plan/${f.planId}/duplicate`);
    const next = await planRow(t, newIdOf(again.body.redirect));
    const n = (num: string) => Number(num.slice(-4));
    expect(next.pdp_number.slice(0, 9)).toBe(copy.pdp_number.slice(0, 9));
    expect(n(next.pdp_number)).toBe(n(copy.pdp_number) + 1);
  });

  it('needs pdp.add and a plan the user sees; another company’s plan is not found', async () => {
    const f = await richPlan();
    const viewer = await actor(t, f.company, ['pdp.view', 'pdp.view_all']);
    expect((await post(viewer, `/prevention-plan/${f.planId}/duplicate`)).status).toBe(403);
    // pdp.add but the plan is not his and he has no view_all: it does not exist for him.
    const author = await actor(t, f.company, RIGHTS.author);
    expect((await post(author, `/prevention-plan/${f.planId}/duplicate`)).status).toBe(404);
    const stranger = await actor(t, newCompany(), RIGHTS.manager);
    expect((await post(stranger, `/prevention-plan/${f.planId}/duplicate`)).status).toBe(404);
    // GET changes nothing.
    expect((await f.manager.agent.get(`/prevention-plan/${f.planId}/duplicate`)).status).toBe(405);
    expect(Number((await q('SELECT count(*)::int AS n FROM prevention_plan WHERE tenant_id = $1', [f.tenantId]))[0].n)).toBe(1);
  });
});

describe('renew a plan (pdp_renew)', () => {
  it('gives the following period of the same length with the staff, and archives the expired original', async () => {
    const f = await richPlan({ status: 'expired' });
    const res = await post(f.manager, `/prevention-plan/${f.planId}/renew`);
    expect(res.status).toBe(201);
    expect(res.body.message).toContain('PDP renouvelé');
    const id = newIdOf(res.body.redirect);
    const copy = await planRow(t, id);
    const iso = (d: Date | string | null) => (d == null ? null : typeof d === 'string' ? d.slice(0, 10) : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`);
    // 01/01 -> 31/03 (90 days) is followed by 01/04 -> 29/06 (90 days).
    expect([iso(copy.start_date), iso(copy.end_date)]).toEqual(['2026-04-01', '2026-06-29']);
    expect(copy).toMatchObject({ status: 'draft', archived: false, information_job_inspection_date: null, prerun_inspection_date: null, prerun_inspection_time: null });

    const staff: Array<{ last_name: string; company: string; kind: string; plan_id: number }> = await q(
      `SELECT s.last_name, c.name AS company, c.kind, c.plan_id FROM plan_staff s JOIN plan_company c ON c.id = s.plan_company_id WHERE s.plan_id = $1 ORDER BY s.id`, [id]);
    expect(staff).toEqual([
      { last_name: 'Lefèvre', company: 'Maintenance Industrielle du Rhône', kind: 'EE', plan_id: id },
      { last_name: 'Bertrand', company: 'Échafaudages Bertrand', kind: 'ST', plan_id: id },
    ]);
    expect(await count('plan_signature', id)).toBe(0);
    expect(await history(id)).toEqual([{ transition: 'renew', comment: (await planRow(t, f.planId)).pdp_number }]);

    const old = await planRow(t, f.planId);
    expect(old.archived).toBe(true);
    expect((await history(f.planId)).slice(-2).map((h) => h.transition)).toEqual(['renewed', 'archive']);
  });

  it('leaves a plan still running unarchived, refuses a plan without period, and needs pdp.manage', async () => {
    const f = await richPlan();
    const res = await post(f.manager, `/prevention-plan/${f.planId}/renew`);
    expect(res.status).toBe(201);
    expect((await planRow(t, f.planId)).archived).toBe(false);

    const undated = await insertPlan(t, f.tenantId, f.manager.id, { subject: 'Sans dates', start_date: '2026-01-01' });
    const plans = async () => (await t.db.dataSource.query('SELECT id, archived FROM prevention_plan WHERE tenant_id = $1 ORDER BY id', [f.tenantId]));
    let before = await plans();
    const refused = await post(f.manager, `/prevention-plan/${undated}/renew`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Le plan ne peut pas être renouvelé sans dates de début et de fin.');
    expect(await plans()).toEqual(before);

    // The author of a plan may duplicate it, not renew it.
    const author = await actor(t, f.company, RIGHTS.author);
    const own = await insertPlan(t, f.tenantId, author.id, { start_date: '2026-01-01', end_date: '2026-01-31' });
    before = await plans();
    expect((await post(author, `/prevention-plan/${own}/renew`)).status).toBe(403);
    expect(await plans()).toEqual(before);
    expect((await post(author, `/prevention-plan/${own}/duplicate`)).status).toBe(201);
    const stranger = await actor(t, newCompany(), RIGHTS.manager);
    before = await plans();
    expect((await post(stranger, `/prevention-plan/${f.planId}/renew`)).status).toBe(404);
    expect(await plans()).toEqual(before);
    expect(await t.db.dataSource.query('SELECT id FROM prevention_plan WHERE tenant_id = $1', [stranger.tenantId])).toEqual([]);
  });

  it('computes the next period from the old one', () => {
    expect(renewalPeriod('2026-01-01', '2026-12-31')).toEqual({ start: '2027-01-01', end: '2027-12-31' });
    expect(renewalPeriod('2026-02-10', '2026-02-10')).toEqual({ start: '2026-02-11', end: '2026-02-11' });
    expect(renewalPeriod('2026-01-01', null)).toBeNull();
    expect(renewalPeriod('2026-03-01', '2026-02-01')).toBeNull();
  });
});

describe('the actions menu (prevention-plan/actions/_menu)', () => {
  const render = (abilities: Record<string, boolean>, rights: string[], plan = { id: 7, pdpNumber: 'PDP-2026-0007', archived: false, status: 'expired' }) =>
    ejs.renderFile(path.join(VIEWS_DIR, 'prevention-plan', 'actions', '_menu.ejs'), {
      t: translator('fr'), abilities, plan, can: (r: string) => rights.includes(r), csrfToken: () => 'jeton',
      path: (name: string, p: Record<string, unknown>) => t.ctx.routes.path(name, p as Record<string, string>),
    });

  it('shows each entry only when allowed, each posting with the CSRF token after a confirmation', async () => {
    const all = await render({ view: true, manage: true, delete: true }, ['pdp.add']);
    const actions = [...all.matchAll(/action="([^"]+)"/g)].map((m) => m[1]);
    expect(actions).toEqual(['/prevention-plan/7/duplicate', '/prevention-plan/7/renew', '/prevention-plan/7/archive', '/prevention-plan/7/delete']);
    expect(all.match(/name="_csrf_token" value="jeton"/g)).toHaveLength(4);
    expect(all.match(/data-confirm="[^"]+"/g)).toHaveLength(4);
    expect(all).toContain('le plan terminé sera archivé');

    const reader = await render({ view: true, manage: false, delete: false }, []);
    expect(reader).not.toContain('data-testid="plan-actions"');
    const author = await render({ view: true, manage: false, delete: false }, ['pdp.add']);
    expect([...author.matchAll(/action="([^"]+)"/g)].map((m) => m[1])).toEqual(['/prevention-plan/7/duplicate']);
    const archived = await render({ view: true, manage: true, delete: false }, [], { id: 7, pdpNumber: 'PDP-2026-0007', archived: true, status: 'expired' });
    expect(archived).toContain('/prevention-plan/7/unarchive');
  });

  it('offers the weekly recap from the list to holders of pdp.weekly_recap only', async () => {
    const link = (rights: string[]) => ejs.renderFile(path.join(VIEWS_DIR, 'prevention-plan', 'actions', '_week_email_link.ejs'), {
      t: translator('fr'), can: (r: string) => rights.includes(r), path: (name: string) => t.ctx.routes.path(name),
    });
    expect(await link(['pdp.weekly_recap'])).toContain('href="/prevention-plan/week-email"');
    expect((await link(['pdp.view'])).trim()).toBe('');
  });
});

describe('rescue workers of the safety section', () => {
  it('are chosen among the enabled holders of pdp.rescue_worker; one already named stays when he loses the right', async () => {
    const company = newCompany();
    const a = await actor(t, company, RIGHTS.author);
    const s = await setting(t, a.tenantId);
    const rescuer = await actor(t, company, ['pdp.view', 'pdp.rescue_worker'], 'Karim');
    const gone = await actor(t, company, ['pdp.view', 'pdp.rescue_worker'], 'Ancien');
    await q('UPDATE app_user SET enabled = false WHERE id = $1', [gone.id]);

    const form = await a.agent.get('/prevention-plan/new');
    const choices = /id="pdp_rescueWorkerIds"[\s\S]*?<\/select>/.exec(form.text)![0];
    expect(choices).toContain(`value="${rescuer.id}"`);
    expect(choices).not.toContain(`value="${gone.id}"`);
    // A hand-made post naming the disabled holder is refused.
    const refused = await postPlan(a, '/prevention-plan/new', { ...completeFields(a, s), rescueWorkerIds: [String(gone.id)] });
    expect(refused.status).toBe(200);
    expect(refused.text).toMatch(/data-testid="error-rescueWorkerIds">Cette valeur doit être l&#39;un des choix proposés.</);

    const id = await createPlan(a, s, { rescueWorkerIds: [String(rescuer.id)] });
    // Karim loses the right: the plan keeps him, the edit form still offers him and saving keeps him.
    await q(`DELETE FROM role_right WHERE "right" = 'pdp.rescue_worker' AND role_id IN (SELECT role_id FROM user_role WHERE user_id = $1)`, [rescuer.id]);
    const edit = await a.agent.get(`/prevention-plan/${id}/edit`);
    expect(/id="pdp_rescueWorkerIds"[\s\S]*?<\/select>/.exec(edit.text)![0]).toContain(`value="${rescuer.id}"`);
    const saved = await postPlan(a, `/prevention-plan/${id}/edit`, { ...completeFields(a, s), rescueWorkerIds: [String(rescuer.id)], version: String((await planRow(t, id)).version) });
    expect(saved.status).toBe(201);
    expect(await q('SELECT user_id FROM plan_rescue_worker WHERE plan_id = $1', [id])).toEqual([{ user_id: rescuer.id }]);
    // A duplicate does not carry him over any more.
    const manager = await actor(t, company, RIGHTS.manager);
    const copy = await post(manager, `/prevention-plan/${id}/duplicate`);
    expect(await count('plan_rescue_worker', newIdOf(copy.body.redirect))).toBe(0);
  });
});
