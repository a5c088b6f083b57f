import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { comment, draw, signInModal } from '../support/signing';
import { pdfText } from '../../support/pdf';
import { iso, french } from '../support/dates';


/** A prevention plan in operation whose ordering customer is `username`, with an outside company. */
async function seed(username: string, suffix: string): Promise<{ planId: number }> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const one = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0];
    const me = await one('SELECT id, tenant_id FROM app_user WHERE username = $1', [username]);
    const plan = await one(
      `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, status, start_date, end_date)
       VALUES ($1, $2, 'Révision des compresseurs', $3, $3, 'in_operation', $4, $5) RETURNING id`, [me.tenant_id, `PDP-BT-${suffix}`, me.id, iso(-3), iso(30)]);
    await db.query(
      `INSERT INTO plan_company (tenant_id, plan_id, kind, name, first_name, last_name, email) VALUES ($1, $2, 'EE', 'Électricité Durand SARL', 'Julien', 'Morel', 'j.morel@example.fr')`,
      [me.tenant_id, plan.id]);
    return { planId: plan.id };
  } finally {
    await db.end();
  }
}

/** Signs in the modal opened by a signature link of the work order page (the page reloads after). */
async function signFromLink(page: import('@playwright/test').Page, testId: string): Promise<void> {
  await page.getByTestId(testId).click();
  const form = page.getByTestId('signature-form');
  await expect(form).toBeVisible();
  await draw(page, form.getByTestId('signature-canvas'));
  await form.getByTestId('signature-submit').click();
  await expect(page.getByTestId(testId)).toHaveCount(0);
}

test('a work order is created on a plan in operation, sent, signed, validated, closed with its end signatures, and printed', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const user = createE2eUser({ company: `Bons de travail ${suffix}`, role: 'super_admin', firstName: 'Sophie', lastName: 'Lefebvre' });
  const { planId } = await seed(user.username, suffix);
  await loginWith(page, user);

  await page.goto(`/prevention-plan/${planId}?tab=work_orders`);
  await page.getByTestId('work-order-add').click();
  const form = page.getByTestId('work-order-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Entreprise').selectOption({ label: 'Électricité Durand SARL (EE)' });
  for (const [label, value] of [['Date de début', french(0)], ['Date de fin', french(1)]]) {
    const input = form.getByLabel(label, { exact: true });
    await input.fill(value);
    await input.press('Tab');
  }
  await page.keyboard.press('Escape').catch(() => undefined);
  await form.getByLabel('Nature des travaux').fill('Remplacement du disjoncteur général');
  await form.getByTestId('work-order-submit').click();
  await expect(page).toHaveURL(/\/work-order\/\d+$/);
  const id = Number(/\/work-order\/(\d+)$/.exec(page.url())![1]);
  const number = (await page.getByTestId('work-order-number').textContent())!.trim();
  expect(number).toMatch(/^BT-\d{4}-0001$/);
  const state = page.getByTestId('work-order-state');
  await expect(state).toHaveText('Brouillon');

  await page.getByTestId('transition-send').click();
  await expect(state).toHaveText('En attente de validation');
  // Start signatures: the ordering customer, then the company's contact on the same device.
  await page.getByTestId('transition-sign').click();
  await signInModal(page);
  await page.getByTestId('transition-sign').click();
  await signInModal(page);
  await page.getByTestId('transition-validate').click();
  await comment(page, 'Consignation vérifiée.');
  await expect(state).toHaveText('En application');

  // The work order widget (today by default) lists it, the list too.
  await page.goto('/work-order/');
  await expect(page.getByTestId('work-order-widget-date').getByLabel('Date')).toHaveValue(french(0));
  await expect(page.getByTestId('widget-work-order-active')).toContainText(number);
  await page.goto('/work-order/list?state=in_operation');
  await expect(page.getByTestId('work-order-table')).toContainText(number);

  await page.goto(`/work-order/${id}`);
  await signFromLink(page, 'work-order-sign-end_ordering_customer');
  await signFromLink(page, 'work-order-sign-end_contact');
  await expect(page.getByTestId('work-order-signature')).toHaveCount(4);
  await page.getByTestId('transition-close').click();
  // The confirmation question and the comment come in one modal.
  await comment(page, 'Travaux terminés.');
  await expect(page.getByTestId('work-order-state')).toHaveText('Terminé');

  const pdf = await page.request.get(`/work-order/${id}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(body);
  expect(text).toContain(number);
  expect(text).toContain('Terminé');
  expectNoConsoleErrors(consoleErrors);
});
