import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { Locator } from '@playwright/test';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { french, iso } from '../support/dates';
import { accounts, expect, expectNoConsoleErrors, login, loginWith, test } from '../support/fixtures';

// Issue 25 item 5: a typed date is kept (never emptied nor rolled over) and explained in French;
// linked start / end pickers bound each other without clearing what is already there.

async function sql(text: string, params: unknown[] = []): Promise<Array<Record<string, any>>> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    return (await db.query(text, params)).rows;
  } finally {
    await db.end();
  }
}

/** Whether the field's calendar offers the day `DD/MM/YYYY`. */
const offers = (field: Locator, day: string): Promise<boolean> =>
  field.evaluate((el, d) => {
    const fp = (el as any)._flatpickr;
    return fp.isEnabled(fp.parseDate(d, 'd/m/Y'));
  }, day);

/** Types a date as a user does: the text, then Tab to leave the field. */
async function typeDate(field: Locator, text: string): Promise<void> {
  await field.fill(text);
  await field.press('Tab');
}

function assetTags(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../public/build/.vite/manifest.json'), 'utf8'));
  const entry = manifest['islands/core/main.ts'];
  return [...(entry.css ?? []).map((c: string) => `<link rel="stylesheet" href="/build/${c}">`), `<script type="module" src="/build/${entry.file}"></script>`].join('');
}

// A plain pair without interval (as the plan and protocol forms), around the real built client.
const PAIR_PAGE = (csrf: string) => `<!doctype html><html lang="fr"><head><meta charset="utf-8">${assetTags()}
<script type="application/json" id="vigie-boot">{"locale":"fr","csrfToken":"${csrf}","messages":{}}</script></head>
<body><main class="p-4">
  <label for="n">Autre champ</label><input id="n">
  <div><label for="s">Date de début</label><input id="s" data-datepicker data-start-for="#e" autocomplete="off"></div>
  <div><label for="e">Date de fin</label><input id="e" data-datepicker autocomplete="off"></div>
  <div><label for="ss">Début de session</label><input id="ss" data-datepicker="datetime" data-start-for="#se" autocomplete="off"></div>
  <div><label for="se">Fin de session</label><input id="se" data-datepicker="datetime" data-interval-days="0" autocomplete="off"></div>
</main></body></html>`;

test('linked pickers: the start bounds the end and the end bounds the start; a typed date outside the bound or not a date stays as typed', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  const csrf = await page.locator('#vigie-boot').evaluate((el) => JSON.parse(el.textContent || '{}').csrfToken);
  await page.route('**/__dates-test', (route) => route.fulfill({ contentType: 'text/html', body: PAIR_PAGE(csrf) }));
  await page.goto('/__dates-test');
  await expect(page.locator('html[data-vigie-ready="1"]')).toHaveCount(1);
  const start = page.getByLabel('Date de début');
  const end = page.getByLabel('Date de fin');

  await typeDate(start, '10/03/2027');
  await expect(start).toHaveValue('10/03/2027');
  expect([await offers(end, '09/03/2027'), await offers(end, '10/03/2027')]).toEqual([false, true]);
  await typeDate(end, '20/03/2027');
  expect([await offers(start, '20/03/2027'), await offers(start, '21/03/2027')]).toEqual([true, false]);

  // A start typed after the end: both kept and explained at once, the end's minimum follows the typed start.
  await typeDate(start, '25/03/2027');
  await expect(start).toHaveValue('25/03/2027');
  await expect(end).toHaveValue('20/03/2027');
  await expect(page.locator('#s_date_hint')).toHaveText('Choisissez une date jusqu\'au 20/03/2027.');
  await expect(page.locator('#e_date_hint')).toHaveText('Choisissez une date à partir du 25/03/2027.');
  await expect(end).toHaveAccessibleDescription('Choisissez une date à partir du 25/03/2027.');
  expect([await offers(end, '24/03/2027'), await offers(end, '25/03/2027')]).toEqual([false, true]);
  // Enter, and a click elsewhere with the calendar open, keep it too.
  await start.click();
  await start.press('Enter');
  await expect(start).toHaveValue('25/03/2027');
  await start.click();
  await page.getByLabel('Autre champ').click();
  await expect(start).toHaveValue('25/03/2027');

  // Not a date: kept as typed, not rolled over to 03/03 nor emptied; the end's minimum is released.
  await typeDate(start, '31/02/2027');
  await expect(start).toHaveValue('31/02/2027');
  await expect(page.locator('#s_date_hint')).toHaveText('Saisissez une date au format JJ/MM/AAAA.');
  await expect(end).toHaveValue('20/03/2027');
  await expect(page.locator('#e_date_hint')).toHaveCount(0);
  expect(await offers(end, '01/01/2027')).toBe(true);
  // D/M/YYYY is a real date: read and written DD/MM/YYYY, the hint goes.
  await typeDate(start, '5/3/2027');
  await expect(start).toHaveValue('05/03/2027');
  await expect(page.locator('[data-date-hint]')).toHaveCount(0);
  expect([await offers(end, '04/03/2027'), await offers(end, '05/03/2027')]).toEqual([false, true]);

  // Date and time (sessions): the end follows the start; an end typed before the start's hour stays, explained.
  const sessionStart = page.getByLabel('Début de session');
  const sessionEnd = page.getByLabel('Fin de session');
  await typeDate(sessionStart, '10/03/2027 14:00');
  await expect(sessionEnd).toHaveValue('10/03/2027 14:00');
  await typeDate(sessionEnd, '10/03/2027 09:00');
  await expect(sessionEnd).toHaveValue('10/03/2027 09:00');
  await expect(page.locator('#se_date_hint')).toHaveText('Choisissez une date à partir du 10/03/2027 14:00.');
  await typeDate(sessionEnd, '10/03/2027 17:30');
  await expect(sessionEnd).toHaveValue('10/03/2027 17:30');
  await expect(page.locator('[data-date-hint]')).toHaveCount(0);
  await typeDate(sessionStart, '10/03/2027 25:00');
  await expect(sessionStart).toHaveValue('10/03/2027 25:00');
  await expect(page.locator('#ss_date_hint')).toHaveText('Saisissez une date et une heure au format JJ/MM/AAAA HH:MM.');
  expectNoConsoleErrors(consoleErrors);
});

