import { COUNT_CAP, countUpTo } from '../../../server/kernel/db/count-up-to';
import { createTestApp, type TestApp } from '../../support/app';
import { newAction, team } from '../action-plan/helpers';

/**
 * A list counts its matches up to COUNT_CAP (10 000) and says "more than" beyond: the count no
 * longer reads every matching row of a large company on each page.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('list totals counted up to 10 000', () => {
  it('is exact at 9 999 and 10 000 rows, and says "more than" at 10 001', async () => {
    expect(COUNT_CAP).toBe(10_000);
    const rows = (n: number) => countUpTo(t.db.dataSource, 'FROM generate_series(1, $1::int) g WHERE g > 0', [n]);
    expect(await rows(9_999)).toEqual({ total: 9_999, capped: false });
    expect(await rows(10_000)).toEqual({ total: 10_000, capped: false });
    expect(await rows(10_001)).toEqual({ total: 10_000, capped: true });
    expect(await rows(0)).toEqual({ total: 0, capped: false });
  });

  it('the action list shows the exact total up to 10 000 and "Plus de 10 000 résultats" above, paging on', async () => {
    const crew = await team(t);
    await newAction(t, crew.tenantId, crew.creator.id, { comments: 'Baliser la zone de chargement' });
    const add = (n: number) => t.db.dataSource.query(
      `INSERT INTO action (tenant_id, status, comments, level, creator_id, created_at, updated_at)
       SELECT $1, 'DRAFT', 'Action en nombre ' || g, 'normal', $2, now(), now() FROM generate_series(1, $3::int) g`, [crew.tenantId, crew.creator.id, n]);
    const total = async (q = '') => {
      const html = (await crew.manager.agent.get(`/action-plan?perPage=50${q}`)).text;
      return { total: /data-testid="list-total">([^<]*)</.exec(html)?.[1], page: /aria-current="page"><span class="page-link">([^<]*)</.exec(html)?.[1] };
    };
    await add(9_998);
    expect(await total()).toEqual({ total: '9999 résultat(s)', page: 'Page 1 sur 200' });
    await add(1);
    expect(await total()).toEqual({ total: '10000 résultat(s)', page: 'Page 1 sur 200' });
    await add(1);
    expect(await total()).toEqual({ total: 'Plus de 10\u202f000 résultats', page: 'Page 1 sur plus de 200' });
    // Beyond the counted pages the pager still goes on, and the rows are there.
    const far = await crew.manager.agent.get('/action-plan?perPage=50&page=201');
    expect(far.status).toBe(200);
    expect([...far.text.matchAll(/data-action-row="\d+"/g)]).toHaveLength(1);
    expect(far.text).toContain('Page 201 sur plus de 200');
  });
});
