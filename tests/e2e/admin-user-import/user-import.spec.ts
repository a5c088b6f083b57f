import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

test('an administrator imports users from a CSV file and reads the report', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  await page.goto('/admin/users/import');
  await expect(page.getByRole('heading', { name: "Import d'utilisateurs" })).toBeVisible();
  const template = await page.request.get(await page.getByTestId('import-template').getAttribute('href') ?? '');
  expect(template.status()).toBe(200);
  expect(await template.text()).toContain('identifiant*,email*,nom*,prénom*');

  const n = Date.now() % 1e7;
  const csv = [
    'identifiant*,email*,nom*,prénom*,civilité,téléphone,portable,langue,rôles',
    `lea.roux.${n},lea.roux.${n}@example.fr,Roux,Léa,Mme,,,fr,user|hsqe`,
    `marc.blanc.${n},marc.blanc.${n}@example.fr,Blanc,Marc,M.,,,,`,
    `sans.mail.${n},,Sans,Mail,,,,,`,
  ].join('\n');
  await page.getByLabel('Fichier CSV').setInputFiles({ name: 'equipe.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Importer' }).click();

  await expect(page.getByRole('heading', { name: 'Import « equipe.csv »' })).toBeVisible();
  // The page refreshes itself while the worker reads the file.
  await expect(page.getByTestId('import-status')).toHaveText('Terminé', { timeout: 20_000 });
  await expect(page.getByTestId('import-created')).toHaveText('Utilisateurs créés : 2');
  const errors = page.getByTestId('import-errors').locator('tbody tr');
  await expect(errors).toHaveCount(1);
  await expect(errors.first()).toContainText('Ligne 4, colonne « email » : Veuillez renseigner ce champ.');
  await expect(page.locator('.progress-bar')).toHaveText('100 %');

  await page.getByRole('link', { name: 'Retour aux utilisateurs' }).click();
  await expect(page.locator(`tr[data-user="lea.roux.${n}"]`)).toContainText('HSQE / QHSE');
  expectNoConsoleErrors(consoleErrors);
});