test('task form: a new task can start after today, and a typed start after the end is kept with the French message', async ({ page, consoleErrors }) => {
  const [admin] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [accounts().admin.username]);
  const [p] = await sql("INSERT INTO project (tenant_id, label, state) VALUES ($1, 'Projet e2e dates', 'in_progress') RETURNING id", [admin.tenant_id]);
  await sql('INSERT INTO project_member (tenant_id, project_id, user_id, is_project_manager) VALUES ($1, $2, $3, true)', [admin.tenant_id, p.id, admin.id]);
  await login(page, 'admin');
  await page.goto(`/projects/${p.id}?tab=tasks`);
  await page.getByTestId('task-add').click();
  const form = page.getByTestId('task-form');
  await expect(form).toBeVisible();
  const start = form.getByLabel('Début', { exact: true });
  const end = form.getByLabel('Fin', { exact: true });
  await expect(start).toHaveValue(french(0));
  await expect(end).toHaveValue(french(0));
  // The end follows the start: the start's calendar offers the days after today's end.
  expect([await offers(start, french(1)), await offers(start, french(30))]).toEqual([true, true]);

  await form.getByLabel('Libellé').fill('Contrôle des extincteurs');
  await typeDate(start, french(10));
  await expect(start).toHaveValue(french(10));
  await expect(end).toHaveValue(french(0));
  expect([await offers(end, french(9)), await offers(end, french(10))]).toEqual([false, true]);
  // Said before the submit, under the end; after it the server's message alone.
  await expect(page.locator('#project_task_endDate_date_hint')).toHaveText(`Choisissez une date à partir du ${french(10)}.`);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  const again = page.getByTestId('task-form');
  await expect(again.getByTestId('error-endDate')).toHaveText('La date de fin doit être postérieure à la date de début.');
  await expect(page.locator('[data-date-hint]')).toHaveCount(0);
  await expect(again.getByLabel('Début', { exact: true })).toHaveValue(french(10));
  await expect(again.getByLabel('Fin', { exact: true })).toHaveValue(french(0));

  // Not a date: kept as typed and explained.
  await typeDate(again.getByLabel('Début', { exact: true }), '31/02/2027');
  await expect(again.getByLabel('Début', { exact: true })).toHaveValue('31/02/2027');
  await again.getByRole('button', { name: 'Enregistrer' }).click();
  const third = page.getByTestId('task-form');
  await expect(third.getByTestId('error-startDate')).toHaveText('Saisissez une date au format JJ/MM/AAAA.');
  await expect(third.getByLabel('Début', { exact: true })).toHaveValue('31/02/2027');
  expect(await sql('SELECT 1 FROM project_task WHERE project_id = $1', [p.id])).toHaveLength(0);
  expectNoConsoleErrors(consoleErrors);
});

test('leave form: start and end are linked, a typed start after the end is kept with the French message', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const worker = createE2eUser({ company: `Dates E2E ${suffix}`, role: 'user', firstName: 'Inès', lastName: 'Morel' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [worker.username]);
  await sql(`INSERT INTO employee (tenant_id, first_name, last_name, user_id, paid_leave_number, paid_leave_reset_date, entry_date)
    VALUES ($1, 'Inès', 'Morel', $2, 25, $3, '2020-01-06')`, [me.tenant_id, me.id, iso(0)]);
  await loginWith(page, worker);
  await page.goto('/rh/paid-leave-requests');
  await page.getByTestId('leave-add').click();
  const form = page.getByTestId('leave-form');
  await expect(form).toBeVisible();
  const start = form.getByLabel('Date de début', { exact: true });
  const end = form.getByLabel('Date de fin', { exact: true });

  // A start fills the empty end with the same day, and the end cannot be picked before it.
  await typeDate(start, french(15));
  await expect(end).toHaveValue(french(15));
  expect([await offers(end, french(14)), await offers(end, french(15))]).toEqual([false, true]);
  await typeDate(end, french(16));
  await typeDate(start, french(20));
  await expect(start).toHaveValue(french(20));
  await expect(end).toHaveValue(french(16));
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  const again = page.getByTestId('leave-form');
  await expect(again.getByTestId('error-endDate')).toHaveText('La date de fin doit être postérieure ou égale à la date de début.');
  await expect(again.getByLabel('Date de début', { exact: true })).toHaveValue(french(20));
  await expect(again.getByLabel('Date de fin', { exact: true })).toHaveValue(french(16));

  await typeDate(again.getByLabel('Date de début', { exact: true }), '32/01/2027');
  await again.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByTestId('leave-form').getByTestId('error-startDate')).toHaveText('Saisissez une date au format JJ/MM/AAAA.');
  await expect(page.getByTestId('leave-form').getByLabel('Date de début', { exact: true })).toHaveValue('32/01/2027');
  expect(await sql('SELECT 1 FROM paid_leave_request r JOIN employee e ON e.id = r.employee_id WHERE e.user_id = $1', [me.id])).toHaveLength(0);
  expectNoConsoleErrors(consoleErrors);
});
