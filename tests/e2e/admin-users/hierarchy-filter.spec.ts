import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

async function csrf(page: Page): Promise<string> {
  return page.locator('#vigie-boot').evaluate((el) => JSON.parse(el.textContent || '{}').csrfToken);
}

async function post(page: Page, url: string, form: Record<string, string>): Promise<void> {
  const res = await page.request.post(url, { headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-Token': await csrf(page) }, form: { _csrf_token: await csrf(page), ...form } });
  expect(res.status(), await res.text()).toBe(201);
}

async function idIn(page: Page, url: string, marker: string, link: RegExp): Promise<string> {
  const html = await (await page.request.get(url)).text();
  const at = html.indexOf(marker);
  const m = link.exec(html.slice(at));
  return m![1];
}

test('the entity filter of the users list refreshes the buildings when a site is chosen', async ({ page, consoleErrors }) => {
  const n = Date.now() % 1e6;
  await login(page, 'admin');
  await post(page, '/admin/hierarchy/types/new', { 'hierarchy_type[name]': `Site ${n}`, 'hierarchy_type[level]': '1' });
  const siteType = await idIn(page, '/admin/hierarchy/types', `data-type="Site ${n}"`, /\/admin\/hierarchy\/types\/(\d+)\/edit/);
  await post(page, '/admin/hierarchy/types/new', { 'hierarchy_type[name]': `Bâtiment ${n}`, 'hierarchy_type[level]': '2', 'hierarchy_type[parentId]': siteType });
  const buildingType = await idIn(page, '/admin/hierarchy/types', `data-type="Bâtiment ${n}"`, /\/admin\/hierarchy\/types\/(\d+)\/edit/);
  for (const city of ['Lyon', 'Paris']) {
    await post(page, '/admin/hierarchy/items/new', { 'hierarchy_item[name]': `${city} ${n}`, 'hierarchy_item[typeId]': siteType });
    const siteId = await idIn(page, '/admin/hierarchy', `data-item="${city} ${n}"`, /\/admin\/hierarchy\/items\/(\d+)/);
    await post(page, '/admin/hierarchy/items/new', { 'hierarchy_item[name]': `Bât. ${city} ${n}`, 'hierarchy_item[typeId]': buildingType, 'hierarchy_item[parentId]': siteId });
  }

  await page.goto('/admin/users');
  const buildings = page.getByLabel(`Bâtiment ${n}`);
  await expect(buildings.locator('option')).toHaveText([`Bât. Lyon ${n}`, `Bât. Paris ${n}`]);
  await page.getByLabel(`Site ${n}`, { exact: true }).selectOption({ label: `Lyon ${n}` });
  // The block is posted to hierarchy_filter_refresh and replaced: only Lyon's building is left.
  await expect(page.getByLabel(`Bâtiment ${n}`).locator('option')).toHaveText([`Bât. Lyon ${n}`]);
  await page.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page.getByLabel(`Site ${n}`, { exact: true }).locator('option:checked')).toHaveText(`Lyon ${n}`);
  await expect(page.getByText('Aucun utilisateur ne correspond à ces critères.')).toBeVisible();
  expectNoConsoleErrors(consoleErrors);
});
