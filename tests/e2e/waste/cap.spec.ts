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

/** A CRM company of the tenant with its head office in `city`. */
async function company(tenantId: number, name: string, city: string): Promise<void> {
  const [row] = await sql('INSERT INTO tiers (tenant_id, name, siret, state) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, name, '12345678900011', 'customer']);
  await sql('INSERT INTO tiers_address (tenant_id, tiers_id, address, zip_code, city, is_head_office) VALUES ($1, $2, $3, $4, $5, true)', [tenantId, row.id, '3 quai du Rhône', '69002', city]);
}

test('a CAP certificate created in its modal with its producer, carriers and wastes, a document added, its forms offered', async ({ page, consoleErrors }) => {
  // Three pages and a modal with axe, an upload: more than the default 30 s on a loaded machine.
  test.setTimeout(240_000);
  const suffix = `${Date.now() % 1_000_000}`;
  const manager = createE2eUser({ company: `CAP ${suffix}`, role: 'super_admin', firstName: 'Lucie', lastName: 'Fabre' });
  const [me] = await sql('SELECT tenant_id FROM app_user WHERE username = $1', [manager.username]);
  const tenantId = me.tenant_id as number;
  const [type] = await sql('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [tenantId, 'Site']);
  await sql('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3)', [tenantId, 'Usine de Lyon', type.id]);
  await company(tenantId, 'Recyclage Producteur', 'Lyon');
  await company(tenantId, 'Transports Alpha', 'Vienne');
  await company(tenantId, 'Transports Bêta', 'Givors');
  await sql('INSERT INTO waste (tenant_id, label, ced_code) VALUES ($1, $2, $3), ($1, $4, $5)', [tenantId, 'Huiles usagées', '130205', 'Bois de palettes', '150103']);

  await loginWith(page, manager);
  await page.goto('/waste/certificates');
  await expect(page.getByTestId('empty-state')).toContainText('Aucun certificat d\'acceptation préalable');
  await expectAccessible(page, 'liste des certificats CAP');

  await page.getByTestId('cap-add').click();
  const form = page.getByTestId('cap-form');
  await expect(form).toBeVisible();
  await expectAccessible(page, 'certificat CAP : formulaire', '.modal.show');
  await form.getByLabel('Code du CAP').fill(`CAP-${suffix}`);
  await form.getByLabel('Site', { exact: true }).selectOption({ label: 'Usine de Lyon (Site)' });
  await form.getByLabel('Producteur').pressSequentially('Recyclage');
  // The search's suggestion (Tom Select's list), not the option of the same name in the carriers' list.
  await form.locator('.ts-dropdown').getByRole('option', { name: /Recyclage Producteur/ }).click();
  await expect(form.locator('#cap_certificate_producerId')).not.toHaveValue('');
  await form.getByLabel('Transporteurs').selectOption([{ label: 'Transports Alpha (Vienne)' }, { label: 'Transports Bêta (Givors)' }]);
  await form.getByLabel('Déchets').selectOption([{ label: 'Huiles usagées (13 02 05)' }]);
  await form.getByLabel('Commentaire').fill('Acceptation valable un an.');
  await form.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(/\/waste\/certificates\/\d+$/);
  const details = page.getByTestId('cap-details');
  await expect(details).toContainText(`CAP-${suffix}`);
  await expect(details).toContainText('Recyclage Producteur');
  await expect(details).toContainText('Transports Alpha');
  await expect(details).toContainText('Transports Bêta');
  await expect(page.getByTestId('cap-wastes')).toContainText('13 02 05*');
  await expect(page.getByTestId('cap-forms').getByRole('link')).toHaveText([/Formulaire producteur/, /Formulaire client à facturer/, /Formulaire transporteur/]);
  await expectAccessible(page, 'certificat CAP');

  await page.getByTestId('cap-document-add').click();
  await page.getByTestId('cap-document-form').getByLabel('Fichiers').setInputFiles({ name: 'acceptation.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });
  await page.getByTestId('cap-document-submit').click();
  await expect(page.getByTestId('cap-documents')).toContainText('acceptation.pdf');
  const href = await page.getByTestId('cap-documents').getByRole('link', { name: /acceptation\.pdf/ }).getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect((await file.body()).toString()).toBe('%PDF-1.7\n%%EOF\n');

  await page.goto('/waste/certificates');
  await expect(page.getByTestId('cap-table')).toContainText(`CAP-${suffix}`);
  await expect(page.getByTestId('cap-table')).toContainText('Transports Alpha, Transports Bêta');
  expectNoConsoleErrors(consoleErrors);
});
