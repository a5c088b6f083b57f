import { Client } from 'pg';
import type { Page, Request } from '@playwright/test';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { parisToday } from '../support/dates';

// Moving and resizing come in a chunk of their own (islands/calendar/drag-and-drop.ts): the page
// downloads it when a user who may move something first points at the grid, never for one who
// may not. What a user notices: nothing, a task still resizes, the grid keeps its scroll.

const plus = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function mondayOfThisWeek(): string {
  const today = parisToday();
  return plus(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** The drag-and-drop chunk's requests (its script and its stylesheet). */
function dragChunk(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const file = new URL(request.url()).pathname;
    if (file.startsWith('/build/') && file.includes('/drag-and-drop-')) seen.push(file);
  });
  return seen;
}

test.use({ viewport: { width: 1400, height: 1200 } });

test('calendar: drag and drop loads when pointed at, a task resizes, a user who may move nothing never loads it', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const company = `Calendrier glisser ${suffix}`;
  const manager = createE2eUser({ company, role: 'super_admin', firstName: 'Ines', lastName: 'Garnier' });
  const reader = createE2eUser({ company, role: 'user', firstName: 'Hugo', lastName: 'Perrin' });
  const monday = mondayOfThisWeek();

  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  let taskId: number;
  try {
    const { rows: [me] } = await db.query('SELECT id, tenant_id FROM app_user WHERE username = $1', [manager.username]);
    const { rows: [task] } = await db.query(
      `INSERT INTO project_task (tenant_id, label, start_at, end_at, assignee_id) VALUES ($1, 'Contrôle des extincteurs',
        ($2::timestamp AT TIME ZONE 'Europe/Paris'), ($3::timestamp AT TIME ZONE 'Europe/Paris'), $4) RETURNING id`,
      [me.tenant_id, `${monday} 10:00`, `${monday} 11:00`, me.id]);
    taskId = task.id;
  } finally {
    await db.end();
  }

  // A user who may move: nothing of it before the pointer comes.
  const loaded = dragChunk(page);
  await loginWith(page, manager);
  await page.goto('/calendar');
  const grid = page.getByTestId('calendar-grid');
  await expect(grid).toHaveAttribute('data-loaded', '1');
  const event = page.locator('.rbc-event', { has: page.locator(`[data-event-id="${taskId!}"]`) });
  await expect(event).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded).toEqual([]);
  await expect(grid).toHaveAttribute('data-drag', '0');

  // The time grid scrolled by hand keeps its place when the drag-and-drop calendar takes over.
  const content = page.locator('.rbc-time-content');
  await content.evaluate((el) => { el.scrollTop = 180; });
  await event.hover();
  await expect(grid).toHaveAttribute('data-drag', '1');
  expect(loaded.filter((file) => file.endsWith('.js'))).toHaveLength(1);
  expect(await content.evaluate((el) => el.scrollTop)).toBe(180);

  // Resizing: the lower handle pulled down into the 12:30 slot makes the task end at 12:30.
  await event.hover();
  const handle = event.locator('.rbc-addons-dnd-resize-ns-anchor').last().locator('.rbc-addons-dnd-resize-ns-icon');
  await expect(handle).toBeVisible();
  const from = (await handle.boundingBox())!;
  const slot = page.locator('.rbc-time-content .rbc-day-slot').nth(0).locator('.rbc-time-slot').nth(12 * 2 + 1);
  const to = (await slot.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 3, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(async () => {
    const check = new Client({ connectionString: e2eDatabaseUrl() });
    await check.connect();
    try {
      const { rows: [row] } = await check.query(
        `SELECT to_char(start_at AT TIME ZONE 'Europe/Paris', 'HH24:MI') AS s, to_char(end_at AT TIME ZONE 'Europe/Paris', 'HH24:MI') AS e FROM project_task WHERE id = $1`, [taskId!]);
      expect(row).toEqual({ s: '10:00', e: '12:30' });
    } finally {
      await check.end();
    }
  }).toPass({ timeout: 10_000 });

  // A user who may move nothing: pointing at the grid loads nothing. The calendar page is left
  // first: a request of it still under way would set a session cookie over the reader's login.
  await page.goto('about:blank');
  await page.context().clearCookies();
  const readerLoaded = dragChunk(page);
  await loginWith(page, reader);
  await page.goto('/calendar');
  await expect(grid).toHaveAttribute('data-loaded', '1');
  await grid.hover();
  await page.mouse.move(700, 700, { steps: 5 });
  await page.waitForLoadState('networkidle');
  expect(readerLoaded).toEqual([]);
  await expect(grid).toHaveAttribute('data-drag', '0');

  expectNoConsoleErrors(consoleErrors);
});

test('calendar: a press under way when drag and drop arrives ends on the plain calendar', async ({ page, consoleErrors }) => {
  const manager = createE2eUser({ company: `Calendrier appui ${Date.now() % 1_000_000}`, role: 'super_admin', firstName: 'Lea', lastName: 'Roux' });
  // The chunk arrives while the button is held.
  await page.route('**/build/assets/drag-and-drop-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const loaded = page.waitForResponse((response) => /\/drag-and-drop-[^/]*\.js$/.test(new URL(response.url()).pathname));
  await loginWith(page, manager);
  await page.goto('/calendar?view=month');
  const grid = page.getByTestId('calendar-grid');
  await expect(grid).toHaveAttribute('data-view', 'month');
  await expect(grid).toHaveAttribute('data-loaded', '1');

  // A click on a day of the month view: the month hands its selection over one turn after the release.
  const day = (await page.locator('.rbc-month-view .rbc-day-bg').nth(16).boundingBox())!;
  await page.mouse.move(day.x + day.width / 2, day.y + day.height - 5);
  await page.mouse.down();
  await loaded;
  // Arrived and evaluated, yet not swapped in while the button is held.
  await expect(grid).toHaveAttribute('data-drag-ready', '1');
  await expect(grid).toHaveAttribute('data-drag', '0');
  await page.mouse.up();
  await expect(page.getByTestId('calendar-task-form')).toBeVisible();
  await expect(grid).toHaveAttribute('data-drag', '1');

  expectNoConsoleErrors(consoleErrors);
});
