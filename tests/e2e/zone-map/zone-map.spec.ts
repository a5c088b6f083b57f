import { Client } from 'pg';
import type { Locator, Page } from '@playwright/test';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { png } from '../../support/png';
import { iso } from '../support/dates';


/** Plan pixel size of the sector plan the test uploads (the map spans 400 x 800 units). */
const PLAN_WIDTH = 800;

interface Seeded { itemId: number; planA: { id: number; number: string }; planB: { id: number; number: string } }

/** Runs one statement on the run's database and answers its rows. */
async function query<T = any>(sql: string, params: unknown[]): Promise<T[]> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows;
  } finally {
    await db.end();
  }
}

const one = async (sql: string, params: unknown[]) => (await query(sql, params))[0];

/** Two plans of `username`'s company on the same hierarchy item, with overlapping dates. */
async function seedPlans(username: string, suffix: string): Promise<Seeded> {
  const user = await one('SELECT id, tenant_id FROM app_user WHERE username = $1', [username]);
  const tenant = user.tenant_id;
  const type = await one(`INSERT INTO hierarchy_type (tenant_id, name, level, attach_pdp) VALUES ($1, 'Site', 1, true) RETURNING id`, [tenant]);
  const item = await one('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [tenant, `Raffinerie de Donges ${suffix}`, type.id]);
  const plan = async (number: string, subject: string, start: number, end: number) => ({ number, id: (await one(
    `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, hierarchy_item_id, start_date, end_date, status)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, 'draft') RETURNING id`, [tenant, number, subject, user.id, item.id, iso(start), iso(end)])).id as number });
  return {
    itemId: item.id,
    planA: await plan(`PDP-ZONE-A-${suffix}`, 'Remplacement des vannes du bac 12', 1, 10),
    planB: await plan(`PDP-ZONE-B-${suffix}`, 'Peinture des passerelles', 5, 15),
  };
}

/** Puts both plans on the sector and gives plan B a square zone around the plan's centre. */
async function placePlans(seeded: Seeded, sectorName: string): Promise<void> {
  const sector = await one('SELECT id, tenant_id FROM sector WHERE item_id = $1 AND name = $2', [seeded.itemId, sectorName]);
  await query('UPDATE prevention_plan SET sector_id = $1 WHERE id = ANY($2::int[])', [sector.id, [seeded.planA.id, seeded.planB.id]]);
  const square = { points: [{ lat: 150, lng: 350 }, { lat: 150, lng: 450 }, { lat: 250, lng: 450 }, { lat: 250, lng: 350 }] };
  await query(`INSERT INTO map_zone (tenant_id, owner_type, owner_id, sector_id, type, data) VALUES ($1, 'prevention_plan', $2, $3, 'polygon', $4)`,
    [sector.tenant_id, seeded.planB.id, sector.id, JSON.stringify(square)]);
}

/** Adds a sector with a plan image to the item, through the hierarchy's own form route. */
async function addSector(page: Page, itemId: number, name: string): Promise<void> {
  const boot = JSON.parse((await page.locator('#vigie-boot').textContent()) ?? '{}');
  const response = await page.request.post(`/admin/hierarchy/items/${itemId}/sectors/new`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-Token': boot.csrfToken },
    multipart: { 'sector[label]': name, plan: { name: 'plan.png', mimeType: 'image/png', buffer: png(PLAN_WIDTH, 400) } },
  });
  expect(response.status()).toBe(201);
}

