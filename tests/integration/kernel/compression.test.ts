import zlib from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

let base: string;
let server: http.Server;
beforeAll(async () => {
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => { await new Promise((r) => server.close(r)); });

/** The raw bytes of an answer as they travel (the test client would decode them). */
function raw(pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(`${base}${pathname}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('compressed answers', () => {
  it('sends pages in brotli to a browser that takes it, gzip to one that takes only gzip, plain otherwise', async () => {
    const br = await raw('/login', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const page = zlib.brotliDecompressSync(br.body).toString('utf8');
    expect(page).toContain('Connexion');
    // The login page is small (under 2 KB without the client build): smaller on the wire is all it shows.
    expect(br.body.length).toBeLessThan(Buffer.byteLength(page));

    const gz = await raw('/login', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toContain('Connexion');

    const plain = await raw('/login', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('Connexion');
  });

  it('compresses JSON and the list pages of a logged-in user', async () => {
    const json = await raw('/js/routing.json', { 'Accept-Encoding': 'gzip' });
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(Object.keys(JSON.parse(zlib.gunzipSync(json.body).toString('utf8')).routes).length).toBeGreaterThan(100);

    // The list page of a logged-in user, asked with its session cookie.
    const { agent } = await loginAs(t, await makeUser(t, { roles: ['admin'] }));
    const cookie = agent.jar.getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false }).map((c) => c.toValueString()).join('; ');
    const list = await raw('/action-plan', { 'Accept-Encoding': 'br', Cookie: cookie });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const listPage = zlib.brotliDecompressSync(list.body).toString('utf8');
    expect(listPage).toContain('</html>');
    // A list page is where the bytes are: it travels in under a third of its size.
    expect(list.body.length).toBeLessThan(Buffer.byteLength(listPage) / 3);
  });

  it('leaves a small answer (under 1 KB) as it is', async () => {
    const small = await raw('/favicon.ico', { 'Accept-Encoding': 'gzip' });
    expect(small.status).toBe(301);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
