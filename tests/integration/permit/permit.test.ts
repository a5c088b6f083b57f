import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs } from '../../../server/kernel/jobs';
import { closePdfBrowser } from '../../../server/kernel/pdf';
import { PERMIT_TYPES } from '../../../server/modules/permit/permit-types';
import { permitMailer, TWO_HOUR_CHECK_JOB } from '../../../server/modules/permit/permit-steps.service';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { drawing } from '../../support/png';
import { actor, type Actor } from '../prevention-plan/plan-helpers';
import { addPermit, insertSurvey, parisDay, permitFields, permitScene, postPermit, postStep, XHR, type PermitScene } from './permit-fixtures';

let t: TestApp;
const clock = new FixedClock(new Date());
let restore: () => void;
beforeAll(async () => { t = await createTestApp(); restore = useClock(clock); });
afterAll(async () => { restore(); await closePdfBrowser(); await t.close(); });
beforeEach(() => { clock.set(new Date()); permitMailer().clear(); });

const HOUR = 3_600_000;
const row = async (id: number) => (await t.db.dataSource.query('SELECT * FROM permit WHERE id = $1', [id]))[0];
const relogin = async (a: Actor): Promise<Actor> => ({ ...a, ...(await loginAs(t, a)) });

describe('routes generated per type', () => {
  it('every type has its routes under its slug; the fire permit also its list and signature routes', () => {
    const routes = t.ctx.routes;
    expect(PERMIT_TYPES.map((type) => type.key)).toEqual(['fire', 'confined_space', 'height_work', 'dust', 'roofing', 'atex', 'fidaa', 'aoc']);
    for (const type of PERMIT_TYPES) {
      const p = type.routePrefix;
      for (const suffix of ['by_plan', 'add', 'show', 'edit', 'step', 'pdf', 'zones', 'screenshot', 'leaflet_zone_add', 'leaflet_zone_edit', 'leaflet_zone_delete']) {
        expect({ name: `${p}_${suffix}`, has: routes.has(`${p}_${suffix}`) }).toEqual({ name: `${p}_${suffix}`, has: true });
      }
      expect(routes.path(`${p}_by_plan`, { id: 3 })).toBe(`/prevention-plan/3/${type.slug}`);
      expect(routes.path(`${p}_add`, { id: 3 })).toBe(`/${type.slug}/add/3`);
      expect(routes.path(`${p}_zones`, { id: 4, sector: 0 })).toContain(`/${type.slug}/4/localise`);
      expect(routes.has(`${p}_signature_add`)).toBe(type.key === 'fire');
    }
    expect(routes.path('fire_permit_index')).toBe('/fire-permit/');
    expect(routes.path('fire_permit_signature_delete', { id: 9 })).toBe('/fire-permit/signature/9/delete');
  });
});

