import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { expectAccessible, unmarkedRequiredFields } from '../support/axe';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, loginWith, test } from '../support/fixtures';

const ROOT = path.join(__dirname, '..', '..', '..');
const DEMO_COMPANY = 'Démo Industrie SAS';

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

/**
 * The demo company (`demo:seed`, idempotent) gives every module realistic rows; a link is made for
 * the demo plan that waits for its outside companies, so its public signing page can be read.
 */
async function seedDemo(): Promise<{ tenantId: number; planId: number; actionId: number; projectId: number; token: string | null }> {
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/cli/index.ts', 'demo:seed'],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: e2eDatabaseUrl() }, stdio: 'pipe' });
  const [tenant] = await sql('SELECT id FROM tenant WHERE name = $1', [DEMO_COMPANY]);
  const [plan] = await sql(`SELECT id FROM prevention_plan WHERE tenant_id = $1 AND status = 'in_operation' AND deleted_at IS NULL ORDER BY id LIMIT 1`, [tenant.id]);
  const [action] = await sql('SELECT id FROM action WHERE tenant_id = $1 ORDER BY id LIMIT 1', [tenant.id]);
  const [project] = await sql('SELECT project_id AS id FROM project_task WHERE tenant_id = $1 GROUP BY project_id ORDER BY count(*) DESC LIMIT 1', [tenant.id]);
  // The waiting plan's outside company without signature gets a link whose token this spec knows.
  const [company] = await sql(
    `SELECT p.id AS plan_id, p.amendment_number AS round, c.id AS company_id
       FROM prevention_plan p JOIN plan_company c ON c.plan_id = p.id AND c.tenant_id = p.tenant_id
      WHERE p.tenant_id = $1 AND p.status = 'waiting_tiers' AND p.deleted_at IS NULL AND c.kind <> 'EU'
      ORDER BY p.id, c.id LIMIT 1`, [tenant.id]);
  let token: string | null = null;
  if (company) {
    token = crypto.randomBytes(32).toString('base64url');
    // The page links to the PDF the company signs; it is not opened here, so its row names no stored bytes.
    const [file] = await sql(`INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, $2, 'plan.pdf', 'application/pdf', 0) RETURNING id`,
      [tenant.id, `a11y-${token}.pdf`]);
    await sql(
      `INSERT INTO plan_sign_link (tenant_id, subject_type, document_id, company_id, plan_id, plan_company_id, round, email, token_hash, expires_at, pdf_file_id, pdf_sha256)
       VALUES ($1, 'prevention_plan', $2, $3, $2, $3, $4, 'signataire@example.fr', $5, now() + interval '7 days', $6, $7)`,
      [tenant.id, company.plan_id, company.company_id, company.round ?? 0, crypto.createHash('sha256').update(token).digest('hex'), file.id, '0'.repeat(64)]);
  }
  return { tenantId: tenant.id, planId: plan.id, actionId: action.id, projectId: project.id, token };
}

