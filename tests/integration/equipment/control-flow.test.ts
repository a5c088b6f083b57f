import { drainJobs } from '../../../server/kernel/jobs';
import { setToggle } from '../../../server/kernel/toggles/toggles';
import { CONTROL_PROCESSED_MAIL_JOB, controlMailer } from '../../../server/modules/equipment/control/control-mail';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { binary, pdfText } from '../../support/pdf';
import { seedControllable } from './control-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

let seq = 0;
const company = () => `VGP contrôle ${process.pid}-${Date.now()}-${++seq}`;
const CONTROLLER = ['vgp.view', 'vgp.controls_view', 'vgp.validate', 'action.view'];
type Agent = Awaited<ReturnType<typeof loginAs>>['agent'];

/** A controller logged in, a controllable of their company and its started control. */
async function started(opts: Parameters<typeof seedControllable>[2] = {}) {
  const name = company();
  const user = await makeUser(t, { company: name, rights: CONTROLLER });
  const { agent, csrf } = await loginAs(t, user);
  const seeded = await seedControllable(t.db.dataSource, user.tenantId, opts);
  const res = await agent.post(`/equipment/controls/${seeded.controllableId}/control`).set('X-CSRF-Token', csrf);
  expect(res.status).toBe(303);
  const controlId = Number(/\/equipment\/control\/(\d+)$/.exec(res.headers.location)![1]);
  return { user, agent, csrf, company: name, controlId, ...seeded };
}

const json = (agent: Agent, csrf: string, url: string, body: Record<string, unknown> = {}) =>
  agent.post(url).set('X-CSRF-Token', csrf).set('X-Requested-With', 'XMLHttpRequest').set('Accept', 'application/json').send(body);

