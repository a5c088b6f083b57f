import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

test('an administrator builds a survey with a required single-choice question and checks it in the preview', async ({ page, consoleErrors }) => {
  const n = Date.now() % 1e6;
  const name = `Contrôle point chaud ${n}`;
  await login(page, 'admin');

  // The survey list is reached from the administration menu.
  await page.goto('/');
  await page.getByRole('link', { name: 'Questionnaires' }).click();
  await expect(page).toHaveURL(/\/admin\/surveys$/);
  await page.getByTestId('survey-add').click();
  let modal = page.locator('.modal.show');
  await modal.getByLabel('Nom').fill(name);
  await modal.getByLabel('Type de questionnaire').selectOption({ label: 'Permis de feu' });
  await modal.getByRole('button', { name: 'Enregistrer' }).click();

  // A new survey opens in its editor, still empty.
  await expect(page.getByTestId('editor-title')).toHaveText(name);
  await expect(page.getByTestId('empty-state')).toContainText('Aucun groupe');

  await page.getByTestId('group-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Nom du groupe').fill('Avant les travaux');
  await modal.getByLabel('Largeur').selectOption('6');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  const group = page.locator('[data-testid="editor-group"][data-group="Avant les travaux"]');
  await expect(group).toContainText('Largeur 6/12');

  await group.getByTestId('question-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Libellé de la question').fill('Extincteur adapté à proximité');
  await modal.getByLabel('Type de réponse').selectOption({ label: 'Liste à choix unique' });
  await modal.getByLabel('Réponse obligatoire').check();
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  const question = group.locator('[data-testid="editor-question"][data-question="Extincteur adapté à proximité"]');
  await expect(question).toContainText('Obligatoire');
  await expect(question.getByTestId('no-answer')).toBeVisible();

  for (const [label, conformity, color] of [['Oui', 'Conforme', 'green'], ['Non', 'Non conforme', 'red']] as const) {
    await question.getByTestId('answer-add').click();
    modal = page.locator('.modal.show');
    await modal.getByLabel('Libellé', { exact: true }).fill(label);
    await modal.getByLabel('Conformité').selectOption({ label: conformity });
    await modal.getByTestId(`color-${color}`).click();
    if (label === 'Non') await modal.getByLabel('Crée une action').check();
    await modal.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(question.locator(`tr[data-answer="${label}"]`)).toContainText(conformity);
  }
  await expect(question.getByTestId('answer-table').locator('tbody tr')).toHaveCount(2);

  // The preview shows the question as it will be filled, and the server checks it like the real form.
  await page.getByTestId('preview-tab').click();
  const preview = page.getByTestId('preview-pane');
  const select = preview.getByLabel('Extincteur adapté à proximité');
  await expect(select.locator('option')).toHaveText(['— Choisir —', 'Oui', 'Non']);
  await expect(preview.locator('[data-testid="questionnaire-group"][data-group="Avant les travaux"]')).toBeVisible();
  await preview.getByTestId('preview-check').click();
  await expect(preview.getByTestId('question-error')).toHaveText('Une réponse est nécessaire');
  await expect(preview.getByTestId('preview-errors')).toBeVisible();

  await preview.getByLabel('Extincteur adapté à proximité').selectOption({ label: 'Oui' });
  await preview.getByTestId('preview-check').click();
  await expect(preview.getByTestId('preview-conformity')).toHaveText('Taux de conformité : 100,0/100');
  await expect(preview.getByTestId('question-error')).toHaveCount(0);

  await preview.getByLabel('Extincteur adapté à proximité').selectOption({ label: 'Non' });
  await preview.getByTestId('preview-check').click();
  await expect(preview.getByTestId('preview-conformity')).toHaveText('Taux de conformité : 0,0/100');
  await expect(preview.getByTestId('preview-result')).toContainText('Extincteur adapté à proximité : Non');

  // Back in the list, the survey carries its type and counts.
  await page.goto('/admin/surveys?type=fire_permit');
  const row = page.locator(`tr[data-survey="${name}"]`);
  await expect(row).toContainText('Permis de feu');
  await expect(row.locator('td').nth(3)).toHaveText('1');

  expectNoConsoleErrors(consoleErrors);
});
