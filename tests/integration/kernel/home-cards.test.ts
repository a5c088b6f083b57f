import { FixedClock, useClock } from '../../../server/kernel/clock';
import { setToggle } from '../../../server/kernel/toggles/toggles';
import { createAction } from '../../../server/modules/action-plan/action-plan.service';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
let restore: () => void;
beforeAll(async () => {
  t = await createTestApp();
  restore = useClock(new FixedClock(new Date('2026-11-25T10:00:00Z')));
});
afterAll(async () => { restore(); await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const HR = ['hr.view', 'hr.view_all', 'hr.leave_manage', 'hr.formations', 'hr.manage_employees', 'project.view', 'action.view'];

/** The cards of the home page, each with its count and the text of its lines. */
function cardsOf(html: string): Record<string, { count: number; lines: string[] }> {
  const out: Record<string, { count: number; lines: string[] }> = {};
  for (const part of html.split('data-home-card="').slice(1)) {
    const key = part.slice(0, part.indexOf('"'));
    const count = Number(/data-testid="home-card-count">(\d+)</.exec(part)![1]);
    const lines = part.split('data-testid="home-card-item"').slice(1).map((l) => l.slice(l.indexOf('>') + 1, l.indexOf('</li>')).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
    const empty = lines.length ? [] : [/text-success fs-5"><\/i>([^<]+)</.exec(part)?.[1].trim() ?? ''];
    out[key] = { count, lines: lines.length ? lines : empty };
  }
  return out;
}

describe('home page cards', () => {
  it('shows a plain user only what concerns them: their actions, and says when nothing waits', async () => {
    const user = await makeUser(t);
    const { agent } = await loginAs(t, user);
    const home = await agent.get('/');
    expect(home.status).toBe(200);
    const cards = cardsOf(home.text);
    expect(Object.keys(cards)).toEqual(['my-actions']);
    expect(cards['my-actions']).toEqual({ count: 0, lines: ['Aucune action ouverte ne vous est assignée.'] });

    await t.db.dataSource.transaction((m) => createAction(m, user.tenantId, user.id, { comments: 'Baliser la zone de chargement', assigneeId: user.id, deadline: '2026-11-20' }));
    await t.db.dataSource.transaction((m) => createAction(m, user.tenantId, user.id, { comments: 'Changer les extincteurs', assigneeId: user.id, deadline: '2026-12-15' }));
    const after = cardsOf((await agent.get('/')).text);
    expect(after['my-actions']).toEqual({ count: 2, lines: ['Baliser la zone de chargement Échéance 20/11/2026 En retard', 'Changer les extincteurs Échéance 15/12/2026'] });
  });

  it('gives an HR manager the leave to validate, formations to renew, check-ups due and their tasks, from their company only', async () => {
    const name = `Accueil RH ${Math.random().toString(36).slice(2)}`;
    const hr = await makeUser(t, { company: name, rights: HR });
    const emp = async (last: string, extra = '') => (await q(`INSERT INTO employee (tenant_id, first_name, last_name, paid_leave_number${extra ? ', next_medical_checkup_date' : ''}) VALUES ($1, 'Léa', $2, 5${extra ? ', $3' : ''}) RETURNING id`, extra ? [hr.tenantId, last, extra] : [hr.tenantId, last]))[0].id as number;
    const a = await emp('Aubert', '2026-10-01');
    const b = await emp('Bernard', '2026-12-10');
    await emp('Caron', '2028-01-01');
    // 30/11–11/12/2026: 10 working days against a balance of 5 → beyond it.
    await q(`INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state) VALUES ($1, $2, 'paid_leave', '2026-11-30', '2026-12-11', 'requested')`, [hr.tenantId, a]);
    await q(`INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state) VALUES ($1, $2, 'rtt', '2026-12-04', '2026-12-04', 'approved')`, [hr.tenantId, b]);
    const [f] = await q(`INSERT INTO formation (tenant_id, name, validity_months, permanent, alert_days) VALUES ($1, 'SST', 24, false, 60) RETURNING id`, [hr.tenantId]);
    await q('INSERT INTO employee_formation (tenant_id, employee_id, formation_id, obtained_on, expires_on) VALUES ($1, $2, $3, $4, $5)', [hr.tenantId, a, f.id, '2024-11-01', '2026-11-01']);
    await q('INSERT INTO employee_formation (tenant_id, employee_id, formation_id, obtained_on, expires_on) VALUES ($1, $2, $3, $4, $5)', [hr.tenantId, b, f.id, '2024-12-20', '2026-12-20']);
    await q(`INSERT INTO project_task (tenant_id, label, start_at, end_at, assignee_id) VALUES ($1, 'Relire le plan de formation', '2026-11-20T08:00:00Z', '2026-11-24T17:00:00Z', $2)`, [hr.tenantId, hr.id]);
    // Another company's asked leave never shows.
    const other = await makeUser(t);
    const [o] = await q(`INSERT INTO employee (tenant_id, first_name, last_name) VALUES ($1, 'Paul', 'Ailleurs') RETURNING id`, [other.tenantId]);
    await q(`INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state) VALUES ($1, $2, 'paid_leave', '2026-12-01', '2026-12-02', 'requested')`, [other.tenantId, o.id]);

    const { agent } = await loginAs(t, hr);
    const cards = cardsOf((await agent.get('/')).text);
    expect(Object.keys(cards)).toEqual(['my-actions', 'my-tasks', 'leave-to-validate', 'formations-to-renew', 'medical-checkups-due']);
    expect(cards['leave-to-validate']).toEqual({ count: 1, lines: ['Léa Aubert Congés payés · du 30/11/2026 au 11/12/2026 · 10 j ouvré(s) Dépasse le solde'] });
    expect(cards['formations-to-renew']).toEqual({ count: 2, lines: ['Léa Aubert SST Expirée le 01/11/2026', 'Léa Bernard SST Expire le 20/12/2026'] });
    // Aubert overdue, Bernard due within the 60-day default alert delay, Caron up to date.
    expect(cards['medical-checkups-due'].count).toBe(2);
    expect(cards['medical-checkups-due'].lines).toEqual(['Léa Aubert En retard depuis le 01/10/2026', 'Léa Bernard À prévoir avant le 10/12/2026']);
    expect(cards['my-tasks']).toEqual({ count: 1, lines: ['Relire le plan de formation Agenda · échéance 24/11/2026 En retard'] });

    // With the HR module off, its cards go.
    await setToggle(t.db.dataSource, hr.tenantId, 'module_hr', false);
    expect(Object.keys(cardsOf((await agent.get('/')).text))).toEqual(['my-actions', 'my-tasks']);
    await setToggle(t.db.dataSource, hr.tenantId, 'module_hr', true);
  });
});
