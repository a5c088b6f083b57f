import { Client } from 'pg';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';
import { expectAccessible } from '../support/axe';
import { e2eDatabaseUrl } from '../support/db';

/** A draft plan of the admin on a site with its company name and address; no outside company in the CRM. */
async function seed(suffix: string): Promise<number> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const [admin] = (await db.query(`SELECT id, tenant_id FROM app_user WHERE username = 'e2e.admin'`)).rows;
    const tenant = admin.tenant_id;
    const [type] = (await db.query(`INSERT INTO hierarchy_type (tenant_id, name, level, attach_pdp) VALUES ($1, $2, 1, true) RETURNING id`, [tenant, `Site ${suffix}`])).rows;
    const [site] = (await db.query(
      `INSERT INTO hierarchy_item (tenant_id, name, type_id, company_name, address, zip_code, city, country, responsible_last_name, responsible_first_name)
       VALUES ($1, $2, $3, $4, '1 route du Port', '69320', 'Feyzin', 'France', 'Garcia', 'Inès') RETURNING id`,
      [tenant, `Usine de Feyzin ${suffix}`, type.id, `Chimie du Rhône ${suffix}`])).rows;
    const [plan] = (await db.query(
      `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, status, hierarchy_item_id)
       VALUES ($1, $2, 'Calorifugeage des lignes vapeur', $3, $3, 'draft', $4) RETURNING id`,
      [tenant, `PDP-E2E-CFP-${suffix}`, admin.id, site.id])).rows;
    return plan.id;
  } finally {
    await db.end();
  }
}

