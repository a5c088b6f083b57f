import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

test('an administrator adds a user through the modal, then disables the account', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  await page.getByRole('link', { name: 'Utilisateurs' }).click();
  await expect(page.getByRole('heading', { name: 'Utilisateurs' })).toBeVisible();
  await page.getByTestId('user-add').click();
  const modal = page.locator('.modal.show');
  await expect(modal.getByRole('heading', { name: 'Nouvel utilisateur' })).toBeVisible();
  await modal.getByLabel('Prénom').fill('Nadia');
  await modal.getByLabel('Nom', { exact: true }).fill('Haddad');
  await modal.getByLabel('Identifiant').fill('nadia.haddad');
  await modal.getByLabel('E-mail', { exact: true }).fill('nadia.haddad@example.fr');
  await modal.getByLabel('Responsable hiérarchique').pressSequentially('Alice', { delay: 30 });
  await page.getByRole('option', { name: 'Alice Admin' }).click();
  await modal.getByLabel('HSQE / QHSE').check();
  await modal.getByLabel('Mot de passe', { exact: true }).fill('Un-mot-de-passe-sûr');
  await modal.getByLabel('Confirmation du mot de passe').fill('Pas le même mot de passe');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal.getByTestId('error-plainPasswordConfirm')).toHaveText('Les mots de passe ne sont pas identiques');
  await expect(modal.getByLabel('Identifiant')).toHaveValue('nadia.haddad');
  // Kept after the error: the form's own field (hidden under Tom Select) and the item shown.
  await expect(modal.locator('input[name="user_supervisor_label"]')).toHaveValue('Alice Admin');
  await expect(modal.locator('.ts-control .item')).toHaveText('Alice Admin');
  await modal.getByLabel('Mot de passe', { exact: true }).fill('Un-mot-de-passe-sûr');
  await modal.getByLabel('Confirmation du mot de passe').fill('Un-mot-de-passe-sûr');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText("L'utilisateur Nadia Haddad a été créé.");
  const row = page.locator('tr[data-user="nadia.haddad"]');
  await expect(row).toContainText('HSQE / QHSE');
  await expect(row).toContainText('Actif');

  await row.getByRole('button', { name: 'Désactiver nadia.haddad' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByTestId('flash')).toContainText('Le compte a été désactivé et ses sessions fermées.');
  await expect(page.locator('tr[data-user="nadia.haddad"]')).toContainText('Désactivé');
  expectNoConsoleErrors(consoleErrors);
});

test('an administrator sets a user\'s quarterly goals from the users list', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  await page.goto('/admin/users');
  await page.getByRole('link', { name: 'Objectifs e2e.user' }).click();
  const modal = page.locator('.modal.show');
  const cell = modal.getByTestId('goals-grid').locator('input[type="number"]').first();
  await cell.fill('3');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText('ont été enregistrés.');
  await page.getByRole('link', { name: 'Objectifs e2e.user' }).click();
  await expect(page.locator('.modal.show').getByTestId('goals-grid').locator('input[type="number"]').first()).toHaveValue('3');
  expectNoConsoleErrors(consoleErrors);
});
