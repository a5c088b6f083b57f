import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { expectAccessible, unmarkedRequiredFields } from '../support/axe';
import { e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';
import { E2E_DIR } from '../support/global-setup';

/** A draft plan of the admin's company with its user company, one outside company (manager with an e-mail, one worker) and a document type required from companies. */
async function seed(suffix: string): Promise<{ planId: number; email: string; company: string; type: string }> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const company = `Levage Martin ${suffix}`;
    const email = `direction.${suffix}@levage-martin.fr`;
    const type = `Extrait K-bis ${suffix}`;
    const { rows: [admin] } = await db.query(`SELECT id, tenant_id FROM app_user WHERE username = 'e2e.admin'`);
    const { rows: [plan] } = await db.query(
      `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, status, start_date, end_date)
       VALUES ($1, $2, 'Remplacement du pont roulant', $3, $3, 'draft', CURRENT_DATE + 10, CURRENT_DATE + 20) RETURNING id`,
      [admin.tenant_id, `PDP-PORTAIL-${suffix}`, admin.id]);
    await db.query(`INSERT INTO plan_company (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'EU', 'Usine Sud')`, [admin.tenant_id, plan.id]);
    await db.query(`INSERT INTO plan_company (tenant_id, plan_id, kind, name, email, first_name, last_name) VALUES ($1, $2, 'EE', $3, $4, 'Julien', 'Morel')`, [admin.tenant_id, plan.id, company, email]);
    await db.query(`INSERT INTO document_type (tenant_id, label, added_by, mandatory_companies) VALUES ($1, $2, 'outside_company', true)`, [admin.tenant_id, type]);
    return { planId: plan.id, email, company, type };
  } finally {
    await db.end();
  }
}

/** The portal link of the last mail the recording transport wrote for `to`. */
async function mailedLink(to: string): Promise<string> {
  const dir = path.join(E2E_DIR, 'mails');
  let link: string | null = null;
  await expect.poll(() => {
    const mails = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
    for (const f of mails.reverse()) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string[]; text: string };
      if (!mail.to.includes(to)) continue;
      link = /https?:\/\/\S+?\/documents\/upload\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? null;
      return link;
    }
    return null;
  }, { timeout: 5000 }).not.toBeNull();
  return link!;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

test('an outside company gives its document through the mailed portal link, without an account, and the plan shows it arrived', async ({ page, browser, consoleErrors }) => {
  // Two browsers, three axe passes and a revocation: longer than the default 30 s on a shared machine.
  test.setTimeout(150_000);
  const suffix = String(Date.now() % 1e7);
  const s = await seed(suffix);
  await login(page, 'admin');

  // The HSE manager asks the company for the document from the plan's documents tab.
  await page.goto(`/prevention-plan/${s.planId}?tab=documents`);
  await page.getByTestId('document-ask').click();
  const modal = page.locator('.modal.show');
  await modal.getByLabel('Entreprise').selectOption({ label: `${s.company} (EE) – ${s.email}` });
  await modal.getByLabel('Type de document').selectOption({ label: s.type });
  await modal.getByLabel('Message').fill('Merci de nous le transmettre avant le démarrage.');
  await modal.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByTestId('flash')).toContainText(`La demande a été envoyée à ${s.company} (${s.email}).`);
  const link = await mailedLink(s.email);

  // The contact opens it in a browser where nobody is logged in (and that prefers English: the page stays French).
  const outside = await browser.newContext({ locale: 'en-US' });
  const portal = await outside.newPage();
  await portal.goto(link);
  await expect(portal).toHaveURL(/\/documents\/upload\//);
  await expect(portal.getByTestId('portal-number')).toHaveText(`PDP-PORTAIL-${suffix}`);
  await expect(portal.getByTestId('portal-company')).toHaveText(s.company);
  const item = portal.locator(`[data-portal-item="${s.type}"]`);
  await expect(item.getByTestId('portal-item-state')).toHaveText('Manquant');
  // Other scenarios may have left mandatory types in this company: the count is of what the page lists as missing.
  const missing = await portal.locator('[data-portal-item]').filter({ has: portal.getByTestId('portal-item-state').getByText('Manquant', { exact: true }) }).count();
  expect(missing).toBeGreaterThanOrEqual(1);
  await expect(portal.getByTestId('portal-missing-count')).toHaveText(`Encore à fournir : ${missing}`);
  await expect(portal.getByTestId('portal-sign-plan')).toContainText('Vous recevrez un lien de signature par e-mail');
  await expectAccessible(portal, 'portail de dépôt des entreprises');
  expect(await unmarkedRequiredFields(portal, 'main')).toEqual([]);

  // A form without a file: the French message, nothing kept.
  await item.getByTestId('portal-upload-submit').click();
  await expect(portal.getByTestId('portal-error')).toContainText("Le document n'a pas été déposé");
  await expect(portal.locator(`[data-portal-item="${s.type}"]`).locator('.invalid-feedback')).toHaveText('Veuillez joindre au moins un fichier.');

  await portal.locator(`[data-portal-item="${s.type}"]`).getByLabel('Fichier(s)').setInputFiles({ name: 'kbis.pdf', mimeType: 'application/pdf', buffer: PDF });
  await portal.locator(`[data-portal-item="${s.type}"]`).getByTestId('portal-upload-submit').click();
  await expect(portal.getByTestId('portal-received')).toHaveText(`Merci : « ${s.type} » (${s.company}) a bien été reçu.`);
  await expect(portal.locator(`[data-portal-item="${s.type}"]`).getByTestId('portal-item-state')).toHaveText('Valide');
  await expect(portal.getByTestId('portal-missing-count')).toHaveText(missing === 1 ? 'Tous les documents attendus ont été reçus.' : `Encore à fournir : ${missing - 1}`);
  await expectAccessible(portal, 'portail de dépôt après un dépôt');

  // The language switch keeps the company on its page.
  await portal.getByRole('link', { name: 'English' }).click();
  await expect(portal.getByRole('heading', { name: 'Expected documents' })).toBeVisible();
  await outside.close();

  // Back in the application: the document arrived from the portal, the link was used.
  await page.goto(`/prevention-plan/${s.planId}?tab=documents`);
  const row = page.getByTestId('document-list').locator(`tr[data-document="${s.type}"]`);
  await expect(row.getByTestId('document-from-portal')).toContainText("Déposé par l'entreprise le");
  await expect(row).toContainText('kbis.pdf');
  const linkRow = page.getByTestId('portal-links').locator(`tr[data-portal-company="${s.company}"]`);
  await expect(linkRow.getByTestId('portal-link-state')).toContainText(`Envoyé à ${s.email}`);
  await expect(linkRow.getByTestId('portal-link-state')).toContainText('Dernière visite le');
  await expectAccessible(page, 'onglet documents du plan');

  // Revoked from the plan: the link no longer opens.
  await linkRow.getByTestId('portal-link-revoke').click();
  await page.locator('.modal.show').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByTestId('flash')).toContainText(`Le lien de dépôt de ${s.company} a été révoqué.`);
  const again = await browser.newContext();
  const gone = await again.newPage();
  await gone.goto(link);
  await expect(gone.getByTestId('portal-message')).toContainText('Ce lien de dépôt a été remplacé ou révoqué.');
  await again.close();
  expectNoConsoleErrors(consoleErrors);
});
