import { todayIso } from '../../../server/kernel/clock';
import { createTestApp, type TestApp } from '../../support/app';
import { forceStatus, member, newAction, newCompany, RIGHTS, team } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const daysFromToday = (days: number) => { const d = new Date(`${todayIso()}T12:00:00Z`); d.setUTCDate(d.getUTCDate() + days); return d.toISOString().slice(0, 10); };

/** The seeded plan: 2 in progress (one late, one urgent), 1 waiting, 2 closed, 1 archived in progress, 1 of a stranger's. */
async function seedPlan() {
  const tm = await team(t);
  const mk = async (status: string, input: Record<string, unknown> = {}) => {
    const id = await newAction(t, tm.tenantId, tm.creator.id, { assigneeId: tm.assignee.id, ...input });
    await forceStatus(t, id, status);
    return id;
  };
  const late = await mk('IN_PROGRESS', { comments: 'Baliser la zone de chargement', deadline: daysFromToday(-5) });
  await mk('IN_PROGRESS', { level: 'urgent', deadline: daysFromToday(10) });
  await mk('WAITING', { deadline: daysFromToday(-1), comments: 'Réparer l\'éclairage de l\'allée' });
  const closedOld = await mk('CLOSED');
  const closedNew = await mk('CLOSED', { comments: 'Vérifier les extincteurs' });
  await t.db.dataSource.query(`UPDATE action SET closure_date = $2 WHERE id = $1`, [closedOld, daysFromToday(-20)]);
  await t.db.dataSource.query(`UPDATE action SET closure_date = $2 WHERE id = $1`, [closedNew, daysFromToday(-2)]);
  const archived = await mk('IN_PROGRESS');
  await t.db.dataSource.query('UPDATE action SET archived = true WHERE id = $1', [archived]);
  const stranger = await member(t, newCompany(), RIGHTS.manager);
  await newAction(t, stranger.tenantId, stranger.id, { assigneeId: stranger.id });
  return { tm, late, closedOld, closedNew };
}

describe('action plan dashboard widgets', () => {
  it('breakdown: the visible, non-archived actions of the company by status, linked to the filtered list', async () => {
    const { tm } = await seedPlan();
    const res = await tm.manager.agent.get('/dashboard/action-plan/breakdown');
    expect(res.status).toBe(200);
    expect(res.body.labels).toEqual(['En attente de prise en compte', 'En cours', 'Clôturée']);
    expect(res.body.series[0].data).toEqual([1, 2, 2]);
    expect(res.body.total).toBe(5);
    expect(res.body.links).toEqual(['/action-plan?status=WAITING', '/action-plan?status=IN_PROGRESS', '/action-plan?status=CLOSED']);
  });

  it('drilldown: one status by priority; an unknown status is a 404', async () => {
    const { tm } = await seedPlan();
    const res = await tm.manager.agent.get('/dashboard/action-plan/drilldown/IN_PROGRESS');
    expect(res.body.series[0].data).toEqual([1, 0, 1]);
    expect(res.body.links[2]).toBe('/action-plan?status=IN_PROGRESS&level=urgent');
    expect((await tm.manager.agent.get('/dashboard/action-plan/drilldown/NOPE')).status).toBe(404);
  });

  it('late list and done list: tables of the right actions, in the right order, with DD/MM/YYYY dates', async () => {
    const { tm, late, closedNew, closedOld } = await seedPlan();
    const lateRes = await tm.manager.agent.get('/dashboard/action-plan/list');
    expect(lateRes.body.rows.map((r: unknown[]) => r[0])).toEqual([late, expect.any(Number)]);
    expect(lateRes.body.rows[0][1]).toBe('Baliser la zone de chargement');
    expect(lateRes.body.rows[0][2]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(lateRes.body.links[0]).toBe(`/action-plan/${late}`);
    const done = await tm.manager.agent.get('/dashboard/action-plan/done-list');
    expect(done.body.rows.map((r: unknown[]) => r[0])).toEqual([closedNew, closedOld]);
  });

  it('my actions: the open actions assigned to me, by status; others see only what they may see', async () => {
    const { tm } = await seedPlan();
    const mine = await tm.assignee.agent.get('/dashboard/action-plan/mine');
    expect(mine.body.labels).toEqual(['En attente de prise en compte', 'En cours']);
    expect(mine.body.series[0].data).toEqual([1, 2]);
    const nothing = await tm.other.agent.get('/dashboard/action-plan/breakdown');
    expect(nothing.body.total).toBe(0);
  });

  it('the plan page shows its widgets; without action.view the routes answer 403', async () => {
    const { tm } = await seedPlan();
    const page = await tm.manager.agent.get('/action-plan');
    expect(page.text).toContain('/dashboard/action-plan/breakdown');
    const filtered = await tm.manager.agent.get('/action-plan?status=CLOSED');
    expect(filtered.text).toContain('/dashboard/action-plan/drilldown/CLOSED');
    const outsider = await member(t, tm.company, []);
    expect((await outsider.agent.get('/dashboard/action-plan/breakdown')).status).toBe(403);
  });
});
