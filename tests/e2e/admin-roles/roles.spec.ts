import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

test('an administrator creates a custom role, gives it a right in the matrix and finds it after reload', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { name: 'Rôles', exact: true })).toBeVisible();
  await expect(page.getByTestId('role-table-system')).toContainText('HSQE / QHSE');
  // Each company has its own roles: the screen says whose they are.
  await expect(page.getByTestId('role-company-scope')).toHaveText('Ces rôles et leurs droits ne valent que pour la société « Société E2E ».');

  await page.getByTestId('role-add').click();
  const modal = page.locator('.modal.show');
  await expect(modal.getByRole('heading', { name: 'Nouveau rôle' })).toBeVisible();

  // Empty label: the browser refuses in French, then the server answers the same sentence.
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  expect(await modal.getByLabel('Libellé').evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('Veuillez renseigner ce champ.');
  await modal.getByLabel('Libellé').evaluate((el: HTMLInputElement) => { el.removeAttribute('required'); el.setCustomValidity(''); });
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal.getByTestId('error-label')).toHaveText('Veuillez renseigner ce champ.');

  await modal.getByLabel('Libellé').fill("Chef d'équipe");
  await modal.getByTestId('color-green').click();
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText("Rôle « Chef d'équipe » créé.");
  const badge = page.getByTestId('role-table-custom').getByTestId('role-badge').filter({ hasText: "Chef d'équipe" });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveCSS('background-color', 'rgb(25, 135, 84)');

  await page.getByTestId('role-rights-link').click();
  await expect(page.getByRole('heading', { name: 'Droits par rôle' })).toBeVisible();
  await expect(page.getByTestId('role-company-scope')).toContainText('ne valent que pour la société « Société E2E ».');
  const box = page.getByRole('checkbox', { name: "Chef d'équipe : Voir l'agenda", exact: true });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByTestId('role-matrix-save').click();
  await expect(page.getByTestId('flash')).toContainText('Droits enregistrés.');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: "Chef d'équipe : Voir l'agenda", exact: true })).toBeChecked();
  // The super administrator's column is all checked and cannot be changed.
  const superBox = page.getByRole('checkbox', { name: "Super administrateur : Voir l'agenda", exact: true });
  await expect(superBox).toBeChecked();
  await expect(superBox).toBeDisabled();
  expectNoConsoleErrors(consoleErrors);
});

test('"check all in group" ticks every right of the group for one role', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  await page.goto('/admin/roles/rights');
  const toggle = page.getByRole('checkbox', { name: 'Tout cocher ou décocher : Autres pour Contact', exact: true });
  await toggle.check();
  await expect(page.getByRole('checkbox', { name: "Contact : Voir l'agenda", exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: "Contact : Prendre la main sur le compte d'un utilisateur", exact: true })).toBeChecked();
  await toggle.uncheck();
  await expect(page.getByRole('checkbox', { name: "Contact : Voir l'agenda", exact: true })).not.toBeChecked();
  expectNoConsoleErrors(consoleErrors);
});

test('a user without the right gets the French 403 page and no menu entry', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  await expect(page.getByRole('link', { name: 'Rôles et droits' })).toHaveCount(0);
  const res = await page.goto('/admin/roles');
  expect(res?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
  expectNoConsoleErrors(consoleErrors, [/403/]);
});
