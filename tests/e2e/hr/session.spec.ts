import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { french } from '../support/dates';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';

/** Two themes, their formations and trainers, and three employees in the user's own company. */
async function seed(username: string): Promise<void> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const { rows: [u] } = await db.query('SELECT tenant_id FROM app_user WHERE username = $1', [username]);
    const tenant = u.tenant_id;
    const theme = async (name: string) => (await db.query('INSERT INTO formation_theme (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenant, name])).rows[0].id;
    const trainer = async (name: string) => (await db.query('INSERT INTO trainer (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenant, name])).rows[0].id;
    const formation = async (name: string, themeId: number, months: number, trainers: number[]) => {
      const id = (await db.query('INSERT INTO formation (tenant_id, name, theme_id, validity_months) VALUES ($1, $2, $3, $4) RETURNING id', [tenant, name, themeId, months])).rows[0].id;
      for (const t of trainers) await db.query('INSERT INTO formation_trainer (formation_id, trainer_id) VALUES ($1, $2)', [id, t]);
    };
    const [safety, electricity] = [await theme('Sécurité'), await theme('Électricité')];
    const [julie, marc, karim] = [await trainer('Julie Marchand'), await trainer('Marc Delorme'), await trainer('Karim Benali')];
    await formation('Sauveteur secouriste du travail', safety, 24, [julie, karim]);
    await formation('Habilitation électrique B1V', electricity, 36, [marc]);
    await formation('Habilitation électrique BR', electricity, 36, [marc, karim]);
    for (const [first, last] of [['Léa', 'Durand'], ['Hugo', 'Martin'], ['Inès', 'Roux']]) {
      await db.query('INSERT INTO employee (tenant_id, first_name, last_name, email) VALUES ($1, $2, $3, $4)', [tenant, first, last, `${first.toLowerCase()}.${last.toLowerCase()}@exemple.fr`]);
    }
  } finally {
    await db.end();
  }
}

test('a session is created through the dependent selects, employees are added, attendance makes the formation valid in monitoring', async ({ page, consoleErrors }) => {
  const user = createE2eUser({ company: `Formations ${Date.now() % 1_000_000}`, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  await seed(user.username);
  await loginWith(page, user);

  await page.goto('/rh/sessions');
  await expect(page.getByRole('heading', { name: 'Sessions de formation' })).toBeVisible();
  await page.getByTestId('session-add').click();
  const form = page.getByTestId('session-form');
  await expect(form).toBeVisible();

  // Theme first: the formation select keeps only that theme's formations; then the formation's trainers.
  const formation = form.getByLabel('Formation', { exact: true });
  const trainer = form.getByLabel('Formateur', { exact: true });
  await expect(formation.locator('option')).toHaveCount(4);
  await form.getByLabel('Thème').selectOption({ label: 'Électricité' });
  await expect(formation.locator('option')).toHaveText(['Choisir…', 'Habilitation électrique B1V', 'Habilitation électrique BR']);
  await formation.selectOption({ label: 'Habilitation électrique BR' });
  await expect(trainer.locator('option')).toHaveText(['Aucun', 'Karim Benali', 'Marc Delorme']);
  await formation.selectOption({ label: 'Habilitation électrique B1V' });
  await expect(trainer.locator('option')).toHaveText(['Aucun', 'Marc Delorme']);
  await trainer.selectOption({ label: 'Marc Delorme' });

  const yesterday = french(-1);
  for (const [label, value] of [['Début', `${yesterday} 09:00`], ['Fin', `${yesterday} 17:00`]]) {
    const input = form.getByLabel(label, { exact: true });
    await input.fill(value);
    await input.press('Tab');
  }
  await form.getByLabel('Lieu').click();
  await form.getByLabel('Lieu').fill('Salle de formation B');
  await form.getByLabel('Durée (heures)').fill('7');
  await form.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(/\/rh\/sessions\/\d+$/);
  await expect(page.getByTestId('session-title')).toHaveText('Habilitation électrique B1V');
  await expect(page.getByTestId('session-details')).toContainText('Marc Delorme');
  await expect(page.getByTestId('session-details')).toContainText('Salle de formation B');

  for (const name of ['Léa Durand', 'Hugo Martin']) {
    await page.getByTestId('session-add-employee').first().click();
    const add = page.getByTestId('add-employee-form');
    await expect(add).toBeVisible();
    await add.getByLabel('Salarié').selectOption({ label: name });
    await add.getByRole('button', { name: 'Inscrire un salarié' }).click();
    await expect(page.locator(`tr[data-attendee="${name}"]`)).toBeVisible();
  }

  await page.getByRole('checkbox', { name: 'Présent Léa Durand' }).check();
  await page.getByTestId('attendance-save').click();
  await expect(page.getByTestId('flash')).toContainText('Présences enregistrées (1 présent(s)).');
  await expect(page.getByRole('checkbox', { name: 'Présent Léa Durand' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Présent Hugo Martin' })).not.toBeChecked();

  await page.goto('/rh/formation-monitoring');
  const row = page.locator('tr[data-employee="Léa Durand"][data-formation="Habilitation électrique B1V"]');
  await expect(row.getByTestId('formation-status')).toHaveText('Valide');
  const yesterdayIso = yesterday.split('/').reverse().join('-');
  const expiry = `${yesterday.slice(0, 6)}${Number(yesterdayIso.slice(0, 4)) + 3}`;
  await expect(row).toContainText(expiry);
  await expect(page.locator('tr[data-employee="Hugo Martin"]')).toHaveCount(0);

  await row.getByTestId('monitoring-history').click();
  await expect(page.getByTestId('formation-history')).toContainText(yesterday);
  expectNoConsoleErrors(consoleErrors);
});
