import { accounts, expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

test('the login page is French and refuses a wrong password with the spec message', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(accounts().user.username);
  await page.getByLabel('Mot de passe').fill('pas-le-bon');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('login-error')).toHaveText("Le nom d'utilisateur ou le mot de passe saisi est incorrect.");
  await expect(page.getByLabel("Nom d'utilisateur ou e-mail")).toHaveValue(accounts().user.username);
  expectNoConsoleErrors(consoleErrors);
});

test('a modal form shows the French error (200), then saves (201), with the island mounted inside', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  // A second sign-in, so there is a previous one to show.
  await page.context().clearCookies();
  await login(page, 'user');
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  await page.getByTestId('open-profile').click();
  const modal = page.locator('.modal.show');
  await expect(modal.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  // The demo island (relative time of the last login) is mounted inside the fragment.
  await expect(modal.locator('[data-island="relative-time"][data-island-mounted="1"]')).toBeVisible();
  await expect(modal.getByTestId('relative-time')).toContainText(/Dernière connexion : (il y a|maintenant|à l’instant)/);

  await modal.getByLabel('Nom', { exact: true }).fill('');
  await modal.getByLabel('E-mail').fill('bruno.nouveau@example.fr');
  // The server re-renders the form (DRAFT-less submit with browser validation bypassed by the empty field check).
  await modal.getByLabel('Nom', { exact: true }).evaluate((el: HTMLInputElement) => el.removeAttribute('required'));
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal.getByTestId('error-lastName')).toHaveText('Veuillez renseigner ce champ.');
  await expect(modal.getByLabel('E-mail')).toHaveValue('bruno.nouveau@example.fr');

  await modal.getByLabel('Nom', { exact: true }).fill('Utilisateur-Modifié');
  // A new e-mail would need the current password (docs/account-security.md): the shared account keeps its own.
  await modal.getByLabel('E-mail').fill('e2e.user@example.fr');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText('Votre profil a été enregistré.');
  await expect(page.getByTestId('user-menu')).toContainText('Bruno Utilisateur-Modifié');
  expectNoConsoleErrors(consoleErrors);
});

test('the browser says "Veuillez renseigner ce champ." for an empty required field', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  await page.getByTestId('open-profile').click();
  const modal = page.locator('.modal.show');
  await modal.getByLabel('Prénom').fill('');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  const message = await modal.getByLabel('Prénom').evaluate((el: HTMLInputElement) => el.validationMessage);
  expect(message).toBe('Veuillez renseigner ce champ.');
  expectNoConsoleErrors(consoleErrors);
});

test('an unknown page answers a French 404 with a link home', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  const res = await page.goto('/cette-page-n-existe-pas');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  // The browser itself logs the 404 response of the document.
  expectNoConsoleErrors(consoleErrors, [/404/]);
});

test('the scroll-to-top control appears after 100 px', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  await page.setViewportSize({ width: 1200, height: 300 });
  await expect(page.getByTestId('scroll-top')).toBeHidden();
  await page.mouse.wheel(0, 400);
  await expect(page.getByTestId('scroll-top')).toBeVisible();
  await page.getByTestId('scroll-top').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expectNoConsoleErrors(consoleErrors);
});

test.describe('refusals shown in the modal without losing what was typed', () => {
  async function openProfile(page: import('@playwright/test').Page) {
    await page.getByTestId('open-profile').click();
    const modal = page.locator('.modal.show');
    await expect(modal.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
    return modal;
  }
  // Chromium itself logs every 4xx fetch as "Failed to load resource".
  const refusalLogged = [/Failed to load resource: the server responded with a status of (401|403|409)/];

  test('409: someone saved first', async ({ page, consoleErrors }) => {
    await login(page, 'user');
    const modal = await openProfile(page);
    // Another tab saves the profile meanwhile (same session, real server).
    const csrf = await page.locator('#vigie-boot').evaluate((el) => JSON.parse(el.textContent || '{}').csrfToken);
    const version = await modal.locator('input[name="profile[version]"]').inputValue();
    const other = await page.request.post('/profile/edit', { headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-Token': csrf }, form: {
      'profile[firstName]': 'Bruno', 'profile[lastName]': 'Autre-Onglet', 'profile[email]': 'e2e.user@example.fr', 'profile[locale]': 'fr', 'profile[version]': version } });
    expect(other.status()).toBe(201);
    await modal.getByLabel('Nom', { exact: true }).fill('Ma-Saisie');
    await modal.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(modal.getByTestId('client-alert')).toContainText("modifié par quelqu'un d'autre");
    await expect(modal.getByLabel('Nom', { exact: true })).toHaveValue('Ma-Saisie');
    expectNoConsoleErrors(consoleErrors, refusalLogged);
  });

  test('403: a form whose CSRF token no longer matches', async ({ page, consoleErrors }) => {
    await login(page, 'user');
    const modal = await openProfile(page);
    // The user signs out and in again in another tab: a new session with a new token, while this
    // page still holds the old one.
    const csrf = await page.locator('#vigie-boot').evaluate((el) => JSON.parse(el.textContent || '{}').csrfToken);
    expect((await page.request.post('/logout', { form: { _csrf_token: csrf }, maxRedirects: 0 })).status()).toBe(302);
    const loginPage = await (await page.request.get('/login')).text();
    const fresh = /name="_csrf_token" value="([^"]+)"/.exec(loginPage)![1];
    const relogin = await page.request.post('/login', { form: { _username: accounts().user.username, _password: accounts().user.password, _csrf_token: fresh }, maxRedirects: 0 });
    expect(relogin.status()).toBe(302);
    await modal.getByLabel('Prénom').fill('Bruno-Gardé');
    await modal.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(modal.getByTestId('client-alert')).toContainText('Le jeton CSRF est invalide');
    await expect(modal.getByLabel('Prénom')).toHaveValue('Bruno-Gardé');
    expectNoConsoleErrors(consoleErrors, refusalLogged);
  });

  test('401: the session ended in another tab', async ({ page, consoleErrors }) => {
    await login(page, 'user');
    const modal = await openProfile(page);
    const csrf = await page.locator('#vigie-boot').evaluate((el) => JSON.parse(el.textContent || '{}').csrfToken);
    expect((await page.request.post('/logout', { form: { _csrf_token: csrf }, maxRedirects: 0 })).status()).toBe(302);
    await modal.getByLabel('Prénom').fill('Bruno-Gardé');
    await modal.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(modal.getByTestId('client-alert')).toContainText('Votre session a expiré. Veuillez vous reconnecter.');
    await expect(modal.getByLabel('Prénom')).toHaveValue('Bruno-Gardé');
    expectNoConsoleErrors(consoleErrors, refusalLogged);
  });

  test('closing the modal removes it and unmounts its island', async ({ page, consoleErrors }) => {
    await login(page, 'user');
    const modal = await openProfile(page);
    await expect(modal.locator('[data-island-mounted="1"]')).toHaveCount(1);
    const island = await modal.locator('[data-island="relative-time"]').elementHandle();
    await modal.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.locator('.modal')).toHaveCount(0);
    // The detached element keeps its attributes: the mark is gone only if the unmount ran.
    await expect.poll(() => island!.evaluate((el) => (el as HTMLElement).dataset.islandMounted ?? 'démonté')).toBe('démonté');
    await expect.poll(() => island!.evaluate((el) => el.querySelector('[data-testid="relative-time"]') === null)).toBe(true);
    expectNoConsoleErrors(consoleErrors);
  });
});
