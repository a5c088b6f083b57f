import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

async function drawOn(page: Page): Promise<void> {
  const box = await page.getByTestId('signature-canvas').boundingBox();
  if (!box) throw new Error('canvas introuvable');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 30 + i * 12, y + Math.sin(i / 2) * 30, { steps: 2 });
  await page.mouse.up();
}

test('a user draws a signature with the mouse, saves it and finds it after a reload', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  await page.goto('/account/signature');
  const pad = page.getByTestId('signature-pad');
  await expect(pad).toHaveAttribute('data-state', 'empty');
  await expect(page.getByTestId('signature-none')).toHaveText('Aucune signature enregistrée.');

  // An empty drawing is not sent.
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('signature-hint')).toHaveText("Veuillez dessiner votre signature avant de l'enregistrer.");

  await drawOn(page);
  await expect(pad).toHaveAttribute('data-state', 'drawn');
  await page.getByRole('button', { name: 'Effacer' }).click();
  await expect(pad).toHaveAttribute('data-state', 'cleared');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('signature-hint')).toBeVisible();

  await drawOn(page);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('signature-message')).toHaveText('Signature enregistrée !');
  await expect(page.getByTestId('signature-image')).toBeVisible();

  await page.reload();
  const image = page.getByTestId('signature-image');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
  expect(await image.evaluate((img) => getComputedStyle(img).maxHeight)).toBe('100px');
  expectNoConsoleErrors(consoleErrors);
});