test('creates an outside company from the plan (into the CRM), with the user company from the site, then three workers at once', async ({ page, consoleErrors }) => {
  // Two modals, two tabs, the CRM list and four axe runs on a shared 2-core machine.
  test.setTimeout(120_000);
  const suffix = String(Date.now() % 1e6);
  const name = `Calorifuge Dauphiné ${suffix}`;
  const planId = await seed(suffix);
  await login(page, 'admin');
  await page.goto(`/prevention-plan/${planId}?tab=companies`);
  const pane = page.getByTestId('plan-pane-companies');
  await expect(pane).toContainText('Le plan doit comporter au moins une entreprise extérieure.');

  // The company is not in the CRM: « Nouvelle entreprise » swaps the CRM search for the SIRET and the manager's function.
  await pane.getByTestId('company-add-ee').click();
  let modal = page.locator('.modal.show');
  await expect(modal.getByTestId('company-tiers-search')).toBeVisible();
  await modal.getByLabel("Nouvelle entreprise (créée dans le CRM à l'enregistrement)").check();
  await expect(modal.getByLabel('SIRET')).toBeVisible();
  await expect(modal.getByTestId('company-tiers-search')).toBeHidden();
  await modal.getByLabel('Raison sociale').fill(name);
  await modal.getByLabel('SIRET').fill('552 100 554');
  await modal.getByLabel('Nom', { exact: true }).fill('Roux');
  await modal.getByLabel('Prénom').fill('Camille');
  await modal.getByLabel('E-mail').fill('c.roux@calorifuge.fr');
  await expectAccessible(page, 'Nouvelle entreprise du plan', '.modal.show');
  await modal.getByLabel('Adresse', { exact: true }).fill('8 avenue des Alpes');
  await modal.getByLabel('Code postal').fill('38100');
  await modal.getByLabel('Ville').fill('Grenoble');
  // Leaving the field re-posts the block (CRM choice unchanged: nothing replaced); let it answer first.
  await modal.getByLabel('Ville').blur();
  await expect(modal.locator('[data-refresh-url][aria-busy]')).toHaveCount(0);
  // A SIRET cut short: a French message, the typed values and the switch kept.
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  modal = page.locator('.modal.show');
  await expect(modal.getByText('Le SIRET doit comporter 14 chiffres.')).toBeVisible();
  await expect(modal.getByLabel('Raison sociale')).toHaveValue(name);
  await expect(modal.getByLabel('Ville')).toHaveValue('Grenoble');
  await expect(modal.getByLabel("Nouvelle entreprise (créée dans le CRM à l'enregistrement)")).toBeChecked();
  await expect(modal.getByTestId('company-tiers-search')).toBeHidden();
  await modal.getByLabel('SIRET').fill('552 100 554 00012');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText(`L'entreprise « ${name} » a été ajoutée au plan.`);

  // The tab: the user company taken from the plan's site, and the new outside company.
  const companies = page.getByTestId('plan-pane-companies');
  await expect(companies.getByTestId('company-name')).toHaveText([`Chimie du Rhône ${suffix}`, name]);
  await expect(companies).toContainText('Grenoble');
  await expect(companies).not.toContainText('Le plan doit comporter au moins une entreprise extérieure.');
  await expectAccessible(page, 'Onglet Entreprises', '[data-testid="plan-pane-companies"]');

  // The CRM has it, with its head office.
  await page.goto(`/crm/companies?q=${encodeURIComponent(`Calorifuge Dauphiné ${suffix}`)}`);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Grenoble');

  // Three workers at once: two typed lines and one pasted row.
  await page.goto(`/prevention-plan/${planId}`);
  await page.getByTestId('plan-tab-staff').click();
  const section = page.getByTestId('plan-pane-staff').locator('section', { hasText: name });
  await section.getByRole('link', { name: 'Plusieurs intervenants' }).click();
  modal = page.locator('.modal.show');
  await expect(modal.getByRole('heading', { name: `Ajouter plusieurs intervenants — ${name}` })).toBeVisible();
  await expect(modal.getByRole('row')).toHaveCount(4);
  await modal.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await expect(modal.getByLabel('Nom (ligne 4)', { exact: true })).toBeFocused();
  await modal.getByLabel('Nom (ligne 1)', { exact: true }).fill('Haddad');
  await modal.getByLabel('Prénom (ligne 1)', { exact: true }).fill('Yanis');
  await modal.getByLabel('Qualification (ligne 1)', { exact: true }).fill('Calorifugeur');
  await modal.getByLabel('Nom (ligne 2)', { exact: true }).fill('Martin');
  await modal.getByLabel('Prénom (ligne 2)', { exact: true }).fill('Paul');
  await modal.getByLabel("Ou collez des lignes d'un tableur").fill('Durand\tLéa\tÉchafaudeuse\tl.durand@calorifuge.fr');
  await expectAccessible(page, 'Plusieurs intervenants', '.modal.show');
  // Line 2 has no qualification: the error on its line, nothing saved, the pasted row now a line.
  await modal.getByRole('button', { name: 'Ajouter les intervenants' }).click();
  modal = page.locator('.modal.show');
  await expect(modal.getByTestId('error-line-1-qualification')).toHaveText('Veuillez renseigner la qualification.');
  await expect(modal.getByLabel('Nom (ligne 3)', { exact: true })).toHaveValue('Durand');
  await expect(modal.getByLabel('Nom (ligne 1)', { exact: true })).toHaveValue('Haddad');
  await modal.getByLabel('Qualification (ligne 2)', { exact: true }).fill('Monteur');
  await modal.getByRole('button', { name: 'Ajouter les intervenants' }).click();
  await expect(page.getByTestId('flash')).toContainText(`Intervenants ajoutés à « ${name} » : 3.`);
  const staff = page.getByTestId('plan-pane-staff').locator('section', { hasText: name });
  for (const who of ['Yanis Haddad', 'Paul Martin', 'Léa Durand']) await expect(staff).toContainText(who);
  await expect(staff).toContainText('Échafaudeuse');
  await expectAccessible(page, 'Onglet Intervenants', '[data-testid="plan-pane-staff"]');
  expectNoConsoleErrors(consoleErrors);
});
