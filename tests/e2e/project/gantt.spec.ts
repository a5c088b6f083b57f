import { Client } from 'pg';
import type { Page } from '@playwright/test';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { french, iso } from '../support/dates';

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

interface Seeded { projectId: number; study: number; reception: number; detectors: number }

/** A project of `username`'s company with three tasks from 08:00 to 17:00 (Paris), in days from today. */
async function seedProject(username: string): Promise<Seeded> {
  const [user] = await query('SELECT id, tenant_id FROM app_user WHERE username = $1', [username]);
  const [project] = await query(`INSERT INTO project (tenant_id, label, state, created_by_id) VALUES ($1, 'Mise en conformité ATEX atelier peinture', 'in_progress', $2) RETURNING id`,
    [user.tenant_id, user.id]);
  const task = async (label: string, from: number, to: number, extra: { progress?: number; initial?: boolean } = {}) => (await query(
    `INSERT INTO project_task (tenant_id, project_id, label, start_at, end_at, progress, state, assignee_id, is_initial_planning, initial_start_at, initial_end_at)
     VALUES ($1, $2, $3, ($4::date + time '08:00') AT TIME ZONE 'Europe/Paris', ($5::date + time '17:00') AT TIME ZONE 'Europe/Paris', $6, $7, $8, $9,
             CASE WHEN $9 THEN ($4::date + time '08:00') AT TIME ZONE 'Europe/Paris' END, CASE WHEN $9 THEN ($5::date + time '17:00') AT TIME ZONE 'Europe/Paris' END)
     RETURNING id`,
    [user.tenant_id, project.id, label, iso(from), iso(to), extra.progress ?? 0, (extra.progress ?? 0) > 0 ? 'in_progress' : 'todo', user.id, !!extra.initial]))[0].id as number;
  return {
    projectId: project.id,
    study: await task('Étude de zonage', 2, 4),
    reception: await task('Réception des travaux', 7, 8, { initial: true }),
    detectors: await task('Pose des détecteurs', 10, 14, { progress: 20 }),
  };
}

/** Week mode draws a day in 20 px (140 px a week). */
const DAY_PX = 20;

const bar = (page: Page, id: number) => page.locator(`.bar-wrapper[data-id="${id}"] .bar`);
const row = (page: Page, id: number) => page.locator(`[data-testid="gantt-task-row"][data-task-id="${id}"]`);

/**
 * Waits until frappe-gantt has grown the bars it drew. When the chart is made, each bar and
 * progress bar grows from nothing through an SVG <animate> (from 0.1 s to 0.5 s of the chart's
 * clock): one still to come or running has a current interval (getStartTime() answers), one that
 * is over, or that a later redraw added too late to run, has none (it throws). A press on a bar
 * still growing may miss it, and frappe-gantt would take its growing width for the bar's.
 */
async function barsGrown(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('gantt-chart').evaluate((chart) => [...chart.querySelectorAll('animate')].filter((a) => {
    try {
      (a as SVGAnimationElement).getStartTime();
      return true;
    } catch {
      return false;
    }
  }).length), { message: 'barres du diagramme encore en train de grandir' }).toBe(0);
}

/**
 * Points the mouse at `part` of the bar of task `id` (at a fraction of the part's box) and presses,
 * once the chart holds still; answers where. Hovering waits until the bar keeps its place for two
 * frames (the chart scrolls smoothly to its first bar when drawn) and until nothing else is on top
 * of that point; the whole bar (its label and handles too) is hovered, so that they count as the bar.
 */
async function pressBar(page: Page, id: number, part: string, fx: number): Promise<{ x: number; y: number }> {
  await barsGrown(page);
  const wrapper = page.locator(`.bar-wrapper[data-id="${id}"]`);
  const target = wrapper.locator(part);
  const [w, t] = [(await wrapper.boundingBox())!, (await target.boundingBox())!];
  await wrapper.hover({ position: { x: t.x - w.x + t.width * fx, y: t.y - w.y + t.height / 2 } });
  const box = (await target.boundingBox())!;
  await page.mouse.down();
  return { x: box.x + box.width * fx, y: box.y + box.height / 2 };
}

