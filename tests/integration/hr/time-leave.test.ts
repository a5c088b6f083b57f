import { FixedClock, useClock } from '../../../server/kernel/clock';
import { loadConfig } from '../../../server/kernel/config';
import { drainJobs } from '../../../server/kernel/jobs';
import { LEAVE_DECISION_MAIL_JOB, leaveMailer } from '../../../server/modules/hr/time/leave-mail';
import { decideLeave, leaveBalance } from '../../../server/modules/hr/time/leave.service';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
let restore: () => void;
beforeAll(async () => {
  t = await createTestApp();
  // Monday 23 November 2026: the paid-leave year (reset 1 June by default) runs from 01/06/2026 to 31/05/2027.
  restore = useClock(new FixedClock(new Date('2026-11-23T10:00:00Z')));
});
afterAll(async () => { restore(); await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

async function employee(tenantId: number, lastName: string, extra: { userId?: number; entitlement?: number; reset?: string } = {}): Promise<number> {
  const [r] = await q('INSERT INTO employee (tenant_id, last_name, first_name, user_id, paid_leave_number, paid_leave_reset_date) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [tenantId, lastName, 'Léa', extra.userId ?? null, extra.entitlement ?? 25, extra.reset ?? null]);
  return r.id;
}

async function leave(tenantId: number, employeeId: number, start: string, end: string, state = 'approved', type = 'paid_leave'): Promise<number> {
  const [r] = await q('INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id', [tenantId, employeeId, type, start, end, state]);
  return r.id;
}

/** A company with an employee linked to a plain user, and a leave manager. */
async function company() {
  const name = `Société congés ${Math.random().toString(36).slice(2)}`;
  const worker = await makeUser(t, { company: name, roles: ['user'] });
  const manager = await makeUser(t, { company: name, roles: ['user'], rights: ['hr.leave_manage', 'hr.view_all', 'hr.view'] });
  const employeeId = await employee(worker.tenantId, 'Moreau', { userId: worker.id });
  return { worker, manager, employeeId, tenantId: worker.tenantId };
}

const form = (csrf: string, fields: Record<string, string>) => ({ _csrf_token: csrf, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`paid_leave_request[${k}]`, v])) });

describe('paid-leave balance', () => {
  it('deducts approved paid-leave working days of the current paid-leave year only (hand-computed)', async () => {
    const { tenantId, employeeId } = await company();
    // 21/12/2026–01/01/2027: 10 weekdays − Christmas (Fri 25/12) − New Year (Fri 01/01) = 8 working days.
    await leave(tenantId, employeeId, '2026-12-21', '2027-01-01');
    // 24/05/2027–04/06/2027 crosses the next reset (01/06/2027): only 24–28 May (5) + Mon 31 May (1) = 6 count this year.
    await leave(tenantId, employeeId, '2027-05-24', '2027-06-04');
    // Before the reset (previous year): not counted.
    await leave(tenantId, employeeId, '2026-05-18', '2026-05-22');
    // Not paid leave, refused or cancelled: not counted.
    await leave(tenantId, employeeId, '2026-11-02', '2026-11-06', 'approved', 'rtt');
    await leave(tenantId, employeeId, '2026-10-05', '2026-10-09', 'refused');
    await leave(tenantId, employeeId, '2026-10-12', '2026-10-16', 'cancelled');
    // Asked: 30/11–04/12 = 5 working days shown as pending, not deducted.
    await leave(tenantId, employeeId, '2026-11-30', '2026-12-04', 'requested');
    const b = await leaveBalance(t.db.dataSource, tenantId, employeeId, '2026-11-23');
    // 25 − (8 + 6) = 11.
    expect(b).toEqual({ entitlement: 25, taken: 14, pending: 5, balance: 11, since: '2026-06-01', until: '2027-05-31' });
  });

  it('starts the year on the employee reset date (month and day, latest occurrence not after today)', async () => {
    const { tenantId } = await company();
    const id = await employee(tenantId, 'Garnier', { entitlement: 27.5, reset: '2019-12-01' });
    // Year 01/12/2025–30/11/2026: 16–20 November 2026 = 5 days; 09–13 November = 5 − Armistice (Wed 11/11) = 4; December 2026 is next year.
    await leave(tenantId, id, '2026-11-16', '2026-11-20');
    await leave(tenantId, id, '2026-11-09', '2026-11-13');
    await leave(tenantId, id, '2026-12-07', '2026-12-11');
    const b = await leaveBalance(t.db.dataSource, tenantId, id, '2026-11-23');
    expect(b).toMatchObject({ entitlement: 27.5, taken: 9, balance: 18.5, since: '2025-12-01', until: '2026-11-30' });
  });
});

