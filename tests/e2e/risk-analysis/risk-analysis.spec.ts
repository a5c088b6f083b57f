import { Client } from 'pg';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';
import { e2eDatabaseUrl } from '../support/db';

/** A plan of the admin's company, created by him, with its user company and an outside company. */
async function makePlan(subject: string): Promise<number> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const { rows: [admin] } = await db.query(`SELECT id, tenant_id FROM app_user WHERE username = 'e2e.admin'`);
    const { rows: [plan] } = await db.query(
      'INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id) VALUES ($1, $2, $3, $4) RETURNING id',
      [admin.tenant_id, `PDP-RA-${Date.now() % 1e6}`, subject, admin.id]);
    await db.query(`INSERT INTO plan_company (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'EU', 'Usine Nord'), ($1, $2, 'EE', 'Électro Services')`, [admin.tenant_id, plan.id]);
    return plan.id;
  } finally {
    await db.end();
  }
}

test('builds the risk analysis of a plan from a template', async ({ page, consoleErrors }) => {
  const template = `Maintenance de convoyeur ${Date.now() % 1e6}`;
  const planId = await makePlan('Remplacement des moteurs du convoyeur');
  await login(page, 'admin');

  // A template with two risk areas.
  await page.goto('/admin/risk-analysis-templates');
  await page.getByTestId('template-add').click();
  let modal = page.locator('.modal.show');
  await modal.getByLabel('Nom').fill(template);
  await modal.getByTestId('form-save').click();
  await expect(page.getByTestId('template-name')).toHaveText(template);

  await page.getByTestId('area-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Nom').fill('Électricité');
  await modal.getByLabel('Entreprise responsable').selectOption({ label: 'Entreprise extérieure (EE)' });
  await modal.getByLabel('Cochée par défaut').check();
  await modal.getByLabel('Électrisation par contact direct').check();
  await modal.getByLabel('Consignation électrique avant intervention').check();
  await modal.getByTestId('form-save').click();
  await expect(page.locator('tr[data-row="Électricité"]')).toContainText('Électrisation par contact direct');

  await page.getByTestId('area-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Nom').fill('Circulation');
  await modal.getByTestId('form-save').click();
  await expect(page.locator('tr[data-row="Circulation"]')).toBeVisible();

  // The plan's analysis from the template.
  await page.goto(`/prevention-plan/${planId}?tab=risk_analysis`);
  let pane = page.getByTestId('plan-pane-risk_analysis');
  await pane.getByLabel('Modèle').selectOption({ label: template });
  await pane.getByTestId('risk-analysis-create-submit').click();
  pane = page.getByTestId('plan-pane-risk_analysis');
  await expect(pane).toContainText(`Créée à partir du modèle « ${template} ».`);
  await expect(pane.locator('tr[data-row="Électricité"]')).toContainText('Oui');
  await expect(pane.locator('tr[data-row="Électricité"]')).toContainText('Électro Services');
  await expect(pane.locator('tr[data-row="Circulation"]')).toContainText('Non renseigné');
  await expect(page.getByTestId('plan-completeness')).toContainText('L\'analyse des risques doit comporter au moins une phase d\'activité.');
  await expect(page.getByTestId('plan-completeness')).toContainText('La zone de risque « Circulation » doit indiquer si elle est concernée.');

  await pane.getByTestId('phase-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Description').fill('Dépose et pose des moteurs');
  await modal.getByLabel('Entreprise').selectOption({ label: 'Électro Services (EE)' });
  await modal.getByTestId('form-save').click();
  pane = page.getByTestId('plan-pane-risk_analysis');
  await expect(pane.getByTestId('phase-table')).toContainText('Dépose et pose des moteurs');

  await pane.getByRole('link', { name: 'Modifier Électricité' }).click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('1. Dépose et pose des moteurs').check();
  await modal.getByTestId('form-save').click();
  pane = page.getByTestId('plan-pane-risk_analysis');
  await pane.getByRole('link', { name: 'Modifier Circulation' }).click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Non', { exact: true }).check();
  await modal.getByTestId('form-save').click();
  await expect(page.getByTestId('plan-pane-risk_analysis').locator('tr[data-row="Circulation"]')).toContainText('Non');
  await expect(page.getByTestId('plan-completeness')).not.toContainText('analyse des risques');
  await expect(page.getByTestId('plan-completeness')).not.toContainText('zone de risque');

  // An interference risk rated before and after its measures.
  await page.getByTestId('plan-tab-interference').click();
  await page.getByTestId('interference-add').click();
  modal = page.locator('.modal.show');
  await modal.getByLabel('Libellé').fill('Levage au-dessus de la zone de câblage');
  await modal.getByLabel('Probabilité initiale').selectOption({ label: 'Probable' });
  await modal.getByLabel('Conséquence initiale').selectOption({ label: 'Très grave' });
  await modal.getByLabel('Probabilité résiduelle').selectOption({ label: 'Improbable' });
  await modal.getByLabel('Conséquence résiduelle').selectOption({ label: 'Très grave' });
  await modal.getByLabel('Personne en charge').fill('Chef de chantier');
  await modal.getByTestId('form-save').click();
  const row = page.getByTestId('plan-pane-interference').locator('tr[data-row="Levage au-dessus de la zone de câblage"]');
  await expect(row.getByTestId('initial')).toContainText('C4 × P3 · 12');
  await expect(row.getByTestId('initial')).toContainText('Inacceptable');
  await expect(row.getByTestId('residual')).toContainText('Modéré');
  expectNoConsoleErrors(consoleErrors);
});
