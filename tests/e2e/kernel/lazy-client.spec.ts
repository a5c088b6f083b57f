import type { Page, Request } from '@playwright/test';
import { createE2eUser } from '../support/db';
import { expect, expectNoConsoleErrors, login, loginWith, test } from '../support/fixtures';

// The client fetches a modal's fragment when the pointer rests on its link or presses it
// (islands/core/modal-links.ts), and downloads Chart.js, flatpickr and the other lazy chunks only
// for the pages that show them. What a user notices: a modal never shows what was true before a
// save; a chart is there when scrolled to; nothing of that code on pages without it.

/** Build files requested by the page whose name starts with one of `names`. */
function chunkRequests(page: Page, names: string[]): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const file = new URL(request.url()).pathname;
    if (file.startsWith('/build/') && names.some((name) => file.includes(`/${name}-`))) seen.push(file);
  });
  return seen;
}

async function switchTo(page: Page, account: { username: string; password: string }): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.context().clearCookies();
  await loginWith(page, account);
}

test('a modal whose fragment was fetched ahead shows the state saved since, not the one fetched', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1e6}`;
  const text = `Baliser la zone de déchargement ${suffix}`;
  // A company of its own: other specs rename the shared accounts.
  const company = `Préchargement ${suffix}`;
  const boss = createE2eUser({ company, role: 'super_admin', firstName: 'Paule', lastName: 'Cheffe' });
  const worker = createE2eUser({ company, role: 'user', firstName: 'Gaspard', lastName: `Ouvrier${suffix}` });
  await loginWith(page, boss);
  await page.goto('/action-plan');
  await page.getByTestId('action-add').hover();
  await page.getByTestId('action-add').click();
  const modal = page.locator('.modal.show');
  await modal.getByLabel('Action à mener').fill(text);
  await expect(async () => {
    await modal.getByLabel('Responsable').fill('Gaspard');
    await modal.getByRole('option', { name: `Gaspard Ouvrier${suffix}` }).click({ timeout: 2000 });
    await expect(modal.locator('input[name="mfpreventionbundle_action[assignee]"]')).not.toHaveValue('', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await modal.getByTestId('action-create-send').click();
  await expect(page.getByTestId('flash')).toContainText('a été créée et transmise à son responsable.');
  const id = await page.locator('tr[data-action-row]', { hasText: text }).getAttribute('data-action-row');

  await switchTo(page, worker);
  await page.goto('/action-plan/mine');
  const open = page.locator(`tr[data-action-row="${id}"] a[href$="/workflow"]`);
  await open.hover();
  await open.click();
  let block = page.locator('.modal.show [data-action-block]');
  await expect(block).toHaveAttribute('data-island-mounted', '1');

  // The pointer rests on "Historique": its fragment is fetched then, before the transition.
  const history = block.getByTestId('action-history-link');
  await history.hover();
  await page.waitForLoadState('networkidle');
  await block.getByTestId('transition-take_into_account').click();
  block = page.locator('.modal.show [data-action-block]');
  await expect(block.getByTestId('action-status')).toHaveText('En cours');

  // The block was replaced in place, without a reload: the history shown is the new one.
  await block.getByTestId('action-history-link').hover();
  await block.getByTestId('action-history-link').click();
  const shown = page.locator('.modal.show').last();
  await expect(shown.getByTestId('action-history')).toContainText('Prendre en compte');
  expectNoConsoleErrors(consoleErrors);
});

test('a chart is drawn once scrolled into view, and Chart.js is downloaded only then', async ({ page, consoleErrors }) => {
  // Narrower than Bootstrap's xl breakpoint, the widget comes under the list, out of view.
  await page.setViewportSize({ width: 1000, height: 360 });
  await login(page, 'admin');
  const chartCode = chunkRequests(page, ['chart-setup']);
  await page.route('**/dashboard/nomenclature/values', (route) => route.fulfill({ json: { labels: ['EPI', 'Domaines'], series: [{ label: 'Valeurs', data: [4, 3] }] } }));
  await page.goto('/admin/nomenclatures?kind=ppe');
  await expect(page.locator('html[data-vigie-ready="1"]')).toHaveCount(1);
  const widget = page.getByTestId('widget-nomenclature-values');
  await expect(widget).not.toBeInViewport();
  await page.waitForLoadState('networkidle');
  expect(chartCode).toEqual([]);
  await expect(widget.getByTestId('widget-chart')).toHaveCount(0);

  await widget.scrollIntoViewIfNeeded();
  await expect(widget.getByTestId('dashboard-widget')).toHaveAttribute('data-state', 'ready');
  await expect(widget.getByTestId('widget-chart')).toBeVisible();
  await expect(widget.getByRole('row', { name: 'Domaines 3' })).toBeAttached();
  expect(chartCode).toHaveLength(1);
  expectNoConsoleErrors(consoleErrors);
});

test('a page without chart, calendar nor date field downloads none of their code', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  const lazyCode = chunkRequests(page, ['chart-setup', 'calendar', 'jsx-runtime', 'date-pickers', 'rich-text']);
  await page.goto('/');
  await expect(page.locator('html[data-vigie-ready="1"]')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  expect(lazyCode).toEqual([]);

  // The calendar brings its own code, and the page counts as ready once it is there.
  await page.goto('/calendar');
  await expect(page.getByTestId('calendar')).toHaveAttribute('data-island-mounted', '1');
  expect(lazyCode.some((file) => file.includes('/calendar-'))).toBe(true);
  expect(lazyCode.some((file) => file.includes('/chart-setup-'))).toBe(false);
  expectNoConsoleErrors(consoleErrors);
});
