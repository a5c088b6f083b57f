import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function companyOf(tenantId: number): Promise<string> {
  const [row] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]);
  return row.name;
}

async function rename(id: number, first: string, last: string): Promise<void> {
  await t.db.dataSource.query('UPDATE app_user SET first_name = $2, last_name = $3 WHERE id = $1', [id, first, last]);
}

async function switchAudit(userId: number): Promise<Array<{ detail: Record<string, unknown> }>> {
  return t.db.dataSource.query(`SELECT detail FROM audit_entry WHERE event = 'switch_user' AND user_id = $1 ORDER BY id`, [userId]);
}

describe('switch user', () => {
  it('lets an admin take over a user of the company, shows the banner on every page, then goes back', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    await rename(admin.id, 'Alice', 'Martin');
    const company = await companyOf(admin.tenantId);
    const target = await makeUser(t, { company });
    await rename(target.id, 'Bruno', 'Durand');
    const stranger = await makeUser(t);
    const { agent, csrf } = await loginAs(t, admin);

    const list = await agent.get('/switch-user');
    expect(list.status).toBe(200);
    expect(list.text).toContain(target.username);
    expect(list.text).not.toContain(stranger.username);
    expect((await agent.get('/switch-user').query({ q: 'durand' })).text).toContain(target.username);
    expect((await agent.get('/switch-user').query({ q: 'zzzz-personne' })).text).not.toContain(target.username);

    const start = await agent.post(`/switch-user/${target.id}`).set(XHR).type('form').send({ _csrf_token: csrf });
    expect(start.status).toBe(201);
    expect(start.body).toEqual({ redirect: '/' });
    const home = await agent.get('/');
    expect(home.text).toContain('data-testid="switch-banner"');
    // The banner names the person taken over, first name then last name, and who opened the session (issue 25).
    expect(home.text).toContain('Vous agissez en tant que Bruno Durand — session ouverte par Alice Martin.');
    expect(home.text).not.toContain('session de');
    expect(home.text).toContain('Revenir à mon compte');
    // The effective account is the target's: no admin screens any more.
    expect((await agent.get('/admin/users')).status).toBe(403);
    // Another page shows the banner too.
    expect((await agent.get('/account/delegations')).text).toContain('data-testid="switch-banner"');
    // No nested switch.
    const other = await makeUser(t, { company });
    expect((await agent.post(`/switch-user/${other.id}`).set(XHR).type('form').send({ _csrf_token: csrf })).status).toBe(403);

    const exit = await agent.post('/switch-user/exit').type('form').send({ _csrf_token: csrfFrom(home.text) });
    expect(exit.status).toBe(302);
    const back = await agent.get('/');
    expect(back.text).not.toContain('data-testid="switch-banner"');
    expect((await agent.get('/admin/users')).status).toBe(200);

    const audit = await switchAudit(admin.id);
    expect(audit.map((a) => a.detail.action)).toEqual(['start', 'exit']);
    expect(audit[0].detail.target).toBe(target.id);
    expect(audit[1].detail.target).toBe(target.id);
  });

  it('names people first name then last name in the switch list, and an account without a name by its username in the banner', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    await rename(admin.id, 'Alice', 'Martin');
    const company = await companyOf(admin.tenantId);
    const named = await makeUser(t, { company });
    await rename(named.id, 'Claire', 'Lefort');
    const bare = await makeUser(t, { company });
    await rename(bare.id, '', '');
    const { agent, csrf } = await loginAs(t, admin);

    const list = await agent.get('/switch-user').query({ q: 'lefort' });
    expect(list.text).toContain('Claire Lefort');
    expect(list.text).not.toContain('Lefort Claire');

    expect((await agent.post(`/switch-user/${bare.id}`).set(XHR).type('form').send({ _csrf_token: csrf })).status).toBe(201);
    const home = await agent.get('/');
    expect(home.text).toContain(`Vous agissez en tant que ${bare.username} — session ouverte par Alice Martin.`);
  });

  it('allows the allowed_to_switch role and the other.switch_user right, refuses a plain user (403)', async () => {
    const switcher = await makeUser(t, { roles: ['user', 'allowed_to_switch'] });
    const company = await companyOf(switcher.tenantId);
    const byRight = await makeUser(t, { company, rights: ['other.switch_user'] });
    const plain = await makeUser(t, { company });
    const target = await makeUser(t, { company });

    for (const who of [switcher, byRight]) {
      const { agent, csrf } = await loginAs(t, who);
      expect((await agent.post(`/switch-user/${target.id}`).set(XHR).type('form').send({ _csrf_token: csrf })).status).toBe(201);
    }
    const { agent, csrf } = await loginAs(t, plain);
    expect((await agent.get('/switch-user')).status).toBe(403);
    const refused = await agent.post(`/switch-user/${target.id}`).set(XHR).type('form').send({ _csrf_token: csrf });
    expect(refused.status).toBe(403);
    expect((await agent.get('/')).text).not.toContain('data-testid="switch-banner"');
    expect(await switchAudit(plain.id)).toEqual([]);
  });

  it('never switches into a super admin unless one is, nor into another company (404)', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const company = await companyOf(admin.tenantId);
    const boss = await makeUser(t, { company, roles: ['super_admin'] });
    const stranger = await makeUser(t);
    const { agent, csrf } = await loginAs(t, admin);
    expect((await agent.get('/switch-user')).text).not.toContain(boss.username);
    const refused = await agent.post(`/switch-user/${boss.id}`).set(XHR).type('form').send({ _csrf_token: csrf });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Seul un super administrateur peut prendre la main sur ce compte.');
    expect((await agent.post(`/switch-user/${stranger.id}`).set(XHR).type('form').send({ _csrf_token: csrf })).status).toBe(404);
    // Still himself: no banner, no switch recorded.
    expect((await agent.get('/')).text).not.toContain('data-testid="switch-banner"');
    expect(await switchAudit(admin.id)).toEqual([]);

    const other = await makeUser(t, { company, roles: ['super_admin'] });
    const su = await loginAs(t, other);
    expect((await su.agent.post(`/switch-user/${boss.id}`).set(XHR).type('form').send({ _csrf_token: su.csrf })).status).toBe(201);
  });

  it('never takes over an account holding rights the switcher lacks (403 in French, audited); a super admin may', async () => {
    const switcher = await makeUser(t, { roles: ['user', 'allowed_to_switch'] });
    const company = await companyOf(switcher.tenantId);
    const admin = await makeUser(t, { company, roles: ['admin'] });
    const same = await makeUser(t, { company, roles: ['user'] });
    const fewer = await makeUser(t, { company, roles: [] });
    const oneMore = await makeUser(t, { company, roles: ['user'], rights: ['hr.view'] });
    const { agent, csrf } = await loginAs(t, switcher);

    const list = await agent.get('/switch-user');
    const row = (username: string) => new RegExp(`<tr data-user="${username}">[\\s\\S]*?</tr>`).exec(list.text)![0];
    expect(row(admin.username)).not.toContain('<button');
    expect(row(admin.username)).toContain('data-testid="switch-refused"');
    expect(row(oneMore.username)).not.toContain('<button');
    expect(row(same.username)).toContain('<button');
    expect(row(fewer.username)).toContain('<button');

    for (const target of [admin, oneMore]) {
      const refused = await agent.post(`/switch-user/${target.id}`).set(XHR).type('form').send({ _csrf_token: csrf });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Vous ne pouvez pas prendre la main sur un compte qui détient des droits que vous n'avez pas.");
      expect((await agent.get('/')).text).not.toContain('data-testid="switch-banner"');
    }
    const refusals = await t.db.dataSource.query(
      `SELECT detail FROM audit_entry WHERE event = 'permission_refused' AND user_id = $1 ORDER BY id`, [switcher.id]);
    expect(refusals.map((r: { detail: Record<string, unknown> }) => [r.detail.target, r.detail.reason])).toEqual([[admin.id, 'more_rights'], [oneMore.id, 'more_rights']]);
    expect(await switchAudit(switcher.id)).toEqual([]);

    // The same rights, or fewer: allowed.
    expect((await agent.post(`/switch-user/${same.id}`).set(XHR).type('form').send({ _csrf_token: csrf })).status).toBe(201);
    const back = await agent.post('/switch-user/exit').type('form').send({ _csrf_token: csrf });
    expect(back.status).toBe(302);
    expect((await agent.post(`/switch-user/${fewer.id}`).set(XHR).type('form').send({ _csrf_token: csrf })).status).toBe(201);

    const boss = await makeUser(t, { company, roles: ['super_admin'] });
    const su = await loginAs(t, boss);
    const bossList = await su.agent.get('/switch-user');
    expect(bossList.status).toBe(200);
    expect(new RegExp(`<tr data-user="${admin.username}">[\\s\\S]*?</tr>`).exec(bossList.text)![0]).toContain('<button');
    expect(bossList.text).not.toContain('data-testid="switch-refused"');
    expect((await su.agent.post(`/switch-user/${admin.id}`).set(XHR).type('form').send({ _csrf_token: su.csrf })).status).toBe(201);
  });

  it('lets an administrator take over another administrator', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const other = await makeUser(t, { company: await companyOf(admin.tenantId), roles: ['admin'] });
    const { agent, csrf } = await loginAs(t, admin);
    expect((await agent.post(`/switch-user/${other.id}`).set(XHR).type('form').send({ _csrf_token: csrf })).status).toBe(201);
  });

  it('refuses the POST without the CSRF token', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const target = await makeUser(t, { company: await companyOf(admin.tenantId) });
    const { agent } = await loginAs(t, admin);
    expect((await agent.post(`/switch-user/${target.id}`).set(XHR).type('form').send({})).status).toBe(403);
    expect((await agent.get('/')).text).not.toContain('data-testid="switch-banner"');
    expect(await switchAudit(admin.id)).toEqual([]);
  });
});

