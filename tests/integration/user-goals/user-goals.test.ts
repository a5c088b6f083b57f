import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
let restoreClock: () => void;
beforeAll(async () => {
  t = await createTestApp();
  restoreClock = useClock(new FixedClock(new Date('2031-05-12T10:00:00Z')));
});
afterAll(async () => {
  restoreClock();
  await t.close();
});

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

function form(fields: Record<string, string>, csrf: string, extra: Record<string, string> = {}): Record<string, string> {
  const body: Record<string, string> = { _csrf_token: csrf, ...extra };
  for (const [k, v] of Object.entries(fields)) body[`goals[${k}]`] = v;
  return body;
}

async function adminWithTarget() {
  const admin = await makeUser(t, { rights: ['admin.users'] });
  const [{ name }] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [admin.tenantId]);
  const target = await makeUser(t, { company: name });
  const session = await loginAs(t, admin);
  return { admin, target, ...session };
}

describe('user goals', () => {
  it('shows the grid of the current year (clock) with ±5 years, in a modal', async () => {
    const { target, agent } = await adminWithTarget();
    const res = await agent.get(`/admin/users/${target.id}/goals`).set(XHR);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<option value="2031" selected>2031</option>');
    expect(res.text).toContain('<option value="2026">2026</option>');
    expect(res.text).toContain('<option value="2036">2036</option>');
    expect(res.text).not.toContain('<option value="2037">');
    expect(res.text).toContain('name="goals[t4_v2se]"');
    expect(res.text).toContain('class="modal-header"');
  });

  it('saves the grid (replacing the year), keeps other years, and re-renders errors with values kept', async () => {
    const { target, agent, csrf, admin } = await adminWithTarget();
    const url = `/admin/users/${target.id}/goals`;
    await t.db.dataSource.query(`INSERT INTO user_goal (tenant_id, user_id, year, quarter, kind, value) VALUES ($1, $2, 2030, 1, 'rex', 9), ($1, $2, 2031, 2, 'rex', 4)`, [admin.tenantId, target.id]);

    const bad = await agent.post(url).set(XHR).type('form').send(form({ year: '2031', t1_qhp: '-3', t2_rex: '1.5', t3_v2se: 'abc', t4_qhp: '12' }, csrf));
    expect(bad.status).toBe(200);
    expect(bad.text.match(/Saisissez un nombre entier positif\./g)?.length).toBe(3);
    expect(bad.text).toContain('data-testid="error-t1_qhp"');
    expect(bad.text).toContain('value="-3"');
    expect(bad.text).toContain('value="12"');

    const ok = await agent.post(url).set(XHR).type('form').send(form({ year: '2031', t1_qhp: '10', t1_rex: '0', t4_v2se: ' 7 ', t2_rex: '' }, csrf));
    expect(ok.status).toBe(201);
    expect(ok.body.message).toContain('ont été enregistrés');
    const rows = await t.db.dataSource.query('SELECT year, quarter, kind, value FROM user_goal WHERE user_id = $1 ORDER BY year, quarter, kind', [target.id]);
    expect(rows).toEqual([
      { year: 2030, quarter: 1, kind: 'rex', value: 9 },
      { year: 2031, quarter: 1, kind: 'qhp', value: 10 },
      { year: 2031, quarter: 1, kind: 'rex', value: 0 },
      { year: 2031, quarter: 4, kind: 'v2se', value: 7 },
    ]);

    // The "show this year" button reloads the grid of another year without saving.
    const other = await agent.post(url).set(XHR).type('form').send(form({ year: '2030', t1_qhp: '999' }, csrf, { _load: '1' }));
    expect(other.status).toBe(200);
    expect(other.text).toContain('<option value="2030" selected>2030</option>');
    expect(other.text).toMatch(/name="goals\[t1_rex\]"[^>]*\s+value="9"/);
    expect((await t.db.dataSource.query('SELECT count(*)::int AS n FROM user_goal WHERE user_id = $1', [target.id]))[0].n).toBe(4);

    const outOfRange = await agent.post(url).set(XHR).type('form').send(form({ year: '2040', t1_qhp: '1' }, csrf));
    expect(outOfRange.status).toBe(200);
    expect(outOfRange.text).toContain('data-testid="error-year"');
  });

  it('answers 404 for a user of another company and 403 without the right', async () => {
    const { agent, csrf } = await adminWithTarget();
    const stranger = await makeUser(t);
    expect((await agent.get(`/admin/users/${stranger.id}/goals`)).status).toBe(404);
    const post = await agent.post(`/admin/users/${stranger.id}/goals`).set(XHR).type('form').send(form({ year: '2031', t1_qhp: '1' }, csrf));
    expect(post.status).toBe(404);
    expect((await t.db.dataSource.query('SELECT 1 FROM user_goal WHERE user_id = $1', [stranger.id]))).toEqual([]);
    const plain = await loginAs(t, stranger);
    expect((await plain.agent.get(`/admin/users/${stranger.id}/goals`)).status).toBe(403);
  });

  it("shows the user their own goals, read only, and only their company's", async () => {
    const { target, agent, csrf } = await adminWithTarget();
    await agent.post(`/admin/users/${target.id}/goals`).set(XHR).type('form').send(form({ year: '2031', t2_rex: '5' }, csrf));
    const me = await loginAs(t, target);
    const page = await me.agent.get('/account/goals');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Mes objectifs');
    expect(page.text).toContain('data-testid="goals-mine"');
    expect(page.text).not.toContain('name="goals[');
    expect(page.text).toMatch(/<td class="text-end">5<\/td>/);
    const empty = await me.agent.get('/account/goals').query({ year: '2029' });
    expect(empty.text).toContain("Aucun objectif n&#39;a été fixé pour 2029.");
  });
});
