import { createE2eUser } from '../support/db';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';

/** After a save reloads the page: `shown` is on the new page and its behaviours (modal links) are ready. */
async function reloaded(page: Page, shown: Locator): Promise<void> {
  await expect(shown).toBeVisible();
  await expect(page.locator('html[data-vigie-ready="1"]')).toHaveCount(1);
}

test('a maintenance manager builds a control form in the questionnaire editor: a checkpoint to export, a non-conforming answer graded with its action delay', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  // vgp.forms without admin.nomenclatures: the editor opens through the owner's right.
  const manager = createE2eUser({ company: `VGP grilles ${suffix}`, role: 'maintenance_manager', firstName: 'Paul', lastName: 'Girard' });
  await loginWith(page, manager);

  await page.goto('/equipment');
  await page.getByTestId('equipment-forms').click();
  await expect(page).toHaveURL(/\/equipment\/forms$/);
  await reloaded(page, page.getByTestId('empty-state'));
  await page.getByTestId('vgp-form-add').click();
  let modal = page.locator('.modal.show');
  await modal.getByLabel('Nom de la grille').fill('VGP palan');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page.getByTestId('editor-title')).toHaveText('VGP palan');
  await reloaded(page, page.getByTestId('group-add'));
  await page.getByTestId('group-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Nom du groupe').fill('Mécanismes de levage');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  const group = page.locator('[data-testid="editor-group"][data-group="Mécanismes de levage"]');
  await reloaded(page, group);

  await group.getByTestId('question-add').click();
  modal = page.locator('.modal.show');
  await expect(modal.getByLabel('À exporter')).toBeChecked();
  await modal.getByLabel('Libellé de la question').fill('Crochet avec linguet de sécurité');
  await modal.getByLabel('Type de réponse').selectOption({ label: 'Boutons radio' });
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  const question = group.locator('[data-testid="editor-question"][data-question="Crochet avec linguet de sécurité"]');
  await reloaded(page, question);
  await expect(question.getByTestId('not-exported')).toHaveCount(0);

  await question.getByTestId('answer-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Libellé', { exact: true }).fill('Non conforme');
  await modal.getByLabel('Conformité').selectOption({ label: 'Non conforme' });
  await modal.getByTestId('color-red').click();
  await modal.getByLabel('Niveau').fill('2');
  // The delay waits for « Crée une action ».
  const delay = modal.getByTestId('action-delay');
  await expect(delay).toHaveCSS('pointer-events', 'none');
  await modal.getByLabel('Crée une action').check();
  await expect(delay).toHaveCSS('pointer-events', 'auto');
  await modal.getByLabel('Délai de l\'action en jours').fill('30');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  const row = question.locator('tr[data-answer="Non conforme"]');
  await reloaded(page, row);
  await expect(row.getByTestId('answer-level')).toHaveText('2');
  await expect(row.getByTestId('answer-action')).toContainText('(30 j)');

  // Back to the list, the form counts its group and checkpoint.
  await page.getByRole('link', { name: 'Grilles de contrôle' }).click();
  const listed = page.locator('tr[data-form="VGP palan"]');
  await expect(listed.getByTestId('group-count')).toHaveText('1');
  await expect(listed.getByTestId('checkpoint-count')).toHaveText('1');

  expectNoConsoleErrors(consoleErrors);
});
