import { Client } from 'pg';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { e2eDatabaseUrl } from '../support/db';

/** Two plans of the admin's company ending within 30 days, one with an outside company and its contact, one with another company. */
async function seed(suffix: string): Promise<void> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const [admin] = (await db.query(`SELECT id, tenant_id FROM app_user WHERE username = 'e2e.admin'`)).rows;
    for (const [n, company, first, last] of [['1', `Levage Morel ${suffix}`, 'Paul', 'Morel'], ['2', `Nettoyage Azur ${suffix}`, 'Inès', 'Garnier']]) {
      const [plan] = (await db.query(
        `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, status, start_date, end_date)
         VALUES ($1, $2, $3, $4, 'in_operation', current_date - 10, current_date + 10) RETURNING id`,
        [admin.tenant_id, `LF-${suffix}-${n}`, `Intervention ${n} ${suffix}`, admin.id])).rows;
      await db.query(`INSERT INTO plan_company (tenant_id, plan_id, kind, name, first_name, last_name) VALUES ($1, $2, 'EE', $3, $4, $5)`, [admin.tenant_id, plan.id, company, first, last]);
    }
  } finally {
    await db.end();
  }
}

test('the plan list opens first, filters by outside company and contact, and its badges match the indicators', async ({ page, consoleErrors }) => {
  const suffix = String(Date.now() % 1e6);
  await seed(suffix);
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'admin');
  await page.goto('/prevention-plan/');

  // The list is on screen without scrolling; the indicators are one click away.
  const firstRow = page.getByTestId('plan-table').locator('tbody tr').first();
  await expect(firstRow).toBeInViewport();
  await expect(page.getByTestId('pdp-indicators')).toHaveCount(0);
  await expectAccessible(page, 'liste des plans', 'main');

  // The outside companies with their contact, and the filter by company then by contact.
  // The company is picked among the suggestions.
  await expect(async () => {
    await page.getByTestId('plan-filter-company').fill(`Levage Morel ${suffix}`.slice(0, -1));
    await page.getByRole('option', { name: `Levage Morel ${suffix}` }).click({ timeout: 2000 });
  }).toPass({ timeout: 10_000 });
  await page.getByTestId('plan-filter-submit').click();
  const rows = page.getByTestId('plan-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`LF-${suffix}-1`);
  await expect(rows.first().getByTestId('plan-companies')).toContainText(`Levage Morel ${suffix}`);
  await expect(rows.first().getByTestId('plan-companies')).toContainText('Paul Morel');
  // The filter shows its company again (Tom Select's item over the form's own field); Backspace empties it.
  await expect(page.locator('input[name="company"]')).toHaveValue(`Levage Morel ${suffix}`);
  await page.getByTestId('plan-filter-company').press('Backspace');
  await expect(page.locator('input[name="company"]')).toHaveValue('');
  await page.getByTestId('plan-filter-contact').fill('Inès Garnier');
  await page.getByTestId('plan-filter-submit').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`LF-${suffix}-2`);

  // « Arrivent à échéance (30 jours) »: its figure is the number of rows badged « Arrive à échéance ».
  await page.getByTestId('pdp-indicators-link').click();
  const figure = page.getByTestId('widget-pdp-expiring').getByTestId('widget-figure');
  await expect(figure).toHaveText(/^\d+$/);
  const count = Number(await figure.textContent());
  await expectAccessible(page, 'indicateurs des plans', 'main');
  expect(count).toBeGreaterThanOrEqual(2);
  await page.goto('/prevention-plan/?validity=expiring&perPage=100');
  await expect(page.locator('[data-testid="plan-validity"][data-validity="expiring"]')).toHaveCount(count);
  await expect(page.getByTestId('plan-table').locator('tbody tr')).toHaveCount(count);
  expectNoConsoleErrors(consoleErrors);
});
