import zlib from 'node:zlib';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) { c ^= b; for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1)); }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** An RGBA PNG; `ink` paints one pixel, `noise` adds incompressible bytes (size tests). */
function png(width: number, height: number, opts: { ink?: boolean; noise?: number } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  if (opts.ink) raw.fill(255, 1 + 4 * 3, 1 + 4 * 4);
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw))];
  if (opts.noise) parts.push(chunk('tEXt', Buffer.from(Array.from({ length: opts.noise }, (_, i) => (i * 7919) % 251))));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

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