async function answerAll(s: Awaited<ReturnType<typeof started>>, pick: 'ok' | 'ko' | 'na' = 'ok') {
  for (const g of s.form.groups) for (const c of g.checkpoints) {
    expect((await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/checkpoint`, { questionId: c.id, answerId: c[pick], comment: null })).status).toBe(200);
  }
}

async function setDate(s: Awaited<ReturnType<typeof started>>, date: string) {
  const [k] = await t.db.dataSource.query('SELECT version FROM vgp_control WHERE id = $1', [s.controlId]);
  const res = await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/general`, { controlDate: date, controllerId: s.user.id, supervisorId: '', comment: 'RAS', version: k.version });
  expect(res.status).toBe(200);
}

describe('starting a control', () => {
  it('creates the control with the controllable form, then resumes it', async () => {
    const s = await started();
    const [k] = await t.db.dataSource.query('SELECT state, step, form_id, controller_id FROM vgp_control WHERE id = $1', [s.controlId]);
    expect(k).toEqual({ state: 'in_progress', step: 1, form_id: s.form.formId, controller_id: s.user.id });
    const again = await s.agent.post(`/equipment/controls/${s.controllableId}/control`).set('X-CSRF-Token', s.csrf);
    expect(again.headers.location).toBe(`/equipment/control/${s.controlId}`);
    const page = await s.agent.get(`/equipment/control/${s.controlId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-island="vgp-control"');
    expect(page.text).toContain('Structure et crochet');
    // One title: the layout's is hidden behind the page header.
    expect(page.text.match(/<h1/g)).toHaveLength(1);
  });

  it('lays the checkpoints densely when the company turns on compact control forms', async () => {
    const s = await started();
    const props = async () => JSON.parse(/data-island-props>(.*?)<\/script>/s.exec((await s.agent.get(`/equipment/control/${s.controlId}`)).text)![1]);
    expect((await props()).compact).toBe(false);
    await setToggle(t.db.dataSource, s.user.tenantId, 'compact_control_forms', true);
    expect((await props()).compact).toBe(true);
  });

  it('refuses a controllable without a form, in French', async () => {
    const user = await makeUser(t, { company: company(), rights: CONTROLLER });
    const { agent, csrf } = await loginAs(t, user);
    const seeded = await seedControllable(t.db.dataSource, user.tenantId, { withForm: false });
    const res = await json(agent, csrf, `/equipment/controls/${seeded.controllableId}/control`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/n'a pas de formulaire de contrôle/);
    expect(await t.db.dataSource.query('SELECT id FROM vgp_control WHERE controllable_id = $1', [seeded.controllableId])).toEqual([]);
  });

  it('needs vgp.validate to start, answer and validate (403)', async () => {
    const s = await started();
    const viewer = await makeUser(t, { company: s.company, rights: ['vgp.view', 'vgp.controls_view'] });
    const { agent, csrf } = await loginAs(t, viewer);
    const c = s.form.groups[0].checkpoints[0];
    expect((await json(agent, csrf, `/equipment/controls/${s.controllableId}/control`)).status).toBe(403);
    expect((await json(agent, csrf, `/equipment/control/${s.controlId}/checkpoint`, { questionId: c.id, answerId: c.ok })).status).toBe(403);
    expect((await json(agent, csrf, `/equipment/control/${s.controlId}/groups/${s.form.groups[0].id}/validate`)).status).toBe(403);
    expect((await json(agent, csrf, `/equipment/control/${s.controlId}/validate`)).status).toBe(403);
    // The viewer reads the control, without the island.
    const page = await agent.get(`/equipment/control/${s.controlId}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('data-island="vgp-control"');
  });
});

describe('saving a checkpoint', () => {
  it('keeps one answer per checkpoint and its comment', async () => {
    const s = await started();
    const c = s.form.groups[0].checkpoints[0];
    const url = `/equipment/control/${s.controlId}/checkpoint`;
    expect((await json(s.agent, s.csrf, url, { questionId: c.id, answerId: c.ko, comment: 'Crochet fissuré' })).status).toBe(200);
    const res = await json(s.agent, s.csrf, url, { questionId: c.id, answerId: c.ok, comment: '' });
    expect(res.body.result).toMatchObject({ questionId: c.id, answerId: c.ok, comment: null });
    expect(await t.db.dataSource.query('SELECT answer_id FROM vgp_control_result WHERE control_id = $1', [s.controlId])).toEqual([{ answer_id: c.ok }]);
  });

  it("refuses the answer of another checkpoint, and a checkpoint of another form", async () => {
    const s = await started();
    const [a, b] = s.form.groups[0].checkpoints;
    const url = `/equipment/control/${s.controlId}/checkpoint`;
    const wrong = await json(s.agent, s.csrf, url, { questionId: a.id, answerId: b.ko });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe("Cette réponse n'est pas proposée pour ce point de contrôle.");
    const other = await seedControllable(t.db.dataSource, s.user.tenantId, { name: 'Chariot' });
    const foreign = other.form.groups[0].checkpoints[0];
    expect((await json(s.agent, s.csrf, url, { questionId: foreign.id, answerId: foreign.ok })).status).toBe(422);
    expect(await t.db.dataSource.query('SELECT id FROM vgp_control_result WHERE control_id = $1', [s.controlId])).toEqual([]);
  });

  it("answers 404 for another company's control", async () => {
    const s = await started();
    const stranger = await makeUser(t, { company: company(), rights: CONTROLLER });
    const { agent, csrf } = await loginAs(t, stranger);
    const c = s.form.groups[0].checkpoints[0];
    expect((await json(agent, csrf, `/equipment/control/${s.controlId}/checkpoint`, { questionId: c.id, answerId: c.ok })).status).toBe(404);
    expect((await agent.get(`/equipment/control/${s.controlId}`)).status).toBe(404);
    expect((await json(agent, csrf, `/equipment/controls/${s.controllableId}/control`)).status).toBe(404);
  });
});

describe('validating a group', () => {
  it('gives the unanswered checkpoints of the group their conforming answer, and keeps the answers given', async () => {
    const s = await started();
    const [first, second] = s.form.groups[0].checkpoints;
    await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/checkpoint`, { questionId: first.id, answerId: first.ko, comment: 'Usé' });
    const res = await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/groups/${s.form.groups[0].id}/validate`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { questionId: number }) => r.questionId)).toEqual([second.id]);
    const rows = await t.db.dataSource.query('SELECT question_id, answer_id FROM vgp_control_result WHERE control_id = $1 ORDER BY question_id', [s.controlId]);
    expect(rows).toEqual([{ question_id: first.id, answer_id: first.ko }, { question_id: second.id, answer_id: second.ok }]);
    // The other group is untouched.
    const other = s.form.groups[1].checkpoints[0];
    expect(rows.some((r: { question_id: number }) => r.question_id === other.id)).toBe(false);
  });
});