/** Presses the bar of task `id` at 70 % of its width (clear of the progress handle of a task at 0 %) and moves it by `dx` pixels, still held. */
async function holdBarMoved(page: Page, id: number, dx: number): Promise<void> {
  const { x, y } = await pressBar(page, id, '.bar', 0.7);
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
}

/** Drags the bar of task `id` by `dx` pixels and lets it go. */
async function dragBar(page: Page, id: number, dx: number): Promise<void> {
  await holdBarMoved(page, id, dx);
  await page.mouse.up();
}

async function openGantt(page: Page, projectId: number): Promise<void> {
  await page.goto(`/projects/${projectId}?tab=gantt`);
  await expect(page.getByTestId('gantt-island')).toHaveAttribute('data-state', 'ready');
  await expect(page.locator('.bar-wrapper')).toHaveCount(3);
}

const saved = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/projects/tasks/gantt-update') && r.request().method() === 'POST');

test.use({ viewport: { width: 1400, height: 900 } });

test('the project gantt opens in Week mode; dragging a bar saves its dates, an initial-planning task asks first, the progress handle saves the progress',
  async ({ page, consoleErrors }) => {
    const suffix = `${Date.now() % 1_000_000}`;
    const planner = createE2eUser({ company: `Gantt E2E ${suffix}`, role: 'super_admin', firstName: 'Nadia', lastName: 'Benali' });
    const seeded = await seedProject(planner.username);
    await loginWith(page, planner);
    await openGantt(page, seeded.projectId);

    // French modes, Week by default, bars 20 px high (38 - 18).
    await expect(page.getByTestId('project-tab-gantt')).toContainText('Diagramme de Gantt');
    await expect(page.getByTestId('gantt-mode-Week')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('gantt-mode-Month')).toHaveText('Mois');
    await expect(page.getByTestId('gantt-mode-Day')).toHaveText('Jour');
    await expect(bar(page, seeded.study)).toHaveAttribute('height', '20');
    await expect(row(page, seeded.study).getByTestId('gantt-task-start')).toHaveText(french(2));

    // Switching modes redraws the chart: a day is 45 px wide in Day mode.
    await page.getByTestId('gantt-mode-Day').click();
    await expect(page.getByTestId('gantt-mode-Day')).toHaveAttribute('aria-pressed', 'true');
    await expect(bar(page, seeded.study)).toHaveAttribute('width', String(3 * 45));
    await page.getByTestId('gantt-mode-Week').click();
    await expect(bar(page, seeded.study)).toHaveAttribute('width', String(3 * DAY_PX));

    // Drag a bar 3 days later: it follows the mouse, then is saved, and still there after a reload.
    const studyX = Number(await bar(page, seeded.study).getAttribute('x'));
    let answer = saved(page);
    await holdBarMoved(page, seeded.study, 3 * DAY_PX + 5);
    await expect(bar(page, seeded.study)).toHaveAttribute('x', String(studyX + 3 * DAY_PX));
    await page.mouse.up();
    expect((await answer).status()).toBe(200);
    await expect(row(page, seeded.study).getByTestId('gantt-task-start')).toHaveText(french(5));
    await expect(row(page, seeded.study).getByTestId('gantt-task-end')).toHaveText(french(7));
    await page.reload();
    await expect(page.getByTestId('gantt-island')).toHaveAttribute('data-state', 'ready');
    await expect(row(page, seeded.study).getByTestId('gantt-task-start')).toHaveText(french(5));
    await expect(row(page, seeded.study).getByTestId('gantt-task-end')).toHaveText(french(7));
    const [study] = await query(`SELECT to_char(start_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD HH24:MI') AS s, to_char(end_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD HH24:MI') AS e FROM project_task WHERE id = $1`, [seeded.study]);
    expect(study).toEqual({ s: `${iso(5)} 08:00`, e: `${iso(7)} 17:00` });

    // An initial-planning task asks first; Annuler puts the bar back and saves nothing.
    const before = await bar(page, seeded.reception).getAttribute('x');
    await dragBar(page, seeded.reception, 2 * DAY_PX + 5);
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('Êtes-vous sûr de vouloir modifier les dates de la tâche ?');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
    await expect(bar(page, seeded.reception)).toHaveAttribute('x', before!);
    await expect(row(page, seeded.reception).getByTestId('gantt-task-start')).toHaveText(french(7));
    expect((await query('SELECT version FROM project_task WHERE id = $1', [seeded.reception]))[0].version).toBe(1);

    // Oui saves the new dates.
    await dragBar(page, seeded.reception, 2 * DAY_PX + 5);
    await expect(dialog).toBeVisible();
    answer = saved(page);
    await dialog.getByRole('button', { name: 'Oui' }).click();
    expect((await answer).status()).toBe(200);
    await expect(row(page, seeded.reception).getByTestId('gantt-task-start')).toHaveText(french(9));
    await page.reload();
    await expect(page.getByTestId('gantt-island')).toHaveAttribute('data-state', 'ready');
    await expect(row(page, seeded.reception).getByTestId('gantt-task-start')).toHaveText(french(9));
    await expect(row(page, seeded.reception).getByTestId('gantt-task-end')).toHaveText(french(10));

    // The progress handle: 20 % of a 5-day bar (100 px) is at 20 px; 40 px further is 60 %.
    answer = saved(page);
    const { x: hx, y: hy } = await pressBar(page, seeded.detectors, '.handle.progress', 0.5);
    await page.mouse.move(hx + 20, hy, { steps: 4 });
    await page.mouse.move(hx + 40, hy, { steps: 4 });
    await page.mouse.up();
    expect((await answer).status()).toBe(200);
    await expect(row(page, seeded.detectors).getByTestId('gantt-task-progress')).toHaveText('60 %');
    expect(await query('SELECT progress, state FROM project_task WHERE id = $1', [seeded.detectors])).toEqual([{ progress: 60, state: 'in_progress' }]);

    expectNoConsoleErrors(consoleErrors);
  });

