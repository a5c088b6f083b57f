import fs from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { ACCOUNTS_FILE, type E2eAccounts } from './global-setup';

/** The accounts the global setup created. */
export function accounts(): E2eAccounts {
  return JSON.parse(fs.readFileSync(ACCOUNTS_FILE, 'utf8'));
}

/**
 * A test whose page fails on any console error or CSP refusal.
 * `expectedConsoleErrors` lets a test name errors it provokes on purpose.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
    page.on('pageerror', (err) => errors.push(String(err)));
    await use(errors);
  },
});

/** Fails the test when the page logged errors other than the expected ones. */
export function expectNoConsoleErrors(errors: string[], allowed: RegExp[] = []): void {
  const unexpected = errors.filter((e) => !allowed.some((re) => re.test(e)));
  expect(unexpected, `erreurs console : ${unexpected.join(' | ')}`).toEqual([]);
}

/** Logs in through the form. */
export async function login(page: Page, who: 'admin' | 'user' = 'admin'): Promise<void> {
  await loginWith(page, accounts()[who]);
}

/** Logs in through the form with any account (e.g. one made by `createE2eUser`). */
export async function loginWith(page: Page, acc: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(acc.username);
  await page.getByLabel('Mot de passe').fill(acc.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

export { expect };
