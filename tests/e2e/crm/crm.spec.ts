import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

test('a company is created with an address and a contact, all from the browser', async ({ page, consoleErrors }) => {
  const suffix = String(Date.now() % 1e6);
  const name = `Échafaudages Delorme ${suffix}`;
  await login(page, 'admin');

  // The company: a bad SIRET is refused in French with what was typed kept, then fixed.
  await page.goto('/crm/companies');
  await page.getByTestId('company-add').click();
  const form = page.getByTestId('company-form');
  await form.getByLabel('Raison sociale').fill(name);
  await form.getByLabel('Dirigeant').fill('Marc Delorme');
  await form.getByLabel('État').selectOption({ label: 'Client' });
  await form.getByLabel('SIRET').fill('5231847690001');
  await form.getByTestId('company-save').click();
  await expect(page.getByTestId('error-siret')).toHaveText('Le SIRET doit comporter exactement 14 chiffres.');
  await expect(page.getByLabel('Raison sociale')).toHaveValue(name);
  await page.getByLabel('SIRET').fill('523 184 769 00015');
  await page.getByTestId('company-save').click();
  await expect(page.getByTestId('flash')).toContainText(`L'entreprise « ${name} » a été créée.`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('pane-general')).toContainText('Marc Delorme');

  // An address in the modal, as head office and main billing address.
  await page.getByTestId('tab-addresses').click();
  await expect(page.getByTestId('pane-addresses')).toContainText('Aucune adresse pour cette entreprise.');
  await page.getByTestId('address-add').click();
  const modal = page.locator('.modal.show');
  await modal.getByLabel("Nom de l'adresse").fill('Siège et dépôt');
  await modal.getByLabel('Adresse', { exact: true }).fill("3 chemin de l'Industrie");
  await modal.getByLabel('Code postal').fill('69200');
  await modal.getByLabel('Ville').fill('Vénissieux');
  await modal.getByLabel('Adresse de facturation principale').check();
  await modal.getByTestId('address-save').click();
  await expect(page.getByTestId('flash')).toContainText("L'adresse a été ajoutée.");
  const address = page.locator('[data-address="Siège et dépôt"]');
  await expect(address).toContainText('69200 Vénissieux');
  await expect(address.locator('[data-flag="isHeadOffice"]')).toHaveText('Siège social');
  await expect(address.locator('[data-flag="isMainBilling"]')).toHaveText('Adresse de facturation principale');

  // A contact from the employees tab: the company is already chosen.
  await page.getByTestId('tab-employees').click();
  await page.getByTestId('employee-add').click();
  const contactForm = page.getByTestId('contact-form');
  // Shown as Tom Select's item; the form's own field (hidden under it) carries the label it posts.
  await expect(contactForm.locator('input[name$="[tiersLabel]"]')).toHaveValue(name);
  await expect(contactForm.locator('.ts-control .item')).toHaveText(name);
  await contactForm.getByLabel('Civilité').selectOption({ label: 'M.' });
  await contactForm.getByLabel('Nom', { exact: true }).fill('Morel');
  await contactForm.getByLabel('Prénom').fill('Kevin');
  await contactForm.getByLabel('E-mail professionnel').fill(`k.morel.${suffix}@echafaudages-delorme.fr`);
  await contactForm.getByLabel('Portable', { exact: true }).fill('06 56 89 12 45');
  await contactForm.getByTestId('contact-save').click();
  await expect(page.getByTestId('flash')).toContainText('Le contact « Kevin Morel » a été créé.');
  await expect(page.getByTestId('contact-companies')).toContainText(name);

  // Back on the company, the contact is among its employees; the list finds the company by city.
  await page.getByTestId('contact-companies').getByRole('link', { name }).click();
  await expect(page.locator('[data-contact="Kevin Morel"]')).toContainText(`k.morel.${suffix}@echafaudages-delorme.fr`);
  await page.goto('/crm/companies');
  await page.getByLabel('Rechercher').fill('Vénissieux');
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page.locator(`[data-tiers="${name}"]`)).toContainText('Vénissieux');
  expectNoConsoleErrors(consoleErrors);
});
