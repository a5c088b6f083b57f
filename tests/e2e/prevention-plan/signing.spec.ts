import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { E2E_DIR } from '../support/global-setup';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { comment, draw } from '../support/signing';
import { iso } from '../support/dates';

const MAILS = path.join(E2E_DIR, 'mails');

/**
 * A complete draft plan of `username`'s company (creator and ordering customer) with one outside
 * company whose manager receives the signing link: every rule of the completeness panel holds.
 */
async function seedPlan(username: string, suffix: string, email: string): Promise<{ id: number; number: string }> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const [admin] = (await db.query('SELECT id, tenant_id FROM app_user WHERE username = $1', [username])).rows;
    const tenant = admin.tenant_id;
    const one = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0];
    const type = await one(`INSERT INTO hierarchy_type (tenant_id, name, level, attach_pdp) VALUES ($1, 'Site', 1, true) RETURNING id`, [tenant]);
    const site = await one('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [tenant, `Usine de Feyzin ${suffix}`, type.id]);
    const work = await one(`INSERT INTO work_type (tenant_id, label, dangerous) VALUES ($1, $2, false) RETURNING id`, [tenant, `Maintenance mécanique ${suffix}`]);
    const number = `PDP-SIGN-${suffix}`;
    const plan = await one(
      `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, hierarchy_item_id, is_punctual,
         start_date, end_date, planned_start_time, planned_end_time, information_job_inspection_date, sector_precision, hours_worked,
         description, participants, procedures, comments, prerun_inspection_date, installation_available, meeting_point, status)
       VALUES ($1, $2, 'Révision des pompes du bassin d''orage', $3, $3, $4, true, $5, $6, '07:30', '16:30', $7, 'Station de pompage', 48,
         'Démontage et révision des deux pompes', 'Mécaniciens', 'Consignation électrique et hydraulique', 'Accès par le portail nord', $8, true, 'Poste de garde', 'draft')
       RETURNING id`, [tenant, number, admin.id, site.id, iso(10), iso(20), iso(0), iso(8)]);
    await db.query('INSERT INTO plan_work_type (tenant_id, plan_id, work_type_id) VALUES ($1, $2, $3)', [tenant, plan.id, work.id]);
    await db.query(`INSERT INTO plan_inspection_participant (tenant_id, plan_id, kind, user_id) VALUES ($1, $2, 'user', $3)`, [tenant, plan.id, admin.id]);
    const analysis = await one(`INSERT INTO risk_analysis (tenant_id, subject_type, subject_id) VALUES ($1, 'prevention_plan', $2) RETURNING id`, [tenant, plan.id]);
    await db.query(`INSERT INTO risk_analysis_phase (tenant_id, analysis_id, number, description, main) VALUES ($1, $2, 1, 'Dépose des pompes', true)`, [tenant, analysis.id]);
    await db.query(
      `INSERT INTO plan_company (tenant_id, plan_id, kind, name, address, zip_code, city, last_name, first_name, email)
       VALUES ($1, $2, 'EE', $3, '12 rue de l''Industrie', '69007', 'Lyon', 'Moreau', 'Julien', $4)`, [tenant, plan.id, `Maintenance Rhône ${suffix}`, email]);
    return { id: plan.id, number };
  } finally {
    await db.end();
  }
}

