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

test('selected evaluations are duplicated to another entity; without a selection the button says so', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const writer = createE2eUser({ company: `DUERP duplicate ${suffix}`, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [writer.username]);
  const [type] = await sql('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [me.tenant_id, 'Site']);
  const sites = await sql('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $4), ($1, $3, $4) RETURNING id', [me.tenant_id, 'Usine de Lyon', 'Entrepôt de Nantes', type.id]);
  const [unit] = await sql('INSERT INTO work_unit (tenant_id, name) VALUES ($1, $2) RETURNING id', [me.tenant_id, 'Atelier usinage']);

  await loginWith(page, writer);
  await page.goto('/unique-document/evaluations/new');
  await expect(page.getByTestId('du-evaluation-form')).toBeVisible();
  const scale = async (kind: string, label: string) => (await sql('SELECT id FROM du_scale_value WHERE tenant_id = $1 AND kind = $2 AND label = $3', [me.tenant_id, kind, label]))[0].id;
  const [family] = await sql('SELECT id FROM du_danger_family WHERE tenant_id = $1 AND label = $2', [me.tenant_id, 'Machines et outils']);
  const [level] = await sql('SELECT id FROM du_priority_level WHERE tenant_id = $1 AND label = $2', [me.tenant_id, 'Modéré']);
  const ids: number[] = [];
  for (const situation of ['Intervention dans la zone du tour en rotation', 'Éjection de copeaux au perçage']) {
    const [e] = await sql(
      `INSERT INTO risk_evaluation (tenant_id, hierarchy_item_id, work_unit_id, danger_family_id, dangerous_situation, gravity_id, probability_id, gross_risk, control_id, priority_risk, priority_level_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 6, $8, 12, $9) RETURNING id`,
      [me.tenant_id, sites[0].id, unit.id, family.id, situation, await scale('gravity', 'Grave'), await scale('probability', 'Possible'), await scale('control', 'Moyenne'), level.id]);
    ids.push(e.id);
  }

  await page.goto('/unique-document');
  await page.getByTestId('du-duplicate').click();
  await expect(page.locator('.modal.show')).toContainText('Veuillez effectuer une sélection');
  await page.locator('.modal.show').getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.modal.show')).toHaveCount(0);

  await page.getByTestId(`du-select-${ids[1]}`).check();
  await page.getByTestId('du-duplicate').click();
  const modal = page.locator('.modal.show');
  await expect(modal.getByTestId('du-duplicate-lines')).toContainText('Éjection de copeaux au perçage');
  await expect(modal.getByTestId('du-duplicate-lines')).not.toContainText('Intervention dans la zone du tour');
  await modal.getByLabel('Entité de destination').selectOption({ label: 'Entrepôt de Nantes (Site)' });
  await modal.getByTestId('du-duplicate-save').click();
  await expect(page.getByTestId('flash')).toContainText('1 évaluation(s) dupliquée(s) vers « Entrepôt de Nantes ».');
  const copies = await sql('SELECT dangerous_situation FROM risk_evaluation WHERE tenant_id = $1 AND hierarchy_item_id = $2', [me.tenant_id, sites[1].id]);
  expect(copies).toEqual([{ dangerous_situation: 'Éjection de copeaux au perçage' }]);
  expectNoConsoleErrors(consoleErrors);
});
