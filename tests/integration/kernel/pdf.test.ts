import { FixedClock, useClock } from '../../../server/kernel/clock';
import { closePdfBrowser, openPdfPages, pdfPoolStats, pdfSlots, renderPdf } from '../../../server/kernel/pdf/render-pdf';
import { pdfText } from '../../support/pdf';

let restoreClock: () => void;
beforeAll(() => { restoreClock = useClock(new FixedClock(new Date('2026-03-12T09:00:00Z'))); });
afterAll(async () => {
  restoreClock();
  await closePdfBrowser();
});

describe('renderPdf', () => {
  it('prints a two-page French A4 document with accents, header and page numbers', async () => {
    const title = 'Plan de prévention — équipements, sécurité, événements';
    const pdf = await renderPdf({
      title,
      companyName: 'Société Générale d’Électricité',
      html: `<p>Les intervenants de l'entreprise extérieure reçoivent l'accueil sécurité avant toute opération.</p>
        <div class="page-break"></div>
        <h2>Mesures de prévention</h2><p>Vérifier les équipements de protection : casque, lunettes, chaussures à coque.</p>`,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(title);
    expect(text).toContain('Société Générale d’Électricité');
    expect(text).toContain('12/03/2026');
    expect(text).toContain('reçoivent l\'accueil sécurité');
    expect(text).toContain('chaussures à coque');
    expect(text).toContain('Page 1 / 2');
    expect(text).toContain('Page 2 / 2');
    expect(text).not.toContain('Page 3');
    // The header band is on every page, not only the first.
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page).toContain('Société Générale d’Électricité');
    expect(pages[1]).toContain(title);
  }, 30000);

  it('still prints when the page refers to an outside image (network refused)', async () => {
    const pdf = await renderPdf({
      title: 'Registre',
      html: '<p>Événement déclaré</p><img src="https://example.invalid/tracker.png" alt="">',
    });
    expect(pdfText(pdf)).toContain('Événement déclaré');
  }, 30000);

  it('opens no more Chromium pages than the heavy-work limit: one render more waits for a free slot', async () => {
    const slots = pdfSlots();
    const limit = slots.limits.concurrency;
    const held = await Promise.all(Array.from({ length: limit }, () => slots.acquire('test')));
    let done = false;
    const rendering = renderPdf({ title: 'Registre', html: '<p>Équipement contrôlé</p>' }).then((pdf) => { done = true; return pdf; });
    for (let i = 0; i < 1000 && slots.stats().waiting === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(slots.stats()).toEqual({ running: limit, waiting: 1 });
    // The waiting render holds no page: the pages open are those kept ready by earlier renders.
    expect(pdfPoolStats().busy).toBe(0);
    expect(await openPdfPages()).toBeLessThanOrEqual(limit);
    expect(done).toBe(false);
    held[0]();
    expect(pdfText(await rendering)).toContain('Équipement contrôlé');
    for (const release of held.slice(1)) release();
    expect(slots.stats()).toEqual({ running: 0, waiting: 0 });
    // Pages stay open for the next documents, never more than the limit.
    expect(await openPdfPages()).toBeGreaterThanOrEqual(1);
    expect(await openPdfPages()).toBeLessThanOrEqual(limit);
  }, 30000);
});
