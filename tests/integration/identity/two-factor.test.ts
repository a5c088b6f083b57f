import { totpCode } from '../../../server/kernel/auth/totp';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { setToggle } from '../../../server/kernel/toggles/toggles';
import type { RecordingSmsSender } from '../../../server/kernel/sms';
import { identitySms } from '../../../server/modules/identity/identity.channels';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';
import { agentFrom, freshIp, postLogin } from './helpers';

let t: TestApp;
let restore: () => void;
const clock = new FixedClock(new Date('2031-06-01T08:00:00Z'));
const sms = () => identitySms() as RecordingSmsSender;
beforeAll(async () => { t = await createTestApp(); restore = useClock(clock); });
afterAll(async () => { restore(); await t.close(); });

const INVALID = 'Le code de vérification n&#39;est pas valide.';

async function twoFactorUser(mobile: string | null = '06 12 34 56 78') {
  const user = await makeUser(t);
  await setToggle(t.db.dataSource, user.tenantId, 'two_factor', true);
  await t.db.dataSource.query('UPDATE app_user SET mobile = $2 WHERE id = $1', [user.id, mobile]);
  return user;
}

async function startLogin(user: { username: string; password: string }) {
  const agent = agentFrom(t, freshIp());
  sms().clear();
  const res = await postLogin(agent, user.username, user.password);
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe('/login/verification');
  const page = await agent.get('/login/verification');
  return { agent, csrf: csrfFrom(page.text), page };
}
const lastCode = () => /(\d{6})/.exec(sms().sent().at(-1)!.body)![1];

describe('two-factor login by SMS (toggle two_factor)', () => {
  it('is off by default: the password is enough', async () => {
    const user = await makeUser(t);
    expect((await postLogin(agentFrom(t, freshIp()), user.username, user.password)).headers.location).toBe('/');
  });

  it('sends a 6-digit code to the mobile; the session is authenticated only after it, and the code is single use', async () => {
    const user = await twoFactorUser();
    const { agent, csrf, page } = await startLogin(user);
    expect(page.text).toContain('Un code de vérification a été envoyé par SMS');
    expect(sms().sent()).toHaveLength(1);
    expect(sms().sent()[0].to).toBe('+33612345678');
    expect((await agent.get('/')).status).toBe(302);
    const wrong = await agent.post('/login/verification').type('form').send({ _csrf_token: csrf, _code: '000000' === lastCode() ? '111111' : '000000' });
    expect(wrong.text).toContain(INVALID);
    const code = lastCode();
    const ok = await agent.post('/login/verification').type('form').send({ _csrf_token: csrf, _code: code });
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe('/');
    expect((await agent.get('/')).status).toBe(200);
    // The same code cannot open a second login.
    const second = await startLogin(user);
    clock.advance(61_000);
    const reuse = await second.agent.post('/login/verification').type('form').send({ _csrf_token: second.csrf, _code: code });
    expect(reuse.text).toContain(INVALID);
  });

  it('a code expires after 10 minutes', async () => {
    const user = await twoFactorUser();
    const { agent, csrf } = await startLogin(user);
    const code = lastCode();
    clock.advance(10 * 60_000 + 1000);
    const late = await agent.post('/login/verification').type('form').send({ _csrf_token: csrf, _code: code });
    expect(late.text).toContain(INVALID);
  });

  it('a code dies after 5 wrong tries; resends are throttled', async () => {
    clock.advance(3600_000);
    const user = await twoFactorUser();
    const { agent, csrf } = await startLogin(user);
    const code = lastCode();
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++) await agent.post('/login/verification').type('form').send({ _csrf_token: csrf, _code: wrongCode });
    const soon = await agent.post('/login/verification/resend').type('form').send({ _csrf_token: csrf });
    expect(soon.text).toContain('Un code vient d&#39;être envoyé.');
    expect(sms().sent()).toHaveLength(1);
    await agent.post('/login/verification').type('form').send({ _csrf_token: csrf, _code: wrongCode });
    // Fifth wrong try: the login starts over.
    expect((await agent.get('/login/verification')).headers.location).toBe('/login');
    const [row] = await t.db.dataSource.query('SELECT attempts FROM two_factor_code WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [user.id]);
    expect(row.attempts).toBe(5);
    // Even the right code no longer works.
    const again = await startLogin(user);
    expect(sms().sent()).toHaveLength(0);
    expect((await again.agent.post('/login/verification').type('form').send({ _csrf_token: again.csrf, _code: code })).text).toContain(INVALID);
    clock.advance(61_000);
    const resent = await again.agent.post('/login/verification/resend').type('form').send({ _csrf_token: again.csrf });
    expect(resent.text).toContain('Un nouveau code vous a été envoyé par SMS.');
    expect((await again.agent.post('/login/verification').type('form').send({ _csrf_token: again.csrf, _code: lastCode() })).status).toBe(302);
  });

  it('refuses the login when no mobile number is known', async () => {
    const user = await twoFactorUser(null);
    const res = await postLogin(agentFrom(t, freshIp()), user.username, user.password);
    expect(res.text).toContain('Aucun numéro de mobile valide');
  });
});

describe('authenticator app (TOTP)', () => {
  it('is enrolled from the profile with a code, then asked at login instead of SMS; wrong or replayed codes are refused', async () => {
    clock.advance(3600_000);
    const user = await makeUser(t);
    await t.db.dataSource.query('UPDATE app_user SET mobile = $2 WHERE id = $1', [user.id, '06 12 34 56 78']);
    const { agent, csrf } = await loginAs(t, user);
    await setToggle(t.db.dataSource, user.tenantId, 'two_factor', true);
    const profile = await agent.get('/profile/edit').set('X-Requested-With', 'XMLHttpRequest');
    expect(profile.text).toContain('href="/profile/authenticator"');
    const setup = await agent.get('/profile/authenticator').set('X-Requested-With', 'XMLHttpRequest');
    const uri = /data-testid="totp-uri">([^<]+)</.exec(setup.text)![1].replace(/&amp;/g, '&');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Vigie:/);
    const secret = new URL(uri).searchParams.get('secret')!;
    const bad = await agent.post('/profile/authenticator').set('X-Requested-With', 'XMLHttpRequest').type('form').send({ _csrf_token: csrf, 'totp[password]': user.password, 'totp[code]': '000000' === totpCode(secret, clock.now()) ? '111111' : '000000' });
    expect(bad.text).toContain(INVALID);
    const ok = await agent.post('/profile/authenticator').set('X-Requested-With', 'XMLHttpRequest').type('form').send({ _csrf_token: csrf, 'totp[password]': user.password, 'totp[code]': totpCode(secret, clock.now()) });
    expect(ok.status).toBe(201);

    clock.advance(60_000);
    const login = await startLogin(user);
    expect(sms().sent()).toHaveLength(0);
    expect(login.page.text).toContain('application d&#39;authentification');
    const wrong = await login.agent.post('/login/verification').type('form').send({ _csrf_token: login.csrf, _code: totpCode(secret, new Date(clock.now().getTime() + 5 * 60_000)) });
    expect(wrong.text).toContain(INVALID);
    // One step of drift is accepted.
    const code = totpCode(secret, new Date(clock.now().getTime() - 30_000));
    const good = await login.agent.post('/login/verification').type('form').send({ _csrf_token: login.csrf, _code: code });
    expect(good.status).toBe(302);
    expect((await login.agent.get('/')).status).toBe(200);
    const replay = await startLogin(user);
    expect((await replay.agent.post('/login/verification').type('form').send({ _csrf_token: replay.csrf, _code: code })).text).toContain(INVALID);
  });
});
