import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, seedOrganisation } from './event-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function seedEvent(tenantId: number, creatorId: number, itemId: number | null, subject: string): Promise<void> {
  await t.db.dataSource.query(
    `INSERT INTO event (tenant_id, kind, status, subject, event_date, creator_id, hierarchy_item_id) VALUES ($1, 'generic', 'IN_PROGRESS', $2, CURRENT_DATE, $3, $4)`,
    [tenantId, subject, creatorId, itemId],
  );
}

describe('dashboard widget: events by hierarchy item', () => {
  it('counts the visible events of the company per item, biggest first, with links to the filtered list', async () => {
    const manager = await actor(t, ['event.view', 'event.list_all']);
    const company = await companyOf(t, manager.tenantId);
    const author = await actor(t, ['event.view', 'event.add'], company);
    const { itemA, itemB } = await seedOrganisation(t, manager.tenantId);
    for (let i = 0; i < 3; i++) await seedEvent(manager.tenantId, author.id, itemB, `B${i}`);
    await seedEvent(manager.tenantId, author.id, itemA, 'A0');
    await seedEvent(manager.tenantId, author.id, null, 'sans entité');
    await t.db.dataSource.query(`UPDATE event SET deleted_at = now() WHERE subject = 'B2' AND tenant_id = $1`, [manager.tenantId]);
    // Another company's events never count.
    const stranger = await actor(t, ['event.view', 'event.add']);
    const other = await seedOrganisation(t, stranger.tenantId);
    await seedEvent(stranger.tenantId, stranger.id, other.itemA, 'ailleurs');

    const res = await manager.agent.get('/dashboard/event/by-hierarchy');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.labels).toEqual(['Bâtiment B – Maintenance', 'Bâtiment A – Production', 'Sans entité']);
    expect(res.body.series[0].data).toEqual([2, 1, 1]);
    expect(res.body.total).toBe(4);
    expect(res.body.links).toEqual([`/events?item=${itemB}`, `/events?item=${itemA}`, null]);
  });

  it('a user without event.list_all counts only the events they take part in', async () => {
    const author = await actor(t, ['event.view', 'event.add']);
    const colleague = await actor(t, ['event.view'], await companyOf(t, author.tenantId));
    const { itemA } = await seedOrganisation(t, author.tenantId);
    await seedEvent(author.tenantId, author.id, itemA, 'mine');
    await seedEvent(author.tenantId, colleague.id, itemA, 'theirs');
    const res = await author.agent.get('/dashboard/event/by-hierarchy');
    expect(res.body.series[0].data).toEqual([1]);
    const none = await actor(t, ['event.view']);
    const empty = await none.agent.get('/dashboard/event/by-hierarchy');
    expect(empty.body.labels).toEqual([]);
    expect(empty.body.total).toBe(0);
  });

  it('is refused without event.view, and shown on the events page', async () => {
    const nobody = await actor(t, []);
    expect((await nobody.agent.get('/dashboard/event/by-hierarchy')).status).toBe(403);
    const reader = await actor(t, ['event.view']);
    const page = await reader.agent.get('/events');
    expect(page.text).toContain('data-island="dashboard-widget"');
    expect(page.text).toContain('/dashboard/event/by-hierarchy');
  });
});
