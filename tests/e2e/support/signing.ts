import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Draws a stroke on a signature canvas. */
export async function draw(page: Page, canvas: Locator): Promise<void> {
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, box.y + box.height / 3, { steps: 8 });
  await page.mouse.move(box.x + 160, box.y + (box.height * 2) / 3, { steps: 8 });
  await page.mouse.up();
}

/** Answers the comment prompt of a button (optional or required comment). */
export async function comment(page: Page, text: string): Promise<void> {
  const prompt = page.locator('.modal.show', { has: page.locator('[data-prompt-submit]') });
  await prompt.locator('textarea').fill(text);
  await prompt.locator('[data-prompt-submit]').click();
}

/** Signs in the signature modal a transition opened. */
export async function signInModal(page: Page): Promise<void> {
  const form = page.getByTestId('signature-form');
  await expect(form).toBeVisible();
  await draw(page, form.getByTestId('signature-canvas'));
  await form.getByTestId('signature-submit').click();
  await expect(form).toHaveCount(0);
}