describe('requests through the screens', () => {
  it('lets a user ask, a manager validate, and the balance drop on the page', async () => {
    const { worker, manager, employeeId } = await company();
    const w = await loginAs(t, worker);
    const before = await w.agent.get('/rh/paid-leave-requests');
    expect(before.status).toBe(200);
    expect(before.text).toMatch(/data-testid="leave-balance-value">25</);
    // 07/12/2026 (Mon) to 11/12/2026 (Fri): 5 working days.
    const res = await w.agent.post('/rh/paid-leave-requests/new').set(XHR).type('form').send(form(w.csrf, { type: 'paid_leave', startDate: '07/12/2026', endDate: '11/12/2026', comment: 'Vacances' }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Votre demande de congé a été envoyée.');
    const [req] = await q('SELECT id, state, requested_by_id FROM paid_leave_request WHERE employee_id = $1', [employeeId]);
    expect(req).toMatchObject({ state: 'requested', requested_by_id: worker.id });
    const mine = await w.agent.get('/rh/paid-leave-requests');
    expect(mine.text).toMatch(/data-testid="leave-pending">5</);
    expect(mine.text).toContain('En attente');

    // A plain user may not validate.
    expect((await w.agent.post(`/rh/paid-leave-requests/${req.id}/validate`).set(XHR).send({ _csrf_token: w.csrf })).status).toBe(403);
    expect(await q('SELECT state FROM paid_leave_request WHERE id = $1', [req.id])).toEqual([{ state: 'requested' }]);

    const m = await loginAs(t, manager);
    const list = await m.agent.get('/rh/paid-leave-requests?state=requested');
    expect(list.text).toContain('Léa Moreau');
    expect(list.text).toContain(`/rh/paid-leave-requests/${req.id}/validate`);
    const ok = await m.agent.post(`/rh/paid-leave-requests/${req.id}/validate`).set(XHR).send({ _csrf_token: m.csrf });
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe('La demande de congé de Léa Moreau a été validée.');
    // Twice: someone already decided.
    const again = await m.agent.post(`/rh/paid-leave-requests/${req.id}/validate`).set(XHR).send({ _csrf_token: m.csrf });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cette demande a déjà été traitée : rechargez la page.');

    const after = await w.agent.get('/rh/paid-leave-requests');
    expect(after.text).toMatch(/data-testid="leave-balance-value">20</);
    expect(after.text).toContain('Validée');
    // Once decided, the employee can no longer cancel it.
    const decided = await q('SELECT * FROM paid_leave_request WHERE id = $1', [req.id]);
    expect(decided[0].state).not.toBe('requested');
    expect((await w.agent.post(`/rh/paid-leave-requests/${req.id}/cancel`).set(XHR).send({ _csrf_token: w.csrf })).status).toBe(409);
    expect(await q('SELECT * FROM paid_leave_request WHERE id = $1', [req.id])).toEqual(decided);
  });

  it('refuses overlapping requests, periods without working days and bad dates with French messages, keeping what was typed', async () => {
    const { worker, tenantId, employeeId } = await company();
    await leave(tenantId, employeeId, '2026-12-14', '2026-12-18', 'requested');
    const w = await loginAs(t, worker);
    const overlap = await w.agent.post('/rh/paid-leave-requests/new').set(XHR).type('form').send(form(w.csrf, { type: 'rtt', startDate: '18/12/2026', endDate: '21/12/2026', comment: 'Pont' }));
    expect(overlap.status).toBe(200);
    expect(overlap.text).toContain('Une autre demande couvre déjà une partie de ces dates (du 14/12/2026 au 18/12/2026).');
    expect(overlap.text).toContain('value="18/12/2026"');
    expect(overlap.text).toContain('>Pont</textarea>');
    const weekend = await w.agent.post('/rh/paid-leave-requests/new').set(XHR).type('form').send(form(w.csrf, { type: 'paid_leave', startDate: '26/12/2026', endDate: '27/12/2026' }));
    expect(weekend.text).toContain('Cette période ne contient aucun jour ouvré.');
    const reversed = await w.agent.post('/rh/paid-leave-requests/new').set(XHR).type('form').send(form(w.csrf, { type: 'paid_leave', startDate: '10/01/2027', endDate: '05/01/2027' }));
    expect(reversed.text).toContain('La date de fin doit être postérieure ou égale à la date de début.');
    const empty = await w.agent.post('/rh/paid-leave-requests/new').set(XHR).type('form').send(form(w.csrf, { type: 'rest_time', startDate: '', endDate: '05/01/2027' }));
    expect(empty.status).toBe(200);
    expect(empty.text).toMatch(/data-testid="error-startDate">Veuillez renseigner ce champ\./);
    expect(empty.text).toMatch(/data-testid="error-restTimeCount">Veuillez renseigner ce champ\./);
    // A refused or cancelled request no longer blocks the dates.
    await q(`UPDATE paid_leave_request SET state = 'cancelled' WHERE employee_id = $1`, [employeeId]);
    const freed = await w.agent.post('/rh/paid-leave-requests/new').set(XHR).type('form').send(form(w.csrf, { type: 'rtt', startDate: '18/12/2026', endDate: '18/12/2026' }));
    expect(freed.status).toBe(201);
  });

  it('tells a user without employee record why they cannot ask', async () => {
    const lonely = await makeUser(t, { roles: ['user'] });
    const { agent, csrf } = await loginAs(t, lonely);
    const page = await agent.get('/rh/paid-leave-requests');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Votre compte n&#39;est lié à aucune fiche salarié');
    const res = await agent.post('/rh/paid-leave-requests/new').set(XHR).type('form').send(form(csrf, { type: 'paid_leave', startDate: '07/12/2026', endDate: '08/12/2026' }));
    expect(res.status).toBe(200);
    expect(res.text).toContain('Votre compte n&#39;est lié à aucune fiche salarié');
    expect((await q('SELECT count(*)::int AS n FROM paid_leave_request WHERE requested_by_id = $1', [lonely.id]))[0].n).toBe(0);
  });

  it('lets a manager ask for an employee, refuse with a required comment, and the employee cancel their own request', async () => {
    const { worker, manager, tenantId, employeeId } = await company();
    const m = await loginAs(t, manager);
    const asked = await m.agent.post('/rh/paid-leave-requests/new').set(XHR).type('form').send(form(m.csrf, { employee: String(employeeId), type: 'paid_leave', startDate: '04/01/2027', endDate: '08/01/2027' }));
    expect(asked.status).toBe(201);
    const [r] = await q('SELECT id FROM paid_leave_request WHERE employee_id = $1', [employeeId]);
    const noComment = await m.agent.post(`/rh/paid-leave-requests/${r.id}/refuse`).set(XHR).type('form').send({ _csrf_token: m.csrf, 'paid_leave_refusal[comment]': ' ' });
    expect(noComment.status).toBe(200);
    expect(noComment.text).toContain('Veuillez renseigner ce champ.');
    const refused = await m.agent.post(`/rh/paid-leave-requests/${r.id}/refuse`).set(XHR).type('form').send({ _csrf_token: m.csrf, 'paid_leave_refusal[comment]': 'Inventaire annuel' });
    expect(refused.status).toBe(201);
    const [row] = await q('SELECT state, decision_comment, decided_by_id FROM paid_leave_request WHERE id = $1', [r.id]);
    expect(row).toEqual({ state: 'refused', decision_comment: 'Inventaire annuel', decided_by_id: manager.id });

    const own = await leave(tenantId, employeeId, '2027-02-01', '2027-02-05', 'requested');
    const w = await loginAs(t, worker);
    const page = await w.agent.get('/rh/paid-leave-requests');
    expect(page.text).toContain('Inventaire annuel');
    expect((await w.agent.post(`/rh/paid-leave-requests/${own}/cancel`).set(XHR).send({ _csrf_token: w.csrf })).status).toBe(201);
    expect((await q('SELECT state FROM paid_leave_request WHERE id = $1', [own]))[0].state).toBe('cancelled');
  });

  it('hides another company\'s requests and employees (404)', async () => {
    const a = await company();
    const b = await company();
    const other = await leave(b.tenantId, b.employeeId, '2027-03-01', '2027-03-05', 'requested');
    const m = await loginAs(t, a.manager);
    expect((await m.agent.post(`/rh/paid-leave-requests/${other}/validate`).set(XHR).send({ _csrf_token: m.csrf })).status).toBe(404);
    expect((await m.agent.get(`/rh/paid-leave-requests/${other}/refuse`).set(XHR)).status).toBe(404);
    const w = await loginAs(t, a.worker);
    expect((await w.agent.post(`/rh/paid-leave-requests/${other}/cancel`).set(XHR).send({ _csrf_token: w.csrf })).status).toBe(404);
    const picked = await m.agent.post('/rh/paid-leave-requests/new').set(XHR).type('form').send(form(m.csrf, { employee: String(b.employeeId), type: 'paid_leave', startDate: '04/01/2027', endDate: '08/01/2027' }));
    expect(picked.status).toBe(200);
    expect(picked.text).toContain('Cette valeur doit être l&#39;un des choix proposés.');
    expect((await q('SELECT state FROM paid_leave_request WHERE id = $1', [other]))[0].state).toBe('requested');
  });
});

describe('balance after approval', () => {
  /** The balance-after cell of the list row whose start date is `start` (DD/MM/YYYY). */
  const cellOf = (html: string, start: string): string => {
    const row = html.split('data-testid="leave-row"').find((r) => r.includes(`<td>${start}</td>`)) ?? '';
    const m = row.match(/data-testid="leave-balance-after"[^>]*>([\s\S]*?)<\/div>/);
    return m ? m[1].replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim() : '';
  };

  it('shows the manager what each asked paid leave leaves, warns and asks to confirm beyond the balance, and the form shows the asker their balance', async () => {
    const { worker, manager, tenantId, employeeId } = await company();
    await q('UPDATE employee SET paid_leave_number = 10 WHERE id = $1', [employeeId]);
    // 02–06/11/2026 approved: 5 working days → 10 − 5 = 5 left.
    await leave(tenantId, employeeId, '2026-11-02', '2026-11-06');
    // Asked 07–11/12/2026: 5 working days → 5 − 5 = 0 left, no warning.
    const fits = await leave(tenantId, employeeId, '2026-12-07', '2026-12-11', 'requested');
    // Asked 14–24/12/2026: 9 working days → 5 − 9 = −4: beyond the balance.
    const beyond = await leave(tenantId, employeeId, '2026-12-14', '2026-12-24', 'requested');
    // Asked 07–11/06/2027: next paid-leave year (from 01/06/2027), its own full entitlement: 10 − 5 = 5.
    await leave(tenantId, employeeId, '2027-06-07', '2027-06-11', 'requested');
    // RTT: no paid-leave balance shown.
    await leave(tenantId, employeeId, '2027-01-04', '2027-01-04', 'requested', 'rtt');

    const m = await loginAs(t, manager);
    const list = await m.agent.get('/rh/paid-leave-requests');
    expect(list.status).toBe(200);
    expect(cellOf(list.text, '07/12/2026')).toBe('Solde après : 0 j');
    expect(cellOf(list.text, '14/12/2026')).toBe('Dépasse le solde de 4 j');
    expect(cellOf(list.text, '07/06/2027')).toBe('Solde après : 5 j');
    expect(cellOf(list.text, '04/01/2027')).toBe('');
    // Validating the request beyond the balance asks first; the one that fits does not.
    const form = (id: number) => list.text.match(new RegExp(`<form[^>]*action="/rh/paid-leave-requests/${id}/validate"[^>]*>`))![0];
    expect(form(beyond)).toContain('data-confirm="Cette demande dépasse de 4 jour(s) ouvré(s) le solde de congés payés de Léa Moreau. La valider quand même ?"');
    expect(form(fits)).not.toContain('data-confirm');

    // The employee page tab shows the same figures.
    const tab = await m.agent.get(`/rh/employees/${employeeId}?tab=leave`);
    expect(cellOf(tab.text, '14/12/2026')).toBe('Dépasse le solde de 4 j');

    // The asker sees their balance (5) and pending days (5 + 9 this year) in the request form.
    const w = await loginAs(t, worker);
    const add = await w.agent.get('/rh/paid-leave-requests/new').set(XHR);
    expect(add.text).toContain('Votre solde de congés payés : 5 jour(s) ouvré(s), dont 14 déjà demandé(s) en attente.');
  });
});

describe('employee page tab', () => {
  it('shows the balance and requests to leave managers, with the number of pending requests', async () => {
    const { manager, tenantId, employeeId } = await company();
    // 14–18/12/2026 approved: 5 working days → 25 − 5 = 20.
    await leave(tenantId, employeeId, '2026-12-14', '2026-12-18');
    await leave(tenantId, employeeId, '2027-01-11', '2027-01-12', 'requested');
    const m = await loginAs(t, manager);
    const page = await m.agent.get(`/rh/employees/${employeeId}?tab=leave`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="employee-leave"');
    expect(page.text).toMatch(/data-testid="leave-balance-value">20</);
    expect(page.text).toContain('14/12/2026');
    expect(page.text).toContain('11/01/2027');
    expect(page.text).toMatch(/<i class="bi bi-sun"><\/i> Congés <span class="badge rounded-pill text-bg-secondary">1<\/span>/);

    // A colleague with hr.view only does not get the tab.
    const name = (await q('SELECT name FROM tenant WHERE id = $1', [tenantId]))[0].name;
    const viewer = await makeUser(t, { company: name, roles: ['user'], rights: ['hr.view', 'hr.view_all'] });
    const v = await loginAs(t, viewer);
    const other = await v.agent.get(`/rh/employees/${employeeId}?tab=leave`);
    expect(other.status).toBe(200);
    expect(other.text).not.toContain('data-testid="employee-leave"');
  });
});

describe('decision mails', () => {
  const drain = (tenantId: number) => drainJobs(t.db.dataSource, { names: [LEAVE_DECISION_MAIL_JOB], tenantIds: [tenantId] });
  const mailsTo = (to: string) => leaveMailer().sent().filter((m) => m.to.includes(to));
  const setEmail = (employeeId: number, email: string | null) => q('UPDATE employee SET email = $2 WHERE id = $1', [employeeId, email]);

  it('tells the employee of an approval once the job runs, with type, dates, working days and a link', async () => {
    const { manager, tenantId, employeeId } = await company();
    const to = `lea.moreau.${employeeId}@exemple.fr`;
    await setEmail(employeeId, to);
    // 07/12/2026 (Mon) to 11/12/2026 (Fri): 5 working days.
    const id = await leave(tenantId, employeeId, '2026-12-07', '2026-12-11', 'requested');
    const m = await loginAs(t, manager);
    expect((await m.agent.post(`/rh/paid-leave-requests/${id}/validate`).set(XHR).send({ _csrf_token: m.csrf })).status).toBe(201);
    // Queued with the decision, sent by the job.
    expect(mailsTo(to)).toHaveLength(0);
    expect(await drain(tenantId)).toMatchObject({ done: 1, failed: 0, retried: 0 });
    const sent = mailsTo(to);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Votre demande de congé du 07/12/2026 au 11/12/2026 a été validée');
    expect(sent[0].text).toContain('Bonjour Léa Moreau,');
    expect(sent[0].text).toContain('Type : Congés payés');
    expect(sent[0].text).toContain('Période : du 07/12/2026 au 11/12/2026');
    expect(sent[0].text).toContain('Jours ouvrés : 5');
    expect(sent[0].text).toContain('Décision : Validée');
    expect(sent[0].html).toContain(`href="${loadConfig().baseUrl.replace(/\/$/, '')}/rh/paid-leave-requests"`);
    // Nothing more on a second run.
    await drain(tenantId);
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('puts the refusal comment in the mail, in the linked user\'s locale', async () => {
    const name = `Société congés ${Math.random().toString(36).slice(2)}`;
    const worker = await makeUser(t, { company: name, roles: ['user'], locale: 'en' });
    const manager = await makeUser(t, { company: name, roles: ['user'], rights: ['hr.leave_manage', 'hr.view_all', 'hr.view'] });
    const employeeId = await employee(worker.tenantId, 'Moreau', { userId: worker.id });
    const to = `lea.moreau.${employeeId}@exemple.fr`;
    await setEmail(employeeId, to);
    // 04/01/2027 (Mon) to 08/01/2027 (Fri), RTT: 5 working days.
    const id = await leave(worker.tenantId, employeeId, '2027-01-04', '2027-01-08', 'requested', 'rtt');
    const m = await loginAs(t, manager);
    const refused = await m.agent.post(`/rh/paid-leave-requests/${id}/refuse`).set(XHR).type('form').send({ _csrf_token: m.csrf, 'paid_leave_refusal[comment]': 'Inventaire <annuel>' });
    expect(refused.status).toBe(201);
    await drain(worker.tenantId);
    const sent = mailsTo(to);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Your leave request from 04/01/2027 to 08/01/2027 has been refused');
    expect(sent[0].text).toContain('Leave type: RTT (reduced working time)');
    expect(sent[0].text).toContain('Period: from 04/01/2027 to 08/01/2027');
    expect(sent[0].text).toContain('Working days: 5');
    expect(sent[0].text).toContain('Decision: Refused');
    expect(sent[0].text).toContain('Reason for refusal: Inventaire <annuel>');
    expect(sent[0].html).toContain('Inventaire &lt;annuel&gt;');
  });

  it('sends to the linked user\'s address when the employee record has none, and nothing to an employee without any address', async () => {
    const { manager, worker, tenantId, employeeId } = await company();
    const [{ email: userEmail }] = await q('SELECT email FROM app_user WHERE id = $1', [worker.id]);
    const linked = await leave(tenantId, employeeId, '2027-02-01', '2027-02-05', 'requested');
    const nobodyId = await employee(tenantId, 'Petit');
    const nobody = await leave(tenantId, nobodyId, '2027-02-01', '2027-02-05', 'requested');
    const m = await loginAs(t, manager);
    expect((await m.agent.post(`/rh/paid-leave-requests/${linked}/validate`).set(XHR).send({ _csrf_token: m.csrf })).status).toBe(201);
    expect((await m.agent.post(`/rh/paid-leave-requests/${nobody}/validate`).set(XHR).send({ _csrf_token: m.csrf })).status).toBe(201);
    const before = leaveMailer().sent().length;
    // Both jobs end without error; only the linked employee gets a mail.
    expect(await drain(tenantId)).toMatchObject({ claimed: 2, done: 2, failed: 0, retried: 0 });
    expect(leaveMailer().sent().length - before).toBe(1);
    expect(mailsTo(userEmail)).toHaveLength(1);
    expect((await q('SELECT state FROM paid_leave_request WHERE id = $1', [nobody]))[0].state).toBe('approved');
  });

  it('sends nothing for a decision that is rolled back, nor for a cancellation', async () => {
    const { worker, tenantId, employeeId } = await company();
    const to = `lea.moreau.${employeeId}@exemple.fr`;
    await setEmail(employeeId, to);
    const id = await leave(tenantId, employeeId, '2027-03-01', '2027-03-05', 'requested');
    await expect(t.db.dataSource.transaction(async (m) => {
      expect(await decideLeave(m, tenantId, id, 'requested', 'approved', worker.id)).toBe(true);
      throw new Error('annulé');
    })).rejects.toThrow('annulé');
    expect((await q('SELECT state FROM paid_leave_request WHERE id = $1', [id]))[0].state).toBe('requested');
    expect(await decideLeave(t.db.dataSource, tenantId, id, 'requested', 'cancelled', worker.id)).toBe(true);
    expect(await drain(tenantId)).toMatchObject({ claimed: 0 });
    expect(mailsTo(to)).toHaveLength(0);
  });
});

describe('working days at their boundaries', () => {
  /** The cells of the list row whose period is `start`–`end` (DD/MM/YYYY): working days and balance after approval. */
  const rowOf = (html: string, start: string, end: string) => {
    const row = html.split('data-testid="leave-row"').find((r) => r.includes(`<td>${start}</td><td>${end}</td>`)) ?? '';
    const days = row.match(/<td class="text-center">\s*(\d+)/);
    const after = row.match(/data-testid="leave-balance-after"[^>]*>([\s\S]*?)<\/div>/);
    return { days: days ? Number(days[1]) : null, after: after ? after[1].replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim() : '' };
  };
  const ask = (a: Awaited<ReturnType<typeof loginAs>>, startDate: string, endDate: string) =>
    a.agent.post('/rh/paid-leave-requests/new').set(XHR).type('form').send(form(a.csrf, { type: 'paid_leave', startDate, endDate }));

  it('counts a one-day paid leave as 1 working day: in the list, the pending days, the balance after approval and the mail', async () => {
    const { worker, manager, tenantId, employeeId } = await company();
    const to = `lea.moreau.${employeeId}@exemple.fr`;
    await q('UPDATE employee SET email = $2 WHERE id = $1', [employeeId, to]);
    const w = await loginAs(t, worker);
    // Monday 30/11/2026 alone: one working day, asked as such (the end may equal the start).
    const res = await ask(w, '30/11/2026', '30/11/2026');
    expect(res.status).toBe(201);
    const mine = await w.agent.get('/rh/paid-leave-requests');
    expect(mine.text).toMatch(/data-testid="leave-pending">1</);
    expect(mine.text).toMatch(/data-testid="leave-balance-value">25</);
    expect(rowOf(mine.text, '30/11/2026', '30/11/2026')).toEqual({ days: 1, after: 'Solde après : 24 j' });

    const m = await loginAs(t, manager);
    const [{ id }] = await q('SELECT id FROM paid_leave_request WHERE employee_id = $1', [employeeId]);
    expect((await m.agent.post(`/rh/paid-leave-requests/${id}/validate`).set(XHR).send({ _csrf_token: m.csrf })).status).toBe(201);
    const after = await w.agent.get('/rh/paid-leave-requests');
    expect(after.text).toMatch(/data-testid="leave-taken">1</);
    expect(after.text).toMatch(/data-testid="leave-balance-value">24</);
    expect(rowOf(after.text, '30/11/2026', '30/11/2026').days).toBe(1);

    await drainJobs(t.db.dataSource, { names: [LEAVE_DECISION_MAIL_JOB], tenantIds: [tenantId] });
    const sent = leaveMailer().sent().filter((mail) => mail.to.includes(to));
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('Jours ouvrés : 1');
  });

  it('counts 0, 1 and 2 working days around a weekend and around public holidays', async () => {
    const { worker, manager, employeeId } = await company();
    const w = await loginAs(t, worker);
    // 0: a weekend (Sat 28 – Sun 29/11/2026), Christmas alone (Fri 25/12/2026): refused.
    for (const [start, end] of [['28/11/2026', '29/11/2026'], ['25/12/2026', '25/12/2026']]) {
      const none = await ask(w, start, end);
      expect(none.status).toBe(200);
      expect(none.text).toContain('Cette période ne contient aucun jour ouvré.');
    }
    // 1: Sat 05 – Mon 07/12 (the Monday); Thu 24 – Sun 27/12 (Christmas and the weekend left out).
    // 2: Fri 11 – Mon 14/12 (the weekend left out); Thu 31/12/2026 – Mon 04/01/2027 (New Year's Day and the weekend left out).
    const periods: Array<[string, string, number]> = [
      ['05/12/2026', '07/12/2026', 1], ['24/12/2026', '27/12/2026', 1], ['11/12/2026', '14/12/2026', 2], ['31/12/2026', '04/01/2027', 2],
    ];
    for (const [start, end] of periods) expect((await ask(w, start, end)).status).toBe(201);
    expect((await q('SELECT count(*)::int AS n FROM paid_leave_request WHERE employee_id = $1', [employeeId]))[0].n).toBe(4);

    const list = await w.agent.get('/rh/paid-leave-requests');
    expect(periods.map(([start, end]) => rowOf(list.text, start, end))).toEqual([
      { days: 1, after: 'Solde après : 24 j' }, { days: 1, after: 'Solde après : 24 j' },
      { days: 2, after: 'Solde après : 23 j' }, { days: 2, after: 'Solde après : 23 j' },
    ]);
    // 1 + 1 + 2 + 2 = 6 pending; once approved, 25 − 6 = 19.
    expect(list.text).toMatch(/data-testid="leave-pending">6</);
    const m = await loginAs(t, manager);
    for (const { id } of await q('SELECT id FROM paid_leave_request WHERE employee_id = $1', [employeeId])) {
      expect((await m.agent.post(`/rh/paid-leave-requests/${id}/validate`).set(XHR).send({ _csrf_token: m.csrf })).status).toBe(201);
    }
    expect((await w.agent.get('/rh/paid-leave-requests')).text).toMatch(/data-testid="leave-balance-value">19</);
  });

  it('counts a one-day leave on the first and on the last day of the paid-leave year in that year, and not the days just outside', async () => {
    const { worker, tenantId, employeeId } = await company();
    // The year runs from Mon 01/06/2026 to Mon 31/05/2027.
    await leave(tenantId, employeeId, '2026-05-29', '2026-05-29'); // Friday before: previous year.
    await leave(tenantId, employeeId, '2026-06-01', '2026-06-01'); // first day: 1.
    await leave(tenantId, employeeId, '2027-05-31', '2027-05-31'); // last day: 1.
    await leave(tenantId, employeeId, '2027-06-01', '2027-06-01'); // Tuesday after: next year.
    const w = await loginAs(t, worker);
    const page = await w.agent.get('/rh/paid-leave-requests');
    expect(page.text).toMatch(/data-testid="leave-taken">2</);
    expect(page.text).toMatch(/data-testid="leave-balance-value">23</);
  });
});
