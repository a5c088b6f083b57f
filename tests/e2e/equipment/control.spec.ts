import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expectAccessible } from '../support/axe';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { draw } from '../support/signing';

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

/** A control form (two groups: 2 and 1 checkpoints; Conforme / Non conforme with an action due in 30 days), an equipment and its controllable. */
async function seed(tenantId: number): Promise<{ controllableId: number }> {
  const [form] = await sql(`INSERT INTO questionnaire (tenant_id, name, owner_type) VALUES ($1, 'Appareil de levage', 'vgp_form') RETURNING id`, [tenantId]);
  for (const [gi, [group, labels]] of ([['Structure et crochet', ['Crochet et linguet', 'Câble']], ['Freinage', ['Frein de levage']]] as const).entries()) {
    const [g] = await sql('INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, position) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, form.id, group, gi]);
    for (const [qi, label] of labels.entries()) {
      const [q] = await sql(`INSERT INTO questionnaire_question (tenant_id, group_id, label, position, answer_type) VALUES ($1, $2, $3, $4, 'radio') RETURNING id`, [tenantId, g.id, label, qi]);
      await sql(`INSERT INTO questionnaire_answer (tenant_id, question_id, label, position, conforming, color) VALUES ($1, $2, 'Conforme', 0, true, 'green')`, [tenantId, q.id]);
      await sql(`INSERT INTO questionnaire_answer (tenant_id, question_id, label, position, conforming, color, creates_action, level, action_delay_days)
                 VALUES ($1, $2, 'Non conforme', 1, false, 'red', true, 3, 30)`, [tenantId, q.id]);
    }
  }
  const [e] = await sql(`INSERT INTO equipment (tenant_id, name) VALUES ($1, 'Pont roulant 5 t') RETURNING id`, [tenantId]);
  const [c] = await sql(`INSERT INTO vgp_controllable (tenant_id, name, equipment_id, frequency, frequency_unit, form_id) VALUES ($1, 'VGP pont roulant', $2, 12, 'month', $3) RETURNING id`,
    [tenantId, e.id, form.id]);
  return { controllableId: c.id };
}

test('a whole control: unanswered checkpoints, a validated group, a non-conforming answer become an action, signatures and the report', async ({ page, consoleErrors }) => {
  // A long walk whose validation prints the report (a first PDF launches Chromium).
  test.slow();
  const suffix = `${Date.now() % 1_000_000}`;
  const controller = createE2eUser({ company: `VGP contrôle ${suffix}`, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [controller.username]);
  const { controllableId } = await seed(me.tenant_id);

  await loginWith(page, controller);
  // The controllable's « Contrôler » button posts here (its page belongs to the controls part).
  const started = await page.evaluate(async (url) => {
    const token = JSON.parse(document.getElementById('vigie-boot')!.textContent!).csrfToken;
    const res = await fetch(url, { method: 'POST', headers: { 'X-CSRF-Token': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
    return res.json();
  }, `/equipment/controls/${controllableId}/control`);
  await page.goto(started.redirect);
  const island = page.getByTestId('control-form');
  await expect(island).toHaveAttribute('data-step', '1');

  // Step 1: general information. The date is the product's picker, in French; a day clicked fills the field.
  const date = page.getByLabel('Date du contrôle');
  await expect.poll(() => date.evaluate((el) => (el as any)._flatpickr?.l10n.months.longhand[2] ?? null)).toBe('mars');
  await date.fill('15/03/2026');
  await date.press('Tab');
  await date.click();
  await page.locator('.flatpickr-calendar.open .flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)', { hasText: /^16$/ }).click();
  await expect(date).toHaveValue('16/03/2026');
  await page.getByTestId('step-next').click();
  await expect(island).toHaveAttribute('data-step', '2');
  const [{ d }] = await sql(`SELECT to_char(control_date, 'DD/MM/YYYY') AS d FROM vgp_control WHERE controllable_id = $1`, [controllableId]);
  expect(d).toBe('16/03/2026');
  await page.getByTestId('step-previous').click();
  await expect(island).toHaveAttribute('data-step', '1');
  await date.fill('15/03/2026');
  await date.press('Tab');
  await page.getByTestId('step-next').click();
  await expect(island).toHaveAttribute('data-step', '2');

  // Step 2: a non-conforming answer reveals its comment, a conforming one hides it.
  const hook = page.locator('[data-testid=checkpoint]', { hasText: 'Crochet et linguet' });
  await hook.getByText('Non conforme').click();
  await expect(hook.getByTestId('checkpoint-comment')).toBeVisible();
  await hook.getByText('Conforme', { exact: true }).click();
  await expect(hook.getByTestId('checkpoint-comment')).toHaveCount(0);
  await hook.getByText('Non conforme').click();
  await hook.getByTestId('checkpoint-comment').fill('Linguet de sécurité cassé');

  // « Terminer » with unanswered checkpoints: the radios are invalid and the message shows.
  await page.getByTestId('step-finish-form').click();
  const cable = page.locator('[data-testid=checkpoint]', { hasText: 'Câble' });
  await expect(cable.getByTestId('answer-required')).toHaveText('Une réponse est nécessaire');
  await expect(cable.locator('input[type=radio]').first()).toHaveClass(/is-invalid/);
  await expect(island).toHaveAttribute('data-step', '2');

  // Validating the first group gives the cable its conforming answer and keeps the hook's.
  const first = page.locator('[data-testid=control-group]', { hasText: 'Structure et crochet' });
  await first.getByTestId('validate-group').click();
  await expect(cable.getByLabel('Conforme', { exact: true })).toBeChecked();
  await expect(cable.getByTestId('answer-required')).toHaveCount(0);
  await expect(hook.getByLabel('Non conforme')).toBeChecked();

  // The brakes are still unanswered: their group opens, with the message.
  await page.getByTestId('step-finish-form').click();
  const brakes = page.locator('[data-testid=checkpoint]', { hasText: 'Frein de levage' });
  await expect(brakes.getByTestId('answer-required')).toBeVisible();
  await expect(brakes).toBeInViewport();
  await expectAccessible(page, 'grille de contrôle', '[data-testid="control-form"]');
  await brakes.getByText('Conforme', { exact: true }).click();
  await page.getByTestId('step-finish-form').click();

  // Step 3: the recap highlights the non-conforming answer.
  await expect(island).toHaveAttribute('data-step', '3');
  await expect(page.locator('[data-testid=recap-line][data-nonconforming="1"]')).toHaveText(/Crochet et linguet\s*Non conforme/);
  await page.getByTestId('step-next').click();

  // Step 4: the action the answer will create, due 30 days after the control.
  await expect(island).toHaveAttribute('data-step', '4');
  const action = page.getByTestId('control-action');
  await expect(action).toContainText('Crochet et linguet : Non conforme');
  await expect(action).toContainText('Linguet de sécurité cassé');
  await expect(action).toContainText('14/04/2026');

  // Signatures of the controller and of the owner (the page reloads on the same step).
  await page.getByTestId('sign-controller').click();
  let form = page.getByTestId('signature-form');
  await draw(page, form.getByTestId('signature-canvas'));
  await form.getByTestId('signature-submit').click();
  await expect(page.getByTestId('signature-controller')).toContainText('Signé par Claire Martin');
  await page.getByTestId('sign-owner').click();
  form = page.getByTestId('signature-form');
  await form.locator('input[name="signature[name]"]').fill('Paul Lefèvre');
  await draw(page, form.getByTestId('signature-canvas'));
  await form.getByTestId('signature-submit').click();
  await expect(page.getByTestId('signature-owner')).toContainText('Signé par Paul Lefèvre');
  await expectAccessible(page, 'confirmation du contrôle', '[data-testid="control-form"]');
  await expect(island).toHaveAttribute('data-step', '4');

  // Validated: the report page, the action in the action plan, the PDF.
  await page.getByTestId('control-validate').click();
  await expect(page.getByTestId('control-report')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('control-state')).toHaveText('Terminé');
  await expectAccessible(page, 'rapport du contrôle');
  const link = page.getByTestId('report-action').getByRole('link');
  await expect(link).toHaveText('Crochet et linguet : Non conforme');
  const download = page.waitForEvent('download');
  await page.getByTestId('control-report-download').click();
  expect((await download).suggestedFilename()).toMatch(/^controle-\d+\.pdf$/);
  await link.click();
  // The action plan names the control it came from; the action is due 30 days after the control.
  await expect(page.getByRole('link', { name: /^Contrôle n°\d+ – VGP pont roulant$/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Échéance' })).toHaveValue('14/04/2026');
  const [c] = await sql('SELECT last_control_date::text AS last, deadline::text AS deadline FROM vgp_controllable WHERE id = $1', [controllableId]);
  expect(c).toEqual({ last: '2026-03-15', deadline: '2027-03-15' });
  expectNoConsoleErrors(consoleErrors);
});
