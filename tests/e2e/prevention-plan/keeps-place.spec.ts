import type { Page } from '@playwright/test';
import { Client } from 'pg';
import { expectAccessible } from '../support/axe';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { iso } from '../support/dates';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';

/**
 * A draft plan of `username`'s company, complete except the prior inspection's participants,
 * with one outside company, and a document type mandatory for outside companies that it has
 * not given: sending is blocked until a participant is added, putting into operation until the
 * document arrives.
 */
async function seedPlan(username: string, suffix: string): Promise<{ id: number; documentType: string }> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const [admin] = (await db.query('SELECT id, tenant_id FROM app_user WHERE username = $1', [username])).rows;
    const tenant = admin.tenant_id;
    const one = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0];
    const type = await one(`INSERT INTO hierarchy_type (tenant_id, name, level, attach_pdp) VALUES ($1, 'Site', 1, true) RETURNING id`, [tenant]);
    const site = await one('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [tenant, `Usine de Saint-Fons ${suffix}`, type.id]);
    const work = await one(`INSERT INTO work_type (tenant_id, label, dangerous) VALUES ($1, $2, false) RETURNING id`, [tenant, `Chaudronnerie ${suffix}`]);
    const plan = await one(
      `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, hierarchy_item_id, is_punctual,
         start_date, end_date, planned_start_time, planned_end_time, information_job_inspection_date, sector_precision, hours_worked,
         description, participants, procedures, comments, prerun_inspection_date, installation_available, meeting_point, status)
       VALUES ($1, $2, 'Remplacement de la virole du four', $3, $3, $4, true, $5, $6, '07:30', '16:30', $7, 'Atelier four', 48,
         'Découpe et soudage de la virole', 'Chaudronniers', 'Permis de feu, consignation', 'Accès par le portail sud', $8, true, 'Poste de garde', 'draft')
       RETURNING id`, [tenant, `PDP-PLACE-${suffix}`, admin.id, site.id, iso(10), iso(20), iso(0), iso(8)]);
    await db.query('INSERT INTO plan_work_type (tenant_id, plan_id, work_type_id) VALUES ($1, $2, $3)', [tenant, plan.id, work.id]);
    const analysis = await one(`INSERT INTO risk_analysis (tenant_id, subject_type, subject_id) VALUES ($1, 'prevention_plan', $2) RETURNING id`, [tenant, plan.id]);
    await db.query(`INSERT INTO risk_analysis_phase (tenant_id, analysis_id, number, description, main) VALUES ($1, $2, 1, 'Découpe de la virole', true)`, [tenant, analysis.id]);
    await db.query(
      `INSERT INTO plan_company (tenant_id, plan_id, kind, name, address, zip_code, city, last_name, first_name, email)
       VALUES ($1, $2, 'EE', $3, '3 quai Perrache', '69002', 'Lyon', 'Garnier', 'Lucie', $4)`,
      [tenant, plan.id, `Chaudronnerie Lyonnaise ${suffix}`, `lucie.garnier.${suffix}@chaudronnerie.example.fr`]);
    const documentType = `Attestation de vigilance URSSAF ${suffix}`;
    await db.query(`INSERT INTO document_type (tenant_id, label, mandatory_companies) VALUES ($1, $2, true)`, [tenant, documentType]);
    return { id: plan.id, documentType };
  } finally {
    await db.end();
  }
}

async function setStatus(id: number, status: string): Promise<void> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    await db.query('UPDATE prevention_plan SET status = $2 WHERE id = $1', [id, status]);
  } finally {
    await db.end();
  }
}

/** The « bloquant » line listing why `transition` may not be pressed now. */
const blocker = (page: Page, transition: string) => page.locator(`[data-testid="transition-blocker"][data-transitions~="${transition}"]`);

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls as far as `y` (or the bottom), and returns where the window really is. */
async function scrollTo(page: Page, y: number): Promise<number> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  return scrollY(page);
}

test.use({ viewport: { width: 1366, height: 768 } });
// A fresh company per test (user:create runs the CLI) and two reloads: more than the default 30 s on a busy machine.
test.setTimeout(120_000);

