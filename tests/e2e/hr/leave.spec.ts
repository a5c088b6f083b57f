import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { iso } from '../support/dates';
import { isWorkingDay } from '../../../server/modules/hr/time/working-days';

const french = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const plus = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The Monday at least two weeks ahead whose Monday, Tuesday and Wednesday are all working days (no public holiday). */
function quietMonday(): string {
  let day = iso(14);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) day = plus(day, 1);
  while (![0, 1, 2].every((i) => isWorkingDay(plus(day, i)))) day = plus(day, 7);
  return day;
}

/** Runs SQL on the run's database. */
async function sql(text: string, params: unknown[] = []): Promise<Array<Record<string, any>>> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    return (await db.query(text, params)).rows;
  } finally {
    await db.end();
  }
}

/** Links a new employee (25 days a year, paid-leave year starting today) to the user. */
async function linkEmployee(username: string, firstName = 'Bruno', lastName = 'Vasseur'): Promise<number> {
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [username]);
  const [e] = await sql(`INSERT INTO employee (tenant_id, first_name, last_name, user_id, paid_leave_number, paid_leave_reset_date, entry_date)
    VALUES ($1, $2, $3, $4, 25, $5, '2020-01-06') RETURNING id`, [me.tenant_id, firstName, lastName, me.id, iso(0)]);
  return e.id;
}

test('an employee asks for leave, a manager validates it, the balance drops by the working days and the work-time grid leaves those days out', async ({ browser, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const company = `Congés E2E ${suffix}`;
  const worker = createE2eUser({ company, role: 'user', firstName: 'Bruno', lastName: 'Vasseur' });
  const manager = createE2eUser({ company, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  await linkEmployee(worker.username);
  // The manager is the worker's supervisor: the worker's screens name her as the one who validates.
  await sql('UPDATE app_user SET supervisor_id = (SELECT id FROM app_user WHERE username = $2) WHERE username = $1', [worker.username, manager.username]);
  const monday = quietMonday();

  const workerContext = await browser.newContext();
  const page = await workerContext.newPage();
  page.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(msg.text()); });
  page.on('pageerror', (err) => consoleErrors.push(String(err)));
  await loginWith(page, worker);
  await page.goto('/rh/paid-leave-requests');
  await expect(page.getByTestId('leave-balance-value')).toHaveText('25');
  await expect(page.getByTestId('empty-state')).toBeVisible();
  const byBoss = 'Vos demandes de congé sont validées par votre responsable, Claire Martin, ou par un autre gestionnaire des congés.';
  await expect(page.getByTestId('leave-validators')).toHaveText(byBoss);

  await page.getByTestId('leave-add').click();
  const form = page.getByTestId('leave-form');
  await expect(form).toBeVisible();
  await expect(form.getByTestId('leave-form-validators')).toHaveText(byBoss);
  await expect(form.getByLabel('Type')).toHaveValue('paid_leave');
  // Monday to Wednesday of a week without public holiday: 3 working days.
  for (const [label, value] of [['Date de début', french(monday)], ['Date de fin', french(plus(monday, 2))]]) {
    const input = form.getByLabel(label, { exact: true });
    await input.fill(value);
    await input.press('Tab');
  }
  await form.getByLabel('Commentaire').fill('Vacances en famille');
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByText('Votre demande de congé a été envoyée.')).toBeVisible();
  const row = page.getByTestId('leave-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('leave-state')).toHaveText('En attente');
  await expect(row).toContainText(french(monday));
  await expect(page.getByTestId('leave-pending')).toHaveText('3');
  await expect(page.getByTestId('leave-balance-value')).toHaveText('25');

  const managerContext = await browser.newContext();
  const boss = await managerContext.newPage();
  boss.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(msg.text()); });
  boss.on('pageerror', (err) => consoleErrors.push(String(err)));
  await loginWith(boss, manager);
  // The manager's home lists the request to validate; « Tout voir » leads to the asked requests.
  await boss.goto('/');
  const card = boss.getByTestId('home-card-leave-to-validate');
  await expect(card.getByTestId('home-card-count')).toHaveText('1');
  await expect(card.getByTestId('home-card-item')).toContainText('Bruno Vasseur');
  await card.getByRole('link', { name: 'Tout voir' }).click();
  await expect(boss).toHaveURL(/\/rh\/paid-leave-requests\?state=requested$/);
  const asked = boss.getByTestId('leave-row').filter({ hasText: 'Bruno Vasseur' });
  await expect(asked).toHaveCount(1);
  await expect(asked.getByTestId('leave-balance-after')).toHaveText('Solde après : 22 j');
  await asked.getByTestId('leave-validate').click();
  await expect(boss.getByText('La demande de congé de Bruno Vasseur a été validée.')).toBeVisible();
  await boss.goto('/rh/paid-leave-requests');
  await expect(boss.getByTestId('leave-row').filter({ hasText: 'Bruno Vasseur' }).getByTestId('leave-state')).toHaveText('Validée');

  // The work-time grid of that week marks the three days of leave; prefilling proposes 7 h on the other working days only.
  await boss.goto(`/rh/work-time?week=${monday}`);
  const line = boss.locator('tr[data-employee="Bruno Vasseur"]');
  await expect(line.getByTestId('absence')).toHaveCount(3);
  await expect(line.getByTestId('absence').first()).toHaveText('Congés payés');
  await boss.getByTestId('work-time-prefill').click();
  await expect(boss.getByTestId('work-time-prefilled')).toBeVisible();
  const worked = [3, 4].filter((i) => isWorkingDay(plus(monday, i)));
  for (let i = 0; i < 7; i++) {
    await expect(line.getByLabel(`Heures travaillées de Bruno Vasseur le ${french(plus(monday, i))}`)).toHaveValue(worked.includes(i) ? '7' : '');
  }
  await boss.getByTestId('work-time-save').click();
  await expect(boss.getByText('Le temps de travail de la semaine a été enregistré.')).toBeVisible();
  await expect(boss.locator('tr[data-employee="Bruno Vasseur"]').getByTestId('line-total')).toHaveText(`${7 * worked.length} h + 0 h sup.`);

  await page.reload();
  await expect(page.getByTestId('leave-state')).toHaveText('Validée');
  // 25 − 3 working days.
  await expect(page.getByTestId('leave-balance-value')).toHaveText('22');
  await expect(page.getByTestId('leave-taken')).toHaveText('3');
  await expect(page.getByTestId('leave-pending')).toHaveText('0');
  await workerContext.close();

  // The manager's own request: listed, but never offered to her for validation, and the row says why.
  const mine = await linkEmployee(manager.username, 'Claire', 'Martin');
  await sql(`INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state)
    SELECT tenant_id, id, 'paid_leave', $2, $3, 'requested' FROM employee WHERE id = $1`, [mine, plus(monday, 7), plus(monday, 9)]);
  await boss.goto('/');
  await expect(boss.getByTestId('home-card-leave-to-validate').getByTestId('home-card-count')).toHaveText('0');
  await boss.goto('/rh/paid-leave-requests?state=requested');
  const own = boss.getByTestId('leave-row').filter({ hasText: 'Claire Martin' });
  await expect(own).toHaveCount(1);
  await expect(own.getByTestId('leave-validate')).toHaveCount(0);
  await expect(own.getByTestId('leave-refuse')).toHaveCount(0);
  await expect(own.getByTestId('leave-own-notice')).toHaveText('Vous ne pouvez pas valider votre propre demande : elle sera validée par votre responsable ou par un autre gestionnaire des congés.');
  await managerContext.close();
  expectNoConsoleErrors(consoleErrors);
});

