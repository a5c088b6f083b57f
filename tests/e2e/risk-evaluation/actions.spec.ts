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

test('an action is added to an evaluation from its actions modal, through the action plan, and the document shows its progress', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const writer = createE2eUser({ company: `DUERP actions ${suffix}`, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [writer.username]);
  const [type] = await sql('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [me.tenant_id, 'Site']);
  const [site] = await sql('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [me.tenant_id, 'Usine de Lyon', type.id]);
  const [unit] = await sql('INSERT INTO work_unit (tenant_id, name) VALUES ($1, $2) RETURNING id', [me.tenant_id, 'Atelier usinage']);

  await loginWith(page, writer);
  // The first reads give the company its default scales, levels and families.
  await page.goto('/unique-document');
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await page.goto('/unique-document/evaluations/new');
  await expect(page.getByTestId('du-evaluation-form')).toBeVisible();
  const scale = async (kind: string, label: string) => (await sql('SELECT id FROM du_scale_value WHERE tenant_id = $1 AND kind = $2 AND label = $3', [me.tenant_id, kind, label]))[0].id;
  const [family] = await sql('SELECT id FROM du_danger_family WHERE tenant_id = $1 AND label = $2', [me.tenant_id, 'Machines et outils']);
  const [level] = await sql('SELECT id FROM du_priority_level WHERE tenant_id = $1 AND label = $2', [me.tenant_id, 'Modéré']);
  const [evaluation] = await sql(
    `INSERT INTO risk_evaluation (tenant_id, hierarchy_item_id, work_unit_id, danger_family_id, dangerous_situation, gravity_id, probability_id, gross_risk, control_id, priority_risk, priority_level_id, supervisor_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 6, $8, 12, $9, $10) RETURNING id`,
    [me.tenant_id, site.id, unit.id, family.id, 'Intervention dans la zone du tour en rotation', await scale('gravity', 'Grave'), await scale('probability', 'Possible'), await scale('control', 'Moyenne'), level.id, me.id]);

  await page.goto('/unique-document');
  const progress = page.getByTestId(`du-actions-${evaluation.id}`);
  await expect(progress).toHaveText('0/0');
  await progress.click();
  let modal = page.locator('.modal.show');
  await expect(modal.getByTestId('du-actions-modal')).toContainText('Intervention dans la zone du tour en rotation');
  await expect(modal.getByTestId('empty-state')).toContainText('Aucune action pour cette évaluation.');

  // The action plan's quick add opens over it, knowing its source.
  await modal.getByTestId('du-action-add').click();
  modal = page.locator('.modal.show').last();
  await expect(modal.getByTestId('quick-add-source')).toContainText(`Évaluation des risques n°${evaluation.id}`);
  await modal.getByLabel('Action à mener').fill('Poser un carter de protection sur le tour');
  await modal.getByLabel('Responsable').pressSequentially('Claire', { delay: 40 });
  await modal.getByRole('option', { name: /Claire Martin/ }).click();
  // The choice shows as Tom Select's item; the form's own field carries the label it posts.
  await expect(modal.locator('input[name$="[assigneeLabel]"]')).toHaveValue(/Claire Martin/);
  await modal.getByLabel('Action immédiate').check();
  await modal.getByRole('button', { name: 'Enregistrer et transmettre' }).click();

  // The document shows the new action in its progress, and the modal lists it.
  await expect(page.getByTestId('flash')).toContainText('a été créée et transmise à son responsable.');
  await expect(page.getByTestId(`du-actions-${evaluation.id}`)).toHaveText('0/1');
  await page.getByTestId(`du-actions-${evaluation.id}`).click();
  const table = page.locator('.modal.show').getByTestId('du-actions-table');
  await expect(table).toContainText('Poser un carter de protection sur le tour');
  await expect(table).toContainText('En attente de prise en compte');
  await expect(table).toContainText('Claire Martin');
  // Immediate, no deadline.
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText('Oui');
  await expect(table.locator('tbody tr').first().locator('td').nth(2)).toHaveText('—');
  const [stored] = await sql('SELECT source_type, source_id, hierarchy_item_id FROM action WHERE tenant_id = $1', [me.tenant_id]);
  expect(stored).toEqual({ source_type: 'risk_evaluation', source_id: evaluation.id, hierarchy_item_id: site.id });
  expectNoConsoleErrors(consoleErrors);
});