test('a drop on a day the assignee is on approved leave is refused with the server message and the bar goes back; without the tasks ability the chart is read-only',
  async ({ page, browser, consoleErrors }) => {
    const suffix = `${Date.now() % 1_000_000}`;
    const company = `Gantt congés E2E ${suffix}`;
    const planner = createE2eUser({ company, role: 'super_admin', firstName: 'Nadia', lastName: 'Benali' });
    const reader = createE2eUser({ company, role: 'operationnal', firstName: 'Hugo', lastName: 'Leroy' });
    const seeded = await seedProject(planner.username);
    // The planner (assignee of every task) is on approved leave from day 20 to day 24.
    const [me] = await query('SELECT id, tenant_id FROM app_user WHERE username = $1', [planner.username]);
    const [employee] = await query(`INSERT INTO employee (tenant_id, first_name, last_name, user_id) VALUES ($1, 'Nadia', 'Benali', $2) RETURNING id`, [me.tenant_id, me.id]);
    await query(`INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state) VALUES ($1, $2, 'paid_leave', $3, $4, 'approved')`,
      [me.tenant_id, employee.id, iso(20), iso(24)]);
    const [readerRow] = await query('SELECT id FROM app_user WHERE username = $1', [reader.username]);
    await query('INSERT INTO project_member (tenant_id, project_id, user_id) VALUES ($1, $2, $3)', [me.tenant_id, seeded.projectId, readerRow.id]);

    await loginWith(page, planner);
    await openGantt(page, seeded.projectId);
    const before = await bar(page, seeded.detectors).getAttribute('x');
    // Days 10-14 moved 8 days later: 18-22, over the leave.
    const answer = saved(page);
    await dragBar(page, seeded.detectors, 8 * DAY_PX + 5);
    expect((await answer).status()).toBe(401);
    const alert = page.getByTestId('alert-dialog');
    await expect(alert).toContainText("L'utilisateur n'est pas disponible à cette date.");
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(alert).toBeHidden();
    await expect(bar(page, seeded.detectors)).toHaveAttribute('x', before!);
    await expect(row(page, seeded.detectors).getByTestId('gantt-task-start')).toHaveText(french(10));
    expect((await query('SELECT version FROM project_task WHERE id = $1', [seeded.detectors]))[0].version).toBe(1);
    expectNoConsoleErrors(consoleErrors, [/Failed to load resource.*401/]);

    // A member without the tasks ability sees the chart read-only: a drag moves nothing (the bar
    // does not follow the mouse, as it does in the first test) and sends nothing.
    const context = await browser.newContext();
    const other = await context.newPage();
    const otherErrors: string[] = [];
    other.on('console', (msg) => { if (msg.type() === 'error') otherErrors.push(msg.text()); });
    other.on('pageerror', (err) => otherErrors.push(String(err)));
    let posted = false;
    other.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('/projects/tasks/gantt-update')) posted = true; });
    await loginWith(other, reader);
    await openGantt(other, seeded.projectId);
    await expect(other.getByTestId('gantt-readonly')).toContainText('Lecture seule');
    const x = await bar(other, seeded.study).getAttribute('x');
    await holdBarMoved(other, seeded.study, 3 * DAY_PX + 5);
    await expect(bar(other, seeded.study)).toHaveAttribute('x', x!);
    await other.mouse.up();
    // The island acts on a release in a zero-delay timer (GanttChart's `release`), and a save starts
    // there: a zero-delay timer set after it runs after it (timers of equal delay run in the order
    // they were set), so once this one has run, any save would have been sent.
    await other.evaluate(() => new Promise<void>((done) => { window.setTimeout(done, 0); }));
    await expect(bar(other, seeded.study)).toHaveAttribute('x', x!);
    expect(posted).toBe(false);
    expectNoConsoleErrors(otherErrors);
    await context.close();
  });

