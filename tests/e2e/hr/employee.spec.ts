import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

test('an HR manager adds an employee through the modal, finds it in the list and opens its page', async ({ page, consoleErrors }) => {
  const suffix = String(Date.now() % 1e6);
  const lastName = `Delorme${suffix}`;
  await login(page, 'admin');
  await page.goto('/rh/employees');
  await expect(page.getByRole('heading', { name: 'Salariés' })).toBeVisible();

  await page.getByTestId('employee-add').click();
  const form = page.getByTestId('employee-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Civilité').selectOption({ label: 'Mme' });
  await form.getByLabel('Prénom').fill('Élodie');
  await form.getByLabel('Matricule').fill(`E2E-${suffix}`);
  await form.getByLabel('Poste').fill('Technicienne de maintenance');
  await form.getByLabel('Contrat').selectOption({ label: 'CDI' });
  await form.getByLabel("Date d'entrée").fill('15/09/2025');
  await form.getByLabel("Date d'entrée").press('Tab');
  // The last name is forgotten: the form comes back with the French message and what was typed.
  await form.getByLabel('Nom', { exact: true }).evaluate((el) => el.removeAttribute('required'));
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('error-lastName')).toHaveText('Veuillez renseigner ce champ.');
  await expect(page.getByTestId('employee-form').getByLabel('Prénom')).toHaveValue('Élodie');
  await expect(page.getByTestId('employee-form').getByLabel("Date d'entrée")).toHaveValue('15/09/2025');

  await page.getByTestId('employee-form').getByLabel('Nom', { exact: true }).fill(lastName);
  await page.getByTestId('employee-form').getByRole('button', { name: 'Enregistrer' }).click();

  // Saved: the employee's page opens on the general tab.
  await expect(page.getByRole('heading', { name: `Élodie ${lastName}` })).toBeVisible();
  await expect(page.getByTestId('flash')).toContainText(`Le salarié Élodie ${lastName} a été créé.`);
  const general = page.getByTestId('employee-general');
  await expect(general).toContainText('Technicienne de maintenance');
  await expect(general).toContainText('15/09/2025');
  await expect(general).toContainText('CDI');

  await page.goto('/rh/employees');
  await page.getByLabel('Rechercher').fill(lastName);
  await page.getByRole('button', { name: 'Filtrer' }).click();
  const row = page.locator(`tr[data-employee="Élodie ${lastName}"]`);
  await expect(row).toContainText(`E2E-${suffix}`);
  await expect(row).toContainText('15/09/2025');
  await row.getByRole('link', { name: `Élodie ${lastName}` }).click();
  await expect(page.getByRole('heading', { name: `Élodie ${lastName}` })).toBeVisible();
  await expect(page.getByTestId('employee-tab-general')).toHaveAttribute('aria-current', 'page');
  expectNoConsoleErrors(consoleErrors);
});

test('an HR manager imports employees from a CSV file and reads the per-row report', async ({ page, consoleErrors }) => {
  const n = String(Date.now() % 1e7);
  await login(page, 'admin');
  await page.goto('/rh/employees');
  await page.getByTestId('employee-import').click();
  await expect(page.getByRole('heading', { name: 'Import de salariés' })).toBeVisible();
  const template = await page.request.get(await page.getByTestId('import-template').getAttribute('href') ?? '');
  expect(await template.text()).toContain('matricule*,nom*,prénom*');

  const csv = [
    "matricule*,nom*,prénom*,civilité,email,téléphone,portable,date d'entrée,date de sortie,poste,contrat,qualification,coefficient,service,catégorie d'activité,date de naissance,lieu de naissance,nationalité,congés payés",
    `I${n}A,Roussel${n},Anaïs,Mme,,,,01/02/2025,,Soudeuse,CDI,,,,,,,,`,
    `,Sansmatricule${n},Hugo,,,,,,,,,,,,,,,,`,
  ].join('\n');
  await page.getByLabel('Fichier CSV').setInputFiles({ name: 'equipe-rh.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Importer' }).click();

  await expect(page.getByRole('heading', { name: 'Import « equipe-rh.csv »' })).toBeVisible();
  // The page refreshes itself while the worker reads the file.
  await expect(page.getByTestId('import-status')).toHaveText('Terminé', { timeout: 20_000 });
  await expect(page.getByTestId('import-created')).toHaveText('Salariés créés : 1');
  const errors = page.getByTestId('import-errors').locator('tbody tr');
  await expect(errors).toHaveCount(1);
  await expect(errors.first()).toContainText('Ligne 3, colonne « matricule » : Veuillez renseigner ce champ.');

  await page.getByRole('link', { name: 'Retour aux salariés' }).click();
  await page.getByLabel('Rechercher').fill(`Roussel${n}`);
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page.locator(`tr[data-employee="Anaïs Roussel${n}"]`)).toContainText('Soudeuse');
  expectNoConsoleErrors(consoleErrors);
});