test('the plan page keeps the user\'s place: tabs in sight, same tab and scroll after a save and a transition, one modal, blocking shown first', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const hse = createE2eUser({ company: `Fonderie du Rhône ${suffix}`, role: 'super_admin', firstName: 'Nadia', lastName: 'Benali' });
  const plan = await seedPlan(hse.username, suffix);
  await loginWith(page, hse);
  await page.goto(`/prevention-plan/${plan.id}`);

  // The tab bar is in sight without scrolling: the checklist is one summary line, its detail folded.
  const tabs = page.getByTestId('plan-tabs');
  await expect(tabs).toBeInViewport();
  const completeness = page.getByTestId('plan-completeness');
  await expect(page.getByTestId('plan-completeness-summary')).toHaveText('Complétude du plan : 2 point(s) à compléter');
  await expect(page.getByTestId('plan-completeness-blocking')).toHaveText('Bloquants : 2');
  await expect(completeness.getByTestId('plan-problem').first()).toBeHidden();
  await page.getByTestId('plan-completeness-toggle').click();
  const documentProblem = completeness.getByTestId('plan-problem').filter({ hasText: plan.documentType });
  await expect(documentProblem).toBeVisible();
  // The missing document is said to block putting into operation from the start, not only at the last click.
  await expect(documentProblem.getByTestId('plan-problem-blocks')).toHaveText('Bloque la mise en application');
  await expect(completeness.getByTestId('plan-problem').filter({ hasText: 'indiquez au moins un participant' }).getByTestId('plan-problem-blocks'))
    .toHaveText("Bloque l'envoi pour signature");

  // What blocks sending is shown before any click: the button is disabled, the reason beside it.
  await expect(page.getByTestId('transition-send_tiers')).toBeDisabled();
  await expect(blocker(page, 'send_tiers')).toContainText('Le plan de prévention est incomplet');
  await expectAccessible(page, 'plan page (blocked, checklist open)');

  // A save on a tab: back on the same tab, at the same height, with the flash.
  await page.getByTestId('plan-tab-inspection').click();
  await expect(page).toHaveURL(new RegExp(`/prevention-plan/${plan.id}\\?tab=inspection$`));
  const before = await scrollTo(page, 220);
  expect(before).toBeGreaterThan(100);
  await page.getByTestId('participant-add').click();
  const modal = page.locator('.modal.show');
  await expect(modal).toBeVisible();
  const saved = await scrollY(page);
  await modal.getByLabel('Représente').selectOption({ label: 'Entreprise utilisatrice' });
  // The only user of this fresh company, after the empty choice.
  await modal.getByLabel('Utilisateur').selectOption({ index: 1 });
  await modal.getByTestId('participant-form-submit').click();
  await expect(page.getByTestId('flash')).toContainText('Le participant a été ajouté.');
  await expect(page).toHaveURL(new RegExp(`\\?tab=inspection$`));
  await expect(page.getByTestId('plan-tab-inspection')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('plan-pane-inspection').getByTestId('participant-list')).toContainText('Benali');
  await expect.poll(() => scrollY(page)).toBeGreaterThan(saved - 5);
  expect(await scrollY(page)).toBeLessThan(saved + 5);

  // Sending is no longer blocked; confirmation and comment in one modal, then the flash, same tab.
  const send = page.getByTestId('transition-send_tiers');
  await expect(send).toBeEnabled();
  await expect(blocker(page, 'send_tiers')).toHaveCount(0);
  await scrollTo(page, 200);
  await send.click();
  // Clicking may have scrolled the button into view: the place to keep is where the user confirms.
  const again = await scrollY(page);
  const prompt = page.getByTestId('comment-prompt');
  await expect(prompt.getByTestId('comment-prompt-message')).toHaveText('Envoyer le plan aux entreprises extérieures pour signature ?');
  await expectAccessible(page, 'transition modal', '.modal.show');
  await prompt.locator('textarea').fill('Merci de signer avant la découpe.');
  await prompt.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(page.getByTestId('flash')).toHaveText(/C'est fait : « Envoyer aux entreprises ». Nouvel état : En attente des entreprises\./);
  await expect(page.getByTestId('plan-status')).toHaveText('En attente des entreprises');
  await expect(page).toHaveURL(new RegExp(`\\?tab=inspection$`));
  await expect(page.getByTestId('plan-tab-inspection')).toHaveAttribute('aria-selected', 'true');
  // Closing the modal gives the focus back to the button, which the browser may scroll fully into
  // view first (a few pixels): the page comes back where the user was, within that.
  await expect.poll(() => scrollY(page)).toBeGreaterThan(again - 5);
  expect(await scrollY(page)).toBeLessThan(again + 40);

  // Once the companies have signed, putting into operation is shown blocked by the missing document.
  await setStatus(plan.id, 'waiting_internal');
  await page.reload();
  await expect(page.getByTestId('transition-validate')).toBeDisabled();
  await expect(blocker(page, 'validate')).toContainText('Des documents obligatoires manquent ou ne sont plus valides');
  await expectAccessible(page, 'plan page (validation blocked)');
  expectNoConsoleErrors(consoleErrors);
});

test('the plan form comes back to the tab it was opened from', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const hse = createE2eUser({ company: `Aciéries de Givors ${suffix}`, role: 'super_admin', firstName: 'Paul', lastName: 'Girard' });
  const plan = await seedPlan(hse.username, suffix);
  await loginWith(page, hse);
  await page.goto(`/prevention-plan/${plan.id}`);
  await page.getByTestId('plan-tab-safety').click();
  await page.getByTestId('plan-edit').click();
  await expect(page.getByTestId('plan-form')).toBeVisible();
  await page.getByLabel('Objet', { exact: true }).fill('Remplacement de la virole du four n° 2');
  await page.getByTestId('plan-save').click();
  await expect(page.getByTestId('flash')).toContainText('a été enregistré');
  await expect(page).toHaveURL(new RegExp(`/prevention-plan/${plan.id}\\?tab=safety$`));
  await expect(page.getByTestId('plan-tab-safety')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('plan-subject')).toHaveText('Remplacement de la virole du four n° 2');
  expectNoConsoleErrors(consoleErrors);
});
