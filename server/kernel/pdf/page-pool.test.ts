import { EventEmitter } from 'node:events';
import type { Browser } from 'playwright-core';
import { PagePool, type PagePoolOptions } from './page-pool';

/** A stand-in for Chromium: counts what is open, can crash a page or die. */
class FakeBrowser extends EventEmitter {
  connected = true;
  readonly contexts: FakeContext[] = [];
  /** Held openings: the n-th newPage() waits for gates[n] when there is one. */
  readonly gates: (Promise<void> | undefined)[] = [];
  pageCalls = 0;
  isConnected(): boolean { return this.connected; }
  /** Pages open, all contexts together. */
  pages(): number { return this.contexts.reduce((n, c) => n + c.pages.length, 0); }
  async newContext(): Promise<FakeContext> {
    if (!this.connected) throw new Error('Target page, context or browser has been closed');
    const c = new FakeContext(this);
    this.contexts.push(c);
    return c;
  }
  async close(): Promise<void> { this.die(); }
  die(): void {
    if (!this.connected) return;
    this.connected = false;
    this.contexts.length = 0;
    this.emit('disconnected', this);
  }
}

class FakeContext extends EventEmitter {
  readonly pages: FakePage[] = [];
  constructor(private readonly browser: FakeBrowser) { super(); }
  async route(): Promise<void> {}
  async newPage(): Promise<FakePage> {
    await this.browser.gates[this.browser.pageCalls++];
    if (!this.browser.connected) throw new Error('Target page, context or browser has been closed');
    const page = new FakePage(this);
    this.pages.push(page);
    return page;
  }
}

class FakePage extends EventEmitter {
  closed = false;
  constructor(private readonly context: FakeContext) { super(); }
  isClosed(): boolean { return this.closed; }
  crash(): void { this.emit('crash', this); }
  async close(): Promise<void> {
    this.closed = true;
    this.context.pages.splice(this.context.pages.indexOf(this), 1);
  }
}

const flush = async () => { for (let i = 0; i < 20; i++) await Promise.resolve(); };

function setup(overrides: Partial<PagePoolOptions> = {}) {
  const browsers: FakeBrowser[] = [];
  const pool = new PagePool({
    launch: async () => { const b = new FakeBrowser(); browsers.push(b); return b as unknown as Browser; },
    size: () => 2, ready: 1, maxUses: 100, idleCloseMs: Infinity, ...overrides,
  });
  const open = () => browsers.reduce((n, b) => n + (b.connected ? b.pages() : 0), 0);
  return { pool, browsers, open };
}

