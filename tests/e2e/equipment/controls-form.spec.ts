import { Client } from 'pg';
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

test('adding a control: the family select follows the category, a preset fills the frequency, the deadline follows the last control', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const manager = createE2eUser({ company: `VGP contrôles ${suffix}`, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [manager.username]);
  const [cat] = await sql(`INSERT INTO equipment_category (tenant_id, name, preset) VALUES ($1, 'Levage', 'lifting') RETURNING id`, [me.tenant_id]);
  await sql(`INSERT INTO equipment_family (tenant_id, name, category_id) VALUES ($1, 'Ponts roulants', $2)`, [me.tenant_id, cat.id]);

  await loginWith(page, manager);
  await page.goto('/equipment/controls');
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await page.getByTestId('controllable-add').click();
  const form = page.getByTestId('controllable-form');
  await expect(form).toBeVisible();

  await form.getByLabel('Nom', { exact: true }).fill('VGP pont roulant');
  await form.getByLabel('Catégorie', { exact: true }).selectOption({ label: 'Levage' });
  await expect(form.getByLabel('Famille', { exact: true }).locator('option', { hasText: 'Ponts roulants' })).toHaveCount(1);
  await form.getByLabel('Famille', { exact: true }).selectOption({ label: 'Ponts roulants' });

  await form.getByLabel('Périodicité réglementaire').selectOption('electrical_no_observation');
  await expect(form.getByLabel('Périodicité', { exact: true })).toHaveValue('24');
  // Still editable: one month, from the last control of 31/01/2026.
  await form.getByLabel('Périodicité', { exact: true }).fill('1');
  await form.getByLabel('Périodicité', { exact: true }).press('Tab');
  await expect(form.getByLabel('Périodicité', { exact: true })).toHaveValue('1');
  await form.getByLabel('Date du dernier contrôle').fill('31/01/2026');
  await form.getByLabel('Numéro de parc').fill('P-12');
  await form.getByLabel('Propriété du client').selectOption('0');
  await form.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(/\/equipment\/controls\/\d+$/);
  await expect(page.getByTestId('deadline')).toHaveText('28/02/2026');
  await expect(page.getByRole('heading', { name: /VGP pont roulant/ })).toBeVisible();
  expectNoConsoleErrors(consoleErrors);
});
