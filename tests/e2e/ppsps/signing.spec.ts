import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { comment, signInModal } from '../support/signing';
import { iso } from '../support/dates';


/**
 * A complete draft PPSPS of the correspondent's company with one contract holder (ET) whose
 * contact has an account: the only company that signs.
 */
async function seed(correspondent: string, contact: string, suffix: string): Promise<{ id: number; number: string }> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const one = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0];
    const me = await one('SELECT id, tenant_id FROM app_user WHERE username = $1', [correspondent]);
    const them = await one('SELECT id FROM app_user WHERE username = $1', [contact]);
    const number = `PPSPS-E2E-${suffix}`;
    const doc = await one(
      `INSERT INTO ppsps (tenant_id, number, correspondent_id, created_by_id, start_date, end_date, start_time, end_time, nature_of_operations,
         average_staff, peak_staff, status)
       VALUES ($1, $2, $3, $3, $4, $5, '07:30', '17:00', 'Gros œuvre : coulage des dalles du bâtiment B', 6, 10, 'draft') RETURNING id`,
      [me.tenant_id, number, me.id, iso(10), iso(60)]);
    const c = await one(`INSERT INTO contact (tenant_id, last_name, first_name, email, user_id) VALUES ($1, 'Garnier', 'Philippe', 'p.garnier@example.fr', $2) RETURNING id`, [me.tenant_id, them.id]);
    await db.query(
      `INSERT INTO ppsps_company (tenant_id, ppsps_id, kind, name, contact_id, last_name, first_name, email)
       VALUES ($1, $2, 'ET', $3, $4, 'Garnier', 'Philippe', 'p.garnier@example.fr')`, [me.tenant_id, doc.id, `Bâtiment Rhône ${suffix}`, c.id]);
    return { id: doc.id, number };
  } finally {
    await db.end();
  }
}

test('a PPSPS is sent to its companies, signed by the contract holder and the correspondent, then amended', async ({ page: hse, browser, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const company = `BTP Lyonnais ${suffix}`;
  const correspondent = createE2eUser({ company, role: 'super_admin', firstName: 'Nadia', lastName: 'Haddad' });
  const contact = createE2eUser({ company, role: 'contact', firstName: 'Philippe', lastName: 'Garnier' });
  const doc = await seed(correspondent.username, contact.username, suffix);

  await loginWith(hse, correspondent);
  await hse.goto(`/ppsps/${doc.id}`);
  await expect(hse.getByTestId('ppsps-complete')).toBeVisible();
  const status = hse.getByTestId('ppsps-status');
  await expect(status).toHaveText('Brouillon');
  await hse.getByTestId('transition-send_tiers').click();
  // The confirmation question and the comment come in one modal.
  await comment(hse, 'Merci de signer avant l\'ouverture du chantier.');
  await expect(status).toHaveText('En attente des entreprises');

  // The contract holder's contact signs in the application; the PPSPS moves on by itself.
  const etContext = await browser.newContext({ locale: 'fr-FR' });
  const et = await etContext.newPage();
  await loginWith(et, contact);
  await et.goto(`/ppsps/${doc.id}`);
  await et.getByTestId('transition-sign').click();
  await signInModal(et);
  await expect(et.getByTestId('ppsps-status')).toHaveText('En attente de validation interne');
  await etContext.close();

  // The correspondent signs and puts it into operation, without a reload.
  await hse.reload();
  await expect(status).toHaveText('En attente de validation interne');
  await hse.getByTestId('transition-validate').click();
  await comment(hse, 'Bon pour ouverture.');
  await signInModal(hse);
  await expect(status).toHaveText('En application');

  // An amendment needs a justification: an empty one is refused, a real one sends it back to draft.
  await hse.getByTestId('ppsps-amend').click();
  const prompt = hse.locator('.modal.show', { has: hse.locator('[data-prompt-submit]') });
  await prompt.locator('[data-prompt-submit]').click();
  await expect(prompt.locator('textarea')).toHaveClass(/is-invalid/);
  await comment(hse, 'Ajout d\'une grue à tour sur la zone nord.');
  await expect(status).toHaveText('Brouillon');
  await hse.getByTestId('ppsps-history').click();
  await expect(hse.locator('.modal.show')).toContainText('Ajout d\'une grue à tour sur la zone nord.');
  expectNoConsoleErrors(consoleErrors);
});
