import { test, expect, expectNoConsoleErrors, login } from '../support/fixtures';

test('an administrator builds a small tree, cannot delete a used parent, trashes the child, and creates a site with a service', async ({ page, consoleErrors }) => {
  const n = Date.now() % 1e6;
  const typeName = `Niveau ${n}`;
  const parent = `Société E2E ${n}`;
  const child = `Atelier E2E ${n}`;
  await login(page, 'admin');

  await page.goto('/admin/hierarchy/types');
  await page.getByTestId('type-add').click();
  const typeModal = page.locator('.modal.show');
  await typeModal.getByLabel('Nom').fill(typeName);
  await typeModal.getByLabel('Niveau').fill('1');
  await typeModal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.locator(`tr[data-type="${typeName}"]`)).toBeVisible();

  await page.goto('/admin/hierarchy');
  await page.getByTestId('item-add').click();
  let modal = page.locator('.modal.show');
  await modal.getByLabel('Nom', { exact: true }).fill(parent);
  await modal.getByLabel("Type d'entité").selectOption({ label: typeName });
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  const parentRow = page.locator(`li[data-item="${parent}"]`);
  await expect(parentRow).toBeVisible();

  await parentRow.getByRole('link', { name: `Ajouter une sous-entité ${parent}` }).click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Nom', { exact: true }).fill(child);
  await modal.getByLabel("Type d'entité").selectOption({ label: typeName });
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.locator(`li[data-item="${parent}"] li[data-item="${child}"]`)).toBeVisible();
  // The parent's folder button folds and unfolds its children.
  const toggle = parentRow.getByRole('button', { name: `Replier ou déplier « ${parent} »` });
  await toggle.click();
  await expect(page.locator(`li[data-item="${child}"]`)).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.locator(`li[data-item="${child}"]`)).toBeVisible();

  await page.locator(`li[data-item="${parent}"] > [data-tree-row]`).getByRole('button', { name: `Supprimer ${parent}` }).click();
  await page.locator('.modal.show').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Suppression impossible : cet élément est utilisé.')).toBeVisible();
  await expect(parentRow).toBeVisible();

  // The child goes to the shared trash.
  await page.locator(`li[data-item="${child}"] > [data-tree-row]`).getByRole('button', { name: `Supprimer ${child}` }).click();
  await page.locator('.modal.show').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText("L'élément a été placé dans la corbeille.")).toBeVisible();
  await expect(page.locator(`li[data-item="${child}"]`)).toHaveCount(0);
  await page.goto('/admin/trash');
  await expect(page.locator(`tr[data-trash-item="${child}"]`)).toContainText('Élément de hiérarchie');
  // Restored from the trash, it is back in the tree.
  await page.locator(`tr[data-trash-item="${child}"]`).getByRole('button', { name: 'Restaurer' }).click();
  await expect(page.getByTestId('flash')).toContainText("L'élément a été restauré.");
  await expect(page.locator(`tr[data-trash-item="${child}"]`)).toHaveCount(0);
  await page.goto('/admin/hierarchy');
  await expect(page.locator(`li[data-item="${child}"]`)).toHaveCount(1);
  // The deletion is in the audit log.
  await page.goto('/admin/audit?event=deletion');
  await expect(page.getByTestId('audit-table')).toContainText(child);

  const siteName = `Site E2E ${n}`;
  await page.goto('/admin/sites');
  await page.getByTestId('site-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Nom').fill(siteName);
  await modal.getByLabel('Société').fill('Démo Industrie SAS');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.locator(`tr[data-site="${siteName}"]`)).toBeVisible();

  await page.goto('/admin/services');
  await page.getByTestId('service-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Nom').fill(`Maintenance ${n}`);
  await modal.getByLabel('Site de rattachement').selectOption({ label: siteName });
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.locator(`tr[data-service="Maintenance ${n}"]`)).toContainText(siteName);

  // Chromium logs the refused deletion's 409 itself.
  expectNoConsoleErrors(consoleErrors, [/Failed to load resource: the server responded with a status of 409/]);
});
