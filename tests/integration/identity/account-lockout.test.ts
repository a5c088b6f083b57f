import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs } from '../../../server/kernel/jobs';
import { identityMailer } from '../../../server/modules/identity/identity.channels';
import { createTestApp, csrfFrom, makeUser, type TestApp } from '../../support/app';
import { agentFrom, freshIp, postLogin } from './helpers';

let t: TestApp;
let restore: () => void;
const clock = new FixedClock(new Date('2031-09-01T07:00:00Z'));
beforeAll(async () => { t = await createTestApp(); restore = useClock(clock); });
afterAll(async () => { restore(); await t.close(); });

const MINUTE = 60_000;
const WAIT = /Plusieurs tentatives de connexion ont échoué, veuillez réessayer dans (\d+) minutes?\./;
const INVALID = 'Le nom d&#39;utilisateur ou le mot de passe saisi est incorrect.';
type User = Awaited<ReturnType<typeof makeUser>>;

/** `n` wrong passwords for the account, each from a new address (no per-IP limit is ever reached). */
async function failFromManyAddresses(identifier: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await postLogin(agentFrom(t, freshIp()), identifier, `mauvais-${i}`);
    expect(res.text).toContain(INVALID);
  }
}

/** The right password from a browser that never logged in: 302 when let in, else the minutes to wait. */
async function tryFromNewDevice(user: User): Promise<number | 'in'> {
  const res = await postLogin(agentFrom(t, freshIp()), user.username, user.password);
  if (res.status === 302) return 'in';
  const m = WAIT.exec(res.text);
  expect(m).not.toBeNull();
  return Number(m![1]);
}

async function lockoutMails(user: User) {
  await drainJobs(t.db.dataSource, { tenantIds: [user.tenantId] });
  return identityMailer().sent().filter((m) => m.to.includes(`${user.username}@example.fr`));
}