describe('PagePool', () => {
  it('prints document after document on the same page', async () => {
    const { pool, browsers, open } = setup();
    const pages = new Set();
    for (let i = 0; i < 5; i++) {
      const p = await pool.acquire();
      pages.add(p.page);
      await pool.release(p, true);
    }
    expect(pages.size).toBe(1);
    expect(browsers).toHaveLength(1);
    expect(open()).toBe(1);
    expect(pool.stats()).toEqual({ launches: 1, pagesOpened: 1, open: 1, opening: 0, idle: 1, busy: 0 });
  });

  it('opens a page only when none is ready, so pages never outnumber the renders held at once', async () => {
    const { pool, open } = setup();
    const [a, b] = await Promise.all([pool.acquire(), pool.acquire()]);
    expect(open()).toBe(2);
    await pool.release(a, true);
    await pool.release(b, true);
    for (let round = 0; round < 3; round++) {
      const held = await Promise.all([pool.acquire(), pool.acquire()]);
      expect(open()).toBe(2);
      for (const p of held) await pool.release(p, true);
    }
    expect(pool.stats().pagesOpened).toBe(2);
  });

  it('keeps no more ready pages than its size', async () => {
    const { pool, open } = setup({ size: () => 1 });
    const held = await Promise.all([pool.acquire(), pool.acquire()]);
    for (const p of held) await pool.release(p, true);
    expect(open()).toBe(1);
    expect(pool.stats().idle).toBe(1);
  });

  it('replaces a page after its last use, and a page whose document failed', async () => {
    const { pool, open } = setup({ maxUses: 2 });
    for (let i = 0; i < 5; i++) await pool.release(await pool.acquire(), true);
    expect(pool.stats().pagesOpened).toBe(3);
    expect(open()).toBe(1);
    await pool.release(await pool.acquire(), false);
    expect(open()).toBe(0);
    expect(pool.stats().open).toBe(0);
  });

  it('never lends a crashed page again', async () => {
    const { pool } = setup();
    const p = await pool.acquire();
    await pool.release(p, true);
    (p.page as unknown as FakePage).crash();
    const next = await pool.acquire();
    expect(next.page).not.toBe(p.page);
    expect(pool.diedUnder(p, new Error('Target crashed'))).toBe(true);
  });

  it('relaunches a browser that died, dropping its pages', async () => {
    const { pool, browsers } = setup();
    const p = await pool.acquire();
    await pool.release(p, true);
    browsers[0].die();
    expect(pool.stats().open).toBe(0);
    const next = await pool.acquire();
    expect(browsers).toHaveLength(2);
    expect(next.browser).toBe(browsers[1]);
    expect(pool.diedUnder(p, new Error('whatever'))).toBe(true);
    await pool.release(next, true);
    expect(pool.stats()).toMatchObject({ launches: 2, open: 1 });
  });

  it('tells a document error from a death: only the latter is worth another try', async () => {
    const { pool } = setup();
    const p = await pool.acquire();
    expect(pool.diedUnder(p, new Error('page.setContent: Timeout 30000ms exceeded'))).toBe(false);
    await pool.release(p, false);
  });

  it('close() closes the browser; a render caught by it is not retried; the next acquire launches again', async () => {
    const { pool, browsers } = setup();
    const p = await pool.acquire();
    await pool.close();
    expect(browsers[0].connected).toBe(false);
    expect(pool.diedUnder(p, new Error('Target page, context or browser has been closed'))).toBe(false);
    await pool.release(p, false);
    const next = await pool.acquire();
    expect(browsers).toHaveLength(2);
    await pool.release(next, true);
  });

  it('closes the browser after its idle time, not while a render holds a page', async () => {
    jest.useFakeTimers();
    try {
      const { pool, browsers } = setup({ idleCloseMs: 1000 });
      const p = await pool.acquire();
      jest.advanceTimersByTime(5000);
      expect(browsers[0].connected).toBe(true);
      await pool.release(p, true);
      jest.advanceTimersByTime(999);
      expect(browsers[0].connected).toBe(true);
      await pool.release(await pool.acquire(), true);
      jest.advanceTimersByTime(999);
      expect(browsers[0].connected).toBe(true);
      jest.advanceTimersByTime(1);
      for (let i = 0; i < 10; i++) await Promise.resolve();
      expect(browsers[0].connected).toBe(false);
      expect(pool.stats().open).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens a second page ahead of need once the browser runs, and keeps printing on the warmest one', async () => {
    const { pool, open } = setup({ ready: 2 });
    const lent = new Set();
    for (let i = 0; i < 5; i++) {
      const p = await pool.acquire();
      lent.add(p.page);
      await pool.release(p, true);
      await flush();
    }
    expect(open()).toBe(2);
    expect(lent.size).toBe(1);
    // Two documents at once find their pages ready.
    const held = await Promise.all([pool.acquire(), pool.acquire()]);
    expect(pool.stats().pagesOpened).toBe(2);
    for (const p of held) await pool.release(p, true);
  });

  it('opens ahead of need no page beyond the limit, even while another is being opened for a render', async () => {
    let letOpen!: () => void;
    const held = new Promise<void>((r) => { letOpen = r; });
    const browsers: FakeBrowser[] = [];
    const pool = new PagePool({
      launch: async () => { const b = new FakeBrowser(); b.gates[0] = held; browsers.push(b); return b as unknown as Browser; },
      size: () => 2, ready: 2, maxUses: 100, idleCloseMs: Infinity,
    });
    // Cold start, two documents at once: the first page is slow to open, the second prints and comes back.
    const a = pool.acquire();
    const b = await pool.acquire();
    await pool.release(b, true);
    await flush();
    letOpen();
    await pool.release(await a, true);
    await flush();
    expect(browsers[0].pages()).toBe(2);
    expect(pool.stats()).toMatchObject({ pagesOpened: 2, open: 2 });
  });

  it('never launches a browser to open pages ahead of need', async () => {
    const { pool, browsers } = setup({ ready: 2 });
    const p = await pool.acquire();
    browsers[0].die();
    await pool.release(p, false);
    await flush();
    expect(browsers).toHaveLength(1);
    expect(pool.stats().launches).toBe(1);
  });

  it('opens its pages in one context per browser', async () => {
    const { pool, browsers } = setup();
    const held = await Promise.all([pool.acquire(), pool.acquire()]);
    for (const p of held) await pool.release(p, true);
    expect(browsers[0].contexts).toHaveLength(1);
    expect(browsers[0].pages()).toBe(2);
  });

  it('gives up a page still opening when the browser dies, and the render waiting for it gets a page from a new browser', async () => {
    const never = new Promise<void>(() => undefined);
    const { pool, browsers } = setup({ ready: 2 });
    const first = await pool.acquire();
    browsers[0].gates[1] = never; // the page opened ahead of need hangs
    await pool.release(first, true);
    await flush();
    expect(pool.stats().opening).toBe(1);
    const lent = await pool.acquire();
    browsers[0].die();
    await pool.release(lent, false);
    const next = await pool.acquire();
    expect(next.browser).toBe(browsers[1]);
    expect(pool.stats().opening).toBe(0);
    await pool.release(next, true);
  });

  it('gives up a page that does not open in time, and frees its render', async () => {
    jest.useFakeTimers();
    try {
      const { pool, browsers } = setup();
      const first = await pool.acquire();
      await pool.release(first, true);
      browsers[0].gates[1] = new Promise<void>(() => undefined);
      const held = await pool.acquire();
      const stuck = pool.acquire().then(() => 'opened', (err: Error) => err.message);
      await flush();
      jest.advanceTimersByTime(10_000);
      expect(await stuck).toMatch(/no page within/);
      expect(pool.stats()).toMatchObject({ busy: 1, opening: 0 });
      await pool.release(held, true);
    } finally {
      jest.useRealTimers();
    }
  });
});
