import type { Browser, BrowserContext, Page } from 'playwright-core';

/** How a {@link PagePool} gets its browser and how long it keeps what it opened. */
export interface PagePoolOptions {
  /** Launches Chromium; called on first use and again after the browser died or was closed. */
  launch: () => Promise<Browser>;
  /** Ready pages kept between documents: the PDF concurrency (callers never hold more at once). */
  size: () => number;
  /**
   * Pages opened ahead of need once the browser runs (at most `size`), so that the first
   * documents asked at once do not each wait for a page to open.
   */
  ready: number;
  /** A page is closed and replaced after this many documents, so a renderer's leftovers stay bounded. */
  maxUses: number;
  /** The browser is closed after this long without a document (its memory given back); `Infinity` keeps it. */
  idleCloseMs: number;
}

/** A ready page of the pool, lent to one render at a time (in the pool's context: JavaScript off, network refused). */
export interface PooledPage {
  readonly page: Page;
  readonly browser: Browser;
  /** Documents printed on it so far. */
  uses: number;
  /** Its renderer crashed: never lent again. */
  crashed: boolean;
  /** The pool's generation when it was opened: a page of a closed pool is never lent again. */
  readonly generation: number;
}

/** What the pool did since it was created (tests, operators' diagnostics). */
export interface PagePoolStats {
  /** Browsers launched (the first, then one per relaunch after a crash or an idle close). */
  launches: number;
  /** Pages opened. */
  pagesOpened: number;
  /** Pages open now, lent or ready. */
  open: number;
  /** Pages being opened now. */
  opening: number;
  /** Pages ready now. */
  idle: number;
  /** Renders holding or waiting for a page now. */
  busy: number;
}

/** A page that takes longer than this to open is given up (a wedged browser must not hold a slot for ever). */
const OPEN_TIMEOUT_MS = 10_000;

/**
 * The page `opening` opens, or a rejection as soon as `browser` disconnects or `timeoutMs`
 * passes (a page opened too late is closed: nobody holds it).
 */
function openedWhileAlive(browser: Browser, opening: Promise<Page>, timeoutMs: number): Promise<Page> {
  return new Promise<Page>((resolve, reject) => {
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      browser.off('disconnected', onGone);
      return true;
    };
    const onGone = () => { if (settle()) reject(new Error('Chromium closed while a page was opening')); };
    const timer = setTimeout(() => { if (settle()) reject(new Error(`Chromium opened no page within ${timeoutMs} ms`)); }, timeoutMs);
    timer.unref();
    browser.once('disconnected', onGone);
    if (!browser.isConnected()) onGone();
    opening.then(
      (page) => { if (settle()) resolve(page); else void page.close().catch(() => undefined); },
      (err) => { if (settle()) reject(err); },
    );
  });
}

/**
 * The pages Chromium prints on, kept open between documents: opening a page (a renderer
 * process) costs more than printing a plan, so a page is reused until `maxUses`, then
 * replaced. The pages share one browser context: in new headless mode each context also
 * holds a browser-UI renderer (the omnibox popup), and documents without JavaScript or
 * network have nothing to keep apart. A page is opened when none is ready, or ahead of need up to
 * `ready`, so the pool never holds more pages than the renders that may run at once (the
 * callers' limit, `size`). A dead browser (crashed, killed) is relaunched on the next request;
 * its pages are dropped.
 */
export class PagePool {
  private browser: Promise<Browser> | null = null;
  private readonly contexts = new WeakMap<Browser, Promise<BrowserContext>>();
  private idle: PooledPage[] = [];
  private readonly open = new Set<PooledPage>();
  private busy = 0;
  private generation = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private warming: Promise<void> | null = null;
  private opening = 0;
  private launches = 0;
  private pagesOpened = 0;

  constructor(private readonly options: PagePoolOptions) {}

  /** Counts of what the pool opened and holds. */
  stats(): PagePoolStats {
    return { launches: this.launches, pagesOpened: this.pagesOpened, open: this.open.size, opening: this.opening, idle: this.idle.length, busy: this.busy };
  }

  /** The running browser, if any (not launched by this call). */
  async current(): Promise<Browser | null> {
    return (await this.browser?.catch(() => null)) ?? null;
  }

  /** Lends a ready page, opening one (and the browser) when none is ready. Give it back with {@link release}. */
  async acquire(): Promise<PooledPage> {
    this.cancelIdleClose();
    this.busy++;
    try {
      for (;;) {
        for (let ready = this.idle.pop(); ready; ready = this.idle.pop()) {
          if (this.usable(ready)) return ready;
          await this.dispose(ready);
        }
        // A page being opened ahead of need is nearer than a new one (and opening another could
        // outnumber the slots).
        if (!this.warming) break;
        await this.warming;
      }
      return await this.openPage();
    } catch (err) {
      this.settled();
      throw err;
    }
  }

