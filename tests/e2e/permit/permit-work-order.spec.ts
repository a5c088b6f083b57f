import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { iso, french } from '../support/dates';

// Issue 25 item 11: a fire permit created from a work order takes its sector and offers the plan's outside workers.

test.describe.configure({ timeout: 120_000 });

/** A plan in operation with two sectors of its site, a work order in the second, and an outside company with a worker. */
async function seed(username: string, suffix: string): Promise<{ workOrderId: number }> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const one = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0];
    const me = await one('SELECT id, tenant_id FROM app_user WHERE username = $1', [username]);
    const t = me.tenant_id;
    const type = await one(`INSERT INTO hierarchy_type (tenant_id, name, level, attach_pdp) VALUES ($1, 'Site', 1, true) RETURNING id`, [t]);
    const item = await one('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [t, `Usine de Feyzin ${suffix}`, type.id]);
    await one(`INSERT INTO sector (tenant_id, item_id, name) VALUES ($1, $2, 'Atelier chaudronnerie') RETURNING id`, [t, item.id]);
    const boiler = await one(`INSERT INTO sector (tenant_id, item_id, name) VALUES ($1, $2, 'Chaufferie') RETURNING id`, [t, item.id]);
    const plan = await one(
      `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, hierarchy_item_id, status, start_date, end_date)
       VALUES ($1, $2, 'Réparation de la chaudière', $3, $3, $4, 'in_operation', $5, $6) RETURNING id`, [t, `PDP-BT-${suffix}`, me.id, item.id, iso(-3), iso(30)]);
    const wo = await one(`INSERT INTO work_order (tenant_id, plan_id, number, start_date, end_date, sector_id) VALUES ($1, $2, $3, $4, $4, $5) RETURNING id`,
      [t, plan.id, `BT-${suffix}`, iso(0), boiler.id]);
    const company = await one(`INSERT INTO plan_company (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'EE', 'Soudures Durand SARL') RETURNING id`, [t, plan.id]);
    await one(`INSERT INTO plan_staff (tenant_id, plan_id, plan_company_id, first_name, last_name) VALUES ($1, $2, $3, 'Julie', 'Roche') RETURNING id`, [t, plan.id, company.id]);
    return { workOrderId: wo.id };
  } finally {
    await db.end();
  }
}

test('from a work order, the fire permit takes its sector and names the plan\'s outside worker', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const user = createE2eUser({ company: `Permis BT ${suffix}`, role: 'super_admin', firstName: 'Hélène', lastName: 'Garnier' });
  const { workOrderId } = await seed(user.username, suffix);
  await loginWith(page, user);

  await page.goto(`/work-order/${workOrderId}`);
  await page.getByTestId('work-order-fire-permit').click();
  const form = page.getByTestId('permit-form');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Secteur')).toHaveValue(/\d+/);
  await expect(form.getByLabel('Secteur').locator('option:checked')).toHaveText(`Usine de Feyzin ${suffix} – Chaufferie`);
  await expect(form.locator('#permit_workOrderId option:checked')).toHaveText(`BT-${suffix}`);
  await form.getByLabel('Description').fill('Soudure sur la chaudière 2');
  for (const [label, value] of [['Début', french(0)], ['Fin', french(0)]]) {
    const input = form.getByLabel(label, { exact: true });
    await input.fill(value);
    await input.press('Tab');
  }
  await form.getByLabel('Description').click();
  await form.locator('#permit_startTime').fill('08:00');
  await form.locator('#permit_endTime').fill('17:00');
  await form.locator('#permit_workerStaffIds').selectOption({ label: 'Julie Roche (Soudures Durand SARL)' });
  await form.getByTestId('permit-save').click();
  await expect(page).toHaveURL(/\/fire-permit\/\d+$/);
  await expect(page.getByText('Julie Roche (Soudures Durand SARL)')).toBeVisible();
  await expect(page.getByText('Chaufferie', { exact: true })).toBeVisible();
  expectNoConsoleErrors(consoleErrors);
});
