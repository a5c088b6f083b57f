import type { Page } from '@playwright/test';
import { Client } from 'pg';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';
import { e2eDatabaseUrl } from '../support/db';

/** A site where plans may be carried out, in the admin's company. */
async function seedSite(name: string): Promise<void> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const [admin] = (await db.query(`SELECT tenant_id FROM app_user WHERE username = 'e2e.admin'`)).rows;
    const [type] = (await db.query(`INSERT INTO hierarchy_type (tenant_id, name, level, attach_pdp) VALUES ($1, 'Site', 1, true) RETURNING id`, [admin.tenant_id])).rows;
    await db.query('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3)', [admin.tenant_id, name, type.id]);
  } finally {
    await db.end();
  }
}

/** Today plus `days` in Paris, as the forms type it. */
function day(days: number): string {
  const p = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const get = (type: string) => p.find((x) => x.type === type)!.value;
  return `${get('day')}/${get('month')}/${get('year')}`;
}

async function typeDate(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Escape');
}

test('a plan is created in the browser: required fields refused first, then saved and shown with its tabs', async ({ page, consoleErrors }) => {
  const n = Date.now() % 1e6;
  const site = `Usine de Gerland ${n}`;
  const subject = `Maintenance électrique des armoires TGBT ${n}`;
  await seedSite(site);
  await login(page, 'admin');
  await page.goto('/prevention-plan/');
  await page.getByTestId('plan-add').first().click();
  await expect(page.getByRole('heading', { name: 'Nouveau plan de prévention' })).toBeVisible();

  // The server refuses a plan without its required fields (browser validation skipped on purpose).
  await page.getByLabel('Objet', { exact: true }).fill(subject);
  await page.locator('form[data-testid="plan-form"]').evaluate((f) => f.setAttribute('novalidate', ''));
  await page.getByTestId('plan-save').click();
  await expect(page.getByTestId('form-errors')).toBeVisible();
  await expect(page.getByTestId('error-description')).toHaveText('Veuillez renseigner ce champ.');
  await expect(page.getByTestId('error-workTypeIds')).toHaveText('Veuillez sélectionner au moins un type de travaux.');
  await expect(page.getByLabel('Objet', { exact: true })).toHaveValue(subject);

  await page.getByLabel("Donneur d'ordre", { exact: true }).selectOption({ label: 'Admin Alice' });
  await page.getByLabel('Site', { exact: true }).selectOption({ label: site });
  await page.getByLabel('Précision du secteur', { exact: true }).fill('Local TGBT, rez-de-chaussée');
  await page.getByLabel('Ponctuel', { exact: true }).check();
  await typeDate(page, 'Date de début', day(10));
  await typeDate(page, 'Date de fin', day(12));
  await typeDate(page, "Date d'information de l'inspection du travail", day(1));
  await page.getByLabel('Heure de début prévue', { exact: true }).fill('07:30');
  await page.getByLabel('Heure de fin prévue', { exact: true }).fill('16:30');
  await page.getByLabel('Heures de travail', { exact: true }).fill('48');
  await page.getByLabel('Maintenance courante', { exact: true }).check();
  await page.getByLabel('Description', { exact: true }).fill('Resserrage des connexions et thermographie des armoires.');
  await page.getByLabel('Intervenants', { exact: true }).fill('Deux électriciens habilités BR');
  await page.getByLabel('Procédures particulières', { exact: true }).fill('Consignation électrique par le chargé de consignation.');
  await page.getByLabel('Commentaires', { exact: true }).fill('Coupure de la ligne 2 à prévoir.');
  await page.getByTestId('plan-save').click();

  await expect(page.getByTestId('flash')).toContainText(/Le plan de prévention PDP-\d{4}-\d{4} a été créé./);
  await expect(page.getByTestId('plan-subject')).toHaveText(subject);
  await expect(page.getByTestId('plan-status')).toHaveText('Brouillon');
  await expect(page.getByTestId('plan-field-site')).toHaveText(site);
  await expect(page.getByTestId('plan-field-start')).toHaveText(day(10));
  await expect(page.getByTestId('plan-field-work-types')).toContainText('Maintenance courante');
  await page.getByTestId('plan-tab-description').click();
  await expect(page.getByTestId('plan-field-description')).toHaveText('Resserrage des connexions et thermographie des armoires.');
  await page.getByTestId('plan-tab-history').click();
  await expect(page.getByTestId('plan-pane-history')).toContainText('Création du plan');

  await page.getByTestId('plan-tab-advice').click();
  // The shown tab is kept in the address, so a reload after a modal form comes back to it.
  await expect(page).toHaveURL(/[?&]tab=advice\b/);
  await page.reload();
  await expect(page.getByTestId('plan-pane-advice')).toBeVisible();
  await page.getByTestId('advice-add').click();
  const modal = page.locator('.modal.show');
  await modal.getByLabel('Contenu').fill('Avis favorable sous réserve de la consignation.');
  await modal.getByTestId('advice-form-submit').click();
  await expect(page.getByTestId('flash')).toContainText('Votre avis a été publié.');
  await expect(page.getByTestId('plan-pane-advice')).toContainText('Avis favorable sous réserve de la consignation.');

  await page.goto('/prevention-plan/');
  await expect(page.getByTestId('plan-table')).toContainText(subject);
  expectNoConsoleErrors(consoleErrors);
});
