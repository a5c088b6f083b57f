import request from 'supertest';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('login page and session', () => {
  it('serves the French login form with a nonce-based CSP', async () => {
    const res = await request(t.app).get('/login');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="fr">');
    expect(res.text).toContain('name="_username"');
    expect(res.text).toContain('name="_password"');
    expect(res.text).toContain('name="_csrf_token"');
    expect(res.text).toContain('Se connecter');
    const csp = res.headers['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('refuses a wrong password with the spec message and keeps the username', async () => {
    const user = await makeUser(t);
    const agent = request.agent(t.app);
    const page = await agent.get('/login');
    const res = await agent.post('/login').type('form').send({ _username: user.username, _password: 'mauvais', _csrf_token: csrfFrom(page.text) });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Le nom d&#39;utilisateur ou le mot de passe saisi est incorrect.');
    expect(res.text).toContain(`value="${user.username}"`);
    const [audit] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM audit_entry WHERE event = 'login_failure'`);
    expect(audit.n).toBeGreaterThan(0);
  });

  it('refuses a login post without the CSRF token', async () => {
    const user = await makeUser(t);
    const agent = request.agent(t.app);
    await agent.get('/login');
    const res = await agent.post('/login').type('form').send({ _username: user.username, _password: user.password });
    expect(res.status).toBe(403);
  });

  it('logs in with a new session id, shows the home page, and logs out for good', async () => {
    const user = await makeUser(t);
    const agent = request.agent(t.app);
    const page = await agent.get('/login');
    const before = String(page.headers['set-cookie']).match(/vigie\.sid=([^;]+)/)?.[1];
    const res = await agent.post('/login').type('form').send({ _username: user.username, _password: user.password, _csrf_token: csrfFrom(page.text) });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    const after = String(res.headers['set-cookie']).match(/vigie\.sid=([^;]+)/)?.[1];
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const home = await agent.get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('Bonjour Camille Test');
    expect(home.text).toContain('Déconnexion');
    const out = await agent.post('/logout').type('form').send({ _csrf_token: csrfFrom(home.text) });
    expect(out.status).toBe(302);
    const again = await request(t.app).get('/').set('Cookie', `vigie.sid=${after}`);
    expect(again.status).toBe(302);
    expect(again.headers.location).toMatch(/^\/login\?target=/);
  });

  it('sends anonymous visitors to the login page, and answers 401 JSON to the client', async () => {
    const page = await request(t.app).get('/profile/edit');
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/login?target=%2Fprofile%2Fedit');
    const xhr = await request(t.app).get('/profile/edit').set('X-Requested-With', 'XMLHttpRequest');
    expect(xhr.status).toBe(401);
    expect(xhr.body.message).toBe('Votre session a expiré. Veuillez vous reconnecter.');
  });
});

describe('route table and translations', () => {
  it('publishes every named route in /js/routing.json', async () => {
    const res = await request(t.app).get('/js/routing.json');
    expect(res.status).toBe(200);
    const names = Object.keys(res.body.routes);
    expect(names).toEqual(t.ctx.routes.all().map((r) => r.name));
    expect(res.body.routes.mf_company_set).toEqual(expect.objectContaining({ path: '/company/{company}', methods: ['POST'] }));
  });

  it('serves a catalogue as JSON or as a script, messages by default', async () => {
    const json = await request(t.app).get('/translations/messages.json');
    expect(json.status).toBe(200);
    expect(json.body.messages.validation.required).toBe('Veuillez renseigner ce champ.');
    const js = await request(t.app).get('/translations');
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.text).toContain('window.VigieTranslations');
    expect(js.text).toContain('"messages"');
    expect((await request(t.app).get('/translations/inconnu.json')).status).toBe(404);
    expect((await request(t.app).get('/translations/mes-sages.json')).status).toBe(404);
  });
});

describe('error pages', () => {
  it('answers 404 in French with a link home', async () => {
    const res = await request(t.app).get('/nulle-part');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Page introuvable');
    expect(res.text).toContain('Retour à l&#39;accueil');
  });

  it('answers 403 in French to a user without the right', async () => {
    const user = await makeUser(t);
    const { agent } = await loginAs(t, user);
    // A route that needs a right the user lacks, registered only for this test.
    t.ctx.routes.add([{ name: 'test_only_admin', method: 'GET', path: '/test-only-admin', right: 'admin.users', handler: (_q, s) => { s.send('secret'); } }]);
    const res = await agent.get('/test-only-admin');
    expect(res.status).toBe(403);
    expect(res.text).toContain('Accès refusé');
    expect(res.text).not.toContain('secret');
  });
});

describe('profile modal form', () => {
  it('re-renders with the French error (200) keeping what was typed, then saves (201)', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const fragment = await agent.get('/profile/edit').set('X-Requested-With', 'XMLHttpRequest');
    expect(fragment.status).toBe(200);
    expect(fragment.text).not.toContain('<html');
    expect(fragment.text).toContain('modal-title');
    const version = /name="profile\[version\]" value="(\d+)"/.exec(fragment.text)![1];
    const bad = await agent.post('/profile/edit').set('X-Requested-With', 'XMLHttpRequest').type('form')
      .send({ _csrf_token: csrf, 'profile[firstName]': 'Camille', 'profile[lastName]': '', 'profile[email]': 'camille.nouveau@example.fr', 'profile[locale]': 'fr', 'profile[version]': version });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Veuillez renseigner ce champ.');
    expect(bad.text).toContain('value="camille.nouveau@example.fr"');
    const ok = await agent.post('/profile/edit').set('X-Requested-With', 'XMLHttpRequest').type('form')
      .send({ _csrf_token: csrf, 'profile[firstName]': 'Camille', 'profile[lastName]': 'Durand', 'profile[email]': `d${user.username}@example.fr`, 'profile[locale]': 'fr', 'profile[version]': version, 'profile[currentPassword]': user.password });
    expect(ok.status).toBe(201);
    const [row] = await t.db.dataSource.query('SELECT last_name FROM app_user WHERE id = $1', [user.id]);
    expect(row.last_name).toBe('Durand');
  });

  it('refuses a stale edit with 409 instead of overwriting the other one', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const form = (lastName: string) => ({ _csrf_token: csrf, 'profile[firstName]': 'Camille', 'profile[lastName]': lastName, 'profile[email]': `${user.username}@example.fr`, 'profile[locale]': 'fr', 'profile[version]': '1' });
    expect((await agent.post('/profile/edit').set('X-Requested-With', 'XMLHttpRequest').type('form').send(form('Premier'))).status).toBe(201);
    const second = await agent.post('/profile/edit').set('X-Requested-With', 'XMLHttpRequest').type('form').send(form('Second'));
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/modifié par quelqu'un d'autre/);
    const [row] = await t.db.dataSource.query('SELECT last_name FROM app_user WHERE id = $1', [user.id]);
    expect(row.last_name).toBe('Premier');
  });

  it('refuses a state change without the CSRF token', async () => {
    const user = await makeUser(t);
    const { agent } = await loginAs(t, user);
    const res = await agent.post('/profile/edit').set('X-Requested-With', 'XMLHttpRequest').type('form').send({ 'profile[lastName]': 'X' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/jeton CSRF/i);
  });
});

describe('company switch', () => {
  it('switches to a company of the user and refuses any other', async () => {
    const user = await makeUser(t);
    const [other] = await t.db.dataSource.query(`INSERT INTO tenant (name) VALUES ($1) RETURNING id`, [`Filiale ${user.username}`]);
    const [foreign] = await t.db.dataSource.query(`INSERT INTO tenant (name) VALUES ($1) RETURNING id`, [`Étrangère ${user.username}`]);
    await t.db.dataSource.query('INSERT INTO user_tenant (user_id, tenant_id) VALUES ($1, $2)', [user.id, other.id]);
    const { agent, csrf } = await loginAs(t, user);
    const ok = await agent.post(`/company/${other.id}`).type('form').send({ _csrf_token: csrf });
    expect(ok.status).toBe(302);
    const home = await agent.get('/');
    expect(home.text).toContain(`Vous travaillez maintenant sur la société Filiale ${user.username}.`);
    const refused = await agent.post(`/company/${foreign.id}`).type('form').send({ _csrf_token: csrf });
    expect(refused.status).toBe(403);
  });
});

describe('multipart forms', () => {
  it('reads the fields of a multipart post (the client sends FormData)', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const res = await agent.post('/profile/edit').set('X-Requested-With', 'XMLHttpRequest')
      .field('_csrf_token', csrf).field('profile[firstName]', 'Camille').field('profile[lastName]', '')
      .field('profile[email]', 'camille@example.fr').field('profile[locale]', 'fr').field('profile[version]', '1');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Veuillez renseigner ce champ.');
    expect(res.text).toContain('value="camille@example.fr"');
  });

  it('answers a French 400, not a 500, to a file sent where none is expected', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const res = await agent.post('/profile/edit').set('X-Requested-With', 'XMLHttpRequest')
      .field('_csrf_token', csrf).attach('profile[photo]', Buffer.from('x'), 'x.txt');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('La requête est mal formée.');
  });
});

describe('user locale', () => {
  it('renders the interface in the locale of the profile', async () => {
    const de = JSON.parse(require('node:fs').readFileSync(require('node:path').join(__dirname, '../../../translations/de/messages.json'), 'utf8'));
    const user = await makeUser(t, { locale: 'de' });
    const { agent } = await loginAs(t, user);
    const home = await agent.get('/');
    expect(home.text).toContain('<html lang="de">');
    expect(home.text).toContain(de.user_menu.logout);
    expect(home.text).not.toContain('Déconnexion');
  });
});

describe('rich-text image upload', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex');

  it('stores an image in the company and serves it back; refuses a disguised file in French', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const ok = await agent.post('/file-manager/upload').set('X-CSRF-Token', csrf).attach('upload', PNG, 'schéma.png');
    expect(ok.status).toBe(201);
    expect(ok.body.url).toMatch(/^\/file-manager\/[A-Za-z0-9_-]{43}$/);
    const img = await agent.get(ok.body.url);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const bad = await agent.post('/file-manager/upload').set('X-CSRF-Token', csrf).attach('upload', Buffer.from('<script>alert(1)</script>'), 'image.png');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Ce type de fichier n'est pas autorisé/);
    const other = await makeUser(t);
    const { agent: otherAgent } = await loginAs(t, other);
    expect((await otherAgent.get(ok.body.url)).status).toBe(404);
  });
});

describe('user autocomplete', () => {
  it('finds colleagues of the active company only', async () => {
    const me = await makeUser(t);
    const [{ name }] = await t.db.dataSource.query('SELECT t.name FROM tenant t WHERE t.id = $1', [me.tenantId]);
    const colleague = await makeUser(t, { company: name });
    await t.db.dataSource.query(`UPDATE app_user SET first_name = 'Élodie', last_name = 'Zéphyr' WHERE id = $1`, [colleague.id]);
    const stranger = await makeUser(t);
    await t.db.dataSource.query(`UPDATE app_user SET first_name = 'Élodie', last_name = 'Zéphyrine' WHERE id = $1`, [stranger.id]);
    const { agent } = await loginAs(t, me);
    const res = await agent.get('/users/autocomplete').query({ q: 'zéph' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: colleague.id, label: 'Élodie Zéphyr' }]);
    expect((await agent.get('/users/autocomplete').query({ q: 'z' })).body).toEqual([]);
    expect((await agent.get('/users/autocomplete').query({ q: '%%' })).body).toEqual([]);
  });
});

describe('last sign-in shown in the profile', () => {
  it('says it is the first sign-in, then shows the previous one', async () => {
    const user = await makeUser(t);
    const first = await loginAs(t, user);
    const a = await first.agent.get('/profile/edit').set('X-Requested-With', 'XMLHttpRequest');
    expect(a.text).toContain('C&#39;est votre première connexion.');
    const second = await loginAs(t, user);
    const b = await second.agent.get('/profile/edit').set('X-Requested-With', 'XMLHttpRequest');
    expect(b.text).toContain('data-island="relative-time"');
    expect(b.text).not.toContain('première connexion');
  });
});

describe('French answers to odd requests', () => {
  it('405 for a GET on a POST-only route, 500 without a stack for a crash', async () => {
    const user = await makeUser(t);
    const { agent } = await loginAs(t, user);
    const wrong = await agent.get('/logout');
    expect(wrong.status).toBe(405);
    expect(wrong.text).toContain('Cette action n&#39;est pas permise sur cette adresse.');
    t.ctx.routes.add([{ name: 'test_only_crash', method: 'GET', path: '/test-only-crash', right: 'authenticated', handler: () => { throw new Error('secret interne'); } }]);
    const page = await agent.get('/test-only-crash');
    expect(page.status).toBe(500);
    expect(page.text).toContain('Erreur interne');
    expect(page.text).toContain('Retour à l&#39;accueil');
    expect(page.text).not.toContain('secret interne');
    const xhr = await agent.get('/test-only-crash').set('X-Requested-With', 'XMLHttpRequest');
    expect(xhr.status).toBe(500);
    expect(xhr.body.message).toMatch(/^Une erreur interne est survenue/);
  });
});
