import request from 'supertest';
import { killUserSessions } from '../../../server/kernel/auth/sessions';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';
import { agentFrom, freshIp, postLogin } from './helpers';

let t: TestApp;
let restore: () => void;
const clock = new FixedClock(new Date('2031-04-01T08:00:00Z'));
beforeAll(async () => { t = await createTestApp(); restore = useClock(clock); });
afterAll(async () => { restore(); await t.close(); });

const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params);

describe('account states at login', () => {
  it.each([
    ['disabled', 'UPDATE app_user SET enabled = false WHERE id = $1', 'Ce compte est désactivé.'],
    ['expired', `UPDATE app_user SET expires_at = '2031-04-01T07:59:00Z' WHERE id = $1`, 'Ce compte a expiré.'],
    ['locked', 'UPDATE app_user SET locked = true WHERE id = $1', 'Ce compte est verrouillé.'],
  ])('refuses a %s account with its own message (only after the right password)', async (_state, sql, message) => {
    const user = await makeUser(t);
    await q(sql, [user.id]);
    const agent = agentFrom(t, freshIp());
    const res = await postLogin(agent, user.username, user.password);
    expect(res.status).toBe(200);
    expect(res.text).toContain(message.replace(/'/g, '&#39;'));
    const wrong = await postLogin(agent, user.username, 'mauvais');
    expect(wrong.text).toContain('Le nom d&#39;utilisateur ou le mot de passe saisi est incorrect.');
    expect((await agent.get('/')).status).toBe(302);
  });

  it('an account whose expiry date is still ahead logs in', async () => {
    const user = await makeUser(t);
    await q(`UPDATE app_user SET expires_at = '2031-04-02T00:00:00Z' WHERE id = $1`, [user.id]);
    expect((await postLogin(agentFrom(t, freshIp()), user.username, user.password)).status).toBe(302);
  });

  it('expired credentials: the change-password screen comes before anything else', async () => {
    const user = await makeUser(t);
    await q(`UPDATE app_user SET credentials_expire_at = '2031-03-31T00:00:00Z' WHERE id = $1`, [user.id]);
    const agent = agentFrom(t, freshIp());
    const res = await postLogin(agent, user.username, user.password);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login/password-expired');
    expect((await agent.get('/')).headers.location).toMatch(/^\/login\?target=/);
    const page = await agent.get('/login/password-expired');
    expect(page.text).toContain('Votre mot de passe a expiré.');
    const csrf = csrfFrom(page.text);
    const mismatch = await agent.post('/login/password-expired').type('form').send({ _csrf_token: csrf, 'password[newPassword]': 'Nouveau-mot-de-passe-1', 'password[confirmation]': 'Autre-mot-de-passe-1' });
    expect(mismatch.text).toContain('Les mots de passe ne sont pas identiques');
    const short = await agent.post('/login/password-expired').type('form').send({ _csrf_token: csrf, 'password[newPassword]': 'court', 'password[confirmation]': 'court' });
    expect(short.text).toContain('Le mot de passe doit contenir au moins 12 caractères.');
    const ok = await agent.post('/login/password-expired').type('form').send({ _csrf_token: csrf, 'password[newPassword]': 'Nouveau-mot-de-passe-1', 'password[confirmation]': 'Nouveau-mot-de-passe-1' });
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe('/');
    expect((await agent.get('/')).status).toBe(200);
    const [row] = await q('SELECT credentials_expire_at FROM app_user WHERE id = $1', [user.id]);
    expect(row.credentials_expire_at).toBeNull();
    expect((await postLogin(agentFrom(t, freshIp()), user.username, 'Nouveau-mot-de-passe-1')).status).toBe(302);
  });
});

describe('session timeouts and kills', () => {
  it('ends a session after 30 minutes of inactivity, and says so on the login page', async () => {
    const user = await makeUser(t);
    const { agent } = await loginAs(t, user);
    clock.advance(29 * 60_000);
    expect((await agent.get('/')).status).toBe(200);
    clock.advance(29 * 60_000);
    expect((await agent.get('/')).status).toBe(200);
    clock.advance(30 * 60_000);
    const gone = await agent.get('/');
    expect(gone.status).toBe(302);
    expect(gone.headers.location).toMatch(/^\/login/);
    const login = await agent.get('/login');
    expect(login.text).toContain('Votre session a expiré après 30 minutes d&#39;inactivité.');
  });

  it('ends a session 10 hours after the login even when active', async () => {
    const user = await makeUser(t);
    const { agent } = await loginAs(t, user);
    for (let i = 0; i < 39; i++) {
      clock.advance(15 * 60_000);
      expect((await agent.get('/')).status).toBe(200);
    }
    clock.advance(15 * 60_000);
    expect((await agent.get('/')).status).toBe(302);
    expect((await agent.get('/login')).text).toContain('Votre session a atteint sa durée maximale.');
  });

  it('killUserSessions ends every session of the user and only theirs', async () => {
    const user = await makeUser(t);
    const other = await makeUser(t);
    const a = await loginAs(t, user);
    const b = await loginAs(t, user);
    const c = await loginAs(t, other);
    expect(await killUserSessions(t.db.dataSource, user.id)).toBe(2);
    expect((await a.agent.get('/')).status).toBe(302);
    expect((await b.agent.get('/')).status).toBe(302);
    expect((await c.agent.get('/')).status).toBe(200);
  });

  it('a session of a user disabled or locked meanwhile ends at the next request', async () => {
    const user = await makeUser(t);
    const { agent } = await loginAs(t, user);
    await q('UPDATE app_user SET locked = true WHERE id = $1', [user.id]);
    expect((await agent.get('/')).status).toBe(302);
  });

  it('logout ends the session on the server', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    await agent.post('/logout').type('form').send({ _csrf_token: csrf });
    const [n] = await q(`SELECT count(*)::int AS n FROM "session" WHERE sess->'passport'->>'user' = $1`, [String(user.id)]);
    expect(n.n).toBe(0);
    expect((await request(t.app).get('/')).status).toBe(302);
  });
});