describe('per-account lockout (failures from any address)', () => {
  beforeEach(() => clock.advance(24 * 3600_000));

  it('9 failures: the right password still opens the account (one below the threshold)', async () => {
    const user = await makeUser(t);
    await failFromManyAddresses(user.username, 9);
    expect(await tryFromNewDevice(user)).toBe('in');
  });

  it('10 failures from 10 addresses: the 11th try waits 1 minute without the password being checked, and the owner is mailed once in their language', async () => {
    const user = await makeUser(t, { locale: 'en' });
    await failFromManyAddresses(user.username, 10);
    expect(await tryFromNewDevice(user)).toBe(1);
    // Wrong passwords meanwhile are refused the same way, not counted.
    const meanwhile = await postLogin(agentFrom(t, freshIp()), `${user.username}@example.fr`, 'encore-faux');
    expect(meanwhile.text.match(WAIT)?.[1]).toBe('1');
    const [audit] = await t.db.dataSource.query(
      `SELECT count(*)::int AS n FROM audit_entry WHERE event = 'login_failure' AND detail->>'reason' = 'account_locked' AND detail->>'username' = $1`, [user.username]);
    expect(audit.n).toBe(1);
    const mails = await lockoutMails(user);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Vigie: login attempts refused on your account');
    expect(mails[0].html).toContain('/password/forgotten');
    clock.advance(MINUTE);
    expect(await tryFromNewDevice(user)).toBe('in');
  });

  it('the issue\'s attack: 40 wrong passwords from 40 addresses, then the right one is refused', async () => {
    const user = await makeUser(t);
    let refused = 0;
    for (let i = 0; i < 40; i++) {
      const res = await postLogin(agentFrom(t, freshIp()), user.username, `mauvais-${i}`);
      if (WAIT.test(res.text)) refused += 1;
    }
    expect(refused).toBe(30);
    expect(await tryFromNewDevice(user)).toBe(1);
  });

  it('each failure after a block doubles the next one: 1, 2, 4, 8, then 15 minutes at most; one mail for the whole episode', async () => {
    const user = await makeUser(t);
    await failFromManyAddresses(user.username, 10);
    const waits: number[] = [];
    let previous = 1;
    for (let i = 0; i < 5; i++) {
      clock.advance(previous * MINUTE);
      // One more failure (the 11th, 12th...) once the block is over: above the threshold.
      await failFromManyAddresses(user.username, 1);
      previous = await tryFromNewDevice(user) as number;
      waits.push(previous);
    }
    expect(waits).toEqual([2, 4, 8, 15, 15]);
    // One second before the end still waits, at the end the door opens.
    clock.advance(15 * MINUTE - 1000);
    expect(await tryFromNewDevice(user)).toBe(1);
    clock.advance(1000);
    expect(await tryFromNewDevice(user)).toBe('in');
    expect(await lockoutMails(user)).toHaveLength(1);
  });

  it('an episode ends 15 quiet minutes after its last block: the count starts again from 10', async () => {
    const user = await makeUser(t);
    await failFromManyAddresses(user.username, 10);
    clock.advance(MINUTE + 15 * MINUTE);
    await failFromManyAddresses(user.username, 9);
    expect(await tryFromNewDevice(user)).toBe('in');
  });

  it('a browser that already logged in is never kept out by someone else\'s failures', async () => {
    const user = await makeUser(t);
    const mine = agentFrom(t, freshIp());
    expect((await postLogin(mine, user.username, user.password)).status).toBe(302);
    const home = await mine.get('/');
    expect(home.status).toBe(200);
    expect((await mine.post('/logout').type('form').send({ _csrf_token: csrfFrom(home.text) })).status).toBe(302);
    await failFromManyAddresses(user.username, 10);
    expect(await tryFromNewDevice(user)).toBe(1);
    const again = await postLogin(mine, user.username, user.password);
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe('/');
  });

  it('a password reset lets that browser in at once', async () => {
    const user = await makeUser(t);
    await failFromManyAddresses(user.username, 10);
    const agent = agentFrom(t, freshIp());
    const page = await agent.get('/password/forgotten');
    identityMailer().clear();
    await agent.post('/password/forgotten').type('form').send({ _csrf_token: csrfFrom(page.text), 'forgotten[identifier]': user.username });
    const token = /\/password\/reset\/([A-Za-z0-9_-]{43})/.exec(identityMailer().sent()[0].html)![1];
    const form = await agent.get(`/password/reset/${token}`);
    const reset = await agent.post(`/password/reset/${token}`).type('form')
      .send({ _csrf_token: csrfFrom(form.text), 'password[newPassword]': 'Un-nouveau-secret-1', 'password[confirmation]': 'Un-nouveau-secret-1' });
    expect(reset.status).toBe(302);
    expect((await postLogin(agent, user.username, 'Un-nouveau-secret-1')).status).toBe(302);
  });

  it('an unknown username is held back the same way (nothing tells which accounts exist)', async () => {
    const ghost = `personne_${process.pid}_${Date.now()}`;
    await failFromManyAddresses(ghost, 10);
    const res = await postLogin(agentFrom(t, freshIp()), ghost, 'mauvais');
    expect(res.text.match(WAIT)?.[1]).toBe('1');
  });

  it('wrong current passwords on a signed-in session count too (no guessing through the profile)', async () => {
    const user = await makeUser(t);
    const agent = agentFrom(t, freshIp());
    expect((await postLogin(agent, user.username, user.password)).status).toBe(302);
    const csrf = csrfFrom((await agent.get('/')).text);
    const change = (current: string) => agent.post('/profile/password').set('X-Requested-With', 'XMLHttpRequest').type('form')
      .send({ _csrf_token: csrf, 'password[current]': current, 'password[newPassword]': 'Tout-nouveau-secret', 'password[confirmation]': 'Tout-nouveau-secret' });
    for (let i = 0; i < 10; i++) expect((await change(`mauvais-${i}`)).text).toContain('Le mot de passe actuel est incorrect.');
    expect(await tryFromNewDevice(user)).toBe(1);
  });
});
