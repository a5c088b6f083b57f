import type { Page } from '@playwright/test';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';
import { french } from '../support/dates';

/** Today in Paris as the forms type it. */
const today = (): string => french(0);

async function typeDate(page: Page, value: string): Promise<void> {
  const input = page.locator('#event_date');
  await input.fill(value);
  await input.press('Escape');
}

async function openAdd(page: Page, entry: string): Promise<void> {
  await page.goto('/events');
  await page.getByTestId('event-add').click();
  await page.getByRole('link', { name: entry, exact: true }).click();
}

test('an accident analysis is recorded, an action added from it is processed and closed, and shows closed on the event', async ({ page, consoleErrors }) => {
  const n = Date.now() % 1e6;
  const subject = `Coupure à la main sur le tour ${n}`;
  await login(page, 'admin');
  await openAdd(page, 'Analyse d\'accident');
  await expect(page.getByRole('heading', { name: 'Nouvel événement : Analyse d\'accident' })).toBeVisible();
  await page.getByLabel('Objet').fill(subject);
  await typeDate(page, today());
  await page.getByLabel('Activité de la victime').fill('Changement de la plaquette de coupe');
  await page.getByLabel('Causes humaines').fill('Gants anti-coupure retirés');
  await page.getByTestId('event-save').click();

  await expect(page.getByTestId('flash')).toContainText(`L'événement « ${subject} » a été enregistré.`);
  await expect(page.getByTestId('event-subject')).toContainText(subject);
  await expect(page.getByTestId('event-state')).toHaveText('En cours');
  await expect(page.getByTestId('event-accident')).toContainText('Gants anti-coupure retirés');

  // An action from the event page, assigned to oneself.
  await page.getByTestId('source-action-add').click();
  let modal = page.locator('.modal.show');
  await expect(modal.getByTestId('quick-add-source')).toContainText(subject);
  await modal.getByLabel('Action à mener').fill('Afficher le mode opératoire de changement d\'outil au poste');
  await modal.getByLabel('Responsable').pressSequentially('Alice', { delay: 40 });
  await modal.getByRole('option', { name: /Alice Admin/ }).click();
  // The choice shows as Tom Select's item; the form's own field carries the label it posts.
  await expect(modal.locator('input[name$="[assigneeLabel]"]')).toHaveValue(/Alice Admin/);
  await modal.getByRole('button', { name: 'Enregistrer et transmettre' }).click();
  const actions = page.getByTestId('source-actions');
  await expect(actions).toContainText('Afficher le mode opératoire');

  // Taken into account, processed, then closed with its efficiency synthesis.
  await actions.getByRole('link', { name: /Afficher le mode opératoire/ }).click();
  modal = page.locator('.modal.show');
  const block = modal.getByTestId('action-block');
  await block.getByTestId('transition-take_into_account').click();
  await expect(block.getByTestId('transition-processed')).toBeVisible();
  await block.getByLabel('Explication de la résolution').fill('Mode opératoire affiché au poste.');
  await block.getByTestId('transition-processed').click();
  await expect(block.getByTestId('action-notice')).toContainText('Traitée');
  await expect(block.getByTestId('transition-close')).toBeVisible();
  await block.getByLabel('Synthèse d\'efficacité').selectOption({ label: 'Causes supprimées' });
  await block.getByLabel('Date de clôture').fill(today());
  await block.getByLabel('Date de clôture').press('Escape');
  await expect(block.getByLabel('Synthèse d\'efficacité')).toHaveValue(/\d+/);
  await block.getByTestId('transition-close').click();
  await expect(block.getByTestId('action-notice')).toContainText('Clôturée');
  await expect(block.getByTestId('transition-close')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Fermer' }).first().click();

  await page.reload();
  await expect(page.getByTestId('source-actions')).toContainText('Clôturée');
  expectNoConsoleErrors(consoleErrors);
});

test('a vehicle safety visit shows the vehicle fields only for VEHICLE, with the registration required', async ({ page, consoleErrors }) => {
  const n = Date.now() % 1e6;
  await login(page, 'user');
  await openAdd(page, 'Visite sécurité (V2SE)');
  await page.getByLabel('Objet').fill(`Visite véhicule de livraison ${n}`);
  await typeDate(page, today());
  const vehicleFields = page.getByTestId('vehicle-fields');
  await expect(vehicleFields).toBeHidden();
  await page.getByLabel('Type de visite').selectOption({ label: 'Agence' });
  await expect(vehicleFields).toBeHidden();
  await page.getByLabel('Type de visite').selectOption({ label: 'Véhicule' });
  await expect(vehicleFields).toBeVisible();
  await page.getByLabel('Marque du véhicule').fill('Renault');
  await page.getByLabel('Modèle du véhicule').fill('Master');

  // The browser refuses the form without the registration, in French.
  await page.getByTestId('event-save').click();
  const registration = page.getByLabel('Immatriculation');
  await expect.poll(() => registration.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('Veuillez renseigner ce champ.');
  await expect(page).toHaveURL(/\/events\/new\/vms$/);

  // Back to an agency visit: nothing is required any more; then a vehicle again, with its registration.
  await page.getByLabel('Type de visite').selectOption({ label: 'Agence' });
  await expect(vehicleFields).toBeHidden();
  await page.getByLabel('Type de visite').selectOption({ label: 'Véhicule' });
  await registration.fill('GH-482-TK');
  await page.getByTestId('event-save').click();
  await expect(page.getByTestId('event-visit-type')).toHaveText('Véhicule');
  await expect(page.getByTestId('event-registration')).toHaveText('GH-482-TK');

  // An observation with its risk perception code.
  await page.getByTestId('finding-add').click();
  const modal = page.locator('.modal.show');
  await modal.getByLabel('Nature').selectOption({ label: 'Acte dangereux' });
  await modal.getByLabel('Description').fill('Conducteur au téléphone, moteur tournant');
  await modal.getByLabel('Perception du risque').selectOption({ label: 'PF – Perception faible' });
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('event-findings')).toContainText('Conducteur au téléphone');
  await expect(page.getByTestId('event-findings').getByTestId('risk-code')).toHaveText('PF – Perception faible');
  expectNoConsoleErrors(consoleErrors);
});

test('a custom event type made in the admin with a required question, then an event of that type filled and shown', async ({ page, consoleErrors }) => {
  const n = Date.now() % 1e6;
  const name = `Causerie sécurité ${n}`;
  await login(page, 'admin');
  await page.goto('/events');
  await page.getByTestId('event-types-link').click();
  await page.getByTestId('event-type-add').click();
  let modal = page.locator('.modal.show');
  await modal.getByLabel('Nom', { exact: true }).fill(name);
  await modal.getByLabel('Libellé dans le menu').fill(name);
  await modal.getByRole('button', { name: 'Enregistrer' }).click();

  // On to the questionnaire editor of the new type.
  await expect(page.getByTestId('editor-title')).toHaveText(name);
  await page.getByTestId('group-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Nom du groupe').fill('Déroulement');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  const group = page.locator('[data-testid="editor-group"][data-group="Déroulement"]');
  await group.getByTestId('question-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Libellé de la question').fill('Thème abordé');
  await modal.getByLabel('Type de réponse').selectOption({ label: 'Texte court' });
  await modal.getByLabel('Réponse obligatoire').check();
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(group.locator('[data-testid="editor-question"][data-question="Thème abordé"]')).toContainText('Obligatoire');

  // An event of the new type, from the "add" menu.
  await openAdd(page, name);
  await expect(page.getByRole('heading', { name: `Nouvel événement : ${name}` })).toBeVisible();
  await page.getByLabel('Objet').fill('Causerie : le port des lunettes');
  await typeDate(page, today());
  // The required answer is checked by the server: the form comes back with the message, typed values kept.
  await page.getByTestId('event-save').click();
  await expect(page.getByTestId('event-questionnaire')).toContainText('Une réponse est nécessaire');
  await expect(page.getByLabel('Objet')).toHaveValue('Causerie : le port des lunettes');
  await page.getByLabel('Thème abordé').fill('Port des lunettes en zone d\'usinage');
  await page.getByTestId('event-save').click();
  await expect(page.getByTestId('event-kind')).toHaveText(name);
  await expect(page.getByTestId('event-answers')).toContainText('Thème abordé');
  await expect(page.getByTestId('event-answers')).toContainText('Port des lunettes en zone d\'usinage');
  expectNoConsoleErrors(consoleErrors);
});
