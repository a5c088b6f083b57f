import type { Locator, Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';
import { french } from '../support/dates';

const today = () => french(0);

/** Creates an action from the action plan, assigned to Bruno Utilisateur; returns its number. */
async function createAction(page: Page, text: string): Promise<string> {
  await page.goto('/action-plan');
  await page.getByTestId('action-add').click();
  const modal = page.locator('.modal.show');
  await modal.getByLabel('Action à mener').fill(text);
  // The modal's fade-in moves the focus once shown: pick the assignee again if the list closed under us.
  await expect(async () => {
    await modal.getByLabel('Responsable').fill('Bruno');
    await modal.getByRole('option', { name: 'Bruno Utilisateur' }).click({ timeout: 2000 });
    await expect(modal.locator('input[name="mfpreventionbundle_action[assignee]"]')).not.toHaveValue('', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await modal.getByLabel('Priorité').selectOption({ label: 'Haute' });
  await modal.getByTestId('action-create-send').click();
  await expect(page.getByTestId('flash')).toContainText('a été créée et transmise à son responsable.');
  const row = page.locator('tr[data-action-row]', { hasText: text });
  await expect(row).toContainText('En attente de prise en compte');
  return (await row.getAttribute('data-action-row'))!;
}

/** Opens the action's block in a modal from the list and waits for its client. */
async function openBlock(page: Page, id: string, list = '/action-plan'): Promise<Locator> {
  await page.goto(list);
  // The row's action link: the table declares its workflow links as modal ones (data-modal-links).
  await page.locator(`tr[data-action-row="${id}"] a[href$="/workflow"]`).click();
  const block = page.locator('.modal.show [data-action-block]');
  await expect(block).toHaveAttribute('data-island-mounted', '1');
  return block;
}

async function switchTo(page: Page, who: 'admin' | 'user'): Promise<void> {
  // Let the page's indicators finish loading: they would answer 401 once the cookies are gone.
  await page.waitForLoadState('networkidle');
  await page.context().clearCookies();
  await login(page, who);
}

test('an action goes from creation to closure; closing needs the efficiency synthesis', async ({ page, consoleErrors }) => {
  const text = `Remplacer le garde-corps du quai ${Date.now() % 1e6}`;
  await login(page, 'admin');
  const id = await createAction(page, text);

  // The assignee takes it into account and processes it, from "my actions".
  await switchTo(page, 'user');
  let block = await openBlock(page, id, '/action-plan/mine');
  await block.getByTestId('transition-take_into_account').click();
  block = page.locator('.modal.show [data-action-block]');
  await expect(block.getByTestId('action-status')).toHaveText('En cours');
  await expect(block.getByTestId('action-notice')).toContainText('« Prendre en compte » effectué');
  // « Marquer comme traitée » asks what was done.
  const resolution = block.getByLabel('Explication de la résolution');
  await block.getByTestId('transition-processed').click();
  await expect.poll(() => resolution.evaluate((el: HTMLTextAreaElement) => el.validationMessage)).toBe('Veuillez renseigner ce champ.');
  await expect(block.getByTestId('action-status')).toHaveText('En cours');
  await resolution.fill('Garde-corps remplacé par le fournisseur, fixations contrôlées.');
  await block.getByTestId('transition-processed').click();
  await expect(block.getByTestId('action-status')).toHaveText('Traitée');
  await block.getByLabel('Nouveau commentaire d\'avancement').fill('Photos envoyées au service QHSE.');
  await block.getByTestId('progress-add').click();
  await expect(block.getByTestId('progress-comments')).toContainText('Photos envoyées au service QHSE.');
  await expect(block.getByTestId('progress-comments')).toContainText('Bruno Utilisateur');

  // The administrator tries to close it without the efficiency synthesis: the browser refuses.
  await switchTo(page, 'admin');
  block = await openBlock(page, id);
  await expect(block.getByTestId('action-status')).toHaveText('Traitée');
  await block.getByLabel('Date de clôture').fill(today());
  await block.getByLabel('Date de clôture').press('Escape');
  await block.getByTestId('transition-close').click();
  const synthesis = block.getByLabel('Synthèse d\'efficacité');
  await expect.poll(() => synthesis.evaluate((el: HTMLSelectElement) => el.validationMessage)).toBe('Veuillez renseigner ce champ.');
  await expect(block.getByTestId('action-status')).toHaveText('Traitée');
  // Saving without closing is not blocked by what "Clôturer" needed.
  await block.getByTestId('action-save').click();
  await expect(block.getByTestId('action-notice')).toHaveText(/L'action a été enregistrée\./);

  await synthesis.selectOption({ label: 'Causes supprimées' });
  await block.getByLabel('Date de clôture').fill(today());
  await block.getByLabel('Date de clôture').press('Escape');
  await block.getByTestId('transition-close').click();
  await expect(block.getByTestId('action-status')).toHaveText('Clôturée');
  // Closed: everything is read-only but the efficiency synthesis.
  await expect(block.getByLabel('Synthèse d\'efficacité')).toBeEditable();
  await expect(block.getByLabel('Action à mener')).toHaveCount(0);
  await expect(block.locator('[data-readonly-field="comments"]')).toContainText(text);
  await expect(block.locator('[data-testid^="transition-"]')).toHaveCount(0);

  await block.getByTestId('action-history-link').click();
  const history = page.locator('.modal.show').last();
  await expect(history.getByTestId('action-history')).toContainText('Clôturer');
  await expect(history.getByTestId('action-history')).toContainText('Bruno Utilisateur');
  expectNoConsoleErrors(consoleErrors);
});

test('abandoning needs an explanation, in the browser and on the page', async ({ page, consoleErrors }) => {
  const text = `Baliser la zone piétonne ${Date.now() % 1e6}`;
  await login(page, 'admin');
  const id = await createAction(page, text);
  const block = await openBlock(page, id);
  // Not taken into account yet: neither resolution nor abandon reason shows until « Abandonner ».
  await expect(block.getByLabel('Explication de la résolution')).toHaveCount(0);
  const explanation = block.getByLabel('Motif de l\'abandon');
  await expect(explanation).toBeHidden();
  await block.getByTestId('transition-abandon').click();
  await expect(explanation).toBeVisible();
  await expect.poll(() => explanation.evaluate((el: HTMLTextAreaElement) => el.validationMessage)).toBe('Veuillez renseigner ce champ.');
  await expect(block.getByTestId('action-status')).toHaveText('En attente de prise en compte');
  await explanation.fill('Zone supprimée lors du réaménagement de l\'entrepôt.');
  await block.getByTestId('transition-abandon').click();
  await expect(block.getByTestId('action-status')).toHaveText('Abandonnée');
  await expect(block.locator('[data-readonly-field="abandonExplanation"]')).toContainText('Zone supprimée');

  // The list shows it with its new status once the modal is closed.
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.locator(`tr[data-action-row="${id}"]`)).toContainText('Abandonnée');
  expectNoConsoleErrors(consoleErrors);
});

test('on the action page, the history shows each transition as soon as it is made', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  const id = await createAction(page, `Nettoyer le bac de rétention ${Date.now() % 1e6}`);
  await page.goto(`/action-plan/${id}`);
  const block = page.getByTestId('action-block');
  await expect(block).toHaveAttribute('data-island-mounted', '1');
  await expect(block.getByTestId('action-history')).not.toContainText('Prendre en compte');
  await block.getByTestId('transition-take_into_account').click();
  await expect(page.getByTestId('action-status')).toHaveText('En cours');
  await expect(page.getByTestId('action-history')).toContainText('Prendre en compte');
  expectNoConsoleErrors(consoleErrors);
});

test('the administrator reads the assignment mail in the outbox (development: no mail leaves)', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  const id = await createAction(page, `Réparer l'éclairage du quai ${Date.now() % 1e6}`);
  const subject = `Action n°${id} : une action vous a été affectée`;
  // The mail leaves from the job queue: the list shows it once the worker has run.
  await expect(async () => {
    await page.goto('/admin/outbox');
    await expect(page.getByTestId('outbox-table')).toContainText(subject, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByTestId('outbox-headers')).toContainText(subject);
  await expect(page.getByTestId('outbox-text')).toContainText(`Réparer l'éclairage du quai`);
  await expect(page.frameLocator('[data-testid="outbox-html"]').locator('body')).toContainText(`Réparer l'éclairage du quai`);
  expectNoConsoleErrors(consoleErrors);
});

test('bulk actions need a selection', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  const id = await createAction(page, `Vérifier les extincteurs ${Date.now() % 1e6}`);
  // Each row's checkbox is named after its action (a shared phrase and the row's number cell).
  await expect(page.getByRole('checkbox', { name: `Sélectionner l'action n°${id}`, exact: true })).toBeVisible();
  await page.getByTestId('bulk-archive').click();
  await expect(page.getByTestId('alert-dialog')).toContainText('Veuillez effectuer une sélection');
  expectNoConsoleErrors(consoleErrors);
});
