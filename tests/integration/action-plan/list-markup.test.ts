import { createTestApp, type TestApp } from '../../support/app';
import { newAction, team } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** The HTML of each row of the list, by action id. */
function rowsOf(html: string): Map<number, string> {
  return new Map([...html.matchAll(/<tr data-action-row="(\d+)"[\s\S]*?<\/tr>/g)].map((m) => [Number(m[1]), m[0]]));
}

describe('action plan list markup (issue 21: a 50-row page under 40 KB)', () => {
  it('declares its modal links once on the table, names each checkbox by its row, and keeps rows light', async () => {
    const crew = await team(t);
    const text = 'Baliser la zone de chargement du quai';
    const ids = [
      await newAction(t, crew.tenantId, crew.creator.id, { comments: text, assigneeId: crew.assignee.id, deadline: '2020-01-06', level: 'urgent' }),
      await newAction(t, crew.tenantId, crew.creator.id, { comments: text, sourceType: 'inspection', sourceId: 7 }),
    ];
    const page = await crew.manager.agent.get('/action-plan');
    expect(page.status).toBe(200);
    const html = page.text;

    // The table says once which links open a modal, its size and its not-found message.
    expect(html).toMatch(/<table [^>]*id="action-table"[^>]*data-modal-links="a\[href\$='\/workflow'\]" data-modal-size="xl" data-modal-error="action">/);
    // The phrase the checkboxes share, hidden, once.
    expect(html).toContain('<span id="ap-sel" hidden>Sélectionner l&#39;action</span>');

    const rows = rowsOf(html);
    for (const id of ids) {
      const tr = rows.get(id)!;
      expect(tr).toContain(`<a href="/action-plan/${id}/workflow">${text}</a>`);
      expect(tr).toContain(`<a href="/action-plan/${id}">n°${id}</a>`);
      expect(tr).not.toContain('data-modal');
      // Named "Sélectionner l'action n°<id>": the shared phrase, then the row's number cell.
      expect(tr).toContain(`aria-labelledby="ap-sel ap${id}"`);
      expect(tr).toMatch(new RegExp(`<td id="ap${id}"><a [^>]*>n°${id}</a>`));
      // Besides its action text, a row (names, dates, badges, source) stays under 600 bytes (about 1.1 KB before).
      expect(Buffer.byteLength(tr) - Buffer.byteLength(text)).toBeLessThan(600);
    }
    // The late one still says so, in its row.
    expect(rows.get(ids[0])).toMatch(/class="table-danger" data-deadline-state="late"[\s\S]*En retard/);
    // Nothing of the templates themselves reaches the page.
    expect(html).not.toMatch(/<%|%>/);
  });
});
