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

/**
 * The form controls under `root` that a screen reader could not name: no `<label for>`, no wrapping
 * label, no `aria-label` / `aria-labelledby` (the project has no axe dependency; this is its first rule).
 */
async function unlabelledControls(page: import('@playwright/test').Page, root: string): Promise<string[]> {
  return page.locator(root).first().evaluate((el) => Array.from(el.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), select, textarea'))
    .filter((c) => !(c.labels && c.labels.length) && !c.getAttribute('aria-label') && !c.getAttribute('aria-labelledby'))
    .map((c) => c.name || c.id || c.outerHTML.slice(0, 80)));
}

test('an evaluation is written with its rating computed live, then saved and listed with its level', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const writer = createE2eUser({ company: `DUERP E2E ${suffix}`, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  const [me] = await sql('SELECT tenant_id FROM app_user WHERE username = $1', [writer.username]);
  const [type] = await sql('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [me.tenant_id, 'Site']);
  const [site] = await sql('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [me.tenant_id, 'Usine de Lyon', type.id]);
  const units = await sql('INSERT INTO work_unit (tenant_id, name) VALUES ($1, $2), ($1, $3) RETURNING id', [me.tenant_id, 'Atelier usinage', 'Quais de chargement']);
  await sql('INSERT INTO du_workstation (tenant_id, name, hierarchy_item_id, work_unit_id) VALUES ($1, $2, $3, $4), ($1, $5, $3, $6)',
    [me.tenant_id, 'Tour à commande numérique', site.id, units[0].id, 'Cariste', units[1].id]);

  await loginWith(page, writer);
  await page.goto('/unique-document');
  await expect(page.getByRole('heading', { name: 'Document unique', exact: true })).toBeVisible();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  // The default levels are the legend.
  await expect(page.getByTestId('du-legend')).toContainText('Critique à partir de 33');

  await page.getByTestId('du-evaluation-add').click();
  const form = page.getByTestId('du-evaluation-form');
  await expect(page.getByRole('heading', { name: 'Nouvelle évaluation des risques' })).toBeVisible();
  // The entity and the work unit re-post their block (risk_evaluation_form) for the workstations on offer.
  const placeBlock = form.getByTestId('du-place-block');
  await form.getByLabel('Entité').selectOption({ label: 'Usine de Lyon (Site)' });
  await expect(placeBlock).not.toHaveAttribute('aria-busy', 'true');
  await form.getByLabel('Unité de travail').selectOption({ label: 'Atelier usinage' });
  await expect(placeBlock).not.toHaveAttribute('aria-busy', 'true');
  await expect(form.getByLabel('Unité de travail')).toHaveValue(/\d+/);
  // The workstations on offer are those of that entity and work unit.
  await expect(form.getByLabel('Poste de travail').locator('option')).toHaveText(['—', 'Tour à commande numérique']);
  await form.getByLabel('Poste de travail').selectOption({ label: 'Tour à commande numérique' });

  // The danger family re-posts its block: the risks of that family come back, each with its injuries.
  await form.getByLabel('Famille de danger').selectOption({ label: 'Chutes de plain-pied' });
  const risks = form.getByTestId('du-risks-select');
  await expect(risks.locator('option')).toHaveText(['Glissade sur sol mouillé ou gras', 'Trébuchement sur un obstacle ou un sol inégal']);
  await risks.selectOption([{ label: 'Glissade sur sol mouillé ou gras' }, { label: 'Trébuchement sur un obstacle ou un sol inégal' }]);
  await expect(form.getByTestId('du-possible-damages')).toHaveText('Entorse, Fracture, Contusion, Plaie');
  await form.getByLabel('Situation dangereuse').fill('Sol glissant autour des machines à cause des fuites d\'huile');

  // The rating follows each change, before anything is saved.
  const gross = form.getByTestId('du-gross-risk');
  const priority = form.getByTestId('du-priority-risk');
  const level = form.getByTestId('du-priority-level');
  await form.getByLabel('Gravité', { exact: true }).selectOption({ label: 'Modérée (2)' });
  await form.getByLabel('Probabilité initiale').selectOption({ label: 'Possible (2)' });
  await expect(gross).toHaveText('4');
  await expect(priority).toHaveText('—');
  await form.getByLabel('Maîtrise du risque').selectOption({ label: 'Bonne (1)' });
  await expect(priority).toHaveText('4');
  await expect(level).toHaveText('Faible');
  await form.getByLabel('Maîtrise du risque').selectOption({ label: 'Nulle (4)' });
  await expect(priority).toHaveText('16');
  await expect(level).toHaveText('Modéré');
  await form.getByLabel('Gravité', { exact: true }).selectOption({ label: 'Très grave (4)' });
  await expect(gross).toHaveText('8');
  await expect(priority).toHaveText('32');
  await expect(level).toHaveText('Élevé');
  await form.getByLabel('Probabilité initiale').selectOption({ label: 'Très probable (4)' });
  await expect(gross).toHaveText('16');
  await expect(priority).toHaveText('64');
  await expect(level).toHaveText('Critique');

  await form.getByLabel('Fréquence d\'exposition').fill('Quotidienne');
  expect(await unlabelledControls(page, '[data-testid="du-evaluation-form"]')).toEqual([]);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText('L\'évaluation a été ajoutée au document unique.');
  const row = page.getByTestId('du-evaluation-table').locator('tbody tr').first();
  await expect(row).toHaveAttribute('data-level', 'Critique');
  await expect(row).toContainText('Atelier usinage');
  await expect(row).toContainText('64');
  await expect(row).toContainText('Tour à commande numérique');
  expect(await unlabelledControls(page, 'main')).toEqual([]);

  // Opened again, the server's figures are those the browser showed.
  await row.getByRole('link', { name: /Sol glissant/ }).click();
  await expect(page.getByRole('heading', { name: 'Modifier l\'évaluation des risques' })).toBeVisible();
  await expect(page.getByTestId('du-priority-risk')).toHaveText('64');
  await expect(page.getByTestId('du-possible-damages')).toHaveText('Entorse, Fracture, Contusion, Plaie');
  expectNoConsoleErrors(consoleErrors);
});