  /**
   * Takes a page back: ready for the next document when it printed well and has uses left,
   * closed otherwise (before the caller's slot is freed, so pages never outnumber the slots).
   */
  async release(pooled: PooledPage, printed: boolean): Promise<void> {
    pooled.uses++;
    try {
      // Last in, first out: the page used last is the warmest (its renderer's caches, fonts).
      if (printed && this.usable(pooled) && pooled.uses < this.options.maxUses && this.idle.length < this.options.size()) this.idle.push(pooled);
      else await this.dispose(pooled);
    } finally {
      this.settled();
    }
    this.warm();
  }

  /**
   * Whether a render that failed on `pooled` failed because Chromium died under it (browser
   * gone, renderer crashed) rather than because of the document: such a render is worth one
   * more try on a fresh page. Never after {@link close} (shutdown must not relaunch Chromium).
   */
  diedUnder(pooled: PooledPage, err: unknown): boolean {
    if (pooled.generation !== this.generation) return false;
    return !pooled.browser.isConnected() || pooled.crashed || pooled.page.isClosed() || /crash|closed/i.test(String((err as Error)?.message ?? err));
  }

  /** Closes every page and the browser; the next {@link acquire} launches a new one. */
  async close(): Promise<void> {
    this.cancelIdleClose();
    this.generation++;
    const launched = this.browser;
    this.browser = null;
    this.idle = [];
    this.open.clear();
    if (launched) await (await launched.catch(() => null))?.close().catch(() => undefined);
  }

  private usable(pooled: PooledPage): boolean {
    return pooled.generation === this.generation && pooled.browser.isConnected() && !pooled.crashed && !pooled.page.isClosed();
  }

  private launched(): Promise<Browser> {
    if (!this.browser) {
      const launching = this.options.launch();
      this.browser = launching;
      this.launches++;
      launching.then(
        (b) => b.on('disconnected', () => {
          if (this.browser === launching) this.browser = null;
          // Its pages went with it: forgotten now, so the counts tell what is really open.
          this.idle = this.idle.filter((p) => p.browser !== b);
          for (const p of this.open) if (p.browser === b) this.open.delete(p);
        }),
        () => { if (this.browser === launching) this.browser = null; },
      );
    }
    return this.browser;
  }

  private async openPage(): Promise<PooledPage> {
    this.opening++;
    try {
      return await this.openContextPage();
    } finally {
      this.opening--;
    }
  }

  private async openContextPage(): Promise<PooledPage> {
    const generation = this.generation;
    const browser = await this.launched();
    // Opening a page in a browser killed meanwhile never settles by itself.
    const page = await openedWhileAlive(browser, this.contextOf(browser).then((context) => context.newPage()), OPEN_TIMEOUT_MS);
    const pooled: PooledPage = { page, browser, uses: 0, crashed: false, generation };
    page.on('crash', () => { pooled.crashed = true; });
    this.pagesOpened++;
    if (generation === this.generation) this.open.add(pooled);
    return pooled;
  }

  /** The context of `browser`'s pages, made on its first page (again if it was closed). */
  private contextOf(browser: Browser): Promise<BrowserContext> {
    let context = this.contexts.get(browser);
    if (!context) {
      context = (async () => {
        const made = await browser.newContext({ javaScriptEnabled: false });
        made.on('close', () => { if (this.contexts.get(browser) === context) this.contexts.delete(browser); });
        // Print templates are static, and user content must not make the server fetch anything.
        await made.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
        return made;
      })();
      this.contexts.set(browser, context);
      context.catch(() => { if (this.contexts.get(browser) === context) this.contexts.delete(browser); });
    }
    return context;
  }

  /**
   * Opens one more page in the background while fewer than `ready` are open and the browser
   * runs (never launches it: a dead browser is relaunched by the next document only).
   */
  private warm(): void {
    if (this.warming || !this.browser || this.open.size + this.opening >= Math.min(this.options.ready, this.options.size())) return;
    this.warming = this.openPage().then(
      (pooled) => {
        // At the bottom of the stack: used only when the warmer pages are all lent.
        if (this.usable(pooled)) this.idle.unshift(pooled);
        else return this.dispose(pooled);
      },
      () => undefined,
    ).finally(() => { this.warming = null; });
  }

  private async dispose(pooled: PooledPage): Promise<void> {
    this.open.delete(pooled);
    if (pooled.browser.isConnected()) await pooled.page.close().catch(() => undefined);
  }

  private settled(): void {
    this.busy--;
    if (this.busy === 0 && Number.isFinite(this.options.idleCloseMs) && this.browser) {
      this.cancelIdleClose();
      this.idleTimer = setTimeout(() => { this.idleTimer = null; void this.close(); }, this.options.idleCloseMs);
      this.idleTimer.unref();
    }
  }

  private cancelIdleClose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
