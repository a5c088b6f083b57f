import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, type TestApp } from '../../support/app';
import { binary, pdfText } from '../../support/pdf';
import { actor, companyOf, entities, fieldError, insertControllable, insertEquipment, postEmpty, postForm, XHR, type Actor } from './book-fixtures';

/** Issue 24 item 6: the controls of a tour, in order (add, up / down, remove, done / undo with done_at), and the printed round. */
let t: TestApp;
let boss: Actor;
let places: { root: number; site: number; other: number };
let restoreClock: () => void;
const clock = new FixedClock(new Date('2026-05-04T09:12:00Z'));
const TOURS = ['vgp.view', 'vgp.tours'];
const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);

beforeAll(async () => {
  t = await createTestApp();
  restoreClock = useClock(clock);
  boss = await actor(t, TOURS);
  places = await entities(t, boss.tenantId);
});
afterAll(async () => { restoreClock(); await t.close(); });

/** A tour on the root entity with equipment and controls in the site below it and one in another entity. */
async function seed() {
  const [{ id: tour }] = await q(`INSERT INTO vgp_tour (tenant_id, name, hierarchy_item_id, scheduled_at) VALUES ($1, 'Tournée de mai', $2, '2026-05-12T06:30:00Z') RETURNING id`, [boss.tenantId, places.root]);
  const hoist = await insertEquipment(t, boss.tenantId, { name: 'Palan électrique', hierarchy_item_id: places.site, location: 'Atelier A', location_precision: 'Travée 2', internal_number: 'PAL-01' });
  const rack = await insertEquipment(t, boss.tenantId, { name: 'Rayonnage R4', hierarchy_item_id: places.root, location: 'Magasin' });
  const far = await insertEquipment(t, boss.tenantId, { name: 'Nacelle Nantes', hierarchy_item_id: places.other });
  const c1 = await insertControllable(t, boss.tenantId, { name: 'VGP palan', equipment_id: hoist, last_control_date: '2025-05-02', deadline: '2026-05-02' });
  const c2 = await insertControllable(t, boss.tenantId, { name: 'Inspection rayonnage', equipment_id: rack, last_control_date: '2025-11-20', deadline: '2026-11-20' });
  const c3 = await insertControllable(t, boss.tenantId, { name: 'Crochet du palan', equipment_id: hoist, deadline: '2026-06-30' });
  const farControl = await insertControllable(t, boss.tenantId, { name: 'VGP nacelle', equipment_id: far });
  const archived = await insertControllable(t, boss.tenantId, { name: 'Ancien contrôle', equipment_id: hoist, archived: true });
  return { tour, c1, c2, c3, farControl, archived };
}

const order = async (tour: number) => (await q('SELECT c.name FROM vgp_tour_control tc JOIN vgp_controllable c ON c.id = tc.controllable_id WHERE tc.tour_id = $1 ORDER BY tc.position, tc.id', [tour])).map((r: { name: string }) => r.name);
const versionOf = async (tour: number) => (await q('SELECT version FROM vgp_tour WHERE id = $1', [tour]))[0].version as number;
const controlOf = async (tour: number, controllable: number) => (await q('SELECT id FROM vgp_tour_control WHERE tour_id = $1 AND controllable_id = $2', [tour, controllable]))[0].id as number;
const add = async (tour: number, controllable: number) => postForm(boss, `/equipment/tours/${tour}/controls/new`, 'vgp_tour_control', { controllable, version: await versionOf(tour) });
const shownOrder = (html: string) => [...html.matchAll(/data-control-name="([^"]+)"/g)].map((m) => m[1]);

