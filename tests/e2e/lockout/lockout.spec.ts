import { Client } from 'pg';
import { expectAccessible } from '../support/axe';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { comment, draw } from '../support/signing';

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

test('a machine locked out by two workers: signed, consigned, both padlocks on, release refused while one is on, then given back', async ({ page, consoleErrors }) => {
  // A dozen reloads, two signatures and three axe checks: more than the default 30 s on a loaded machine.
  test.setTimeout(300_000);
  const suffix = `${Date.now() % 1_000_000}`;
  const officer = createE2eUser({ company: `Consignation ${suffix}`, role: 'super_admin', firstName: 'Claire', lastName: 'Officier' });
  const [me] = await sql('SELECT tenant_id FROM app_user WHERE username = $1', [officer.username]);
  const [type] = await sql("INSERT INTO lockout_type (tenant_id, name, color) VALUES ($1, 'Électrique', '#dc3545') RETURNING id", [me.tenant_id]);
  const [machine] = await sql("INSERT INTO lockout_machine (tenant_id, code, name) VALUES ($1, $2, 'Presse hydraulique') RETURNING id", [me.tenant_id, `PRS-${suffix}`]);
  await sql(`INSERT INTO lockout_point (tenant_id, machine_id, code, type_id, location, cut_method, verification_method, position)
             VALUES ($1, $2, 'E1', $3, 'Armoire TGBT', 'Sectionneur cadenassé', 'VAT', 1)`, [me.tenant_id, machine.id, type.id]);

  await loginWith(page, officer);
  await page.goto('/consignment');
  await expectAccessible(page, 'liste des bons de consignation');
  await page.getByTestId('slip-add').click();
  const form = page.getByTestId('slip-form');
  await form.getByLabel('Machine', { exact: true }).selectOption({ label: `PRS-${suffix} – Presse hydraulique` });
  await form.getByLabel('Objet').fill('Remplacement du vérin principal');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('slip-state')).toHaveText('Brouillon');
  const slipUrl = page.url();

  for (const name of ['Karim Benali', 'Julie Martin']) {
    await page.getByTestId('staff-add').click();
    const staff = page.getByTestId('staff-form');
    await staff.getByLabel('Nom', { exact: true }).fill(name);
    await staff.getByLabel('Entreprise').fill('Maintenance Services');
    await staff.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByTestId('slip-staff')).toContainText(name);
  }
  const rows = await sql('SELECT s.id FROM lockout_staff s JOIN lockout_slip l ON l.id = s.slip_id WHERE l.machine_id = $1 ORDER BY s.id', [machine.id]);
  const [first, second] = rows.map((r) => Number(r.id));

  for (const id of [first, second]) {
    await page.getByTestId(`sign-${id}`).click();
    const signature = page.getByTestId('signature-form');
    await expect(signature).toBeVisible();
    await draw(page, signature.getByTestId('signature-canvas'));
    await signature.getByTestId('signature-submit').click();
    await expect(page.getByTestId(`signed-${id}`)).toBeVisible();
  }

  await page.getByTestId('transition-await').click();
  await expect(page.getByTestId('slip-state')).toHaveText('En attente de consignation');
  await page.getByTestId('check-E1').click();
  await expect(page.locator('[data-check][data-done="1"]')).toHaveCount(1);
  await page.getByTestId('transition-consign').click();
  await comment(page, 'Sectionneur cadenassé, absence de tension vérifiée.');
  await expect(page.getByTestId('slip-state')).toHaveText('Consignée');

  for (const id of [first, second]) {
    await page.getByTestId(`padlock-button-${id}`).click();
    const padlock = page.getByTestId('padlock-form');
    await padlock.getByLabel('Poser le cadenas').check();
    await padlock.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByTestId(`padlock-${id}`)).toHaveText('Posé');
  }
  await expectAccessible(page, 'bon de consignation consigné');

  await page.getByTestId('transition-end').click();
  await page.getByTestId('confirm-dialog').locator('[data-confirm-answer="yes"]').click();
  await expect(page.getByTestId('slip-state')).toHaveText('Fin des travaux');

  await page.getByTestId(`padlock-button-${first}`).click();
  await page.getByTestId('padlock-form').getByLabel('Retirer le cadenas').check();
  await page.getByTestId('padlock-form').getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId(`padlock-${first}`)).toHaveText('Retiré');
  await page.getByTestId('check-E1').click();
  await expect(page.locator('[data-check][data-done="1"]')).toHaveCount(0);

  // One padlock is still on: the button is blocked with the reason, and the server refuses it.
  await expect(page.getByTestId('transition-deconsign')).toBeDisabled();
  await expect(page.getByTestId('transition-blocker')).toContainText('Un cadenas est encore posé.');
  const csrf = await page.locator('[data-workflow-actions]').getAttribute('data-csrf-token');
  const refused = await page.request.post(`${slipUrl}/apply/deconsign`, { headers: { 'X-CSRF-Token': csrf!, 'X-Requested-With': 'XMLHttpRequest' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Un cadenas est encore posé.');

  await page.getByTestId(`padlock-button-${second}`).click();
  await page.getByTestId('padlock-form').getByLabel('Retirer le cadenas').check();
  await page.getByTestId('padlock-form').getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId(`padlock-${second}`)).toHaveText('Retiré');
  await expect(page.getByTestId('transition-deconsign')).toBeEnabled();
  await page.getByTestId('transition-deconsign').click();
  await comment(page, 'Cadenas retirés, machine rendue à la production.');
  await expect(page.getByTestId('slip-state')).toHaveText('Déconsignée');
  await expectAccessible(page, 'bon de consignation déconsigné');

  // The machine is given back: no slip in progress on it any more.
  await page.goto(`/consignment/machines?q=PRS-${suffix}`);
  await expect(page.locator(`[data-machine="${machine.id}"] td`).nth(5)).toHaveText('0');
  await expectAccessible(page, 'liste des machines');
  await page.goto(`/consignment/machines/${machine.id}`);
  await expect(page.getByTestId('slip-table')).toContainText('Déconsignée');
  await expectAccessible(page, 'fiche de la machine');
  expectNoConsoleErrors(consoleErrors);
});
