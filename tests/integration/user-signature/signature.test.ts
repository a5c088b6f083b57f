import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { dataUrl, png } from '../../support/png';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

describe('user signature', () => {
  it('saves a drawn PNG and gives it back as a data URL', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    expect((await agent.get('/account/signature/image').set(XHR)).body).toEqual({ image: null });
    const image = dataUrl(png(40, 20, { ink: true }));
    const saved = await agent.post('/account/signature').set(XHR).set('X-CSRF-Token', csrf).send({ image });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: 'Signature enregistrée !' });
    expect((await agent.get('/account/signature/image').set(XHR)).body).toEqual({ image });
    // Saving again replaces it (one row per user).
    const again = dataUrl(png(50, 20, { ink: true }));
    expect((await agent.post('/account/signature').set(XHR).set('X-CSRF-Token', csrf).send({ image: again })).status).toBe(200);
    expect((await agent.get('/account/signature/image').set(XHR)).body).toEqual({ image: again });
    const rows = await t.db.dataSource.query('SELECT tenant_id FROM user_signature WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ tenant_id: user.tenantId }]);
  });

  it('refuses an empty drawing, a non-PNG and an image over 500 KB, keeping the saved one', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const first = dataUrl(png(30, 10, { ink: true }));
    await agent.post('/account/signature').set(XHR).set('X-CSRF-Token', csrf).send({ image: first });
    const post = (body: unknown) => agent.post('/account/signature').set(XHR).set('X-CSRF-Token', csrf).send(body as object);

    const blank = await post({ image: dataUrl(png(300, 100)) });
    expect(blank.status).toBe(422);
    expect(blank.body.message).toBe("La signature est vide : dessinez-la avant de l'enregistrer.");
    expect((await post({ image: '' })).status).toBe(422);
    expect((await post({})).status).toBe(422);
    const jpeg = await post({ image: `data:image/jpeg;base64,${Buffer.from('fake').toString('base64')}` });
    expect(jpeg.status).toBe(400);
    expect(jpeg.body.message).toBe("L'image de la signature doit être une image PNG.");
    expect((await post({ image: `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}` })).status).toBe(400);
    const big = await post({ image: dataUrl(png(10, 10, { ink: true, noise: 520 * 1024 })) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe("L'image de la signature dépasse 500 Ko.");

    expect((await agent.get('/account/signature/image').set(XHR)).body).toEqual({ image: first });
  });

  it('needs the CSRF token and a login', async () => {
    const user = await makeUser(t);
    const { agent } = await loginAs(t, user);
    expect((await agent.post('/account/signature').set(XHR).send({ image: dataUrl(png(10, 10, { ink: true })) })).status).toBe(403);
    const request = (await import('supertest')).default;
    expect((await request(t.app).get('/account/signature/image').set(XHR)).status).toBe(401);
  });

  it('shows the signature screen with the island and its props', async () => {
    const user = await makeUser(t);
    const { agent } = await loginAs(t, user);
    const page = await agent.get('/account/signature');
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-island="signature"');
    expect(page.text).toContain('"saveUrl":"/account/signature"');
    expect(page.text).toContain('"imageUrl":"/account/signature/image"');
    expect(page.text).toContain('"clear":"Effacer"');
  });
});
