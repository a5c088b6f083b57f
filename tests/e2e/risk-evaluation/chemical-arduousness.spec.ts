import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';

/** Runs SQL on the run's database. */
async function sql(text: string, params: unknown[] = []): Promise<Array<Record<string, any>>> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    return (await db.query(text, params)).rows;
  } finally {
    await db.end();
  }
}

test('a chemical product is added with its pictograms and safety data sheet, and an arduousness exposure with its re-posted constraint is flagged', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const writer = createE2eUser({ company: `DUERP chimie ${suffix}`, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [writer.username]);
  const [type] = await sql('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [me.tenant_id, 'Site']);
  const [site] = await sql('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [me.tenant_id, 'Usine de Lyon', type.id]);
  await sql('INSERT INTO employee (tenant_id, last_name, first_name) VALUES ($1, $2, $3)', [me.tenant_id, 'Durand', 'Paul']);

  await loginWith(page, writer);
  // Chemical risk: a product with two pictograms and its SDS (PDF) dated 4 years ago: flagged.
  await page.goto('/unique-document/chemicals');
  await expect(page.getByTestId('du-tabs')).toContainText('Risque chimique');
  await page.getByTestId('du-chemical-add').click();
  let modal = page.locator('.modal.show');
  await expect(modal.getByTestId('du-chemical-form')).toBeVisible();
  await modal.getByLabel('Produit', { exact: true }).fill('Acétone');
  await modal.getByLabel('Fabricant').fill('Brenntag');
  await modal.getByLabel('Entité').selectOption(String(site.id));
  await modal.getByRole('checkbox', { name: 'SGH02 — Flamme' }).check();
  await modal.getByRole('checkbox', { name: 'SGH07 — Point d\'exclamation' }).check();
  await modal.getByLabel('Moyens de prévention préconisés').fill('Gants butyle, travail sous sorbonne');
  await modal.getByLabel('Fiche de données de sécurité', { exact: true }).setInputFiles({ name: 'FDS acétone.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1') });
  const old = new Date(Date.now() - 4 * 366 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await modal.getByLabel('Date de la fiche de données de sécurité').fill(old);
  await modal.getByTestId('du-save').click();
  await expect(page.getByTestId('flash')).toContainText('Le produit chimique a été ajouté.');
  const line = page.getByTestId('du-chemical-table').locator('tr', { hasText: 'Acétone' });
  await expect(line.locator('[data-ghs="GHS02"]')).toBeVisible();
  await expect(line.locator('[data-ghs="GHS07"]')).toBeVisible();
  await expect(line.getByTestId('du-sds-outdated')).toHaveText('FDS de plus de 3 ans');
  const download = page.waitForEvent('download');
  await line.getByRole('link', { name: /Télécharger la fiche de données de sécurité/ }).click();
  expect((await download).suggestedFilename()).toBe('FDS acétone.pdf');

  // Arduousness: choosing the criterion re-posts the block and offers its constraints only.
  await page.getByTestId('du-tabs').getByRole('link', { name: 'Pénibilité' }).click();
  await page.getByTestId('du-arduousness-add').click();
  modal = page.locator('.modal.show');
  await expect(modal.getByTestId('du-arduousness-form')).toBeVisible();
  await modal.getByLabel('Entité').selectOption(String(site.id));
  await modal.getByLabel('Critère').selectOption({ label: 'Travail de nuit' });
  const block = modal.getByTestId('du-criterion-block');
  await expect(block).not.toHaveAttribute('aria-busy', 'true');
  await expect(modal.getByLabel('Contrainte').locator('option')).toHaveCount(2);
  await modal.getByLabel('Contrainte').selectOption({ index: 1 });
  await expect(modal.getByLabel('Contrainte')).toContainText('seuil : 120 nuits par an');
  await modal.getByLabel('Durée / fréquence annuelle').fill('130');
  await modal.getByLabel('Salariés concernés').selectOption({ label: 'Paul Durand' });
  await modal.getByLabel('Commentaire').fill('Réception des camions de 4 h à 6 h');
  await modal.getByTestId('du-save').click();
  await expect(page.getByTestId('flash')).toContainText('L\'exposition a été ajoutée.');
  const exposure = page.getByTestId('du-arduousness-table').locator('tr', { hasText: 'Travail de nuit' });
  await expect(exposure.getByTestId('du-exposure-flagged')).toHaveText('Seuil atteint');
  await expect(exposure).toContainText('Paul Durand');
  expectNoConsoleErrors(consoleErrors);
});