describe('the controls of a tour', () => {
  it('are chosen among the active controls of the tour\'s entity and below, and put last', async () => {
    const s = await seed();
    const modal = await boss.agent.get(`/equipment/tours/${s.tour}/controls/new`).set(XHR);
    expect(modal.status).toBe(200);
    expect(modal.text).toContain('Palan électrique — VGP palan');
    expect(modal.text).toContain('Rayonnage R4 — Inspection rayonnage');
    expect(modal.text).not.toContain('VGP nacelle');
    expect(modal.text).not.toContain('Ancien contrôle');

    for (const c of [s.c1, s.c2, s.c3]) expect((await add(s.tour, c)).status).toBe(201);
    expect(await order(s.tour)).toEqual(['VGP palan', 'Inspection rayonnage', 'Crochet du palan']);
    // Another entity's control, an archived one, one already there: refused, nothing added.
    for (const c of [s.farControl, s.archived, s.c1]) {
      const refused = await add(s.tour, c);
      expect(refused.status).toBe(200);
      expect(fieldError(refused.text, 'controllable')).toBe("Cette valeur doit être l'un des choix proposés.");
    }
    expect((await postForm(boss, `/equipment/tours/${s.tour}/controls/new`, 'vgp_tour_control', { controllable: '', version: await versionOf(s.tour) })).status).toBe(200);
    expect(await order(s.tour)).toHaveLength(3);
  });

  it('move up and down, are removed and marked done then undone (done_at), the page showing them in order', async () => {
    const s = await seed();
    for (const c of [s.c1, s.c2, s.c3]) await add(s.tour, c);
    const third = await controlOf(s.tour, s.c3);
    expect((await postEmpty(boss, `/equipment/tours/controls/${third}/move`, { direction: 'up', version: await versionOf(s.tour) })).status).toBe(200);
    expect(await order(s.tour)).toEqual(['VGP palan', 'Crochet du palan', 'Inspection rayonnage']);
    expect((await postEmpty(boss, `/equipment/tours/controls/${third}/move`, { direction: 'up', version: await versionOf(s.tour) })).status).toBe(200);
    expect(await order(s.tour)).toEqual(['Crochet du palan', 'VGP palan', 'Inspection rayonnage']);
    // Already first: nothing moves.
    expect((await postEmpty(boss, `/equipment/tours/controls/${third}/move`, { direction: 'up', version: await versionOf(s.tour) })).status).toBe(200);
    expect(await order(s.tour)).toEqual(['Crochet du palan', 'VGP palan', 'Inspection rayonnage']);
    const first = await controlOf(s.tour, s.c1);
    expect((await postEmpty(boss, `/equipment/tours/controls/${first}/move`, { direction: 'down', version: await versionOf(s.tour) })).status).toBe(200);
    expect(await order(s.tour)).toEqual(['Crochet du palan', 'Inspection rayonnage', 'VGP palan']);
    expect((await postEmpty(boss, `/equipment/tours/controls/${first}/move`, { direction: 'sideways', version: await versionOf(s.tour) })).status).toBe(400);

    const done = await postEmpty(boss, `/equipment/tours/controls/${first}/done`, { done: '1', version: await versionOf(s.tour) });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Le contrôle est marqué comme fait.');
    expect(new Date((await q('SELECT done_at FROM vgp_tour_control WHERE id = $1', [first]))[0].done_at).toISOString()).toBe('2026-05-04T09:12:00.000Z');
    const page = await boss.agent.get(`/equipment/tours/${s.tour}`);
    expect(page.status).toBe(200);
    expect(shownOrder(page.text)).toEqual(['Crochet du palan', 'Inspection rayonnage', 'VGP palan']);
    expect(page.text).toContain('04/05/2026 11:12');
    expect(page.text).toContain('1 / 3 faits');

    expect((await postEmpty(boss, `/equipment/tours/controls/${first}/done`, { done: '0', version: await versionOf(s.tour) })).status).toBe(200);
    expect((await q('SELECT done_at FROM vgp_tour_control WHERE id = $1', [first]))[0].done_at).toBeNull();

    const removed = await postEmpty(boss, `/equipment/tours/controls/${third}/remove`, { version: await versionOf(s.tour) });
    expect(removed.status).toBe(200);
    expect(await order(s.tour)).toEqual(['Inspection rayonnage', 'VGP palan']);
    // The control itself stays.
    expect(await q('SELECT id FROM vgp_controllable WHERE id = $1', [s.c3])).toHaveLength(1);
  });

  it('refuse a change made on an outdated page (409), and strangers (403 / 404)', async () => {
    const s = await seed();
    for (const c of [s.c1, s.c2]) await add(s.tour, c);
    const shown = await versionOf(s.tour);
    const second = await controlOf(s.tour, s.c2);
    expect((await postEmpty(boss, `/equipment/tours/controls/${second}/done`, { done: '1', version: shown })).status).toBe(200);
    // The same page, not reloaded: its version is outdated.
    const late = await postEmpty(boss, `/equipment/tours/controls/${second}/move`, { direction: 'up', version: shown });
    expect(late.status).toBe(409);
    expect(await order(s.tour)).toEqual(['VGP palan', 'Inspection rayonnage']);
    expect((await postEmpty(boss, `/equipment/tours/controls/${second}/remove`, { version: shown })).status).toBe(409);
    expect((await postForm(boss, `/equipment/tours/${s.tour}/controls/new`, 'vgp_tour_control', { controllable: s.c3, version: shown })).status).toBe(409);
    expect(await order(s.tour)).toHaveLength(2);

    const viewer = await actor(t, ['vgp.view', 'vgp.equipment_view', 'vgp.controls_view'], { company: await companyOf(t, boss.tenantId) });
    expect((await postEmpty(viewer, `/equipment/tours/controls/${second}/done`, { done: '0', version: await versionOf(s.tour) })).status).toBe(403);
    const other = await actor(t, TOURS);
    expect((await postEmpty(other, `/equipment/tours/controls/${second}/done`, { done: '0', version: await versionOf(s.tour) })).status).toBe(404);
    expect((await postEmpty(other, `/equipment/tours/controls/${second}/remove`, { version: await versionOf(s.tour) })).status).toBe(404);
    expect((await other.agent.get(`/equipment/tours/${s.tour}/controls/new`).set(XHR)).status).toBe(404);
    expect((await q('SELECT done_at FROM vgp_tour_control WHERE id = $1', [second]))[0].done_at).not.toBeNull();
  });
});

describe('the printed round (vgp_tour_print)', () => {
  it('is a PDF listing the controls in order with their equipment, location, last control and next deadline', async () => {
    const s = await seed();
    for (const c of [s.c2, s.c3, s.c1]) await add(s.tour, c);
    const res = await boss.agent.get(`/equipment/tours/${s.tour}/pdf`).buffer(true).parse(binary as never);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.body as Buffer);
    expect(text).toContain('Tournée de mai');
    expect(text).toContain('12/05/2026 08:30');
    // Each numbered line of the table starts a control, in the tour's order (long names wrap below).
    const rows = [...text.matchAll(/^\s*(\d)\s{2,}(\S.*)$/gm)].map((m) => [m[1], m[2].replace(/\s+/g, ' ')]);
    expect(rows.map(([n]) => n)).toEqual(['1', '2', '3']);
    expect(rows[0][1]).toMatch(/^Rayonnage R4 Inspection/);
    expect(rows[1][1]).toMatch(/^Palan( électrique)? Crochet/);
    expect(rows[2][1]).toMatch(/^Palan( électrique)? VGP palan/);
    expect(text).toContain('Atelier A');
    expect(text).toContain('Travée 2');
    expect(text).toContain('Magasin');
    expect(text).toContain('02/05/2025');
    expect(text).toContain('02/05/2026');
    expect(text).toContain('20/11/2026');
    expect(text).toContain('Palan électrique');
  }, 60_000);
});
