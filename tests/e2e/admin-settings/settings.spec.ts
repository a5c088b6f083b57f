import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

test('an administrator changes a parameter and a module toggle; a bad value is refused in French', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  await page.getByRole('link', { name: 'Paramètres globaux' }).click();
  await expect(page.getByRole('heading', { name: 'Paramètres globaux' })).toBeVisible();
  const minLength = page.getByLabel('Longueur minimale des mots de passe');
  await minLength.fill('5');
  // The browser's own min check is bypassed to show the server's French message.
  await minLength.evaluate((el: HTMLInputElement) => el.removeAttribute('min'));
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('error-password_min_length')).toHaveText('Saisissez un nombre entier entre 8 et 64.');
  await page.getByLabel('Longueur minimale des mots de passe').fill('14');
  await page.getByLabel('Module Plan d\'actions').uncheck();
  await page.getByLabel('Module Événements').uncheck();
  await page.getByLabel('Module Contrôles d\'équipements (VGP)').uncheck();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash').first()).toContainText('Les paramètres ont été enregistrés.');
  await page.getByLabel('Module Événements').check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash').nth(1)).toContainText("Activé aussi, car nécessaire : Module Plan d'actions.");
  await expect(page.getByLabel('Module Plan d\'actions')).toBeChecked();
  await expect(page.getByLabel('Longueur minimale des mots de passe')).toHaveValue('14');
  expectNoConsoleErrors(consoleErrors);
});
