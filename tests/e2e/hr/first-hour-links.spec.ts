import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import type { Locator } from '@playwright/test';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { parisToday } from '../support/dates';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';

// Issue 25 item 8: the calendar and HR links a new HR manager relies on in the first hour.

const ROOT = path.join(__dirname, '..', '..', '..');
const french = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const plus = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function sql(text: string, params: unknown[] = []): Promise<Array<Record<string, any>>> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    return (await db.query(text, params)).rows;
  } finally {
    await db.end();
  }
}

/** Today's column of the work week the calendar opens on (Friday at the weekend). */
function todayIndex(): number {
  const dow = new Date(`${parisToday()}T00:00:00Z`).getUTCDay();
  return Math.min((dow + 6) % 7, 4);
}

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.use({ viewport: { width: 1400, height: 1200 } });
// Each test creates accounts through the CLI first (a few seconds each on a busy machine).
test.describe.configure({ timeout: 120_000 });

test('an HR manager (not an administrator) records a work accident for an employee without an account in unavailability mode, and sees it on the calendar', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const hr = createE2eUser({ company: `RH liens E2E ${suffix}`, role: 'hr_manager', firstName: 'Nadia', lastName: 'Perrin' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [hr.username]);
  await sql(`INSERT INTO employee (tenant_id, first_name, last_name, user_id) VALUES ($1, 'Nadia', 'Perrin', $2)`, [me.tenant_id, me.id]);
  await sql(`INSERT INTO employee (tenant_id, first_name, last_name, user_id) VALUES ($1, 'Bruno', 'Garnier', NULL)`, [me.tenant_id]);
  await loginWith(page, hr);

  await page.goto('/calendar');
  await expect(page.getByTestId('calendar-grid')).toHaveAttribute('data-loaded', '1');
  const mode = page.getByTestId('calendar-unavailability-mode');
  await expect(mode).toBeVisible();
  await mode.check();
  const index = todayIndex();
  const day = await centre(page.locator('.rbc-allday-cell .rbc-day-bg').nth(index));
  await page.mouse.click(day.x, day.y);
  const form = page.getByTestId('calendar-accident-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Salarié').selectOption({ label: 'Bruno Garnier' });
  await form.getByLabel('Type', { exact: true }).selectOption('WORK_ACCIDENT');
  await expect(form.getByTestId('calendar-accident-fields')).toHaveAttribute('data-type', 'WORK_ACCIDENT');
  const monday = plus(parisToday(), -((new Date(`${parisToday()}T00:00:00Z`).getUTCDay() + 6) % 7));
  await form.locator('#work_interruption_accidentDate').fill(french(plus(monday, index)));
  await form.getByTestId('calendar-accident-save').click();
  // Saved with the hint, then shown (grey, unassigned) while no person is ticked in the filter.
  await expect(page.getByText("Bruno Garnier n'a pas de compte utilisateur", { exact: false })).toBeVisible();
  await expect(page.locator('[data-testid="calendar-event"]', { hasText: 'Accident du travail – Bruno Garnier' })).toBeVisible();
  expectNoConsoleErrors(consoleErrors);
});

test('a user with « Voir les salariés » but not « Voir tous les salariés » reads why the list is short, not « Aucun salarié pour le moment. »', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const viewer = createE2eUser({ company: `RH périmètre E2E ${suffix}`, role: 'user', firstName: 'Léo', lastName: 'Fabre' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [viewer.username]);
  // Only hr.view, given to this user alone.
  const [role] = await sql(`INSERT INTO role (tenant_id, code, label, color) VALUES ($1, $2, 'Lecteur RH', 'green') RETURNING id`, [me.tenant_id, `hr_reader_${suffix}`]);
  await sql(`INSERT INTO role_right (role_id, "right") VALUES ($1, 'hr.view')`, [role.id]);
  await sql('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [me.id, role.id]);
  await sql(`INSERT INTO employee (tenant_id, first_name, last_name, user_id) VALUES ($1, 'Camille', 'Roy', NULL)`, [me.tenant_id]);
  await loginWith(page, viewer);

  await page.goto('/rh/employees');
  await expect(page.getByText('Vous ne voyez que les salariés de vos services et votre propre fiche', { exact: false })).toBeVisible();
  await expect(page.getByText('Aucun salarié pour le moment.')).toHaveCount(0);
  await expect(page.getByText('Camille Roy')).toHaveCount(0);
  expectNoConsoleErrors(consoleErrors);
});

test('the demo user Karim is linked to his employee record and can ask for leave', async ({ page, consoleErrors }) => {
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/cli/index.ts', 'demo:seed'],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: e2eDatabaseUrl() }, stdio: 'pipe' });
  // Karim's demo password is printed at start; this spec gives him a known one (a fresh account's hash).
  const known = createE2eUser({ company: `Mot de passe E2E ${Date.now() % 1_000_000}`, role: 'user', firstName: 'Mot', lastName: 'Passe' });
  await sql(`UPDATE app_user SET password_hash = (SELECT password_hash FROM app_user WHERE username = $1) WHERE username = 'karim.benali'`, [known.username]);
  const [link] = await sql(`SELECT e.first_name, e.last_name FROM employee e JOIN app_user u ON u.id = e.user_id WHERE u.username = 'karim.benali' AND e.deleted_at IS NULL`);
  expect(link).toEqual({ first_name: 'Karim', last_name: 'Benali' });
  await loginWith(page, { username: 'karim.benali', password: known.password });

  await page.goto('/rh/paid-leave-requests');
  await expect(page.getByText("Votre compte n'est lié à aucune fiche salarié", { exact: false })).toHaveCount(0);
  await page.getByTestId('leave-add').click();
  const form = page.getByTestId('leave-form');
  await expect(form).toBeVisible();
  await expect(form.locator('input[data-datepicker]').first()).toBeVisible();
  expectNoConsoleErrors(consoleErrors);
});