describe('adding and editing', () => {
  let s: PermitScene;
  beforeEach(async () => { s = await permitScene(t); });

  it('the ordering customer adds a fire permit on his plan: number, people, plan tab and list by plan', async () => {
    const form = await s.customer.agent.get(`/fire-permit/add/${s.planId}`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('permit[description]');
    const id = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { managerId: String(s.customer.id), postSupervisorIds: [String(s.customer.id)] }));
    const p = await row(id);
    expect(p).toMatchObject({ type: 'fire', state: 'draft', plan_id: s.planId, sector_id: s.sectorId, manager_id: s.customer.id });
    expect(p.number).toMatch(new RegExp(`^PF-${new Date().getUTCFullYear()}-0001$`));
    const people = await t.db.dataSource.query('SELECT role, user_id, name FROM permit_person WHERE permit_id = $1 ORDER BY id', [id]);
    expect(people.map((x: any) => `${x.role}:${x.user_id ?? ''}:${x.name}`)).toEqual(['supervisor::Paul Martin', 'worker::Luc Durand', 'worker::Anne Petit', `post_supervisor:${s.customer.id}:Test Odile`]);
    const tab = await s.customer.agent.get(`/prevention-plan/${s.planId}?tab=fire_permits`);
    expect(tab.text).toContain(p.number);
    const list = await s.customer.agent.get(`/prevention-plan/${s.planId}/fire-permit`);
    expect(list.status).toBe(200);
    expect(list.text).toContain(p.number);
    const show = await s.customer.agent.get(`/fire-permit/${id}`);
    expect(show.status).toBe(200);
    expect(show.text).toContain('Soudure à l&#39;arc sur la ligne vapeur');
    expect(show.text).toContain('data-testid="permit-step-before"');
  });

  it('refuses an end before the start, a work order of another plan, dates outside the plan (French messages, values kept)', async () => {
    const before = await postPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { endDate: '01/01/2020' }));
    expect(before.status).toBe(200);
    expect(before.text).toContain('La fin doit être postérieure au début.');
    expect(before.text).toContain('Soudure à l&#39;arc');
    const otherPlan = (await t.db.dataSource.query(
      `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id) VALUES ($1, $2, 'Autre', $3) RETURNING id`, [s.customer.tenantId, `PDP-WO-${Date.now()}`, s.customer.id]))[0].id;
    const [wo] = await t.db.dataSource.query(
      `INSERT INTO work_order (tenant_id, plan_id, number, start_date, end_date) VALUES ($1, $2, $3, CURRENT_DATE, CURRENT_DATE) RETURNING id`, [s.customer.tenantId, otherPlan, `BT-T-${Date.now()}`]);
    const res = await postPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { workOrderId: String(wo.id) }));
    expect(res.status).toBe(200);
    expect(res.text).toContain('Ce bon de travail n&#39;appartient pas au plan.');
    const far = await postPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { endDate: '01/01/2099' }));
    expect(far.text).toContain('Les dates doivent être comprises dans celles du plan');
    // A sector of another site of the company is not offered, nor accepted.
    const [item] = await t.db.dataSource.query("INSERT INTO hierarchy_item (tenant_id, name, type_id) SELECT tenant_id, 'Entrepôt', type_id FROM hierarchy_item WHERE id = (SELECT hierarchy_item_id FROM prevention_plan WHERE id = $1) RETURNING id", [s.planId]);
    const [elsewhere] = await t.db.dataSource.query("INSERT INTO sector (tenant_id, item_id, name) VALUES ($1, $2, 'Quai') RETURNING id", [s.customer.tenantId, item.id]);
    const wrongSector = await postPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields({ sectorId: elsewhere.id }));
    expect(wrongSector.status).toBe(200);
    expect(wrongSector.text).toContain('data-testid="error-sectorId"');
  });

  it('edits with the optimistic lock (409 on a stale version)', async () => {
    const id = await addPermit(s.customer, `/atex-permit/add/${s.planId}`, permitFields(s));
    const res = await postPermit(s.customer, `/atex-permit/${id}/edit`, permitFields(s, { description: 'Zone ATEX 2 – dépotage', version: '1' }));
    expect(res.status).toBe(201);
    expect((await row(id)).description).toBe('Zone ATEX 2 – dépotage');
    const staleRes = await postPermit(s.customer, `/atex-permit/${id}/edit`, permitFields(s, { version: '1' }));
    expect(staleRes.status).toBe(409);
    // Another type's slug does not reach it.
    expect((await s.customer.agent.get(`/fire-permit/${id}`)).status).toBe(404);
  });
});

