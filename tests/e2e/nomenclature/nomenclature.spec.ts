import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

test('an administrator adds a PPE value, edits it and sees it in order', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  await page.goto('/admin/nomenclatures');
  await expect(page.getByRole('heading', { name: 'Nomenclatures', exact: true })).toBeVisible();
  // The spec's defaults are there without any setup.
  await expect(page.getByTestId('nomenclature-table')).toContainText('Causes supprimées');

  await page.getByTestId('nomenclature-kinds').getByRole('link', { name: 'EPI' }).click();
  await expect(page.getByTestId('empty-state')).toContainText('Aucune valeur dans la liste « EPI »');
  await page.getByTestId('nomenclature-add').click();
  const modal = page.locator('.modal.show');
  await expect(modal.getByRole('heading', { name: 'Nouvelle valeur – EPI' })).toBeVisible();
  await modal.getByLabel('Libellé').fill('Gants');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText('La valeur « Gants » a été ajoutée.');

  await page.getByRole('link', { name: 'Modifier Gants' }).click();
  await expect(modal.getByRole('heading', { name: 'Modifier une valeur – EPI' })).toBeVisible();
  await modal.getByLabel('Libellé').fill('Gants anti-coupure');
  await modal.getByLabel('Active').uncheck();
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText('La valeur « Gants anti-coupure » a été modifiée.');
  const row = page.getByTestId('nomenclature-table').getByRole('row', { name: /Gants anti-coupure/ });
  await expect(row).toContainText('Inactive');
  expectNoConsoleErrors(consoleErrors);
});

test('the "values per list" widget draws its bars and a bar opens that list', async ({ page, consoleErrors }) => {
  // No animation, so the bars are in place when clicked.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await login(page, 'admin');
  await page.goto('/admin/nomenclatures?kind=ppe');
  const widget = page.getByTestId('widget-nomenclature-values');
  await expect(widget.getByRole('heading', { name: 'Valeurs actives par liste' })).toBeVisible();
  await expect(widget.getByTestId('dashboard-widget')).toHaveAttribute('data-state', 'ready');
  const canvas = widget.getByTestId('widget-chart');
  await expect(canvas).toBeVisible();
  // The figures are also there for screen readers: the defaults of "Domaines" count 3.
  await expect(widget.getByRole('row', { name: 'Domaines 3' })).toBeAttached();

  // Long list names: horizontal bars, one per list. "Domaines" is the fifth; its 3 values make it the longest.
  const box = (await canvas.boundingBox())!;
  const xAxis = 24;
  await canvas.click({ position: { x: box.width * 0.85, y: ((box.height - xAxis) * 4.5) / 6 } });
  await expect(page).toHaveURL(/kind=domain/);
  await expect(page.getByTestId('nomenclature-table')).toContainText('Réunion');
  expectNoConsoleErrors(consoleErrors);
});

test('a widget shows its empty text, and an error text when its data cannot be loaded', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  await page.route('**/dashboard/nomenclature/values', (route) => route.fulfill({ json: { labels: ['EPI'], series: [{ label: 'Valeurs', data: [0] }] } }));
  await page.goto('/admin/nomenclatures');
  const widget = page.getByTestId('widget-nomenclature-values');
  await expect(widget.getByTestId('widget-empty')).toHaveText('Aucune valeur active dans les listes.');

  await page.unroute('**/dashboard/nomenclature/values');
  await page.route('**/dashboard/nomenclature/values', (route) => route.fulfill({ status: 500, json: { message: 'Une erreur est survenue' } }));
  await page.reload();
  await expect(widget.getByTestId('widget-error')).toHaveText('Impossible de charger cet indicateur. Rechargez la page pour réessayer.');
  expectNoConsoleErrors(consoleErrors, [/500/, /Impossible de charger cet indicateur/]);
  expect(consoleErrors.some((e) => e.includes('Impossible de charger cet indicateur'))).toBe(true);
});