describe('delegation', () => {
  let restore: (() => void) | undefined;
  afterEach(() => { restore?.(); restore = undefined; });

  it('lets the recipient use the account only during the range, with a delegation banner', async () => {
    const clock = new FixedClock(new Date('2031-03-10T09:00:00Z'));
    restore = useClock(clock);
    const delegator = await makeUser(t);
    await rename(delegator.id, 'Claire', 'Petit');
    const company = await companyOf(delegator.tenantId);
    const recipient = await makeUser(t, { company });
    await rename(recipient.id, 'Denis', 'Roux');

    const own = await loginAs(t, delegator);
    const form = await own.agent.get('/account/delegations/new').set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-start-for="#delegation_endDate"');
    const bad = await own.agent.post('/account/delegations/new').set(XHR).type('form')
      .send({ _csrf_token: own.csrf, 'delegation[recipientId]': String(recipient.id), 'delegation[startDate]': '20/03/2031', 'delegation[endDate]': '15/03/2031' });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('La date de fin doit être postérieure ou égale à la date de début.');
    const self = await own.agent.post('/account/delegations/new').set(XHR).type('form')
      .send({ _csrf_token: own.csrf, 'delegation[recipientId]': String(delegator.id), 'delegation[startDate]': '15/03/2031', 'delegation[endDate]': '20/03/2031' });
    expect(self.status).toBe(200);
    expect(self.text).toContain('Vous ne pouvez pas vous déléguer votre propre compte.');
    const ok = await own.agent.post('/account/delegations/new').set(XHR).type('form')
      .send({ _csrf_token: own.csrf, 'delegation[recipientId]': String(recipient.id), 'delegation[startDate]': '15/03/2031', 'delegation[endDate]': '20/03/2031' });
    expect(ok.status).toBe(201);
    const list = await own.agent.get('/account/delegations');
    expect(list.text).toContain('Denis Roux');
    expect(list.text).toContain('15/03/2031');
    expect(list.text).toContain('20/03/2031');

    let rec = await loginAs(t, recipient);
    // Before the range: nothing offered, switching refused.
    expect((await rec.agent.get('/switch-user')).status).toBe(403);
    expect((await rec.agent.post(`/switch-user/${delegator.id}`).set(XHR).type('form').send({ _csrf_token: rec.csrf })).status).toBe(403);
    expect((await rec.agent.get('/')).text).not.toContain('data-testid="switch-banner"');

    // Sessions end after 30 idle minutes (read from the same clock): log in again after each move.
    clock.set(new Date('2031-03-20T21:00:00Z')); // 22:00 in Paris, last day
    rec = await loginAs(t, recipient);
    const offered = await rec.agent.get('/switch-user');
    expect(offered.status).toBe(200);
    expect(offered.text).toContain('Claire Petit');
    expect((await rec.agent.post(`/switch-user/${delegator.id}`).set(XHR).type('form').send({ _csrf_token: rec.csrf })).status).toBe(201);
    const home = await rec.agent.get('/');
    expect(home.text).toContain('Compte utilisé par délégation : Claire Petit — session ouverte par Denis Roux.');
    // Someone using a lent account does not lend it further.
    expect((await rec.agent.get('/account/delegations/new').set(XHR)).status).toBe(403);
    expect((await rec.agent.post('/switch-user/exit').type('form').send({ _csrf_token: rec.csrf })).status).toBe(302);
    const audit = await switchAudit(recipient.id);
    expect(audit.map((a) => a.detail.action)).toEqual(['start', 'exit']);
    expect(audit[0].detail.delegation).toEqual(expect.any(Number));

    clock.set(new Date('2031-03-20T23:30:00Z')); // 00:30 on the 21st in Paris: over
    rec = await loginAs(t, recipient);
    expect((await rec.agent.get('/switch-user')).status).toBe(403);
    expect((await rec.agent.post(`/switch-user/${delegator.id}`).set(XHR).type('form').send({ _csrf_token: rec.csrf })).status).toBe(403);
    expect((await rec.agent.get('/')).text).not.toContain('data-testid="switch-banner"');
    expect((await switchAudit(recipient.id)).map((a) => a.detail.action)).toEqual(['start', 'exit']);
  });

  it('a delegation lends an account with more rights than the recipient holds (the owner chose to)', async () => {
    const delegator = await makeUser(t, { roles: ['admin'] });
    const company = await companyOf(delegator.tenantId);
    const recipient = await makeUser(t, { company, roles: ['user', 'allowed_to_switch'] });
    const own = await loginAs(t, delegator);
    const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date());
    expect((await own.agent.post('/account/delegations/new').set(XHR).type('form')
      .send({ _csrf_token: own.csrf, 'delegation[recipientId]': String(recipient.id), 'delegation[startDate]': today, 'delegation[endDate]': today })).status).toBe(201);
    const rec = await loginAs(t, recipient);
    expect((await rec.agent.post(`/switch-user/${delegator.id}`).set(XHR).type('form').send({ _csrf_token: rec.csrf })).status).toBe(201);
    expect((await rec.agent.get('/')).text).toContain('par délégation');
  });

  it('lets only the delegator delete a delegation', async () => {
    const delegator = await makeUser(t);
    const company = await companyOf(delegator.tenantId);
    const recipient = await makeUser(t, { company });
    const own = await loginAs(t, delegator);
    await own.agent.post('/account/delegations/new').set(XHR).type('form')
      .send({ _csrf_token: own.csrf, 'delegation[recipientId]': String(recipient.id), 'delegation[startDate]': '01/01/2030', 'delegation[endDate]': '31/01/2030' });
    const [row] = await t.db.dataSource.query('SELECT id FROM user_delegation WHERE delegator_id = $1', [delegator.id]);
    const rec = await loginAs(t, recipient);
    expect((await rec.agent.post(`/account/delegations/${row.id}/delete`).set(XHR).set('X-CSRF-Token', rec.csrf)).status).toBe(404);
    expect(await t.db.dataSource.query('SELECT id FROM user_delegation WHERE delegator_id = $1', [delegator.id])).toEqual([{ id: row.id }]);
    expect((await own.agent.post(`/account/delegations/${row.id}/delete`).set(XHR).set('X-CSRF-Token', own.csrf)).status).toBe(200);
    expect(await t.db.dataSource.query('SELECT id FROM user_delegation WHERE delegator_id = $1', [delegator.id])).toEqual([]);
  });
});
