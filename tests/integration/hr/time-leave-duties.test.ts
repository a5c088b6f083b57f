import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
let restore: () => void;
beforeAll(async () => {
  t = await createTestApp();
  restore = useClock(new FixedClock(new Date('2026-11-23T10:00:00Z')));
});
afterAll(async () => { restore(); await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const MANAGER_RIGHTS = ['hr.leave_manage', 'hr.view_all', 'hr.view'];
const OWN_VALIDATE = 'Vous ne pouvez pas valider votre propre demande : elle sera validée par votre responsable ou par un autre gestionnaire des congés.';
const OWN_REFUSE = "Vous ne pouvez pas refuser votre propre demande : annulez-la si vous n'en avez plus besoin.";

async function employee(tenantId: number, lastName: string, userId: number | null): Promise<number> {
  const [r] = await q('INSERT INTO employee (tenant_id, last_name, first_name, user_id, paid_leave_number) VALUES ($1, $2, $3, $4, 25) RETURNING id', [tenantId, lastName, 'Léa', userId]);
  return r.id;
}

async function asked(tenantId: number, employeeId: number, start: string, end: string): Promise<number> {
  const [r] = await q(`INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state) VALUES ($1, $2, 'paid_leave', $3, $4, 'requested') RETURNING id`, [tenantId, employeeId, start, end]);
  return r.id;
}

/** The HTML of the home card « Congés à valider » ('' when absent). */
async function leaveCard(agent: Awaited<ReturnType<typeof loginAs>>['agent']): Promise<string> {
  const html = (await agent.get('/')).text;
  const at = html.indexOf('data-testid="home-card-leave-to-validate"');
  return at < 0 ? '' : html.slice(at, html.indexOf('</section>', at));
}

const stateOf = async (id: number) => (await q('SELECT state, decided_by_id FROM paid_leave_request WHERE id = $1', [id]))[0];

/** A company with two leave managers (each an employee) and a plain employee. */
async function company() {
  const name = `Société séparation ${Math.random().toString(36).slice(2)}`;
  const boss = await makeUser(t, { company: name, roles: ['user'], rights: MANAGER_RIGHTS });
  const other = await makeUser(t, { company: name, roles: ['user'], rights: MANAGER_RIGHTS });
  const worker = await makeUser(t, { company: name, roles: ['user'] });
  const tenantId = boss.tenantId;
  return {
    boss, other, worker, tenantId,
    bossEmployee: await employee(tenantId, 'Roux', boss.id),
    otherEmployee: await employee(tenantId, 'Girard', other.id),
    workerEmployee: await employee(tenantId, 'Moreau', worker.id),
  };
}

describe('nobody decides their own leave request', () => {
  it('refuses a manager validating or refusing their own request (403, French reason, still asked); another manager validates it', async () => {
    const c = await company();
    const own = await asked(c.tenantId, c.bossEmployee, '2026-12-07', '2026-12-11');
    const b = await loginAs(t, c.boss);
    const validate = await b.agent.post(`/rh/paid-leave-requests/${own}/validate`).set(XHR).send({ _csrf_token: b.csrf });
    expect(validate.status).toBe(403);
    expect(validate.body.message).toBe(OWN_VALIDATE);
    const refuseForm = await b.agent.get(`/rh/paid-leave-requests/${own}/refuse`).set(XHR);
    expect(refuseForm.status).toBe(403);
    const refuse = await b.agent.post(`/rh/paid-leave-requests/${own}/refuse`).set(XHR).type('form').send({ _csrf_token: b.csrf, 'paid_leave_refusal[comment]': 'Plus besoin' });
    expect(refuse.status).toBe(403);
    expect(refuse.body.message).toBe(OWN_REFUSE);
    expect(await stateOf(own)).toEqual({ state: 'requested', decided_by_id: null });

    const o = await loginAs(t, c.other);
    const ok = await o.agent.post(`/rh/paid-leave-requests/${own}/validate`).set(XHR).send({ _csrf_token: o.csrf });
    expect(ok.status).toBe(201);
    expect(await stateOf(own)).toEqual({ state: 'approved', decided_by_id: c.other.id });
  });

  it('still lets the manager cancel their own request, and decide the requests of others', async () => {
    const c = await company();
    const own = await asked(c.tenantId, c.bossEmployee, '2026-12-07', '2026-12-11');
    const theirs = await asked(c.tenantId, c.workerEmployee, '2026-12-07', '2026-12-11');
    const b = await loginAs(t, c.boss);
    expect((await b.agent.post(`/rh/paid-leave-requests/${theirs}/validate`).set(XHR).send({ _csrf_token: b.csrf })).status).toBe(201);
    expect((await b.agent.post(`/rh/paid-leave-requests/${own}/cancel`).set(XHR).send({ _csrf_token: b.csrf })).status).toBe(201);
    expect((await stateOf(own)).state).toBe('cancelled');
  });

  it('offers no Valider / Refuser on one\'s own row, says why, and keeps them on the others\'', async () => {
    const c = await company();
    const own = await asked(c.tenantId, c.bossEmployee, '2026-12-07', '2026-12-11');
    const theirs = await asked(c.tenantId, c.workerEmployee, '2026-12-14', '2026-12-18');
    const b = await loginAs(t, c.boss);
    const list = await b.agent.get('/rh/paid-leave-requests?state=requested');
    expect(list.status).toBe(200);
    const rowOf = (id: number) => (list.text.split('<tr data-leave-id="').find((r) => r.startsWith(`${id}"`)) ?? '').split('</tr>')[0];
    expect(rowOf(own)).not.toContain(`/rh/paid-leave-requests/${own}/validate`);
    expect(rowOf(own)).not.toContain(`/rh/paid-leave-requests/${own}/refuse`);
    expect(rowOf(own)).toContain(`data-testid="leave-own-notice"`);
    expect(rowOf(own)).toContain(OWN_VALIDATE);
    expect(rowOf(theirs)).toContain(`/rh/paid-leave-requests/${theirs}/validate`);
    expect(rowOf(theirs)).not.toContain('data-testid="leave-own-notice"');
  });

  it('leaves one\'s own request out of the home card « Congés à valider »', async () => {
    const c = await company();
    await asked(c.tenantId, c.bossEmployee, '2026-12-07', '2026-12-11');
    await asked(c.tenantId, c.workerEmployee, '2026-12-14', '2026-12-18');
    const b = await loginAs(t, c.boss);
    const card = await leaveCard(b.agent);
    expect(card).toMatch(/data-testid="home-card-count">1</);
    expect(card).toContain('Léa Moreau');
    expect(card).not.toContain('Léa Roux');
    // The other manager sees both.
    const o = await loginAs(t, c.other);
    expect(await leaveCard(o.agent)).toMatch(/data-testid="home-card-count">2</);
  });
});

describe('the requester is told who validates', () => {
  it('names the supervisor when they manage leave and see the employee, else says another leave manager', async () => {
    const c = await company();
    const w = await loginAs(t, c.worker);
    const before = await w.agent.get('/rh/paid-leave-requests');
    expect(before.text).toContain('data-testid="leave-validators"');
    expect(before.text).toContain('Vos demandes de congé sont validées par un gestionnaire des congés.');
    await q('UPDATE app_user SET first_name = $2, last_name = $3 WHERE id = $1', [c.boss.id, 'Nathalie', 'Roux']);
    await q('UPDATE app_user SET supervisor_id = $2 WHERE id = $1', [c.worker.id, c.boss.id]);
    const after = await w.agent.get('/rh/paid-leave-requests');
    expect(after.text).toContain('Vos demandes de congé sont validées par votre responsable, Nathalie Roux, ou par un autre gestionnaire des congés.');
    const form = await w.agent.get('/rh/paid-leave-requests/new').set(XHR);
    expect(form.text).toContain('data-testid="leave-form-validators"');
    expect(form.text).toContain('Vos demandes de congé sont validées par votre responsable, Nathalie Roux, ou par un autre gestionnaire des congés.');

    // A supervisor managing leave who does not see the employee (not all employees, not their service) is not named.
    const companyName = (await q('SELECT name FROM tenant WHERE id = $1', [c.tenantId]))[0].name;
    const limited = await makeUser(t, { company: companyName, roles: ['user'], rights: ['hr.leave_manage'] });
    await q('UPDATE app_user SET supervisor_id = $2 WHERE id = $1', [c.worker.id, limited.id]);
    expect((await w.agent.get('/rh/paid-leave-requests')).text).toContain('Vos demandes de congé sont validées par un gestionnaire des congés.');

    // A supervisor who does not manage leave is not named.
    await q('UPDATE app_user SET supervisor_id = $2 WHERE id = $1', [c.boss.id, c.worker.id]);
    const b = await loginAs(t, c.boss);
    const bossPage = await b.agent.get('/rh/paid-leave-requests');
    expect(bossPage.text).toContain('Vous ne pouvez pas valider vos propres demandes : elles sont validées par un autre gestionnaire des congés.');
    expect(bossPage.text).not.toContain('votre responsable, Camille');
  });
});
