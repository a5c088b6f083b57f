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

test('the indicators page draws the document\'s lines per work unit as stacked bars by level', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const writer = createE2eUser({ company: `DUERP indicators ${suffix}`, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [writer.username]);
  const [type] = await sql('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [me.tenant_id, 'Site']);
  const [site] = await sql('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [me.tenant_id, 'Usine de Lyon', type.id]);
  const [unit] = await sql('INSERT INTO work_unit (tenant_id, name) VALUES ($1, $2) RETURNING id', [me.tenant_id, 'Atelier usinage']);

  await loginWith(page, writer);
  await page.goto('/unique-document/evaluations/new');
  await expect(page.getByTestId('du-evaluation-form')).toBeVisible();
  const scale = async (kind: string, label: string) => (await sql('SELECT id FROM du_scale_value WHERE tenant_id = $1 AND kind = $2 AND label = $3', [me.tenant_id, kind, label]))[0].id;
  const [family] = await sql('SELECT id FROM du_danger_family WHERE tenant_id = $1 AND label = $2', [me.tenant_id, 'Machines et outils']);
  const [level] = await sql('SELECT id FROM du_priority_level WHERE tenant_id = $1 AND label = $2', [me.tenant_id, 'Modéré']);
  await sql(
    `INSERT INTO risk_evaluation (tenant_id, hierarchy_item_id, work_unit_id, danger_family_id, dangerous_situation, gravity_id, probability_id, gross_risk, control_id, priority_risk, priority_level_id)
     VALUES ($1, $2, $3, $4, 'Intervention dans la zone du tour', $5, $6, 6, $7, 12, $8)`,
    [me.tenant_id, site.id, unit.id, family.id, await scale('gravity', 'Grave'), await scale('probability', 'Possible'), await scale('control', 'Moyenne'), level.id]);

  await page.goto('/unique-document');
  await page.getByTestId('du-indicators').click();
  await expect(page.getByRole('heading', { name: 'Indicateurs du document unique' })).toBeVisible();
  const widget = page.getByTestId('widget-du-by-work-unit');
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.getByTestId('dashboard-widget')).toHaveAttribute('data-state', 'ready');
  await expect(widget.getByTestId('widget-chart')).toBeVisible();
  await expect(widget).toContainText('Atelier usinage');
  expectNoConsoleErrors(consoleErrors);
});
