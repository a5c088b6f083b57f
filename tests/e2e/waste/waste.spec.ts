import fs from 'node:fs';
import { Client } from 'pg';
import { expectAccessible } from '../support/axe';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';

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

test('a waste with its code picked in the European list, a voucher, the month\'s register with its total and the CSV export', async ({ page, consoleErrors }) => {
  // Four pages with axe and a download: more than the default 30 s on a loaded machine.
  test.setTimeout(240_000);
  const suffix = `${Date.now() % 1_000_000}`;
  const manager = createE2eUser({ company: `Déchets ${suffix}`, role: 'super_admin', firstName: 'Inès', lastName: 'Garnier' });
  const [me] = await sql('SELECT tenant_id FROM app_user WHERE username = $1', [manager.username]);
  const [type] = await sql('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [me.tenant_id, 'Site']);
  await sql('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3)', [me.tenant_id, 'Usine de Lyon', type.id]);

  await loginWith(page, manager);
  await page.goto('/waste');
  await expect(page.getByTestId('empty-state')).toContainText('Aucun déchet');
  await expectAccessible(page, 'liste des déchets');

  await page.getByTestId('waste-add').click();
  const form = page.getByTestId('waste-form');
  await form.getByLabel('Libellé').fill('Ferraille de l\'atelier');
  await form.getByLabel('Code déchet (liste européenne)').pressSequentially('fer et acier');
  await page.getByRole('option', { name: /17 04 05 – fer et acier/ }).click();
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('waste-table')).toContainText('17 04 05');

  await page.goto('/waste/vouchers');
  await expectAccessible(page, 'liste des bons d\'enlèvement');
  await page.getByTestId('voucher-add').click();
  const voucher = page.getByTestId('voucher-form');
  await voucher.getByLabel('Numéro').fill(`BE-${suffix}`);
  await voucher.getByLabel('Date d\'enlèvement').fill('10/03/2026');
  await voucher.getByLabel('Date d\'enlèvement').press('Escape');
  await voucher.getByLabel('Déchet', { exact: true }).selectOption({ label: 'Ferraille de l\'atelier (17 04 05)' });
  await voucher.getByLabel('Site', { exact: true }).selectOption({ label: 'Usine de Lyon (Site)' });
  await voucher.getByLabel('Poids (t)').fill('1,25');
  await voucher.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('voucher-table')).toContainText('1,250 t');

  await page.goto('/waste/register?from=01/03/2026&to=31/03/2026');
  await expect(page.getByTestId('register-total')).toHaveText('1,250');
  await expect(page.getByTestId('register-table')).toContainText(`BE-${suffix}`);
  await expectAccessible(page, 'registre des déchets');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('register-csv').click()]);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text).toContain(`10/03/2026;Usine de Lyon;Ferraille de l'atelier;17 04 05;Non;1,250;;;;;;BE-${suffix}`);
  expectNoConsoleErrors(consoleErrors);
});