/** The map's centre on screen (plan point lat 200, lng 400 at zoom 0). */
async function mapCentre(page: Page): Promise<{ x: number; y: number }> {
  await page.locator('.vigie-zone-map-island .leaflet-container').scrollIntoViewIfNeeded();
  const box = (await page.locator('.vigie-zone-map-island .leaflet-container').boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Clicks `at` while a polygon is drawn until the map shows its corner number `n`, as a person
 * clicks again when a click left no corner. leaflet-draw ignores a press within 50 ms of the last
 * corner (its guard against a tap reported both as touch and as mouse), quicker than a hand but not
 * than a script; a press it takes shows its corner at once, and no click is made once it shows.
 */
async function addCorner(page: Page, corners: Locator, n: number, at: { x: number; y: number }): Promise<void> {
  await expect(async () => {
    if ((await corners.count()) < n) await page.mouse.click(at.x, at.y);
    await expect(corners).toHaveCount(n, { timeout: 100 });
  }).toPass({ timeout: 5_000 });
}

// The whole map (500 px high) must be on screen to draw on it.
test.use({ viewport: { width: 1400, height: 1100 } });

test('a zone drawn on the plan\'s sector map is kept, and a neighbouring plan\'s zone is shown as a coactivity', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const hse = createE2eUser({ company: `Carte des zones ${suffix}`, role: 'super_admin', firstName: 'Nadia', lastName: 'Benali' });
  const seeded = await seedPlans(hse.username, suffix);
  await loginWith(page, hse);
  await addSector(page, seeded.itemId, 'Unité de distillation');
  await addSector(page, seeded.itemId, 'Parc à cuves');
  await placePlans(seeded, 'Unité de distillation');

  await page.goto(`/prevention-plan/${seeded.planA.id}?tab=map`);
  await page.getByTestId('zone-map').scrollIntoViewIfNeeded();
  const island = page.getByTestId('zone-map-island');
  await expect(island).toHaveAttribute('data-state', 'ready');
  await expect(island.locator('.leaflet-image-layer')).toBeVisible();
  // Plan B's zone is drawn in the neighbours' colour and listed with its number.
  await expect(island.locator('path.vigie-zone-coactivity')).toHaveCount(1);
  const label = `${seeded.planB.number} – Nadia Benali – Peinture des passerelles`;
  await expect(page.getByTestId('zone-map-coactivity')).toContainText(label);
  // The site has two sectors with a plan: the map offers both, the plan's own first.
  await expect(page.getByTestId('zone-map-sector').locator('option')).toHaveText(['Unité de distillation', 'Parc à cuves']);
  // The toolbar offers circle, marker and polygon only.
  await expect(island.locator('.leaflet-draw-draw-polygon')).toBeVisible();
  await expect(island.locator('.leaflet-draw-draw-circle')).toBeVisible();
  await expect(island.locator('.leaflet-draw-draw-marker')).toBeVisible();
  await expect(island.locator('.leaflet-draw-draw-rectangle, .leaflet-draw-draw-polyline, .leaflet-draw-draw-circlemarker')).toHaveCount(0);

  // A polygon over plan B's zone.
  const c = await mapCentre(page);
  await page.mouse.move(c.x, c.y);
  await expect(island.locator('.leaflet-tooltip')).toHaveText(label);
  await island.locator('.leaflet-draw-draw-polygon').click();
  const corners = island.locator('.leaflet-marker-pane .leaflet-editing-icon');
  const square = [[-40, -40], [40, -40], [40, 40], [-40, 40]];
  for (const [i, [dx, dy]] of square.entries()) await addCorner(page, corners, i + 1, { x: c.x + dx, y: c.y + dy });
  const polygonSaved = page.waitForResponse((r) => r.url().includes('/leaflet-zone/add') && r.request().method() === 'POST');
  const snapshotSaved = page.waitForResponse((r) => r.url().endsWith('/localise/save') && r.request().method() === 'POST');
  await page.mouse.click(c.x - 40, c.y - 40);
  expect((await polygonSaved).status()).toBe(201);
  expect((await snapshotSaved).status()).toBe(200);
  // Drawn and kept with its four corners (Leaflet's path: M x y, three L x y, z).
  await expect(island.locator('path.vigie-zone-own')).toHaveAttribute('d', /^M-?\d+ -?\d+(L-?\d+ -?\d+){3}z$/);

  // A circle away from it, on the left of the plan.
  await island.locator('.leaflet-draw-draw-circle').click();
  const circleSaved = page.waitForResponse((r) => r.url().includes('/leaflet-zone/add') && r.request().method() === 'POST');
  await page.mouse.move(c.x - 250, c.y);
  await page.mouse.down();
  await page.mouse.move(c.x - 220, c.y, { steps: 6 });
  await page.mouse.up();
  expect((await circleSaved).status()).toBe(201);
  await expect(island.locator('path.vigie-zone-own')).toHaveCount(2);

  // A marker on the right: its pin image loads (a missing image would log an error).
  await island.locator('.leaflet-draw-draw-marker').click();
  const markerSaved = page.waitForResponse((r) => r.url().includes('/leaflet-zone/add') && r.request().method() === 'POST');
  await page.mouse.click(c.x + 250, c.y);
  expect((await markerSaved).status()).toBe(201);
  await expect(island.locator('img.leaflet-marker-icon')).toBeVisible();

  // After a reload both zones are there, and plan B is a coactivity of plan A.
  await page.reload();
  await page.getByTestId('zone-map').scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute('data-state', 'ready');
  await expect(island.locator('path.vigie-zone-own')).toHaveCount(2);
  await expect(island.locator('img.leaflet-marker-icon')).toHaveCount(1);
  await expect(page.getByTestId('coactivity-alerts').getByTestId('coactivity-link')).toHaveText(seeded.planB.number);

  // Deleting the circle through the toolbar removes it for good.
  // The coactivity alert above the map moved it: measure again.
  const c2 = await mapCentre(page);
  await island.locator('.leaflet-draw-edit-remove').click();
  const circleOnScreen = { x: c2.x - 250, y: c2.y };
  await page.mouse.click(circleOnScreen.x, circleOnScreen.y);
  const deleted = page.waitForResponse((r) => r.url().includes('/leaflet-zone/') && r.url().endsWith('/delete'));
  await island.getByRole('link', { name: 'Enregistrer' }).click();
  expect((await deleted).status()).toBe(200);

  // Moving a corner of the polygon through the edit tool saves the new shape.
  await island.locator('.leaflet-draw-edit-edit').click();
  const corner = island.locator('.leaflet-editing-icon').first();
  const box = (await corner.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 20, box.y - 20, { steps: 5 });
  await page.mouse.up();
  const edited = page.waitForResponse((r) => r.url().includes('/leaflet-zone/') && r.url().endsWith('/edit'));
  await island.getByRole('link', { name: 'Enregistrer' }).click();
  expect((await edited).status()).toBe(200);

  await page.reload();
  await page.getByTestId('zone-map').scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute('data-state', 'ready');
  await expect(island.locator('path.vigie-zone-own')).toHaveCount(1);

  // The other sector of the site: its own plan, none of these zones.
  await page.getByTestId('zone-map-sector').selectOption({ label: 'Parc à cuves' });
  await expect(island).toHaveAttribute('data-state', 'ready');
  await expect(island.locator('.leaflet-image-layer')).toBeVisible();
  await expect(island.locator('path.vigie-zone-own, path.vigie-zone-coactivity, img.leaflet-marker-icon')).toHaveCount(0);
  await expect(page.getByTestId('zone-map-no-coactivity')).toBeVisible();

  // Plan B sees plan A's polygon as its coactivity too; its map mounts when its tab opens.
  await page.goto(`/prevention-plan/${seeded.planB.id}`);
  await page.getByTestId('plan-tab-map').click();
  await page.getByTestId('zone-map').scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute('data-state', 'ready');
  await expect(island.locator('.leaflet-image-layer')).toBeVisible();
  await expect(page.getByTestId('coactivity-alerts').getByTestId('coactivity-link')).toHaveText(seeded.planA.number);
  await expect(page.getByTestId('zone-map-coactivity')).toContainText(seeded.planA.number);

  // Plan A's map image was stored (posted after each change).
  expect(await query('SELECT count(*)::int AS n FROM map_snapshot WHERE owner_type = $1 AND owner_id = $2', ['prevention_plan', seeded.planA.id])).toEqual([{ n: 1 }]);

  // An archived plan can no longer be edited: its zones show, without the drawing toolbar.
  await query('UPDATE prevention_plan SET archived = true WHERE id = $1', [seeded.planB.id]);
  await page.reload();
  await page.getByTestId('zone-map').scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute('data-state', 'ready');
  await expect(island.locator('path.vigie-zone-own')).toHaveCount(1);
  await expect(island.locator('.leaflet-draw-toolbar')).toHaveCount(0);

  expectNoConsoleErrors(consoleErrors);
});