describe('rights, tenancy and CSRF', () => {
  it('add: ordering customer, substitute or pdp.add_work_orders; others 403; another company 404; no token 403', async () => {
    const s = await permitScene(t);
    const viewer = await actor(t, s.company, ['pdp.view', 'pdp.view_all']);
    expect((await viewer.agent.get(`/fire-permit/add/${s.planId}`).set(XHR)).status).toBe(403);
    expect((await viewer.agent.get(`/prevention-plan/${s.planId}/fire-permit`)).status).toBe(200);
    const adder = await actor(t, s.company, ['pdp.view', 'pdp.view_all', 'pdp.add_work_orders']);
    expect((await adder.agent.get(`/fire-permit/add/${s.planId}`).set(XHR)).status).toBe(200);
    const substitute = await actor(t, s.company, ['pdp.view']);
    await t.db.dataSource.query('INSERT INTO plan_substitute (tenant_id, plan_id, user_id) VALUES ($1, $2, $3)', [s.customer.tenantId, s.planId, substitute.id]);
    const id = await addPermit(substitute, `/confined-space-permit/add/${s.planId}`, permitFields(s));
    expect((await viewer.agent.get(`/confined-space-permit/${id}`)).status).toBe(200);
    expect((await viewer.agent.get(`/confined-space-permit/${id}/edit`).set(XHR)).status).toBe(403);
    const stranger = await actor(t, `${s.company} bis`, ['pdp.view', 'pdp.view_all', 'pdp.add_work_orders', 'pdp.view_fire_permits']);
    expect((await stranger.agent.get(`/confined-space-permit/${id}`)).status).toBe(404);
    expect((await stranger.agent.get(`/fire-permit/add/${s.planId}`).set(XHR)).status).toBe(404);
    expect((await stranger.agent.get(`/confined-space-permit/${id}/pdf`)).status).toBe(404);
    const noToken = await s.customer.agent.post(`/fire-permit/add/${s.planId}`).set(XHR).type('form').send({ 'permit[description]': 'x' });
    expect(noToken.status).toBe(403);
  });

  it('outside plans: fire permits only, with pdp.view_fire_permits (and pdp.add_work_orders to add)', async () => {
    const s = await permitScene(t, ['pdp.view', 'pdp.view_fire_permits', 'pdp.add_work_orders']);
    const id = await addPermit(s.customer, '/fire-permit/add', permitFields({}));
    expect((await row(id)).plan_id).toBeNull();
    expect((await s.customer.agent.get('/atex-permit/add').set(XHR)).status).toBe(404);
    const list = await s.customer.agent.get('/fire-permit/');
    expect(list.status).toBe(200);
    expect(list.text).toContain(`permit-row-${id}`);
    const other = await actor(t, s.company, ['pdp.view', 'pdp.view_all']);
    expect((await other.agent.get(`/fire-permit/${id}`)).status).toBe(404);
    expect((await other.agent.get('/fire-permit/')).text).not.toContain(`permit-row-${id}`);
    expect((await other.agent.get('/fire-permit/add').set(XHR)).status).toBe(403);
  });
});

