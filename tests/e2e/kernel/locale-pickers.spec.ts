import { Client } from 'pg';
import type { Page } from '@playwright/test';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { iso } from '../support/dates';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';

// Issue 25 item 9: date pickers and the calendar speak the user's language (weeks from Monday,
// dates still DD/MM/YYYY), and a page downloads that language's names only.

async function sql(text: string, params: unknown[] = []): Promise<Array<Record<string, any>>> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    return (await db.query(text, params)).rows;
  } finally {
    await db.end();
  }
}

/** A manager with an employee record, speaking `locale`. */
async function userSpeaking(locale: string): Promise<{ username: string; password: string }> {
  const suffix = `${Date.now() % 1_000_000}`;
  const account = createE2eUser({ company: `Langue E2E ${locale} ${suffix}`, role: 'super_admin', firstName: 'Inès', lastName: 'Morel' });
  const [me] = await sql('UPDATE app_user SET locale = $2 WHERE username = $1 RETURNING id, tenant_id', [account.username, locale]);
  await sql(`INSERT INTO employee (tenant_id, first_name, last_name, user_id, paid_leave_number, paid_leave_reset_date, entry_date)
    VALUES ($1, 'Inès', 'Morel', $2, 25, $3, '2020-01-06')`, [me.tenant_id, me.id, iso(0)]);
  return account;
}

/** The locale chunks (flatpickr's and date-fns') the page downloads, by language. */
function localeChunks(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const match = /\/build\/.*\/(fr|en-GB|es|de|ro|pl)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (match) seen.push(match[1]);
  });
  return seen;
}

/** Opens the leave form's start calendar; returns the calendar. */
async function openStartPicker(page: Page) {
  await page.goto('/rh/paid-leave-requests');
  await page.getByTestId('leave-add').click();
  const form = page.getByTestId('leave-form');
  await expect(form).toBeVisible();
  const start = form.locator('input[data-datepicker]').first();
  await start.click();
  const calendar = page.locator('.flatpickr-calendar.open');
  await expect(calendar).toBeVisible();
  return { start, calendar };
}

/** The calendar page in month view: its title and the first day's column header. */
async function calendarMonth(page: Page) {
  await page.goto('/calendar');
  await page.getByTestId('calendar-view-month').click();
  await expect(page.getByTestId('calendar-grid')).toHaveAttribute('data-view', 'month');
  return { title: page.getByTestId('calendar-label'), firstHeader: page.locator('.rbc-month-header .rbc-header').first() };
}

const thisMonth = (locale: string) =>
  new Date(`${iso(0)}T12:00:00Z`).toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });

test('an English user reads the date picker and the calendar in English, weeks from Monday, dates DD/MM/YYYY', async ({ page, consoleErrors }) => {
  const account = await userSpeaking('en');
  const chunks = localeChunks(page);
  await loginWith(page, account);

  const { start, calendar } = await openStartPicker(page);
  await expect(calendar.locator('.flatpickr-monthDropdown-months option').first()).toHaveText('January');
  await expect(calendar.locator('.flatpickr-weekday').first()).toHaveText('Mon');
  await calendar.locator('.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)', { hasText: /^15$/ }).click();
  await expect(start).toHaveValue(`15/${iso(0).slice(5, 7)}/${iso(0).slice(0, 4)}`);

  const { title, firstHeader } = await calendarMonth(page);
  await expect(title).toHaveText(thisMonth('en-GB'));
  await expect(firstHeader).toHaveText('Monday');
  await expect(page.getByTestId('calendar-view-month')).toHaveText('Month');

  // English names are flatpickr's own: the only locale downloaded is date-fns' British English.
  expect([...new Set(chunks)]).toEqual(['en-GB']);
  expectNoConsoleErrors(consoleErrors);
});

test('a French user still reads them in French', async ({ page, consoleErrors }) => {
  const account = await userSpeaking('fr');
  const chunks = localeChunks(page);
  await loginWith(page, account);

  const { start, calendar } = await openStartPicker(page);
  await expect(calendar.locator('.flatpickr-monthDropdown-months option').first()).toHaveText('janvier');
  await expect(calendar.locator('.flatpickr-weekday').first()).toHaveText('lun');
  await calendar.locator('.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)', { hasText: /^15$/ }).click();
  await expect(start).toHaveValue(`15/${iso(0).slice(5, 7)}/${iso(0).slice(0, 4)}`);

  const { title, firstHeader } = await calendarMonth(page);
  await expect(title).toHaveText(thisMonth('fr-FR'));
  await expect(firstHeader).toHaveText('lundi');
  await expect(page.getByTestId('calendar-view-month')).toHaveText('Mois');

  expect([...new Set(chunks)]).toEqual(['fr']);
  expectNoConsoleErrors(consoleErrors);
});
