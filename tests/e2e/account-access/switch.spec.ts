import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

test('an administrator takes over a user account and comes back through the banner', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  await page.goto('/switch-user');
  await expect(page.getByRole('heading', { name: 'Prendre la main' })).toBeVisible();
  await page.getByLabel('Rechercher').fill('utilisateur');
  await page.getByRole('button', { name: 'Filtrer' }).click();
  const row = page.locator('tr[data-user="e2e.user"]');
  await row.getByRole('button', { name: /Prendre la main/ }).click();

  const banner = page.getByTestId('switch-banner');
  await expect(banner).toContainText('Vous agissez en tant que Bruno Utilisateur — session ouverte par Alice Admin.');
  await expect(page.getByTestId('user-menu')).toContainText('Bruno Utilisateur');
  await page.goto('/account/delegations');
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: 'Revenir à mon compte' }).click();
  await expect(page.getByTestId('user-menu')).toContainText('Alice Admin');
  await expect(page.getByTestId('switch-banner')).toHaveCount(0);
  expectNoConsoleErrors(consoleErrors);
});
