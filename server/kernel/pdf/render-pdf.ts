import path from 'node:path';
import ejs from 'ejs';
import type { Browser } from 'playwright-core';
import { clock } from '../clock';
import { loadConfig, ROOT_DIR } from '../config';
import { formatDate } from '../i18n/format';
import { heavyWorkLimits, WorkLimiter } from '../work-limiter';
import { PagePool, type PagePoolStats } from './page-pool';
import { observePdf } from '../metrics';

const VIEWS_DIR = path.join(ROOT_DIR, 'views');
/**
 * Print templates, the layout and its inline styles compiled once in production, as pages are.
 * ejs caches by file name: print templates and their partials are only ever rendered async.
 */
const CACHE_TEMPLATES = process.env.NODE_ENV === 'production';

/** Chromium flags measured to work headless on these machines without network chatter. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** What to print: either ready HTML or a view under `views/` with its locals. */
export interface PdfRequest {
  /** Body HTML (already escaped/cleaned), put inside `views/layouts/print.ejs`. */
  html?: string;
  /** View path under `views/` without `.ejs`, rendered with `locals` as the body. */
  template?: string;
  locals?: Record<string, unknown>;
  /** Document title: shown on the first page and in each page header. */
  title: string;
  /** Company shown in the layout and the header. */
  companyName?: string;
  /**
   * The company's logo, drawn at the top of the first page: a `data:image/png|jpeg;base64` URL
   * (PDFs fetch nothing); anything else, or null, leaves it out.
   */
  logo?: string | null;
  /** Chromium header template (HTML); a default shows company, title and date. */
  header?: string;
  /** Chromium footer template (HTML); a default shows `Page X / Y`. */
  footer?: string;
  /** False to print `html` as a whole document, without the print layout. */
  layout?: boolean;
}

/** How long pooled pages live: documents per page, and the idle time after which Chromium is closed. */
export interface PdfPoolTuning {
  maxUses: number;
  idleCloseMs: number;
}

/** Pages opened ahead of need (within the concurrency limit): two documents at once find their pages ready. */
const READY_PAGES = 2;
const DEFAULT_TUNING: PdfPoolTuning = { maxUses: 200, idleCloseMs: 5 * 60_000 };
let tuning: PdfPoolTuning = { ...DEFAULT_TUNING };
let chromiumPath = '';
let pool: PagePool | null = null;

async function launch(): Promise<Browser> {
  // playwright-core is loaded on the first PDF: starting the application does not pay for it.
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, headless: true });
}

function pagePool(): PagePool {
  pool ??= new PagePool({ launch, size: () => pdfSlots().limits.concurrency, ready: READY_PAGES, get maxUses() { return tuning.maxUses; }, get idleCloseMs() { return tuning.idleCloseMs; } });
  return pool;
}

/**
 * Changes how long pooled pages live (tests): `maxUses` documents per page, Chromium closed
 * after `idleCloseMs` without a PDF. Without an argument, back to the defaults (200, 5 min).
 */
export function tunePdfPool(next: Partial<PdfPoolTuning> = DEFAULT_TUNING): void {
  tuning = { ...tuning, ...next };
}

/** What the PDF page pool opened and holds (tests, diagnostics). */
export function pdfPoolStats(): PagePoolStats {
  return pagePool().stats();
}

let slots: WorkLimiter | null = null;

/**
 * The Chromium pages that may be open at once, for requests and jobs together
 * (`HEAVY_WORK_CONCURRENCY`): the browser never grows beyond it, whoever asks for PDFs.
 * Renders beyond it wait their turn; tests hold slots through it.
 */
export function pdfSlots(): WorkLimiter {
  slots ??= new WorkLimiter({ concurrency: heavyWorkLimits().concurrency, perKey: Infinity, queue: Infinity, maxWaitMs: Infinity });
  return slots;
}

/** Pages open in the shared browser right now, each a renderer process (0 when it is not running). */
export async function openPdfPages(): Promise<number> {
  const current = await pool?.current();
  return current?.isConnected() ? current.contexts().reduce((n, c) => n + c.pages().length, 0) : 0;
}