// Issue 25 item 10: no critical or serious axe-core violation on the main pages, with data shown.
test('the main pages, the unique risk document\'s pages and the public signing page have no critical or serious accessibility violation', async ({ page }) => {
  // About fifty pages, each analysed by axe: 240 s was reached before the waste pages on a loaded machine.
  test.setTimeout(420_000);
  const demo = await seedDemo();
  const admin = createE2eUser({ company: DEMO_COMPANY, role: 'super_admin', firstName: 'Nadia', lastName: 'Accessibilité' });
  await loginWith(page, admin);
  // Colours are measured settled: without transitions, a button just enabled is not caught mid-fade.
  await page.emulateMedia({ reducedMotion: 'reduce' });

  /** Opens `url`, waits for what shows its data, then checks the page. */
  const check = async (name: string, url: string, ready?: string) => {
    await page.goto(url);
    if (ready) await expect(page.locator(ready).first()).toBeVisible();
    await expectAccessible(page, name);
  };

  await check('accueil', '/', '[data-testid="user-menu"]');
  // Each module's list.
  for (const [name, url] of [
    ['actions', '/action-plan'], ['événements', '/events'], ['entreprises', '/crm/companies'], ['contacts', '/crm/contacts'],
    ['plans de prévention', '/prevention-plan/'], ['protocoles de sécurité', '/security-protocol/'], ['PPSPS', '/ppsps/'],
    ['bons de travaux', '/work-order/list'], ['permis de feu', '/fire-permit/'], ['salariés', '/rh/employees'], ['sessions de formation', '/rh/sessions'],
    ['projets', '/projects'], ['hiérarchie', '/admin/hierarchy'], ['utilisateurs', '/admin/users'],
  ] as const) await check(name, url, 'main');

  // A form modal: required fields show their star; a multiple select keeps every option clicked, without Ctrl.
  await page.getByTestId('user-add').click();
  const modal = page.locator('.modal.show');
  await expect(modal.getByRole('heading', { name: 'Nouvel utilisateur' })).toBeVisible();
  await expectAccessible(page, 'utilisateurs : formulaire', '.modal.show');
  expect.soft(await unmarkedRequiredFields(page, '.modal.show'), 'champs obligatoires sans astérisque').toEqual([]);
  const star = (id: string) => modal.locator(`label[for="${id}"]`).evaluate((l) => getComputedStyle(l, '::after').content);
  expect(await star('user_lastName')).toContain('*');
  expect(await star('user_phone')).toBe('none');
  const services = modal.locator('#user_serviceIds');
  const options = services.locator('option');
  expect(await options.count(), 'la démo a au moins deux services').toBeGreaterThanOrEqual(2);
  await services.scrollIntoViewIfNeeded();
  const clickOption = async (i: number) => {
    const box = (await options.nth(i).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  };
  await clickOption(0);
  await clickOption(1);
  await expect(services).toHaveValues([await options.nth(0).getAttribute('value') ?? '', await options.nth(1).getAttribute('value') ?? '']);
  // A second click on a chosen option lets it go, the other stays.
  await clickOption(0);
  await expect(services).toHaveValues([await options.nth(1).getAttribute('value') ?? '']);
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  await check('plan de prévention', `/prevention-plan/${demo.planId}`, 'main');
  await check('action', `/action-plan/${demo.actionId}`, 'main');
  await check('gantt', `/projects/${demo.projectId}?tab=gantt`, '[data-testid="gantt-island"][data-state="ready"]');
  await check('calendrier', '/calendar', '[data-testid="calendar-grid"]');

  // The unique risk document: list, its form modal, then its other pages.
  await check('document unique', '/unique-document', '[data-testid="du-evaluation-add"]');
  await page.getByTestId('du-evaluation-add').click();
  await expect(page.getByTestId('du-evaluation-form')).toBeVisible();
  await expectAccessible(page, 'document unique : formulaire', '.modal.show');
  expect.soft(await unmarkedRequiredFields(page, '.modal.show'), 'champs obligatoires sans astérisque').toEqual([]);
  for (const [name, url] of [
    ['produits chimiques', '/unique-document/chemicals'], ['pénibilité', '/unique-document/arduousness'], ['indicateurs', '/unique-document/indicators'],
    ['PAPRIPACT', '/unique-document/papripact'], ['historique', '/unique-document/history'],
  ] as const) await check(`document unique : ${name}`, url, 'main');

  // Equipment and controls (issue 24): the lists, an equipment page and each of its tabs, a tour, the indicators, the equipment form.
  const [equipment] = await sql(
    `SELECT e.id FROM equipment e WHERE e.tenant_id = $1 AND EXISTS (SELECT 1 FROM equipment_maintenance m WHERE m.equipment_id = e.id) ORDER BY e.id LIMIT 1`, [demo.tenantId]);
  const [tour] = await sql('SELECT id FROM vgp_tour WHERE tenant_id = $1 ORDER BY id LIMIT 1', [demo.tenantId]);
  expect(equipment && tour, 'la démo a un équipement avec son carnet et une tournée').toBeTruthy();
  for (const [name, url] of [
    ['équipements', '/equipment'], ['planning des contrôles', '/equipment/controls'], ['mes contrôles', '/equipment/my-controls'],
    ['tournées', '/equipment/tours'], ['grilles de contrôle', '/equipment/forms'], ['catégories', '/equipment/categories'],
    ['équipement', `/equipment/${equipment.id}`], ['équipement : contrôles', `/equipment/${equipment.id}?tab=controls`],
    ['équipement : carnet', `/equipment/${equipment.id}?tab=maintenance`], ['équipement : pièces', `/equipment/${equipment.id}?tab=parts`],
    ['tournée', `/equipment/tours/${tour.id}`],
  ] as const) await check(name, url, 'main');
  await check('indicateurs VGP', '/equipment/indicators', 'main');
  // Waste (issue 26 items 5-6): the lists, a CAP certificate, the register and the indicators.
  const [certificate] = await sql('SELECT id FROM cap_certificate WHERE tenant_id = $1 ORDER BY id LIMIT 1', [demo.tenantId]);
  expect(certificate, 'la démo a un certificat CAP').toBeTruthy();
  for (const [name, url] of [
    ['déchets', '/waste'], ['bons d\'enlèvement', '/waste/vouchers'], ['certificats CAP', '/waste/certificates'], ['certificat CAP', `/waste/certificates/${certificate.id}`],
    ['familles de déchets', '/waste/families'], ['contenants', '/waste/containers'], ['registre des déchets', '/waste/register'], ['indicateurs environnement', '/waste/indicators'],
  ] as const) await check(name, url, 'main');
  await page.goto('/equipment');
  await page.getByTestId('equipment-add').click();
  await expect(page.locator('.modal.show form')).toBeVisible();
  await expectAccessible(page, 'équipements : formulaire', '.modal.show');
  expect.soft(await unmarkedRequiredFields(page, '.modal.show'), 'champs obligatoires sans astérisque').toEqual([]);
  await page.keyboard.press('Escape');

  // The public signing page, as the outside company reads it (no session).
  expect(demo.token, 'la démo a un plan en attente des entreprises').not.toBeNull();
  await page.context().clearCookies();
  await page.goto(`/sign/pdp/${demo.token}`);
  await expect(page.getByTestId('sign-link-form')).toBeVisible();
  await expectAccessible(page, 'page de signature');
});
