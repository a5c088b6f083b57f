import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

test('an administrator reaches the work types from the prevention hub and adds a dangerous one', async ({ page, consoleErrors }) => {
  const label = `Travaux sur toiture amiantée ${Date.now()}`;
  await login(page, 'admin');
  await page.goto('/admin/prevention');
  await expect(page.getByRole('heading', { name: 'Référentiels prévention', exact: true })).toBeVisible();
  await page.getByTestId('prevention-lists').getByRole('link', { name: /Types de travaux/ }).click();
  // The arrêté du 19 mars 1993 list is there without any setup.
  await expect(page.getByTestId('work-type-table')).toContainText('Travaux exposant à des rayonnements ionisants');

  await page.getByTestId('work-type-add').click();
  const modal = page.locator('.modal.show');
  await expect(modal.getByRole('heading', { name: 'Nouveau type de travaux' })).toBeVisible();
  await modal.getByLabel('Libellé').fill('travaux de démolition');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal.getByTestId('error-label')).toHaveText('Cette valeur est déjà utilisée.');
  await modal.getByLabel('Libellé').fill(label);
  await modal.getByLabel('Travaux dangereux').check();
  await modal.getByLabel('Travaux en toiture').check();
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText(`« ${label} » a été ajouté.`);
  const row = page.getByTestId('work-type-table').getByRole('row', { name: new RegExp(label) });
  await expect(row).toContainText('Travaux dangereux');
  await expect(row).toContainText('Travaux en toiture');
  expectNoConsoleErrors(consoleErrors);
});

test('an administrator adds a prevention organisation after fixing the phone number', async ({ page, consoleErrors }) => {
  const name = `Inspection du travail – unité ${Date.now()}`;
  await login(page, 'admin');
  await page.goto('/admin/prevention/organisations');
  await page.getByTestId('organisation-add').click();
  const modal = page.locator('.modal.show');
  await modal.getByLabel('Nom').fill(name);
  await modal.getByLabel('Type').selectOption({ label: 'Inspection du travail' });
  await modal.getByLabel('E-mail').fill('inspection@dreets.gouv.fr');
  await modal.getByLabel('Téléphone').fill('appeler le standard');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal.getByTestId('error-phone')).toHaveText('Cette valeur n\'est pas valide.');
  await expect(modal.getByLabel('Nom')).toHaveValue(name);
  await modal.getByLabel('Téléphone').fill('04 72 65 58 50');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText(`« ${name} » a été ajouté.`);
  await page.getByTestId('organisation-types').getByRole('link', { name: 'Inspection du travail' }).click();
  await expect(page.getByTestId('organisation-table')).toContainText(name);
  expectNoConsoleErrors(consoleErrors);
});