/** The last signing link mailed to `email` since `since` (the job sends it within seconds). */
async function mailedLink(email: string, since: number): Promise<string> {
  let link: string | null = null;
  await expect.poll(() => {
    const files = fs.existsSync(MAILS) ? fs.readdirSync(MAILS).filter((f) => Number(f.split('-')[0]) >= since).sort() : [];
    for (const f of files.reverse()) {
      const mail = JSON.parse(fs.readFileSync(path.join(MAILS, f), 'utf8'));
      if (!mail.to.includes(email)) continue;
      const m = /https?:\/\/[^/"\s]+(\/sign\/pdp\/[A-Za-z0-9_-]+)/.exec(mail.html);
      if (m) { link = m[1]; return true; }
    }
    return false;
  }, { timeout: 30_000, intervals: [500] }).toBe(true);
  return link!;
}

// Two browsers, mails and a reload after each transition (the plan page keeps its place): more than the default 30 s.
test.setTimeout(120_000);

test('a plan goes from draft to in operation, signed by the outside company from its e-mailed link, and a new staff member asks it to sign again', async ({ page, browser, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const email = `julien.moreau.${suffix}@mir.example.fr`;
  // A company of its own: document types other specs require in the shared company do not apply.
  const hse = createE2eUser({ company: `Chimie du Rhône ${suffix}`, role: 'super_admin', firstName: 'Karim', lastName: 'Haddad' });
  const plan = await seedPlan(hse.username, suffix, email);
  await loginWith(page, hse);
  await page.goto(`/prevention-plan/${plan.id}`);
  await expect(page.getByTestId('plan-complete')).toBeVisible();
  const status = page.getByTestId('plan-status');
  await expect(status).toHaveText('Brouillon');

  // Send to the outside company: confirmation and optional comment in one modal, then the page shows the new state.
  const sentAt = Date.now();
  await page.getByTestId('transition-send_tiers').click();
  await comment(page, 'Merci de signer avant le démarrage.');
  // The page is read again (same tab, the flash says what was done): the whole plan page, slower than a swap.
  await expect(page.getByTestId('flash')).toContainText('Nouvel état : En attente des entreprises', { timeout: 20_000 });
  await expect(status).toHaveText('En attente des entreprises');
  await expect(page.getByTestId('transition-send_tiers')).toHaveCount(0);

  // The contact opens the link on his phone, reads the plan's PDF and signs.
  const link = await mailedLink(email, sentAt);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  const mobile = await phone.newPage();
  await mobile.goto(link);
  await expect(mobile.locator('body')).toContainText(plan.number);
  const pdf = await mobile.request.get(`${link}/pdf`);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await draw(mobile, mobile.getByTestId('signature-canvas'));
  await expect(mobile.getByTestId('signature-state')).toHaveText('Signature dessinée');
  await mobile.getByRole('button', { name: /Signer/ }).last().click();
  await expect(mobile.locator('body')).toContainText(/signature a bien été enregistrée|Merci/i);
  // The link is single use.
  await mobile.goto(link);
  await expect(mobile.locator('body')).toContainText('déjà été utilisé');
  await phone.close();

  // Every company has signed: internal validation, signed in a modal, then the page is read again.
  await page.reload();
  await expect(status).toHaveText('En attente de validation interne');
  await page.getByTestId('transition-validate').click();
  await comment(page, 'Bon pour démarrage.');
  const modal = page.getByTestId('signature-form');
  await expect(modal).toBeVisible();
  await draw(page, modal.getByTestId('signature-canvas'));
  await modal.getByTestId('signature-submit').click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('flash')).toContainText('Nouvel état : En cours', { timeout: 20_000 });
  await expect(status).toHaveText('En cours');
  await expect(page.getByTestId('transition-close')).toBeVisible();

  // A new staff member on a plan in operation is an amendment: the company must sign again.
  const amendedAt = Date.now();
  await page.goto(`/prevention-plan/${plan.id}?tab=staff`);
  await page.getByTestId('plan-pane-staff').getByRole('link', { name: 'Intervenant extérieur' }).first().click();
  const staffModal = page.locator('.modal.show');
  await staffModal.getByLabel('Nom', { exact: true }).fill('Morel');
  await staffModal.getByLabel('Qualification (fonction sur le chantier)').fill('Intérimaire — manœuvre');
  await staffModal.getByRole('button', { name: 'Intervenant extérieur' }).click();
  await expect(page.getByTestId('flash')).toContainText('Morel a été ajouté aux intervenants.');
  await expect(page.getByTestId('plan-status')).toHaveText('En attente des entreprises');
  const again = await mailedLink(email, amendedAt);
  expect(again).not.toBe(link);
  await page.getByTestId('plan-history').click();
  await expect(page.locator('.modal.show')).toContainText('Morel');
  expectNoConsoleErrors(consoleErrors);
});