describe('control steps', () => {
  it('fire permit: before -> in_progress, after -> post_work with the two-hour check scheduled; late when the clock passes it, mail to manager and post-work supervisors; two_hours -> closed', async () => {
    let s = await permitScene(t);
    const post = await makeUser(t, { company: s.company, roles: [], rights: ['pdp.view'] });
    const id = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { managerId: String(s.customer.id), postSupervisorIds: [String(post.id)] }));
    // Steps in order only.
    expect((await postStep(s.customer, `/fire-permit/${id}/step/after`, { questionId: s.survey.questionId, answer: s.survey.yes })).status).toBe(409);
    const form = await s.customer.agent.get(`/fire-permit/${id}/step/before`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Extincteur à proximité');
    expect(form.text).toContain('data-island="signature"');
    // A required checklist answer and a drawing are needed.
    const missing = await postStep(s.customer, `/fire-permit/${id}/step/before`, { ink: false });
    expect(missing.status).toBe(200);
    expect(missing.text).toContain('data-testid="form-errors"');
    expect((await row(id)).state).toBe('draft');
    expect((await postStep(s.customer, `/fire-permit/${id}/step/before`, { questionId: s.survey.questionId, answer: s.survey.yes })).status).toBe(201);
    expect((await row(id)).state).toBe('in_progress');
    const [answer] = await t.db.dataSource.query(`SELECT subject_type FROM questionnaire_response WHERE subject_id = $1 AND subject_type LIKE 'permit_%'`, [id]);
    expect(answer.subject_type).toBe('permit_before');

    const doneAt = clock.now();
    expect((await postStep(s.customer, `/fire-permit/${id}/step/after`, { questionId: s.survey.questionId, answer: s.survey.yes })).status).toBe(201);
    const after = await row(id);
    expect(after.state).toBe('post_work');
    expect(new Date(after.last_check_due_at).getTime()).toBe(doneAt.getTime() + 2 * HOUR);
    const [job] = await t.db.dataSource.query(`SELECT run_at FROM job WHERE name = $1 AND payload->>'permitId' = $2`, [TWO_HOUR_CHECK_JOB, String(id)]);
    expect(new Date(job.run_at).getTime()).toBe(doneAt.getTime() + 2 * HOUR);
    expect((await s.customer.agent.get(`/fire-permit/${id}`)).text).not.toContain('data-testid="permit-late"');

    // Not due yet: nothing sent.
    await drainJobs(t.db.dataSource, { names: [TWO_HOUR_CHECK_JOB], tenantIds: [s.customer.tenantId] });
    expect(permitMailer().sent()).toHaveLength(0);
    clock.set(new Date(doneAt.getTime() + 2 * HOUR + 60_000));
    await drainJobs(t.db.dataSource, { names: [TWO_HOUR_CHECK_JOB], tenantIds: [s.customer.tenantId] });
    const mails = permitMailer().sent();
    expect(mails.map((m) => m.to[0]).sort()).toEqual([`${s.customer.username}@example.fr`, `${post.username}@example.fr`].sort());
    expect(mails[0].subject).toContain('contrôle 2 heures après travaux en retard');
    s = { ...s, customer: await relogin(s.customer) };
    const page = await s.customer.agent.get(`/fire-permit/${id}`);
    expect(page.text).toContain('data-testid="permit-late"');
    expect(page.text).toContain('data-testid="permit-history-two_hour_check_late"');
    expect(page.text).toContain('Contrôle 2 heures en retard : relance envoyée');
    expect(page.text).toContain('data-testid="permit-late-alert"');
    const late = await s.customer.agent.get('/fire-permit/?late=1');
    expect(late.text).toContain(`permit-row-${id}`);
    expect(late.text).toContain('En retard');
    expect((await s.customer.agent.get(`/prevention-plan/${s.planId}?tab=fire_permits`)).text).toContain('data-testid="permit-late"');

    expect((await postStep(s.customer, `/fire-permit/${id}/step/two_hours`, { questionId: s.survey.questionId, answer: s.survey.yes })).status).toBe(201);
    expect((await row(id)).state).toBe('closed');
    const closed = await s.customer.agent.get(`/fire-permit/${id}`);
    expect(closed.text).not.toContain('data-testid="permit-late"');
    expect(closed.text).not.toContain('data-testid="permit-edit"');
    expect((await s.customer.agent.get(`/fire-permit/${id}/edit`).set(XHR)).status).toBe(403);
    const signatures = await t.db.dataSource.query('SELECT step FROM permit_signature WHERE permit_id = $1 ORDER BY id', [id]);
    expect(signatures.map((x: any) => x.step)).toEqual(['before', 'after', 'two_hours']);
  });

  it('the two-hour check done in time: no mail, never late', async () => {
    const s = await permitScene(t);
    const id = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { managerId: String(s.customer.id) }));
    for (const step of ['before', 'after', 'two_hours']) {
      expect((await postStep(s.customer, `/fire-permit/${id}/step/${step}`, { questionId: s.survey.questionId, answer: s.survey.yes })).status).toBe(201);
    }
    clock.set(new Date(clock.now().getTime() + 3 * HOUR));
    await drainJobs(t.db.dataSource, { names: [TWO_HOUR_CHECK_JOB], tenantIds: [s.customer.tenantId] });
    expect(permitMailer().sent()).toHaveLength(0);
  });

  it('a type with two steps (ATEX): before -> in_progress, after -> closed, its own survey type, no two-hour job', async () => {
    const s = await permitScene(t);
    const atex = await insertSurvey(t, s.customer.tenantId, 'atex', 'Contrôle ATEX');
    const id = await addPermit(s.customer, `/atex-permit/add/${s.planId}`, permitFields(s));
    const form = await s.customer.agent.get(`/atex-permit/${id}/step/before`).set(XHR);
    expect(form.text).toContain(`questionnaire[q${atex.questionId}]`);
    expect(form.text).not.toContain(`questionnaire[q${s.survey.questionId}]`);
    expect((await s.customer.agent.get(`/atex-permit/${id}/step/two_hours`).set(XHR)).status).toBe(404);
    expect((await postStep(s.customer, `/atex-permit/${id}/step/before`, { questionId: atex.questionId, answer: atex.yes })).status).toBe(201);
    expect((await row(id)).state).toBe('in_progress');
    expect((await postStep(s.customer, `/atex-permit/${id}/step/after`, { questionId: atex.questionId, answer: atex.no })).status).toBe(201);
    const p = await row(id);
    expect(p.state).toBe('closed');
    expect(p.last_check_due_at).toBeNull();
    const jobs = await t.db.dataSource.query(`SELECT 1 FROM job WHERE name = $1 AND payload->>'permitId' = $2`, [TWO_HOUR_CHECK_JOB, String(id)]);
    expect(jobs).toHaveLength(0);
    const tab = await s.customer.agent.get(`/prevention-plan/${s.planId}?tab=permits`);
    expect(tab.text).toContain(p.number);
    expect(tab.text).toContain('data-testid="permit-section-atex"');
  });

  it('a worker named on the permit may do a step; a user not named may not', async () => {
    const s = await permitScene(t);
    const worker = await actor(t, s.company, ['pdp.view', 'pdp.view_all']);
    const other = await actor(t, s.company, ['pdp.view', 'pdp.view_all']);
    const id = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { workerIds: [String(worker.id)] }));
    expect((await postStep(other, `/fire-permit/${id}/step/before`, { questionId: s.survey.questionId, answer: s.survey.yes })).status).toBe(403);
    expect((await row(id)).state).toBe('draft');
    expect(await t.db.dataSource.query('SELECT 1 FROM permit_step WHERE permit_id = $1', [id])).toEqual([]);
    expect((await postStep(worker, `/fire-permit/${id}/step/before`, { questionId: s.survey.questionId, answer: s.survey.yes })).status).toBe(201);
  });
});

