import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { comment, signInModal } from '../support/signing';
import { iso } from '../support/dates';


/** A complete draft unloading protocol: the responsible's company, a host and one carrier whose contact has an account. */
async function seed(responsible: string, contact: string, suffix: string): Promise<{ id: number; number: string }> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const one = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0];
    const me = await one('SELECT id, tenant_id FROM app_user WHERE username = $1', [responsible]);
    const them = await one('SELECT id FROM app_user WHERE username = $1', [contact]);
    const number = `PDS-E2E-${suffix}`;
    const doc = await one(
      `INSERT INTO security_protocol (tenant_id, pds_number, nature_of_goods, responsible_id, created_by_id, start_date, end_date, is_punctual, operation_type, status)
       VALUES ($1, $2, 'Bobines d''acier (25 t)', $3, $3, $4, $5, true, 'unloading', 'draft') RETURNING id`, [me.tenant_id, number, me.id, iso(5), iso(5)]);
    const c = await one(`INSERT INTO contact (tenant_id, last_name, first_name, email, user_id) VALUES ($1, 'Bonnet', 'Thierry', 't.bonnet@example.fr', $2) RETURNING id`, [me.tenant_id, them.id]);
    await db.query(`INSERT INTO security_protocol_company (tenant_id, protocol_id, kind, name) VALUES ($1, $2, 'host', 'Aciérie de Feyzin')`, [me.tenant_id, doc.id]);
    await db.query(
      `INSERT INTO security_protocol_company (tenant_id, protocol_id, kind, name, contact_id, last_name, first_name, email)
       VALUES ($1, $2, 'carrier', $3, $4, 'Bonnet', 'Thierry', 't.bonnet@example.fr')`, [me.tenant_id, doc.id, `Transports Alpes ${suffix}`, c.id]);
    return { id: doc.id, number };
  } finally {
    await db.end();
  }
}

test('a security protocol is sent to the carrier, signed by its contact and the responsible, and put into operation', async ({ page: hse, browser, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const company = `Logistique Rhône ${suffix}`;
  const responsible = createE2eUser({ company, role: 'super_admin', firstName: 'Sophie', lastName: 'Lefebvre' });
  const contact = createE2eUser({ company, role: 'contact', firstName: 'Thierry', lastName: 'Bonnet' });
  const doc = await seed(responsible.username, contact.username, suffix);

  await loginWith(hse, responsible);
  await hse.goto(`/security-protocol/${doc.id}`);
  await expect(hse.getByTestId('pds-complete')).toBeVisible();
  const status = hse.getByTestId('pds-status');
  await expect(status).toHaveText('Brouillon');
  await hse.getByTestId('transition-send_tiers').click();
  // The confirmation question and the comment come in one modal.
  await comment(hse, 'Déchargement prévu au quai 3.');
  await expect(status).toHaveText('En attente de validation de l\'entreprise');

  const carrierContext = await browser.newContext({ locale: 'fr-FR' });
  const carrier = await carrierContext.newPage();
  await loginWith(carrier, contact);
  await carrier.goto(`/security-protocol/${doc.id}`);
  await carrier.getByTestId('transition-sign').click();
  await signInModal(carrier);
  await expect(carrier.getByTestId('pds-status')).toHaveText('En attente de validation interne');
  await carrierContext.close();

  await hse.reload();
  await hse.getByTestId('transition-validate').click();
  await comment(hse, 'Protocole validé.');
  await signInModal(hse);
  await expect(status).toHaveText('En opération');
  await hse.getByTestId('pds-history').click();
  await expect(hse.locator('.modal.show')).toContainText('Protocole validé.');
  expectNoConsoleErrors(consoleErrors);
});
