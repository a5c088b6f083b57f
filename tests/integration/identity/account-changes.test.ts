import { totpCode } from '../../../server/kernel/auth/totp';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs } from '../../../server/kernel/jobs';
import { identityMailer } from '../../../server/modules/identity/identity.channels';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
let restore: () => void;
const clock = new FixedClock(new Date('2031-07-01T08:00:00Z'));
beforeAll(async () => { t = await createTestApp(); restore = useClock(clock); });
afterAll(async () => { restore(); await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const ASK = 'Saisissez votre mot de passe actuel pour modifier l&#39;e-mail ou le mobile.';
const WRONG = 'Le mot de passe actuel est incorrect.';

type User = Awaited<ReturnType<typeof makeUser>>;

/** Mails the account's jobs sent, to one address. */
async function mailsTo(user: User, address: string) {
  await drainJobs(t.db.dataSource, { tenantIds: [user.tenantId] });
  return identityMailer().sent().filter((m) => m.to.includes(address));
}

async function profileForm(user: User, agent: Awaited<ReturnType<typeof loginAs>>['agent'], csrf: string, changes: Record<string, string>) {
  const [row] = await t.db.dataSource.query('SELECT version FROM app_user WHERE id = $1', [user.id]);
  return agent.post('/profile/edit').set(XHR).type('form').send({
    _csrf_token: csrf, 'profile[firstName]': 'Camille', 'profile[lastName]': 'Test', 'profile[email]': `${user.username}@example.fr`,
    'profile[locale]': 'fr', 'profile[version]': String(row.version), ...changes,
  });
}

/** The lines of a mail's text part (the changes are listed one per line). */
const lines = (mail: { text: string }): string[] => mail.text.split('\n').map((l) => l.trim());

const emailOf = async (id: number): Promise<{ email: string; mobile: string | null }> =>
  (await t.db.dataSource.query('SELECT email, mobile FROM app_user WHERE id = $1', [id]))[0];

describe('profile: e-mail and mobile need the current password, the old address is told', () => {
  it('asks for the password to change the e-mail, keeps what was typed, then mails the old address only', async () => {
    const user = await makeUser(t);
    const old = `${user.username}@example.fr`;
    const { agent, csrf } = await loginAs(t, user);
    const form = await agent.get('/profile/edit').set(XHR);
    expect(form.text).toContain('name="profile[currentPassword]"');
    expect(form.text).toContain('autocomplete="current-password"');

    const missing = await profileForm(user, agent, csrf, { 'profile[email]': 'pirate@evil.example', 'profile[lastName]': 'Saisi' });
    expect(missing.status).toBe(200);
    expect(missing.text).toContain(ASK);
    expect(missing.text).toContain('value="pirate@evil.example"');
    expect(missing.text).toContain('value="Saisi"');
    const wrong = await profileForm(user, agent, csrf, { 'profile[email]': 'pirate@evil.example', 'profile[currentPassword]': 'pas-le-bon' });
    expect(wrong.status).toBe(200);
    expect(wrong.text).toContain(WRONG);
    expect(wrong.text).toContain('value="pirate@evil.example"');
    expect(wrong.text).not.toContain('value="pas-le-bon"');
    expect((await emailOf(user.id)).email).toBe(old);

    const ok = await profileForm(user, agent, csrf, { 'profile[email]': `neuf.${old}`, 'profile[currentPassword]': user.password });
    expect(ok.status).toBe(201);
    expect((await emailOf(user.id)).email).toBe(`neuf.${old}`);
    const told = await mailsTo(user, old);
    expect(told).toHaveLength(1);
    expect(told[0].subject).toBe('Vigie : modification de votre compte');
    expect(lines(told[0])).toContain('Adresse e-mail');
    expect(lines(told[0])).not.toContain('Numéro de mobile');
    expect(told[0].text).toContain('01/07/2031 10:00');
    expect(await mailsTo(user, `neuf.${old}`)).toEqual([]);
    const [audit] = await t.db.dataSource.query(`SELECT detail FROM audit_entry WHERE event = 'account_change' AND user_id = $1`, [user.id]);
    expect(audit.detail.changes).toEqual(['email']);
  });

  it('asks for it to change or remove the mobile; the mail is in the user\'s language', async () => {
    const user = await makeUser(t, { locale: 'de' });
    await t.db.dataSource.query(`UPDATE app_user SET mobile = '06 12 34 56 78' WHERE id = $1`, [user.id]);
    const { agent, csrf } = await loginAs(t, user);
    const missing = await profileForm(user, agent, csrf, { 'profile[locale]': 'de', 'profile[mobile]': '07 98 76 54 32' });
    expect(missing.status).toBe(200);
    expect((await emailOf(user.id)).mobile).toBe('06 12 34 56 78');
    const removed = await profileForm(user, agent, csrf, { 'profile[locale]': 'de', 'profile[mobile]': '' });
    expect(removed.status).toBe(200);
    expect((await emailOf(user.id)).mobile).toBe('06 12 34 56 78');
    // The same number written differently is no change.
    expect((await profileForm(user, agent, csrf, { 'profile[locale]': 'de', 'profile[mobile]': '0612345678' })).status).toBe(201);
    expect(await mailsTo(user, `${user.username}@example.fr`)).toEqual([]);
    const ok = await profileForm(user, agent, csrf, { 'profile[locale]': 'de', 'profile[mobile]': '07 98 76 54 32', 'profile[currentPassword]': user.password });
    expect(ok.status).toBe(201);
    const told = await mailsTo(user, `${user.username}@example.fr`);
    expect(told).toHaveLength(1);
    expect(told[0].subject).toBe('Vigie: Änderung Ihres Kontos');
    expect(lines(told[0])).toContain('Mobilnummer');
  });

  it('needs no password and mails nobody for the name, phone or language', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const res = await profileForm(user, agent, csrf, { 'profile[lastName]': 'Durand', 'profile[phone]': '01 23 45 67 89', 'profile[locale]': 'en' });
    expect(res.status).toBe(201);
    expect(await mailsTo(user, `${user.username}@example.fr`)).toEqual([]);
  });
});

describe('password changes are mailed', () => {
  it('tells the address when the password is changed from the user menu', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const res = await agent.post('/profile/password').set(XHR).type('form')
      .send({ _csrf_token: csrf, 'password[current]': user.password, 'password[newPassword]': 'Tout-nouveau-secret', 'password[confirmation]': 'Tout-nouveau-secret' });
    expect(res.status).toBe(201);
    const told = await mailsTo(user, `${user.username}@example.fr`);
    expect(told).toHaveLength(1);
    expect(lines(told[0])).toContain('Mot de passe');
  });
});

