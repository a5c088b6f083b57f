import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { agentFrom, freshIp, postLogin } from './helpers';

let t: TestApp;
let restore: () => void;
const clock = new FixedClock(new Date('2031-03-10T09:00:00Z'));
beforeAll(async () => { t = await createTestApp(); restore = useClock(clock); });
afterAll(async () => { restore(); await t.close(); });

const THROTTLED = /Plusieurs tentatives de connexion ont échoué, veuillez réessayer dans (\d+) minutes?\./;

describe('login throttling (PostgreSQL, shared by processes)', () => {
  it('blocks the 6th try of an IP+username within the minute without checking the password, then lets through after the minute', async () => {
    clock.advance(3600_000);
    const user = await makeUser(t);
    const agent = agentFrom(t, freshIp());
    for (let i = 0; i < 5; i++) {
      const res = await postLogin(agent, user.username, 'mauvais');
      expect(res.text).toContain('Le nom d&#39;utilisateur ou le mot de passe saisi est incorrect.');
    }
    // Even the right password is refused: it is not checked.
    const blocked = await postLogin(agent, user.username, user.password);
    expect(blocked.status).toBe(200);
    expect(blocked.text).toMatch(THROTTLED);
    expect(blocked.text.match(THROTTLED)![1]).toBe('1');
    const [audit] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM audit_entry WHERE event = 'login_failure' AND detail->>'reason' = 'throttled' AND detail->>'username' = $1`, [user.username]);
    expect(audit.n).toBe(1);
    clock.advance(61_000);
    const ok = await postLogin(agent, user.username, user.password);
    expect(ok.status).toBe(302);
  });

  it('computes the minutes left from the window', async () => {
    clock.advance(3600_000);
    const user = await makeUser(t);
    const agent = agentFrom(t, freshIp());
    for (let i = 0; i < 5; i++) await postLogin(agent, user.username, 'mauvais');
    clock.advance(30_000);
    const res = await postLogin(agent, user.username, 'mauvais');
    expect(res.text.match(THROTTLED)?.[1]).toBe('1');
  });

  it('the same username from another IP is not blocked', async () => {
    clock.advance(3600_000);
    const user = await makeUser(t);
    const agent = agentFrom(t, freshIp());
    for (let i = 0; i < 5; i++) await postLogin(agent, user.username, 'mauvais');
    expect((await postLogin(agent, user.username, user.password)).text).toMatch(THROTTLED);
    expect((await postLogin(agentFrom(t, freshIp()), user.username, user.password)).status).toBe(302);
  });

  it('a successful login resets the IP+username counter', async () => {
    clock.advance(3600_000);
    const user = await makeUser(t);
    const ip = freshIp();
    const agent = agentFrom(t, ip);
    for (let i = 0; i < 4; i++) await postLogin(agent, user.username, 'mauvais');
    expect((await postLogin(agent, user.username, user.password)).status).toBe(302);
    const again = agentFrom(t, ip);
    for (let i = 0; i < 4; i++) expect((await postLogin(again, user.username, 'mauvais')).text).not.toMatch(THROTTLED);
    expect((await postLogin(again, user.username, user.password)).status).toBe(302);
  });

  it('blocks an IP after 25 failures in the minute, whatever the username', async () => {
    clock.advance(3600_000);
    const agent = agentFrom(t, freshIp());
    for (let u = 0; u < 5; u++) {
      for (let i = 0; i < 5; i++) {
        const res = await postLogin(agent, `inconnu_${u}_${process.pid}`, 'mauvais');
        expect(res.text).not.toMatch(THROTTLED);
      }
    }
    const user = await makeUser(t);
    const res = await postLogin(agent, user.username, user.password);
    expect(res.text).toMatch(THROTTLED);
    clock.advance(60_000);
    expect((await postLogin(agent, user.username, user.password)).status).toBe(302);
  });
});
