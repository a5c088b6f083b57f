import { accounts, expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex');

test('after 5 wrong passwords the login page says to wait, in Symfony\'s French', async ({ page, consoleErrors }) => {
  const username = `inconnu-e2e-${Date.now()}`;
  await page.goto('/login');
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Nom d'utilisateur ou e-mail").fill(username);
    await page.getByLabel('Mot de passe').fill('pas-le-bon');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByTestId('login-error')).toHaveText("Le nom d'utilisateur ou le mot de passe saisi est incorrect.");
  }
  await page.getByLabel('Mot de passe').fill('pas-le-bon');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Plusieurs tentatives de connexion ont échoué, veuillez réessayer dans 1 minute.');
  expectNoConsoleErrors(consoleErrors);
});

test('the change-password modal from the user menu checks the confirmation, then changes the password', async ({ page, consoleErrors }) => {
  const { password } = accounts().user;
  const temporary = 'Provisoire-e2e-2031';
  await login(page, 'user');
  const change = async (current: string, next: string, confirmation: string) => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-change-password').click();
    const modal = page.locator('.modal.show');
    await expect(modal.getByRole('heading', { name: 'Changer mon mot de passe' })).toBeVisible();
    await modal.getByLabel('Mot de passe actuel').fill(current);
    await modal.getByLabel('Nouveau mot de passe').fill(next);
    await modal.getByLabel('Confirmation du mot de passe').fill(confirmation);
    await modal.getByRole('button', { name: 'Changer le mot de passe' }).click();
    return modal;
  };
  const modal = await change(password, temporary, 'autre-chose-encore');
  await expect(modal.getByTestId('error-confirmation')).toHaveText('Les mots de passe ne sont pas identiques');
  await modal.getByLabel('Nouveau mot de passe').fill(temporary);
  await modal.getByLabel('Confirmation du mot de passe').fill(temporary);
  await modal.getByLabel('Mot de passe actuel').fill(password);
  await modal.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByTestId('flash')).toContainText('Votre mot de passe a été modifié.');
  // Put the shared account back as it was.
  await change(temporary, password, password);
  await expect(page.getByTestId('flash')).toContainText('Votre mot de passe a été modifié.');
  expectNoConsoleErrors(consoleErrors);
});

test('"Mon profil" asks for the current password before changing the e-mail, keeping what was typed', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  await page.getByTestId('open-profile').click();
  const modal = page.locator('.modal.show');
  await expect(modal.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  const password = modal.getByLabel('Mot de passe actuel');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAccessibleDescription("Obligatoire pour modifier l'e-mail ou le mobile.");
  await modal.getByLabel('E-mail').fill('e2e.user.pirate@example.fr');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal.getByTestId('error-currentPassword')).toHaveText("Saisissez votre mot de passe actuel pour modifier l'e-mail ou le mobile.");
  await expect(modal.getByLabel('E-mail')).toHaveValue('e2e.user.pirate@example.fr');
  await modal.getByLabel('Mot de passe actuel').fill('pas-le-bon');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal.getByTestId('error-currentPassword')).toHaveText('Le mot de passe actuel est incorrect.');
  await expect(modal.getByLabel('Mot de passe actuel')).toHaveValue('');
  await expect(modal.getByLabel('E-mail')).toHaveValue('e2e.user.pirate@example.fr');
  expectNoConsoleErrors(consoleErrors);
});

test('a profile photo uploaded in "Mon profil" shows in the top bar', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  await page.getByTestId('open-profile').click();
  const modal = page.locator('.modal.show');
  await expect(modal.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  await modal.getByTestId('open-photo').click();
  const photoModal = page.locator('.modal.show').filter({ has: page.getByRole('heading', { name: 'Changer ma photo' }) });
  await photoModal.locator('input[type="file"][name="photo"]').setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: PNG });
  await photoModal.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByTestId('flash')).toContainText('Votre photo a été enregistrée.');
  const photo = page.getByTestId('user-photo');
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Leave the shared account without a photo.
  await page.getByTestId('open-profile').click();
  await page.locator('.modal.show').getByTestId('open-photo').click();
  await page.locator('.modal.show').getByRole('button', { name: 'Retirer la photo' }).click();
  await expect(page.getByTestId('flash')).toContainText('Votre photo a été retirée.');
  expectNoConsoleErrors(consoleErrors);
});
