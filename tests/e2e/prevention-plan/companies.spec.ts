import { Client } from 'pg';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';
import { e2eDatabaseUrl } from '../support/db';

/** Two CRM companies with an address and a manager, and a draft plan of the admin. */
async function seed(suffix: string): Promise<number> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const [admin] = (await db.query(`SELECT id, tenant_id FROM app_user WHERE username = 'e2e.admin'`)).rows;
    const tenant = admin.tenant_id;
    for (const [name, street, zip, city, last, first] of [
      [`Maintenance Rhône ${suffix}`, '12 rue de la Forge', '69007', 'Lyon', 'Moreau', 'Julien'],
      [`Échafaudages Dupuis ${suffix}`, '8 route de Vienne', '69200', 'Vénissieux', 'Dupuis', 'Marc'],
    ]) {
      const [tiers] = (await db.query('INSERT INTO tiers (tenant_id, name, director) VALUES ($1, $2, $3) RETURNING id', [tenant, name, `${first} ${last}`])).rows;
      await db.query(`INSERT INTO tiers_address (tenant_id, tiers_id, name, address, zip_code, city, country, is_head_office) VALUES ($1, $2, 'Siège', $3, $4, $5, 'France', true)`, [tenant, tiers.id, street, zip, city]);
      if (city === 'Lyon') await db.query(`INSERT INTO tiers_address (tenant_id, tiers_id, name, address, zip_code, city, country) VALUES ($1, $2, 'Agence de Feyzin', '3 chemin du Port', '69320', 'Feyzin', 'France')`, [tenant, tiers.id]);
      const [contact] = (await db.query('INSERT INTO contact (tenant_id, last_name, first_name, phone) VALUES ($1, $2, $3, $4) RETURNING id', [tenant, last, first, '04 72 00 00 01'])).rows;
      await db.query('INSERT INTO contact_company (tenant_id, contact_id, tiers_id) VALUES ($1, $2, $3)', [tenant, contact.id, tiers.id]);
    }
    const [plan] = (await db.query(
      `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, status) VALUES ($1, $2, 'Révision des pompes du bassin', $3, $3, 'draft') RETURNING id`,
      [tenant, `PDP-E2E-${suffix}`, admin.id])).rows;
    return plan.id;
  } finally {
    await db.end();
  }
}

test('adds an exterior company from the CRM, a subcontractor under it, and their staff', async ({ page, consoleErrors }) => {
  const suffix = String(Date.now() % 1e6);
  const planId = await seed(suffix);
  await login(page, 'admin');
  await page.goto(`/prevention-plan/${planId}`);
  await page.getByTestId('plan-tab-companies').click();
  const pane = page.getByTestId('plan-pane-companies');
  await expect(pane).toContainText('Le plan doit comporter au moins une entreprise extérieure.');

  // Exterior company: the CRM search fills the block, another address fills the address fields.
  await pane.getByTestId('company-add-ee').click();
  let modal = page.locator('.modal.show');
  await expect(async () => {
    await modal.getByTestId('company-tiers-search').fill('Maintenance Rh');
    await modal.getByRole('option', { name: `Maintenance Rhône ${suffix}` }).click({ timeout: 2000 });
  }).toPass({ timeout: 10_000 });
  await expect(modal.getByLabel('Raison sociale')).toHaveValue(`Maintenance Rhône ${suffix}`);
  await expect(modal.getByLabel('Adresse', { exact: true })).toHaveValue('12 rue de la Forge');
  await expect(modal.getByLabel('Nom', { exact: true })).toHaveValue('Moreau');
  await modal.getByLabel('Adresse du CRM').selectOption({ label: 'Agence de Feyzin — 3 chemin du Port — 69320 Feyzin' });
  await expect(modal.getByLabel('Ville')).toHaveValue('Feyzin');
  await modal.getByLabel('Suppléants').fill('Nadia Lefèvre');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText(`L'entreprise « Maintenance Rhône ${suffix} » a été ajoutée au plan.`);

  // Back on the companies tab: the subcontractor under it.
  await expect(page).toHaveURL(new RegExp(`/prevention-plan/${planId}\\?tab=companies$`));
  const ee = page.getByTestId('plan-pane-companies').locator('[data-testid^="plan-company-"]', { hasText: `Maintenance Rhône ${suffix}` });
  await expect(ee).toContainText('Feyzin');
  await ee.getByRole('link', { name: 'Sous-traitant' }).click();
  modal = page.locator('.modal.show');
  await expect(modal.getByLabel("Entreprise donneuse d'ordre")).toHaveValue(/\d+/);
  await expect(async () => {
    await modal.getByTestId('company-tiers-search').fill('Échafaudages');
    await modal.getByRole('option', { name: `Échafaudages Dupuis ${suffix}` }).click({ timeout: 2000 });
  }).toPass({ timeout: 10_000 });
  await expect(modal.getByLabel('Ville')).toHaveValue('Vénissieux');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText(`Échafaudages Dupuis ${suffix}`);
  const companies = page.getByTestId('plan-pane-companies');
  await expect(companies.getByTestId('company-name')).toHaveText([`Maintenance Rhône ${suffix}`, `Échafaudages Dupuis ${suffix}`]);

  // Staff: the CRM manager and a temporary worker.
  await page.getByTestId('plan-tab-staff').click();
  const staffPane = page.getByTestId('plan-pane-staff');
  const section = staffPane.locator('section', { hasText: `Maintenance Rhône ${suffix}` });
  await section.getByRole('link', { name: 'Ajouter un intervenant' }).click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Contact').selectOption({ label: 'Julien Moreau' });
  await modal.getByRole('button', { name: 'Ajouter un intervenant' }).click();
  await expect(page.getByTestId('flash')).toContainText('Julien Moreau a été ajouté aux intervenants.');
  await expect(page).toHaveURL(/\?tab=staff$/);
  await page.getByTestId('plan-pane-staff').locator('section', { hasText: `Maintenance Rhône ${suffix}` }).getByRole('link', { name: 'Intervenant extérieur' }).click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Nom', { exact: true }).fill('Morel');
  await modal.getByLabel('Qualification (fonction sur le chantier)').fill('Intérimaire — manœuvre');
  await modal.getByRole('button', { name: 'Intervenant extérieur' }).click();
  await expect(page.getByTestId('flash')).toContainText('Morel a été ajouté aux intervenants.');
  await expect(page.getByTestId('plan-pane-staff')).toContainText('Intérimaire — manœuvre');
  await expect(page.getByTestId('plan-pane-staff')).toContainText('Julien Moreau');
  expectNoConsoleErrors(consoleErrors);
});
