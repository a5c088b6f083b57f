import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

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

test('adding equipment with its photo in the modal, then a second one with the same serial number is refused and keeps what was typed', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const manager = createE2eUser({ company: `VGP équipements ${suffix}`, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [manager.username]);
  const [lifting] = await sql(`INSERT INTO equipment_category (tenant_id, name, preset) VALUES ($1, 'Levage', 'lifting') RETURNING id`, [me.tenant_id]);
  await sql(`INSERT INTO equipment_category (tenant_id, name, parent_id, preset) VALUES ($1, 'Chariots élévateurs', $2, 'lifting_listed')`, [me.tenant_id, lifting.id]);

  await loginWith(page, manager);
  await page.goto('/equipment');
  await expect(page.getByTestId('empty-state')).toContainText('Ajoutez votre premier équipement');
  await page.getByTestId('equipment-add').click();
  const form = page.getByTestId('equipment-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Nom', { exact: true }).fill('Chariot élévateur électrique 2,5 t');
  await form.getByLabel('Catégorie', { exact: true }).selectOption({ label: 'Levage › Chariots élévateurs' });
  await form.getByLabel('Marque').fill('Linde');
  await form.getByLabel('N° de série').fill('LND-E25-4471');
  await form.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'chariot.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(/\/equipment\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Chariot élévateur électrique 2,5 t' })).toBeVisible();
  await expect(page.getByTestId('equipment-serial')).toHaveText('LND-E25-4471');
  await expect(page.getByTestId('equipment-photo')).toBeVisible();

  await page.goto('/equipment');
  await page.getByTestId('equipment-add').click();
  const second = page.getByTestId('equipment-form');
  await second.getByLabel('Nom', { exact: true }).fill('Chariot de remplacement');
  await second.getByLabel('N° de série').fill('lnd-e25-4471');
  await second.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('error-serialNumber')).toHaveText('Ce numéro de série est déjà utilisé par un autre équipement.');
  await expect(page.getByTestId('equipment-form').getByLabel('Nom', { exact: true })).toHaveValue('Chariot de remplacement');
  expectNoConsoleErrors(consoleErrors);
});