describe('authenticator app: enrolling or replacing it needs the password', () => {
  async function setupSecret(agent: Awaited<ReturnType<typeof loginAs>>['agent']): Promise<string> {
    const setup = await agent.get('/profile/authenticator').set(XHR);
    expect(setup.text).toContain('name="totp[password]"');
    const uri = /data-testid="totp-uri">([^<]+)</.exec(setup.text)![1].replace(/&amp;/g, '&');
    return new URL(uri).searchParams.get('secret')!;
  }
  const secretOf = async (id: number): Promise<string | undefined> => (await t.db.dataSource.query('SELECT secret FROM user_totp WHERE user_id = $1', [id]))[0]?.secret;

  it('refuses the enrolment without the right password (code kept), enrols with it and tells the address', async () => {
    clock.advance(3600_000);
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const secret = await setupSecret(agent);
    const code = totpCode(secret, clock.now());
    const none = await agent.post('/profile/authenticator').set(XHR).type('form').send({ _csrf_token: csrf, 'totp[code]': code });
    expect(none.status).toBe(200);
    expect(none.text).toContain('Veuillez renseigner ce champ.');
    expect(none.text).toContain(`value="${code}"`);
    const wrong = await agent.post('/profile/authenticator').set(XHR).type('form').send({ _csrf_token: csrf, 'totp[code]': code, 'totp[password]': 'pas-le-bon' });
    expect(wrong.status).toBe(200);
    expect(wrong.text).toContain(WRONG);
    expect(await secretOf(user.id)).toBeUndefined();
    const ok = await agent.post('/profile/authenticator').set(XHR).type('form').send({ _csrf_token: csrf, 'totp[code]': code, 'totp[password]': user.password });
    expect(ok.status).toBe(201);
    expect(await secretOf(user.id)).toBe(secret);
    const told = await mailsTo(user, `${user.username}@example.fr`);
    expect(told).toHaveLength(1);
    expect(lines(told[0])).toContain('Application d\'authentification activée');
  });

  it('a second session cannot silently replace an enrolled app: the password is asked there too', async () => {
    clock.advance(3600_000);
    const user = await makeUser(t);
    const first = await loginAs(t, user);
    const second = await loginAs(t, user);
    const mine = await setupSecret(first.agent);
    const theirs = await setupSecret(second.agent);
    expect((await first.agent.post('/profile/authenticator').set(XHR).type('form')
      .send({ _csrf_token: first.csrf, 'totp[code]': totpCode(mine, clock.now()), 'totp[password]': user.password })).status).toBe(201);
    clock.advance(30_000);
    const silent = await second.agent.post('/profile/authenticator').set(XHR).type('form').send({ _csrf_token: second.csrf, 'totp[code]': totpCode(theirs, clock.now()) });
    expect(silent.status).toBe(200);
    expect(await secretOf(user.id)).toBe(mine);
    const replaced = await second.agent.post('/profile/authenticator').set(XHR).type('form')
      .send({ _csrf_token: second.csrf, 'totp[code]': totpCode(theirs, clock.now()), 'totp[password]': user.password });
    expect(replaced.status).toBe(201);
    expect(await secretOf(user.id)).toBe(theirs);
  });
});
