import path from 'node:path';
import ejs from 'ejs';
import { chromium, type Browser } from 'playwright-core';
import { clock } from '../clock';
import { loadConfig, ROOT_DIR } from '../config';
import { formatDate } from '../i18n/format';
import { heavyWorkLimits, WorkLimiter } from '../work-limiter';

const VIEWS_DIR = path.join(ROOT_DIR, 'views');

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
  /** Chromium header template (HTML); a default shows company, title and date. */
  header?: string;
  /** Chromium footer template (HTML); a default shows `Page X / Y`. */
  footer?: string;
  /** False to print `html` as a whole document, without the print layout. */
  layout?: boolean;
}

let browser: Promise<Browser> | null = null;

function sharedBrowser(executablePath: string): Promise<Browser> {
  if (!browser) {
    const launching = chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    browser = launching;
    launching.then(
      (b) => b.on('disconnected', () => { if (browser === launching) browser = null; }),
      () => { if (browser === launching) browser = null; },
    );
  }
  return browser;
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

/** Browser contexts open in the shared browser right now (0 when it is not running). */
export async function openPdfContexts(): Promise<number> {
  const current = await browser?.catch(() => null);
  return current ? current.contexts().length : 0;
}

/** Closes the shared browser (tests, shutdown). */
export async function closePdfBrowser(): Promise<void> {
  const current = browser;
  browser = null;
  if (current) await (await current.catch(() => null))?.close();
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

/** The HTML document that {@link renderPdf} prints. */
export async function renderPrintHtml(req: PdfRequest): Promise<{ html: string; date: string; companyName: string }> {
  const date = formatDate(clock.now());
  const companyName = req.companyName ?? 'Vigie';
  let body = req.html;
  if (body === undefined) {
    if (!req.template) throw new Error('renderPdf : « html » ou « template » est obligatoire.');
    body = await ejs.renderFile(path.join(VIEWS_DIR, `${req.template}.ejs`), { ...req.locals, title: req.title, companyName, date }, { root: VIEWS_DIR, async: true });
  }
  if (req.layout === false) return { html: body, date, companyName };
  const html = await ejs.renderFile(path.join(VIEWS_DIR, 'layouts', 'print.ejs'), { title: req.title, companyName, date, body }, { root: VIEWS_DIR, async: true });
  return { html, date, companyName };
}

/**
 * Prints HTML to an A4 PDF with headless Chromium (one shared browser, launched on first use,
 * with at most {@link pdfSlots} pages open at once, each closed when its PDF is made).
 * JavaScript is off and every network request is refused: print templates are static, and
 * user content must not make the server fetch anything.
 */
export async function renderPdf(req: PdfRequest, opts: { chromiumPath?: string } = {}): Promise<Buffer> {
  const { html, date, companyName } = await renderPrintHtml(req);
  return pdfSlots().run('pdf', async () => {
    const b = await sharedBrowser(opts.chromiumPath ?? loadConfig().chromiumPath);
    const context = await b.newContext({ javaScriptEnabled: false });
    try {
      await context.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load' });
      return await page.pdf({
        format: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: req.header ?? defaultHeader(req.title, companyName, date),
        footerTemplate: req.footer ?? defaultFooter(),
        margin: { top: '20mm', bottom: '18mm', left: '12mm', right: '12mm' },
      });
    } finally {
      await context.close();
    }
  });
}