/** The first days of the Week-mode columns, read from the header cells frappe-gantt marks `date_YYYY-MM-DD`. */
async function weekStarts(page: Page): Promise<string[]> {
  return page.locator('.lower-header .lower-text').evaluateAll((cells) => cells.map((c) => /date_(\d{4}-\d{2}-\d{2})/.exec(c.className)?.[1] ?? ''));
}

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

test('the gantt weeks start on Monday and the task names sit in a column beside their bars', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const planner = createE2eUser({ company: `Gantt semaines E2E ${suffix}`, role: 'super_admin', firstName: 'Nadia', lastName: 'Benali' });
  const seeded = await seedProject(planner.username);
  await loginWith(page, planner);
  await openGantt(page, seeded.projectId);

  // Week mode: every column header starts on a Monday (1), whatever day the first task starts.
  const starts = await weekStarts(page);
  expect(starts.length).toBeGreaterThan(4);
  expect(new Set(starts.map(weekday))).toEqual(new Set([1]));
  // The bar of the first task lies in the week of its Monday: its x counts the days since a Monday.
  const studyX = Number(await bar(page, seeded.study).getAttribute('x'));
  const firstColumnDay = new Date(Date.parse(`${iso(2)}T12:00:00Z`) - (studyX / DAY_PX) * 86_400_000).toISOString().slice(0, 10);
  expect(starts).toContain(firstColumnDay);
  // Still Mondays after going through Day mode.
  await page.getByTestId('gantt-mode-Day').click();
  await page.getByTestId('gantt-mode-Week').click();
  await expect(bar(page, seeded.study)).toHaveAttribute('width', String(3 * DAY_PX));
  expect(new Set((await weekStarts(page)).map(weekday))).toEqual(new Set([1]));

  // The names column lists the tasks in the chart's order, each name level with its bar.
  const names = page.getByTestId('gantt-names');
  await expect(names).toBeVisible();
  await expect(names.getByTestId('gantt-name')).toHaveText(['Étude de zonage', 'Réception des travaux', 'Pose des détecteurs']);
  await barsGrown(page);
  for (const id of [seeded.study, seeded.reception, seeded.detectors]) {
    const label = (await names.locator(`[data-task-id="${id}"]`).boundingBox())!;
    const drawn = (await bar(page, id).boundingBox())!;
    expect(Math.abs((label.y + label.height / 2) - (drawn.y + drawn.height / 2))).toBeLessThan(4);
    // Beside the chart, not over it.
    expect(label.x + label.width).toBeLessThanOrEqual((await page.getByTestId('gantt-chart').boundingBox())!.x + 1);
  }
  expectNoConsoleErrors(consoleErrors);
});
