import { FragmentCache, type FragmentReply } from './fragment-cache';

/** A server whose fragment is the page's current version: `v1`, then `v2` after a save. */
function fakeServer() {
  const server = { version: 1, calls: 0 };
  const load = (url: string): Promise<FragmentReply> => {
    server.calls += 1;
    return Promise.resolve({ ok: true, status: 200, html: `${url} v${server.version}` });
  };
  return { server, load };
}

describe('FragmentCache', () => {
  it('gives the click the fragment fetched ahead, once: reopening asks the server again', async () => {
    const { server, load } = fakeServer();
    const cache = new FragmentCache({ load, ttlMs: 5000, now: () => 0 });
    void cache.prefetch('/a/1/edit');
    void cache.prefetch('/a/1/edit');
    expect(server.calls).toBe(1);
    expect((await cache.take('/a/1/edit')).html).toBe('/a/1/edit v1');
    expect(server.calls).toBe(1);
    await cache.take('/a/1/edit');
    expect(server.calls).toBe(2);
  });

  it('never shows a fragment fetched before a save', async () => {
    const { server, load } = fakeServer();
    const cache = new FragmentCache({ load, ttlMs: 5000, now: () => 0 });
    void cache.prefetch('/a/1/edit');
    server.version = 2;
    cache.invalidate();
    expect((await cache.take('/a/1/edit')).html).toBe('/a/1/edit v2');
  });

  it('drops a fragment fetched ahead once it is older than its life', async () => {
    const { server, load } = fakeServer();
    let now = 0;
    const cache = new FragmentCache({ load, ttlMs: 5000, now: () => now });
    void cache.prefetch('/a/1/edit');
    server.version = 2;
    now = 5001;
    expect((await cache.take('/a/1/edit')).html).toBe('/a/1/edit v2');
  });

  it('retries once on the click when the fetch ahead failed on the network', async () => {
    let calls = 0;
    const cache = new FragmentCache({
      ttlMs: 5000,
      load: () => (++calls === 1 ? Promise.reject(new TypeError('network')) : Promise.resolve({ ok: true, status: 200, html: 'ok' })),
    });
    void cache.prefetch('/a');
    expect((await cache.take('/a')).html).toBe('ok');
    expect(calls).toBe(2);
  });

  it('keeps an answer that is not 2xx as it is (the click reports it, no second request)', async () => {
    let calls = 0;
    const cache = new FragmentCache({ ttlMs: 5000, load: () => { calls += 1; return Promise.resolve({ ok: false, status: 404, html: '' }); } });
    void cache.prefetch('/gone');
    expect(await cache.take('/gone')).toEqual({ ok: false, status: 404, html: '' });
    expect(calls).toBe(1);
  });
});