test('the statistics page draws the rates against the objectives and the work-accident widgets', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const analyst = createE2eUser({ company: `Statistiques AT ${suffix}`, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const { rows: [me] } = await db.query('SELECT tenant_id FROM app_user WHERE username = $1', [analyst.username]);
    const { rows: [e] } = await db.query(`INSERT INTO employee (tenant_id, first_name, last_name) VALUES ($1, 'Paul', 'Henry') RETURNING id`, [me.tenant_id]);
    await db.query(`INSERT INTO work_interruption (tenant_id, employee_id, type, accident_date, interruption_start_date, interruption_end_date) VALUES ($1, $2, 'WORK_ACCIDENT', $3, $3, $4)`, [me.tenant_id, e.id, iso(-3), iso(-1)]);
    await db.query(`INSERT INTO objective (tenant_id, type, year, value) VALUES ($1, 'TF', $2, 20)`, [me.tenant_id, Number(iso(0).slice(0, 4))]);
  } finally {
    await db.end();
  }
  await loginWith(page, analyst);
  await page.goto('/rh/statistics');
  await expect(page.getByRole('heading', { name: 'Statistiques des accidents du travail' })).toBeVisible();
  await expect(page.getByTestId('stats-objectives')).toContainText('TF 20,00');
  for (const id of ['frequency', 'gravity', 'monthly', 'by-employee', 'raw']) {
    await page.getByTestId(`widget-wa-${id}`).scrollIntoViewIfNeeded();
    await expect(page.getByTestId(`widget-wa-${id}`).getByTestId('dashboard-widget')).toHaveAttribute('data-state', 'ready');
  }
  await expect(page.getByTestId('widget-wa-raw')).toContainText('Paul Henry');
  // The table downloads as CSV for Excel: header, then one line per month begun, the objective on each.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('stats-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^statistiques-at-\d{4}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe('\uFEFFMois;Accidents;Avec arrêt;Jours perdus;Heures travaillées;Source des heures;TF du mois;TF cumulé;TG du mois;TG cumulé;Objectif TF;Objectif TG');
  expect(csv[1]).toMatch(/^janvier \d{4};.*;20,00;$/);
  // Its Excel twin beside it: the same header row and as many months, opened as a workbook.
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('stats-export-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^statistiques-at-\d{4}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await xlsx.path())!);
  const sheet = book.worksheets[0];
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(csv[0].slice(1).split(';'));
  expect(sheet.rowCount).toBe(csv.filter(Boolean).length);
  await page.goto('/rh/work-time');
  await expect(page.getByTestId('work-time-grid')).toContainText('Paul Henry');
  expectNoConsoleErrors(consoleErrors);
});
