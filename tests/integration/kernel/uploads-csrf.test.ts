import { filesLeft, removeUploadDirs } from './uploads-env';
import { listen, postStreamed, rawLogin } from './uploads-client';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { png } from '../../support/png';

const PHOTO = png(2, 2);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const CSRF_REFUSED = 'Le jeton CSRF est invalide. Veuillez recharger la page et renvoyer le formulaire.';

let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  t = await createTestApp();
  server = await listen(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
  removeUploadDirs();
});

async function photosOf(userId: number): Promise<number> {
  const [row] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM stored_file WHERE created_by = $1', [userId]);
  return row.n;
}

describe('the CSRF token is checked before an upload is written', () => {
  it('refuses a forged upload without a token: 403 in French, no file written', async () => {
    const user = await makeUser(t);
    const { agent } = await loginAs(t, user);
    const before = filesLeft();
    const res = await agent.post('/profile/photo').set(XHR).attach('photo', PHOTO, 'moi.png');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CSRF_REFUSED);
    expect(filesLeft()).toEqual(before);
    expect(await photosOf(user.id)).toBe(0);
  });

  it('refuses a token field that comes after the file: a form sends its token first', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const before = filesLeft();
    const res = await agent.post('/profile/photo').set(XHR).attach('photo', PHOTO, 'moi.png').field('_csrf_token', csrf);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CSRF_REFUSED);
    expect(filesLeft()).toEqual(before);
  });

  it('refuses a wrong token in the header even when the field is right', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const before = filesLeft();
    const res = await agent.post('/profile/photo').set(XHR).set('X-CSRF-Token', 'x'.repeat(csrf.length)).field('_csrf_token', csrf).attach('photo', PHOTO, 'moi.png');
    expect(res.status).toBe(403);
    expect(filesLeft()).toEqual(before);
  });

  it('accepts the token from the header, or from a field sent before the file', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const byHeader = await agent.post('/profile/photo').set(XHR).set('X-CSRF-Token', csrf).attach('photo', PHOTO, 'moi.png');
    expect(byHeader.status).toBe(201);
    const byField = await agent.post('/profile/photo').set(XHR).field('_csrf_token', csrf).attach('photo', PHOTO, 'moi.png');
    expect(byField.status).toBe(201);
    expect(await photosOf(user.id)).toBe(2);
    // Both promoted under the company's keys; nothing left in the temporary folders.
    expect(filesLeft().filter((f) => !f.startsWith('storage/t/'))).toEqual([]);
  });

  it('refuses a forged action form with attachments (a form with several file inputs) the same way', async () => {
    const user = await makeUser(t, { roles: [], rights: ['action.view', 'action.add'] });
    const { agent } = await loginAs(t, user);
    const before = filesLeft();
    const res = await agent.post('/action-plan/new').set(XHR).field('mfpreventionbundle_action[comments]', 'Garde-corps')
      .attach('mfpreventionbundle_action[attachmentFile1]', PDF, 'Procès-verbal.pdf');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CSRF_REFUSED);
    expect(filesLeft()).toEqual(before);
  });

  it.each([
    ['without a token', {}],
    ['with a wrong token in the header', { 'X-CSRF-Token': 'y'.repeat(43) }],
  ])('answers a forged 40 Mo upload %s before it is sent whole', async (_label, extra) => {
    const user = await makeUser(t);
    const { cookie } = await rawLogin(server.base, user);
    const before = filesLeft();
    const reply = await postStreamed(`${server.base}/profile/photo`, { Cookie: cookie, ...XHR, ...extra }, [
      { name: 'photo', filename: 'moi.png', head: PHOTO, size: 40 * 1024 * 1024 },
    ]);
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.text).message).toBe(CSRF_REFUSED);
    expect(reply.sent).toBeLessThan(reply.total);
    expect(filesLeft()).toEqual(before);
  });
});
