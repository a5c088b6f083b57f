import { Client } from 'pg';
import { expectAccessible } from '../support/axe';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { comment, signInModal } from '../support/signing';
import { french, iso } from '../support/dates';

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

test('a work order and a permit on a machine not locked out: « Valider » and the before-work step are drawn disabled with their reason, enabled once the slip is consigned', async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now() % 1_000_000}`;
  const user = createE2eUser({ company: `Consignation BT ${suffix}`, role: 'super_admin', firstName: 'Sophie', lastName: 'Lefebvre' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [user.username]);
  const [plan] = await sql(
    `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, status, start_date, end_date)
     VALUES ($1, $2, 'Révision de la presse', $3, $3, 'in_operation', $4, $5) RETURNING id`, [me.tenant_id, `PDP-CONS-${suffix}`, me.id, iso(-3), iso(30)]);
  await sql(`INSERT INTO plan_company (tenant_id, plan_id, kind, name, first_name, last_name) VALUES ($1, $2, 'EE', 'Maintenance Services', 'Julien', 'Morel')`, [me.tenant_id, plan.id]);
  const code = `PRS-${suffix}`;
  const [machine] = await sql("INSERT INTO lockout_machine (tenant_id, code, name) VALUES ($1, $2, 'Presse hydraulique') RETURNING id", [me.tenant_id, code]);
  const [slip] = await sql(`INSERT INTO lockout_slip (tenant_id, number, machine_id, subject, state) VALUES ($1, $2, $3, 'Remplacement du vérin', 'awaiting_consignment') RETURNING id`,
    [me.tenant_id, `CONS-E2E-${suffix}`, machine.id]);

  await loginWith(page, user);
  await page.goto(`/prevention-plan/${plan.id}?tab=work_orders`);
  await page.getByTestId('work-order-add').click();
  const form = page.getByTestId('work-order-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Entreprise').selectOption({ label: 'Maintenance Services (EE)' });
  await form.getByLabel('Machine', { exact: true }).selectOption({ label: `${code} – Presse hydraulique` });
  for (const [label, value] of [['Date de début', french(0)], ['Date de fin', french(1)]]) {
    const input = form.getByLabel(label, { exact: true });
    await input.fill(value);
    await input.press('Tab');
  }
  await page.keyboard.press('Escape').catch(() => undefined);
  await form.getByLabel('Nature des travaux').fill('Remplacement du vérin principal');
  await expectAccessible(page, 'formulaire du bon de travail avec la machine', '[data-testid="work-order-form"]');
  await form.getByTestId('work-order-submit').click();
  await expect(page).toHaveURL(/\/work-order\/\d+$/);
  const state = page.getByTestId('work-order-state');
  await expect(page.getByTestId('work-order-details')).toContainText(`${code} – Presse hydraulique`);

  await page.getByTestId('transition-send').click();
  await expect(state).toHaveText('En attente de validation');
  await page.getByTestId('transition-sign').click();
  await signInModal(page);
  await page.getByTestId('transition-sign').click();
  await signInModal(page);

  // Both start signatures given, only the lockout keeps it from being validated: « Valider » is drawn disabled, its reason beside it.
  const validate = page.getByTestId('transition-validate');
  await expect(validate).toBeDisabled();
  const reason = `La machine Presse hydraulique (${code}) n'est pas consignée : la consignation doit être faite avant les travaux.`;
  const blocker = page.getByTestId('transition-blocker').filter({ hasText: 'Valider' });
  await expect(blocker).toContainText('bloquant');
  await expect(blocker).toContainText(reason);
  await expect(validate).toHaveAttribute('aria-describedby', (await blocker.getAttribute('id'))!);
  await expectAccessible(page, 'bon de travail bloqué par la consignation');

  // A fire permit on the same machine: its before-work step, the permit's validation, is drawn disabled with the same reason.
  const [permit] = await sql(`INSERT INTO permit (tenant_id, type, number, state, plan_id, description, start_at, end_at, machine_id, manager_id, created_by_id)
    VALUES ($1, 'fire', $2, 'draft', $3, 'Meulage du bâti de la presse', now(), now() + interval '4 hours', $4, $5, $5) RETURNING id`, [me.tenant_id, `PF-E2E-${suffix}`, plan.id, machine.id, me.id]);
  const workOrderUrl = page.url();
  await page.goto(`/fire-permit/${permit.id}`);
  await expect(page.getByTestId('permit-step-before')).toBeDisabled();
  await expect(page.getByTestId('transition-blocker')).toContainText(reason);
  await expectAccessible(page, 'permis de feu bloqué par la consignation');
  await page.goto(workOrderUrl);

  // The slip is consigned: the same page offers « Valider », which validates.
  await sql("UPDATE lockout_slip SET state = 'consigned' WHERE id = $1", [slip.id]);
  await page.reload();
  await expect(validate).toBeEnabled();
  await expect(page.getByTestId('transition-blocker')).toHaveCount(0);
  await validate.click();
  await comment(page, 'Consignation vérifiée sur place.');
  await expect(state).toHaveText('En application');
  await page.goto(`/fire-permit/${permit.id}`);
  await expect(page.getByTestId('permit-step-before')).toBeEnabled();
  await expect(page.getByTestId('transition-blocker')).toHaveCount(0);
  expectNoConsoleErrors(consoleErrors);
});