/** Closes the pooled pages and the shared browser (tests, shutdown); the next PDF launches it again. */
export async function closePdfBrowser(): Promise<void> {
  await pool?.close();
}

/** Escapes text for Chromium's header and footer templates. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const BAND = 'font-family: "DejaVu Sans", Arial, sans-serif; font-size: 8px; color: #52606d; width: 100%; padding: 0 12mm; display: flex; justify-content: space-between;';

/** Default page header: company, title, date. */
export function defaultHeader(title: string, companyName: string, date: string): string {
  return `<div style='${BAND}'><span>${escapeHtml(companyName)}</span><span>${escapeHtml(title)}</span><span>${escapeHtml(date)}</span></div>`;
}

/** Default page footer: `Page X / Y`. */
export function defaultFooter(): string {
  return `<div style='${BAND} justify-content: flex-end;'><span>Page <span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`;
}

/** A logo the print layout accepts: an inline PNG or JPEG. */
const LOGO_URL = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/;

/** The HTML document that {@link renderPdf} prints. */
export async function renderPrintHtml(req: PdfRequest): Promise<{ html: string; date: string; companyName: string }> {
  const date = formatDate(clock.now());
  const companyName = req.companyName ?? 'Vigie';
  const logo = req.logo && LOGO_URL.test(req.logo) ? req.logo : null;
  let body = req.html;
  if (body === undefined) {
    if (!req.template) throw new Error('renderPdf : « html » ou « template » est obligatoire.');
    body = await ejs.renderFile(path.join(VIEWS_DIR, `${req.template}.ejs`), { ...req.locals, title: req.title, companyName, date }, { root: VIEWS_DIR, async: true, cache: CACHE_TEMPLATES });
  }
  if (req.layout === false) return { html: body, date, companyName };
  const html = await ejs.renderFile(path.join(VIEWS_DIR, 'layouts', 'print.ejs'), { title: req.title, companyName, date, body, logo }, { root: VIEWS_DIR, async: true, cache: CACHE_TEMPLATES });
  return { html, date, companyName };
}

/** Tries of one render when Chromium dies under it (a document error is never retried). */
export const MAX_RENDER_ATTEMPTS = 3;

/**
 * Prints HTML to an A4 PDF with headless Chromium: one shared browser, launched on first use,
 * and ready pages reused from document to document (see {@link PagePool}), at most
 * {@link pdfSlots} of them printing at once; the others wait their turn. JavaScript is off and
 * every network request is refused: print templates are static (styles inline, system fonts),
 * and user content must not make the server fetch anything. When Chromium dies under a render
 * (crash, killed), the render is tried again on a fresh page (up to {@link MAX_RENDER_ATTEMPTS}
 * times), in a relaunched browser when the browser itself died.
 */
export async function renderPdf(req: PdfRequest, opts: { chromiumPath?: string } = {}): Promise<Buffer> {
  const { html, date, companyName } = await renderPrintHtml(req);
  const options = {
    format: 'A4',
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: req.header ?? defaultHeader(req.title, companyName, date),
    footerTemplate: req.footer ?? defaultFooter(),
    margin: { top: '20mm', bottom: '18mm', left: '12mm', right: '12mm' },
  };
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  return pdfSlots().run('pdf', async () => {
    chromiumPath = opts.chromiumPath ?? loadConfig().chromiumPath;
    const pages = pagePool();
    for (let attempt = 1; ; attempt++) {
      const pooled = await pages.acquire();
      let printed = false;
      try {
        // 'load' waits for the data: images (signatures); nothing else can load.
        await pooled.page.setContent(html, { waitUntil: 'load' });
        const pdf = await pooled.page.pdf(options);
        printed = true;
        observePdf(seconds(), 'ok');
        return pdf;
      } catch (err) {
        if (attempt > MAX_RENDER_ATTEMPTS - 1 || !pages.diedUnder(pooled, err)) observePdf(seconds(), 'error');
        // Killed renderers may take the spare page too before its 'crash' event arrives: a page
        // handed out just after a death can die as well, hence one try more than the pages kept.
        if (attempt > MAX_RENDER_ATTEMPTS - 1 || !pages.diedUnder(pooled, err)) throw err;
      } finally {
        await pages.release(pooled, printed);
      }
    }
  });
}
