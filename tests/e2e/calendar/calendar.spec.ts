import { Client } from 'pg';
import type { Locator, Page } from '@playwright/test';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { parisToday } from '../support/dates';

const french = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const plus = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The work week the calendar opens on: Monday of this week, and the index (0-4) of today, Friday at the weekend. */
function thisWorkWeek(): { monday: string; todayIndex: number } {
  const today = parisToday();
  const dow = new Date(`${today}T00:00:00Z`).getUTCDay();
  const fromMonday = (dow + 6) % 7;
  return { monday: plus(today, -fromMonday), todayIndex: Math.min(fromMonday, 4) };
}

// A 401 or 403 answer is logged by Chrome as a failed resource: the refusals below are on purpose.
const REFUSAL = /Failed to load resource: the server responded with a status of 401/;

test.use({ viewport: { width: 1400, height: 1200 } });

/** The time slot of a work-week column (0 = Monday) at `hour`:`minute` (30-minute slots). */
function slot(page: Page, day: number, hour: number, minute = 0): Locator {
  return page.locator('.rbc-time-content .rbc-day-slot').nth(day).locator('.rbc-time-slot').nth(hour * 2 + minute / 30);
}

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Presses at `from`, moves in steps, releases at `to` (react-big-calendar follows mouse events). */
async function dragMouse(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 3, from.y + 3, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

test('calendar: a task by selecting a slot, a work accident in unavailability mode, a drag onto approved leave refused', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const company = `Calendrier E2E ${suffix}`;
  const manager = createE2eUser({ company, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  const worker = createE2eUser({ company, role: 'user', firstName: 'Bruno', lastName: 'Vasseur' });
  const { monday, todayIndex } = thisWorkWeek();
  const wednesday = plus(monday, 2);

  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  let taskId: number;
  try {
    const { rows: users } = await db.query('SELECT id, tenant_id, username FROM app_user WHERE username = ANY($1)', [[manager.username, worker.username]]);
    const me = users.find((u) => u.username === manager.username)!;
    const bruno = users.find((u) => u.username === worker.username)!;
    await db.query(`INSERT INTO employee (tenant_id, first_name, last_name, user_id) VALUES ($1, 'Claire', 'Martin', $2)`, [me.tenant_id, me.id]);
    const { rows: [employee] } = await db.query(`INSERT INTO employee (tenant_id, first_name, last_name, user_id) VALUES ($1, 'Bruno', 'Vasseur', $2) RETURNING id`, [me.tenant_id, bruno.id]);
    await db.query(`INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state) VALUES ($1, $2, 'paid_leave', $3, $3, 'approved')`, [me.tenant_id, employee.id, wednesday]);
    const { rows: [task] } = await db.query(
      `INSERT INTO project_task (tenant_id, label, start_at, end_at, assignee_id) VALUES ($1, 'Inspection des échafaudages',
        ($2::timestamp AT TIME ZONE 'Europe/Paris'), ($3::timestamp AT TIME ZONE 'Europe/Paris'), $4) RETURNING id`,
      [me.tenant_id, `${monday} 10:00`, `${monday} 11:00`, bruno.id]);
    taskId = task.id;
  } finally {
    await db.end();
  }

  await loginWith(page, manager);
  await page.goto('/calendar');
  const grid = page.getByTestId('calendar-grid');
  await expect(grid).toHaveAttribute('data-loaded', '1');
  await expect(grid).toHaveAttribute('data-view', 'work_week');
  await expect(page.getByTestId('calendar-view-work_week')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('calendar-year')).toHaveValue(monday.slice(0, 4));
  await expect(page.locator(`[data-event-id="${taskId!}"]`)).toHaveText('Inspection des échafaudages');
  await expect(page.locator('[data-event-id^="leave-"]')).toHaveText('Congé – Bruno Vasseur');

  // 1. A task: select Tuesday 14:00-15:00, the task form opens with that slot.
  await dragMouse(page, await centre(slot(page, 1, 14)), await centre(slot(page, 1, 14, 30)));
  const taskForm = page.getByTestId('calendar-task-form');
  await expect(taskForm).toBeVisible();
  await expect(taskForm.locator('#project_task_startDate')).toHaveValue(french(plus(monday, 1)));
  await expect(taskForm.locator('#project_task_startTime')).toHaveValue('14:00');
  await expect(taskForm.locator('#project_task_endTime')).toHaveValue('15:00');
  await taskForm.getByLabel('Libellé').fill('Vérification des harnais');
  await taskForm.getByLabel('Attribuée à').selectOption({ label: 'Bruno Vasseur' });
  await taskForm.getByTestId('calendar-task-save').click();
  await expect(page.locator('[data-testid="calendar-event"]', { hasText: 'Vérification des harnais' })).toBeVisible();
  await expect(page.getByTestId('calendar-grid')).toHaveAttribute('data-view', 'work_week');
  // The time grid scrolls: keyboard users reach it even in a week without timed events (axe).
  await expect(page.getByRole('region', { name: 'Grille horaire (défilement)' })).toHaveAttribute('tabindex', '0');

  // 2. A work accident: in unavailability mode, selecting today's whole day opens the accident form.
  await page.getByTestId('calendar-unavailability-mode').check();
  const day = await centre(page.locator('.rbc-allday-cell .rbc-day-bg').nth(todayIndex));
  await page.mouse.click(day.x, day.y);
  const accidentForm = page.getByTestId('calendar-accident-form');
  await expect(accidentForm).toBeVisible();
  const accidentDay = french(plus(monday, todayIndex));
  await expect(accidentForm.locator('#work_interruption_accidentDate')).toHaveValue(accidentDay);
  await accidentForm.getByLabel('Salarié').selectOption({ label: 'Claire Martin' });
  // The type toggles the fields: no accident date for an unavailability, back with a work accident.
  await accidentForm.getByLabel('Type', { exact: true }).selectOption('UNAVAILABILITY');
  await expect(accidentForm.getByTestId('calendar-accident-fields')).toHaveAttribute('data-type', 'UNAVAILABILITY');
  await expect(accidentForm.locator('#work_interruption_accidentDate')).toHaveCount(0);
  await accidentForm.getByLabel('Type', { exact: true }).selectOption('WORK_ACCIDENT');
  await expect(accidentForm.getByTestId('calendar-accident-fields')).toHaveAttribute('data-type', 'WORK_ACCIDENT');
  await accidentForm.locator('#work_interruption_accidentDate').fill(accidentDay);
  await accidentForm.locator('#work_interruption_substitutePosition').fill('Accueil');
  await accidentForm.getByTestId('calendar-accident-save').click();
  await expect(page.locator('[data-testid="calendar-event"]', { hasText: 'Accident du travail – Claire Martin' })).toBeVisible();

  // 3. Dragging Monday's task onto Wednesday, a day of approved leave: refused with the server's message.
  await page.getByTestId('calendar-unavailability-mode').uncheck();
  const event = page.locator('.rbc-event', { has: page.locator(`[data-event-id="${taskId!}"]`) });
  // The page was reloaded by the accident's save: moving comes with the pointer's first pass over
  // the grid (calendar-drag-lazy.spec.ts), as a user's hand passes over it on the way to the task.
  await page.getByTestId('calendar-grid').hover();
  await expect(page.getByTestId('calendar-grid')).toHaveAttribute('data-drag', '1');
  const from = await centre(event);
  const target = await centre(slot(page, 2, 10, 30));
  await dragMouse(page, from, target);
  const alert = page.getByTestId('alert-dialog');
  await expect(alert).toContainText("L'utilisateur n'est pas disponible à cette date.");
  await alert.getByRole('button').last().click();
  await expect(alert).toHaveCount(0);
  // Put back on Monday after the refusal, and still there after a reload.
  await page.reload();
  await expect(page.getByTestId('calendar-grid')).toHaveAttribute('data-loaded', '1');
  const monBox = (await page.locator('.rbc-time-content .rbc-day-slot').nth(0).boundingBox())!;
  const taskBox = (await page.locator('.rbc-event', { has: page.locator(`[data-event-id="${taskId!}"]`) }).boundingBox())!;
  expect(taskBox.x).toBeGreaterThanOrEqual(monBox.x - 1);
  expect(taskBox.x + taskBox.width).toBeLessThanOrEqual(monBox.x + monBox.width + 1);

  // 4. A person's colour: 200 closes the dialog, the swatch and the tasks take it.
  const bruno = page.getByTestId('calendar-resource').filter({ hasText: 'Bruno Vasseur' });
  await bruno.getByTestId('calendar-color-edit').click();
  const dialog = page.getByTestId('calendar-color-dialog');
  await expect(dialog).toContainText('Couleur de Bruno Vasseur');
  await dialog.getByTestId('calendar-color-input').fill('#c0392b');
  await dialog.getByTestId('calendar-color-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(bruno.locator('.vigie-calendar-swatch')).toHaveCSS('background-color', 'rgb(192, 57, 43)');
  await expect(page.locator('.rbc-event', { has: page.locator(`[data-event-id="${taskId!}"]`) })).toHaveCSS('background-color', 'rgb(192, 57, 43)');

  expectNoConsoleErrors(consoleErrors, [REFUSAL]);
});
