import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expectAccessible } from '../support/axe';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';

// Issue 25 item 9: seeded reference data (the arrêté du 19 mars 1993 dangerous works among the
// work types) reads in English for an English user, with the plan form's date picker in English;
// the admin list still shows the French wording documents print.

async function sql(text: string, params: unknown[] = []): Promise<Array<Record<string, any>>> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    return (await db.query(text, params)).rows;
  } finally {
    await db.end();
  }
}

test('an English user reads the work types and the 1993 dangerous works in English, the plan picker too', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  const account = createE2eUser({ company: `Refdata E2E ${Date.now() % 1_000_000}`, role: 'super_admin', firstName: 'Grace', lastName: 'Hopper' });
  await sql('UPDATE app_user SET locale = $2 WHERE username = $1', [account.username, 'en']);
  await loginWith(page, account);

  await page.goto('/prevention-plan/new');
  const form = page.getByTestId('plan-form');
  const demolition = form.getByRole('checkbox', { name: 'Demolition work Dangerous', exact: true });
  await expect(demolition).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Oxyacetylene welding work requiring a “hot work permit” Dangerous', exact: true })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Roof work Dangerous', exact: true })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Cleaning of premises', exact: true })).toBeVisible();
  await expect(form.getByText('Travaux de démolition')).toHaveCount(0);
  await demolition.check();
  await expect(demolition).toBeChecked();

  const start = form.locator('#pdp_startDate');
  await start.click();
  const calendar = page.locator('.flatpickr-calendar.open');
  await expect(calendar).toBeVisible();
  await expect(calendar.locator('.flatpickr-weekday').first()).toHaveText('Mon');
  await expect(calendar.locator('.flatpickr-monthDropdown-months option').first()).toHaveText('January');
  await page.keyboard.press('Escape');

  await page.goto('/admin/prevention/work-types');
  const row = page.locator('tr[data-work-type="Travaux de démolition"]');
  await expect(row).toContainText('Demolition work');
  await expect(row).toContainText('Wording in documents: Travaux de démolition');
  await expectAccessible(page, 'work types in English', '[data-testid="work-type-table"]');
  expectNoConsoleErrors(consoleErrors);
});
