import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { draw } from '../support/signing';
import { pdfText } from '../../support/pdf';
import { iso, french } from '../support/dates';


/** A plan in operation whose ordering customer is `username`, a sector of its site, and a fire_permit survey with one required question. */
async function seed(username: string, suffix: string): Promise<{ planId: number }> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const one = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0];
    const me = await one('SELECT id, tenant_id FROM app_user WHERE username = $1', [username]);
    const t = me.tenant_id;
    const type = await one(`INSERT INTO hierarchy_type (tenant_id, name, level, attach_pdp) VALUES ($1, 'Site', 1, true) RETURNING id`, [t]);
    const item = await one('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [t, `Usine de Feyzin ${suffix}`, type.id]);
    await one(`INSERT INTO sector (tenant_id, item_id, name) VALUES ($1, $2, 'Atelier chaudronnerie') RETURNING id`, [t, item.id]);
    const plan = await one(
      `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, hierarchy_item_id, status, start_date, end_date)
       VALUES ($1, $2, 'Réparation de la tuyauterie vapeur', $3, $3, $4, 'in_operation', $5, $6) RETURNING id`, [t, `PDP-PF-${suffix}`, me.id, item.id, iso(-3), iso(30)]);
    const survey = await one(`INSERT INTO questionnaire (tenant_id, name, owner_type, survey_type) VALUES ($1, 'Contrôle point chaud', 'survey', 'fire_permit') RETURNING id`, [t]);
    const group = await one(`INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, width, position) VALUES ($1, $2, 'Zone de travail', 12, 1) RETURNING id`, [t, survey.id]);
    const question = await one(`INSERT INTO questionnaire_question (tenant_id, group_id, label, position, answer_type, required, display_label, width)
      VALUES ($1, $2, 'Extincteur à proximité du poste', 1, 'radio', true, true, 12) RETURNING id`, [t, group.id]);
    await db.query(`INSERT INTO questionnaire_answer (tenant_id, question_id, label, conforming, color, points, creates_action, position)
      VALUES ($1, $2, 'Présent', true, 'green', 1, false, 1), ($1, $2, 'Absent', false, 'red', 0, false, 2)`, [t, question.id]);
    return { planId: plan.id };
  } finally {
    await db.end();
  }
}

test('a fire permit is created on a plan, its three control steps done with checklist and signature, closed, and printed', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const user = createE2eUser({ company: `Permis de feu ${suffix}`, role: 'super_admin', firstName: 'Hélène', lastName: 'Garnier' });
  const { planId } = await seed(user.username, suffix);
  await loginWith(page, user);

  await page.goto(`/prevention-plan/${planId}?tab=fire_permits`);
  await expect(page.getByTestId('permit-empty-fire')).toBeVisible();
  await page.getByTestId('permit-add-fire').click();
  const form = page.getByTestId('permit-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Description').fill('Soudure à l\'arc sur la ligne vapeur 3');
  for (const [label, value] of [['Début', french(0)], ['Fin', french(0)]]) {
    const input = form.getByLabel(label, { exact: true });
    await input.fill(value);
    await input.press('Tab');
  }
  // Closes the date picker without closing the modal.
  await form.getByLabel('Description').click();
  await form.locator('#permit_startTime').fill('08:00');
  await form.locator('#permit_endTime').fill('17:00');
  await form.getByLabel('Secteur').selectOption({ label: `Usine de Feyzin ${suffix} – Atelier chaudronnerie` });
  await form.locator('#permit_workerNames').fill('Luc Durand\nAnne Petit');
  await form.getByTestId('permit-save').click();
  await expect(page).toHaveURL(/\/fire-permit\/\d+$/);
  const id = Number(/\/fire-permit\/(\d+)$/.exec(page.url())![1]);
  const number = (await page.getByTestId('permit-number').textContent())!.trim();
  expect(number).toMatch(/^PF-\d{4}-0001$/);
  const state = page.getByTestId('permit-state');
  await expect(state).toHaveText('Brouillon');

  // The deadline of the two-hour check shows only while that check is due (after the "after" step).
  for (const [step, after, due] of [['before', 'Travaux en cours', 0], ['after', 'Surveillance après travaux', 1], ['two_hours', 'Clôturé', 0]] as const) {
    await page.getByTestId(`permit-step-${step}`).click();
    const stepForm = page.getByTestId('permit-step-form');
    await expect(stepForm).toBeVisible();
    await stepForm.getByLabel('Présent').check();
    await stepForm.getByLabel('Qualité du signataire').fill('Chef de chantier');
    await draw(page, stepForm.getByTestId('signature-canvas'));
    await stepForm.getByTestId('permit-step-submit').click();
    await expect(page.getByTestId(`permit-step-done-${step}`)).toBeVisible();
    await expect(page.getByTestId('permit-state')).toHaveText(after);
    await expect(page.getByTestId('permit-due')).toHaveCount(due);
  }
  await expect(page.getByTestId('permit-edit')).toHaveCount(0);
  await expect(page.locator('[data-testid^="permit-signature-"] img')).toHaveCount(3);
  await page.getByTestId('permit-signatures').click();
  await expect(page.getByTestId('permit-signature-list').locator('tbody tr')).toHaveCount(3);
  await page.keyboard.press('Escape');

  await page.goto(`/prevention-plan/${planId}?tab=fire_permits`);
  await expect(page.getByTestId(`permit-row-${id}`)).toContainText('Clôturé');
  // The menu's list, with its indicators.
  await page.goto('/fire-permit/');
  await expect(page.getByTestId(`permit-row-${id}`)).toContainText('Clôturé');
  await expect(page.getByTestId('fire-permit-indicators')).toBeVisible();

  const pdf = await page.request.get(`/fire-permit/${id}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(body);
  expect(text).toContain(number);
  expect(text).toContain('Contrôle 2 heures après travaux');
  expectNoConsoleErrors(consoleErrors);
});