describe('fire permit signatures, PDF and indicators', () => {
  it('lists, adds and deletes signatures; prints the PDF; counts the indicators', async () => {
    const s = await permitScene(t);
    // The whole of today (Paris): a permit of today's widget.
    const day = parisDay(new Date());
    const id = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields(s, { startDate: day, startTime: '00:00', endDate: day, endTime: '23:59' }));
    expect((await postStep(s.customer, `/fire-permit/${id}/step/before`, { questionId: s.survey.questionId, answer: s.survey.yes })).status).toBe(201);
    const add = await s.customer.agent.post(`/fire-permit/${id}/signature/add`).set(XHR).type('form').send({
      _csrf_token: s.customer.csrf, 'permit_signature[step]': 'before', 'permit_signature[quality]': 'Soudeur', 'signature[name]': 'Luc Durand', 'signature[image]': drawing(),
    });
    expect(add.status).toBe(201);
    const notReached = await s.customer.agent.post(`/fire-permit/${id}/signature/add`).set(XHR).type('form').send({
      _csrf_token: s.customer.csrf, 'permit_signature[step]': 'two_hours', 'signature[name]': 'Luc Durand', 'signature[image]': drawing(),
    });
    expect(notReached.status).toBe(200);
    expect(notReached.text).toContain('Cette étape n&#39;est pas encore atteinte.');
    const list = await s.customer.agent.get(`/fire-permit/${id}/signatures`).set(XHR);
    expect(list.text).toContain('Luc Durand');
    const [sig] = await t.db.dataSource.query(`SELECT id FROM permit_signature WHERE permit_id = $1 AND signer_name = 'Luc Durand'`, [id]);
    const stranger = await actor(t, `${s.company} ter`, ['pdp.view', 'pdp.view_all', 'pdp.add_work_orders']);
    expect((await stranger.agent.post(`/fire-permit/signature/${sig.id}/delete`).set(XHR).type('form').send({ _csrf_token: stranger.csrf })).status).toBe(404);
    expect((await s.customer.agent.post(`/fire-permit/signature/${sig.id}/delete`).set(XHR).type('form').send({ _csrf_token: s.customer.csrf })).status).toBe(200);
    expect(await t.db.dataSource.query('SELECT 1 FROM permit_signature WHERE id = $1', [sig.id])).toHaveLength(0);

    const pdf = await s.customer.agent.get(`/fire-permit/${id}/pdf`).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = []; res.on('data', (c: Buffer) => chunks.push(c)); res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 4).toString()).toBe('%PDF');

    const states = await s.customer.agent.get('/dashboard/fire-permit/states').set('Accept', 'application/json');
    expect(states.status).toBe(200);
    expect(JSON.stringify(states.body)).toContain('Travaux en cours');
    const today = await s.customer.agent.get('/dashboard/fire-permit/today').set('Accept', 'application/json');
    expect(JSON.stringify(today.body)).toContain((await row(id)).number);
  }, 60_000);
});