describe('validating the control', () => {
  it("is refused with 'Une réponse est nécessaire' while a checkpoint is unanswered", async () => {
    const s = await started();
    const g = s.form.groups[0];
    await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/groups/${g.id}/validate`);
    const res = await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/validate`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Une réponse est nécessaire');
    expect(res.body.unanswered).toEqual([s.form.groups[1].checkpoints[0].id]);
    const [k] = await t.db.dataSource.query('SELECT state FROM vgp_control WHERE id = $1', [s.controlId]);
    expect(k.state).toBe('in_progress');
  });

  it('creates an action per answer asking one, due control date + delay; a conforming answer creates none', async () => {
    const s = await started({ delay: 30 });
    await setDate(s, '31/01/2026');
    await answerAll(s, 'ok');
    const ko = s.form.groups[1].checkpoints[0];
    await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/checkpoint`, { questionId: ko.id, answerId: ko.ko, comment: 'Garnitures usées' });
    const items = await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/actions`);
    expect(items.body).toEqual([expect.objectContaining({
      comment: 'État : Freins : Non conforme', complement: 'Garnitures usées', deadline: '02/03/2026', attachementUrl1: null, attachementUrl2: null,
      resultId: expect.any(Number),
    })]);
    const res = await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/validate`);
    expect(res.status).toBe(201);
    const actions = await t.db.dataSource.query(
      `SELECT comments, complement, deadline::text AS deadline, level, source_type, source_id FROM action WHERE tenant_id = $1 ORDER BY id`, [s.user.tenantId]);
    expect(actions).toEqual([{ comments: 'État : Freins : Non conforme', complement: 'Garnitures usées', deadline: '2026-03-02', level: 'urgent', source_type: 'vgp_control', source_id: s.controlId }]);
    const [r] = await t.db.dataSource.query('SELECT action_id FROM vgp_control_result WHERE control_id = $1 AND question_id = $2', [s.controlId, ko.id]);
    expect(r.action_id).toBe(res.body.actionIds[0]);
    const [k] = await t.db.dataSource.query('SELECT state, validated_at, report_file_id FROM vgp_control WHERE id = $1', [s.controlId]);
    expect(k.state).toBe('done');
    expect(k.validated_at).not.toBeNull();
    expect(k.report_file_id).not.toBeNull();
    // The action plan shows where the action came from.
    const action = await s.agent.get(`/action-plan/${res.body.actionIds[0]}`);
    expect(action.text).toContain(`Contrôle n°${s.controlId}`);
    // The action items now read the created action.
    const after = await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/actions`);
    expect(after.body).toEqual([expect.objectContaining({ actionId: res.body.actionIds[0], actionUrl: `/action-plan/${res.body.actionIds[0]}`, deadline: '02/03/2026' })]);
    // Validated once only.
    expect((await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/validate`)).status).toBe(409);
  });

  it.each([[0, '2026-01-31'], [29, '2026-03-01'], [30, '2026-03-02'], [31, '2026-03-03']])('with a delay of %i days, the action is due on %s', async (delay, due) => {
    const s = await started({ delay });
    await setDate(s, '31/01/2026');
    await answerAll(s, 'ko');
    expect((await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/validate`)).status).toBe(201);
    const rows = await t.db.dataSource.query(`SELECT DISTINCT deadline::text AS deadline FROM action WHERE tenant_id = $1`, [s.user.tenantId]);
    expect(rows).toEqual([{ deadline: due }]);
  });

  it('sets the last control date and plans the next deadline from the frequency', async () => {
    const s = await started({ frequency: 6, unit: 'month' });
    await setDate(s, '31/08/2026');
    await answerAll(s, 'na');
    const res = await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/validate`);
    expect(res.status).toBe(201);
    const [c] = await t.db.dataSource.query('SELECT last_control_date::text AS last, deadline::text AS deadline FROM vgp_controllable WHERE id = $1', [s.controllableId]);
    expect(c).toEqual({ last: '2026-08-31', deadline: '2027-02-28' });
    expect(await t.db.dataSource.query('SELECT id FROM action WHERE tenant_id = $1', [s.user.tenantId])).toEqual([]);
  });

  it("mails the controller's manager only when the controller asked for it", async () => {
    const mailsTo = (to: string) => controlMailer().sent().filter((m) => String(m.to).includes(to));
    for (const flag of [true, false]) {
      const s = await started();
      const manager = await makeUser(t, { company: s.company, rights: ['vgp.view'] });
      await t.db.dataSource.query('UPDATE app_user SET supervisor_id = $2, vgp_processed_mail = $3 WHERE id = $1', [s.user.id, manager.id, flag]);
      await answerAll(s, 'ok');
      expect((await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/validate`)).status).toBe(201);
      await drainJobs(t.db.dataSource, { names: [CONTROL_PROCESSED_MAIL_JOB], tenantIds: [s.user.tenantId] });
      const mails = mailsTo(`${manager.username}@example.fr`);
      expect(mails.map((m) => m.subject)).toEqual(flag ? ['Contrôle réalisé : VGP Pont roulant 5 t'] : []);
    }
  });

  it('stores the PDF report, served with the control rights', async () => {
    const s = await started();
    await answerAll(s, 'ok');
    expect((await json(s.agent, s.csrf, `/equipment/control/${s.controlId}/validate`)).status).toBe(201);
    const pdf = await s.agent.get(`/equipment/control/${s.controlId}/report`).buffer(true).parse(binary as never);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain('Structure et crochet');
    expect(text).toContain('Conforme');
    const page = await s.agent.get(`/equipment/control/${s.controlId}`);
    expect(page.text).toContain('data-testid="control-report"');
    expect(page.text.match(/<h1/g)).toHaveLength(1);
    const stranger = await makeUser(t, { company: company(), rights: CONTROLLER });
    expect((await (await loginAs(t, stranger)).agent.get(`/equipment/control/${s.controlId}/report`)).status).toBe(404);
  });
});
