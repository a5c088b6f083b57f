import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex');

describe('profile edit', () => {
  it('saves civility, phone and mobile (the mobile with the current password)', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const form = await agent.get('/profile/edit').set('X-Requested-With', 'XMLHttpRequest');
    expect(form.text).toContain('name="profile[civility]"');
    const send = (phone: string) => agent.post('/profile/edit').set('X-Requested-With', 'XMLHttpRequest').type('form').send({
      _csrf_token: csrf, 'profile[firstName]': 'Camille', 'profile[lastName]': 'Test', 'profile[email]': `${user.username}@example.fr`, 'profile[locale]': 'fr',
      'profile[civility]': 'mrs', 'profile[phone]': phone, 'profile[mobile]': '06 12 34 56 78', 'profile[version]': '1', 'profile[currentPassword]': user.password,
    });
    expect((await send('pas un numéro')).text).toContain('Ce numéro de téléphone n&#39;est pas valide.');
    expect((await send('01 23 45 67 89')).status).toBe(201);
    const [row] = await t.db.dataSource.query('SELECT civility, phone, mobile FROM app_user WHERE id = $1', [user.id]);
    expect(row).toEqual({ civility: 'mrs', phone: '01 23 45 67 89', mobile: '06 12 34 56 78' });
  });

  it('uploads a photo shown in the top bar, refuses a disguised file in French', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const bad = await agent.post('/profile/photo').set('X-Requested-With', 'XMLHttpRequest').field('_csrf_token', csrf).attach('photo', Buffer.from('<script>'), 'moi.png');
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Ce type de fichier n&#39;est pas autorisé');
    const ok = await agent.post('/profile/photo').set('X-Requested-With', 'XMLHttpRequest').field('_csrf_token', csrf).attach('photo', PNG, 'moi.png');
    expect(ok.status).toBe(201);
    const home = await agent.get('/');
    const src = /<img src="(\/users\/\d+\/photo)"[^>]*data-testid="user-photo"/.exec(home.text)?.[1];
    expect(src).toBe(`/users/${user.id}/photo`);
    const img = await agent.get(src!);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await agent.post('/profile/photo/remove').set('X-Requested-With', 'XMLHttpRequest').type('form').send({ _csrf_token: csrf })).status).toBe(200);
    expect((await agent.get('/')).text).not.toContain('data-testid="user-photo"');
  });
});
