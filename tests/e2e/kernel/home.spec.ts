import { Client } from 'pg';
import { expectAccessible } from '../support/axe';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';

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

const userOf = async (username: string) => (await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [username]))[0] as { id: number; tenant_id: number };

test('an order giver finds on his home page the plan waiting for his signature and opens it', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const company = `Accueil plans ${suffix}`;
  const giver = createE2eUser({ company, role: 'order_giver', firstName: 'Claire', lastName: 'Martin' });
  const author = createE2eUser({ company, role: 'hsqe', firstName: 'Karim', lastName: 'Benali' });
  const me = await userOf(giver.username);
  const them = await userOf(author.username);
  const [plan] = await sql(`INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, status)
    VALUES ($1, $2, 'Remplacement du pont roulant', $3, $4, 'waiting_internal') RETURNING id`, [me.tenant_id, `PDP-E2E-${suffix}`, them.id, me.id]);
  // A plan waiting for someone else does not show.
  await sql(`INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, status)
    VALUES ($1, $2, 'Peinture du hall', $3, $3, 'waiting_internal')`, [me.tenant_id, `PDP-E2E-${suffix}-B`, them.id]);

  await loginWith(page, giver);
  const card = page.getByTestId('home-card-plans-waiting');
  await expect(card.getByRole('heading', { name: 'Plans de prévention en attente de moi' })).toBeVisible();
  await expect(card.getByTestId('home-card-count')).toHaveText('1');
  const line = card.getByTestId('home-card-item');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Remplacement du pont roulant');
  await expect(line).toContainText('En attente de validation interne');
  await expect(line.getByTestId('home-card-badge')).toHaveText('À valider');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectAccessible(page, 'accueil du donneur d\'ordre', '[data-testid="home-card-plans-waiting"]');
  await line.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/prevention-plan/${plan.id}$`));
  await expect(page.getByText('Remplacement du pont roulant').first()).toBeVisible();
  // He is no administrator: no first-start guide.
  await page.goto('/');
  await expect(page.getByTestId('home-card-plans-waiting')).toBeVisible();
  await expect(page.getByTestId('home-guide')).toHaveCount(0);
  expectNoConsoleErrors(consoleErrors);
});

test('the administrator of a new company follows the first-start guide, ticked by the data, then hides it for good', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const admin = createE2eUser({ company: `Accueil guide ${suffix}`, role: 'super_admin', firstName: 'Lucie', lastName: 'Garnier' });
  const me = await userOf(admin.username);
  await loginWith(page, admin);

  const guide = page.getByTestId('home-guide');
  await expect(guide.getByRole('heading', { name: 'Premiers pas dans Vigie' })).toBeVisible();
  const step = (key: string) => guide.locator(`[data-step="${key}"]`);
  await expect(guide.getByTestId('home-guide-step')).toHaveCount(5);
  await expect(step('companies')).toHaveAttribute('data-done', 'false');
  await expect(step('companies').getByRole('link', { name: 'Ouvrir le CRM' })).toBeVisible();
  await expect(guide.getByTestId('home-guide-progress')).toContainText('/ 5');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectAccessible(page, 'guide de démarrage', '[data-testid="home-guide"]');

  // An outside company recorded in the CRM ticks its step.
  await sql('INSERT INTO tiers (tenant_id, name) VALUES ($1, $2)', [me.tenant_id, `Levage Morel ${suffix}`]);
  await page.reload();
  await expect(step('companies')).toHaveAttribute('data-done', 'true');
  await expect(step('companies')).toContainText('Fait');

  await guide.getByTestId('home-guide-dismiss').click();
  await page.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Le guide de démarrage est masqué.')).toBeVisible();
  await expect(page.getByTestId('home-guide')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Bonjour/ })).toBeVisible();
  await expect(page.getByTestId('home-guide')).toHaveCount(0);
  expectNoConsoleErrors(consoleErrors);
});
