import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

test('a project is created, gets a member, a document link and a comment; removing the comment takes it off the page', async ({ page, consoleErrors }) => {
  const n = Date.now() % 1e6;
  const label = `Mise en conformité ATEX atelier peinture ${n}`;
  await login(page, 'admin');
  await page.goto('/projects');
  await page.getByTestId('project-add').click();
  let modal = page.locator('.modal.show');
  await expect(modal.getByTestId('project-form')).toBeVisible();
  await modal.getByLabel('Libellé').fill(label);
  await modal.getByLabel('Description').fill('Zonage ATEX de la cabine de peinture.');
  for (const [field, value] of [['Début prévu', '01/07/2030'], ['Fin prévue', '30/09/2030']]) {
    const input = modal.getByLabel(field, { exact: true });
    await input.fill(value);
    await input.press('Tab');
  }
  // Close the last date picker before saving.
  await modal.locator('.modal-title').click();
  await modal.getByTestId('form-submit').click();

  await expect(page.getByTestId('project-title')).toHaveText(label);
  await expect(page.getByTestId('project-state')).toHaveText('Non démarré');
  await expect(page.getByTestId('project-expected-end')).toHaveText('30/09/2030');
  await expect(page.getByTestId('project-tab-home')).toBeVisible();
  await expect(page.getByTestId('project-tab-events')).toBeVisible();

  // A member: the admin himself, project manager.
  await page.getByTestId('project-member-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Utilisateur').selectOption({ label: 'Admin Alice' });
  await modal.getByLabel('Fonction').fill('Cheffe de projet QHSE');
  await modal.getByText('Chef de projet', { exact: true }).click();
  await modal.getByTestId('form-submit').click();
  await expect(page.getByTestId('project-members')).toContainText('Cheffe de projet QHSE');

  // A second add of the same user is refused under the field.
  await page.getByTestId('project-member-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Utilisateur').selectOption({ label: 'Admin Alice' });
  await modal.getByTestId('form-submit').click();
  await expect(modal.getByTestId('error-userId')).toContainText('fait déjà partie du projet.');
  await modal.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.locator('.modal.show')).toHaveCount(0);

  // A document given as a link.
  await page.getByTestId('project-document-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Libellé').fill('Guide INRS ATEX');
  await modal.getByLabel('Lien').fill('https://www.inrs.fr/risques/atex');
  await modal.getByTestId('form-submit').click();
  await expect(page.getByTestId('project-documents')).toContainText('Guide INRS ATEX');
  await expect(page.getByTestId('project-document-url')).toHaveAttribute('href', 'https://www.inrs.fr/risques/atex');

  // A comment, then its removal.
  await page.getByTestId('project-comment-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Commentaire').fill(`Bureau de contrôle le 12 (${n}).`);
  await modal.getByTestId('form-submit').click();
  const comment = page.getByTestId('project-comment').filter({ hasText: `Bureau de contrôle le 12 (${n}).` });
  await expect(comment).toBeVisible();
  await comment.getByTestId('project-comment-remove').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(comment).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('project-comments')).not.toContainText(`Bureau de contrôle le 12 (${n}).`);
  await expect(page.getByTestId('project-documents')).toContainText('Guide INRS ATEX');

  // The state workflow: start.
  await page.getByTestId('transition-start').click();
  await expect(page.getByTestId('project-state')).toHaveText('En cours');

  expectNoConsoleErrors(consoleErrors);
});
