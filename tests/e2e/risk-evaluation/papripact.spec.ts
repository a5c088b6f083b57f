import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

/** This year in Paris, as the programme's default year. */
const YEAR = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date()));

test('the PAPRIPACT is opened from the document\'s tabs, a measure added, its line edited (French message, typed values kept) and printed', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const writer = createE2eUser({ company: `DUERP PAPRIPACT ${suffix}`, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [writer.username]);
  const [type] = await sql('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [me.tenant_id, 'Site']);
  const [site] = await sql('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [me.tenant_id, 'Usine de Lyon', type.id]);
  const [unit] = await sql('INSERT INTO work_unit (tenant_id, name) VALUES ($1, $2) RETURNING id', [me.tenant_id, 'Atelier usinage']);
  // The company declares 60 employees (global setting): the PAPRIPACT is due from 50.
  await sql(`INSERT INTO setting (tenant_id, code, value) VALUES ($1, 'declared_headcount', '60')`, [me.tenant_id]);

  await loginWith(page, writer);
  // The first reads give the company its default scales, levels and families.
  await page.goto('/unique-document/evaluations/new');
  await expect(page.getByTestId('du-evaluation-form')).toBeVisible();
  const scale = async (kind: string, label: string) => (await sql('SELECT id FROM du_scale_value WHERE tenant_id = $1 AND kind = $2 AND label = $3', [me.tenant_id, kind, label]))[0].id;
  const [family] = await sql('SELECT id FROM du_danger_family WHERE tenant_id = $1 AND label = $2', [me.tenant_id, 'Machines et outils']);
  const [level] = await sql('SELECT id FROM du_priority_level WHERE tenant_id = $1 AND label = $2', [me.tenant_id, 'Modéré']);
  const [evaluation] = await sql(
    `INSERT INTO risk_evaluation (tenant_id, hierarchy_item_id, work_unit_id, danger_family_id, dangerous_situation, gravity_id, probability_id, gross_risk, control_id, priority_risk, priority_level_id, supervisor_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 6, $8, 12, $9, $10) RETURNING id`,
    [me.tenant_id, site.id, unit.id, family.id, 'Intervention dans la zone du tour en rotation', await scale('gravity', 'Grave'), await scale('probability', 'Possible'), await scale('control', 'Moyenne'), level.id, me.id]);

  // The document's navigation leads to the programme.
  await page.goto('/unique-document');
  await page.getByTestId('du-tabs').getByRole('link', { name: 'PAPRIPACT' }).click();
  await expect(page).toHaveURL(/\/unique-document\/papripact$/);
  await expect(page.getByTestId('du-tab-papripact')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('du-papripact-choose')).toBeVisible();
  const filters = page.getByTestId('du-papripact-filters');
  await filters.getByLabel('Entité').selectOption({ label: 'Usine de Lyon (Site)' });
  await expect(filters.getByLabel('Année')).toHaveValue(String(YEAR));
  await filters.getByRole('button', { name: 'Filtrer' }).click();
  await expect(page.getByTestId('du-papripact-empty')).toHaveText('Aucune action pour ce programme.');

  // The evaluation has no measure yet: one is added to it through the action plan's quick add.
  const uncovered = page.getByTestId('du-papripact-uncovered');
  await expect(uncovered).toContainText('Intervention dans la zone du tour en rotation');
  await uncovered.locator(`tr[data-papripact-evaluation="${evaluation.id}"]`).getByRole('link', { name: 'Ajouter une mesure' }).click();
  let modal = page.locator('.modal.show').last();
  await expect(modal.getByTestId('quick-add-source')).toContainText(`Évaluation des risques n°${evaluation.id}`);
  await modal.getByLabel('Action à mener').fill('Poser un carter de protection sur le tour');
  await modal.getByLabel('Responsable').pressSequentially('Claire', { delay: 40 });
  await modal.getByRole('option', { name: /Claire Martin/ }).click();
  await modal.getByLabel('Échéance').fill(`31/12/${YEAR}`);
  await modal.getByLabel('Échéance').press('Tab');
  await modal.getByRole('button', { name: 'Enregistrer et transmettre' }).click();

  // The line is in this year's programme, with its deadline and owner; the evaluation is no longer without a measure.
  await expect(page.getByTestId('flash')).toContainText('a été créée et transmise à son responsable.');
  const table = page.getByTestId('du-papripact-table');
  await expect(table.locator('caption')).toHaveText(`PAPRIPACT ${YEAR} – Usine de Lyon`);
  const [action] = await sql('SELECT id FROM action WHERE tenant_id = $1 AND source_type = $2 AND source_id = $3', [me.tenant_id, 'risk_evaluation', evaluation.id]);
  const line = table.locator(`tr[data-papripact-action="${action.id}"]`);
  await expect(line).toContainText('Poser un carter de protection sur le tour');
  await expect(line).toContainText(`31/12/${YEAR}`);
  await expect(line).toContainText('Claire Martin');
  await expect(page.getByTestId('du-papripact-uncovered')).toHaveCount(0);

  // Its programme fields: a bad cost comes back with the French message, what was typed kept.
  await line.getByTestId('du-papripact-edit').click();
  modal = page.locator('.modal.show').last();
  await expect(modal).toContainText(`Année ${YEAR}`);
  await modal.getByLabel("Conditions d'exécution").fill('Pendant l\'arrêt technique de décembre');
  await modal.getByLabel('Indicateur de résultat').fill('Zéro intervention tour en marche');
  await modal.getByLabel('Coût estimé (€)').fill('beaucoup');
  await modal.getByTestId('du-save').click();
  modal = page.locator('.modal.show').last();
  await expect(modal.getByTestId('error-cost')).toHaveText('Saisissez un montant en euros, par exemple 1 500,00.');
  await expect(modal.getByLabel("Conditions d'exécution")).toHaveValue('Pendant l\'arrêt technique de décembre');
  await expect(modal.getByLabel('Indicateur de résultat')).toHaveValue('Zéro intervention tour en marche');
  await expect(modal.getByLabel('Coût estimé (€)')).toHaveValue('beaucoup');
  await modal.getByLabel('Coût estimé (€)').fill('1 250,50');
  await modal.getByTestId('du-save').click();
  await expect(page.getByTestId('flash')).toContainText('La ligne du programme a été enregistrée.');
  const saved = page.getByTestId('du-papripact-table').locator(`tr[data-papripact-action="${action.id}"]`);
  await expect(saved).toContainText('Pendant l\'arrêt technique de décembre');
  await expect(saved).toContainText('Zéro intervention tour en marche');
  await expect(saved).toContainText('1250,50 €');

  // The programme printed: the link answers a PDF (200, application/pdf) naming the measure and its cost.
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/unique-document/papripact/pdf')),
    page.getByTestId('du-papripact-pdf').click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  // The browser shows it in its viewer; the same address read again gives the document's bytes.
  const pdf = await (await page.request.get(response.url())).body();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'papripact-e2e-'));
  const file = path.join(dir, 'papripact.pdf');
  fs.writeFileSync(file, pdf);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  fs.rmSync(dir, { recursive: true, force: true });
  expect(text).toContain(`PAPRIPACT ${YEAR}`);
  // The measure wraps in its column.
  expect(text).toContain('Poser un carter de');
  expect(text).toContain('1250,50 €');
  expect(text).toContain(`31/12/${YEAR}`);
  expectNoConsoleErrors(consoleErrors);
});
