import { identityMailer } from '../../../server/modules/identity/identity.channels';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';
import { agentFrom, freshIp, postLogin } from './helpers';

let t: TestApp;
let restore: () => void;
const clock = new FixedClock(new Date('2031-05-01T08:00:00Z'));
beforeAll(async () => { t = await createTestApp(); restore = useClock(clock); });
afterAll(async () => { restore(); await t.close(); });

const NEUTRAL = 'Si un compte correspond à votre saisie, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.';

async function requestReset(identifier: string): Promise<string | null> {
  const agent = agentFrom(t, freshIp());
  const page = await agent.get('/password/forgotten');
  identityMailer().clear();
  const res = await agent.post('/password/forgotten').type('form').send({ _csrf_token: csrfFrom(page.text), 'forgotten[identifier]': identifier });
  expect(res.status).toBe(200);
  expect(res.text).toContain(NEUTRAL);
  const mail = identityMailer().sent()[0];
  return mail ? /\/password\/reset\/([A-Za-z0-9_-]{43})/.exec(mail.html)![1] : null;
}

describe('forgotten password', () => {
  it('says the same for an unknown account and sends no mail', async () => {
    expect(await requestReset('personne@nulle-part.fr')).toBeNull();
  });

  it('mails a single-use link (only its hash stored) that resets the password and kills the sessions', async () => {
    const user = await makeUser(t);
    const { agent: oldSession } = await loginAs(t, user);
    const token = await requestReset(`${user.username}@example.fr`);
    expect(token).toBeTruthy();
    expect(identityMailer().sent()[0].to).toEqual([`${user.username}@example.fr`]);
    const [stored] = await t.db.dataSource.query('SELECT token_hash FROM password_reset_token WHERE user_id = $1', [user.id]);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(token);

    const agent = agentFrom(t, freshIp());
    const form = await agent.get(`/password/reset/${token}`);
    expect(form.status).toBe(200);
    const csrf = csrfFrom(form.text);
    const mismatch = await agent.post(`/password/reset/${token}`).type('form').send({ _csrf_token: csrf, 'password[newPassword]': 'Un-nouveau-secret-1', 'password[confirmation]': 'Un-autre-secret-2' });
    expect(mismatch.text).toContain('Les mots de passe ne sont pas identiques');
    const ok = await agent.post(`/password/reset/${token}`).type('form').send({ _csrf_token: csrf, 'password[newPassword]': 'Un-nouveau-secret-1', 'password[confirmation]': 'Un-nouveau-secret-1' });
    expect(ok.status).toBe(302);
    expect((await agent.get('/login')).text).toContain('Votre mot de passe a été modifié.');
    expect((await oldSession.get('/')).status).toBe(302);
    expect((await postLogin(agentFrom(t, freshIp()), user.username, 'Un-nouveau-secret-1')).status).toBe(302);

    const reused = await agent.get(`/password/reset/${token}`);
    expect(reused.text).toContain('Ce lien n&#39;est plus valide.');
    const replay = await agent.post(`/password/reset/${token}`).type('form').send({ _csrf_token: csrf, 'password[newPassword]': 'Encore-un-secret-3', 'password[confirmation]': 'Encore-un-secret-3' });
    expect(replay.text).toContain('Ce lien n&#39;est plus valide.');
  });

  it('a link is valid one hour', async () => {
    const user = await makeUser(t);
    const token = await requestReset(user.username);
    clock.advance(59 * 60_000);
    expect((await agentFrom(t, freshIp()).get(`/password/reset/${token}`)).text).not.toContain('Ce lien n&#39;est plus valide.');
    clock.advance(61_000);
    expect((await agentFrom(t, freshIp()).get(`/password/reset/${token}`)).text).toContain('Ce lien n&#39;est plus valide.');
  });
});

describe('change password from the user menu', () => {
  it('checks the current password, length and confirmation, then kills the other sessions only', async () => {
    const user = await makeUser(t);
    const other = await loginAs(t, user);
    const { agent, csrf } = await loginAs(t, user);
    const home = await agent.get('/');
    expect(home.text).toContain('href="/profile/password"');
    const send = (current: string, next: string, confirmation: string) => agent.post('/profile/password').set('X-Requested-With', 'XMLHttpRequest').type('form')
      .send({ _csrf_token: csrf, 'password[current]': current, 'password[newPassword]': next, 'password[confirmation]': confirmation });
    expect((await send('mauvais', 'Tout-nouveau-secret', 'Tout-nouveau-secret')).text).toContain('Le mot de passe actuel est incorrect.');
    expect((await send(user.password, 'court', 'court')).text).toContain('Le mot de passe doit contenir au moins 12 caractères.');
    expect((await send(user.password, 'Tout-nouveau-secret', 'Tout-autre-secret')).text).toContain('Les mots de passe ne sont pas identiques');
    const ok = await send(user.password, 'Tout-nouveau-secret', 'Tout-nouveau-secret');
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe('Votre mot de passe a été modifié.');
    expect((await agent.get('/')).status).toBe(200);
    expect((await other.agent.get('/')).status).toBe(302);
  });
});
