import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createE2eUser, e2eDatabaseUrl } from '../support/db';
import { expect, expectNoConsoleErrors, loginWith, test } from '../support/fixtures';
import { draw } from '../support/signing';

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

test('a version of the document is frozen from the list, signed in the signature island, and its PDF downloaded', async ({ page, consoleErrors }) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const writer = createE2eUser({ company: `DUERP historique ${suffix}`, role: 'super_admin', firstName: 'Claire', lastName: 'Martin' });
  const [me] = await sql('SELECT id, tenant_id FROM app_user WHERE username = $1', [writer.username]);
  const [type] = await sql('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [me.tenant_id, 'Site']);
  const [site] = await sql('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [me.tenant_id, 'Usine de Lyon', type.id]);
  const [unit] = await sql('INSERT INTO work_unit (tenant_id, name) VALUES ($1, $2) RETURNING id', [me.tenant_id, 'Atelier usinage']);

  await loginWith(page, writer);
  // The first reads give the company its default scales, levels and families.
  await page.goto('/unique-document/evaluations/new');
  await expect(page.getByTestId('du-evaluation-form')).toBeVisible();
  const scale = async (kind: string, label: string) => (await sql('SELECT id FROM du_scale_value WHERE tenant_id = $1 AND kind = $2 AND label = $3', [me.tenant_id, kind, label]))[0].id;
  const [family] = await sql('SELECT id FROM du_danger_family WHERE tenant_id = $1 AND label = $2', [me.tenant_id, 'Machines et outils']);
  const [level] = await sql('SELECT id FROM du_priority_level WHERE tenant_id = $1 AND label = $2', [me.tenant_id, 'Modéré']);
  await sql(
    `INSERT INTO risk_evaluation (tenant_id, hierarchy_item_id, work_unit_id, danger_family_id, dangerous_situation, gravity_id, probability_id, gross_risk, control_id, priority_risk, priority_level_id, supervisor_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 6, $8, 12, $9, $10)`,
    [me.tenant_id, site.id, unit.id, family.id, 'Intervention dans la zone du tour en rotation', await scale('gravity', 'Grave'), await scale('probability', 'Possible'), await scale('control', 'Moyenne'), level.id, me.id]);

  // The list filtered on the entity offers its exports and its signed history.
  await page.goto(`/unique-document?item=${site.id}`);
  await expect(page.getByTestId('du-export-pdf')).toBeVisible();
  await expect(page.getByTestId('du-export-xlsx')).toBeVisible();
  await page.getByTestId('du-history-link').click();
  await expect(page.getByTestId('du-history')).toContainText('Aucune version n\'a encore été figée pour cette entité.');

  await page.getByTestId('du-history-create').click();
  await expect(page.getByTestId('flash')).toContainText('La version 1 du document unique de « Usine de Lyon » est figée.');
  const row = page.getByTestId('du-version-1');
  await expect(row).toBeVisible();

  // The signature island: the name is required, then the drawing is kept once.
  await row.getByTestId('du-version-sign').click();
  const form = page.getByTestId('signature-form');
  await expect(form).toBeVisible();
  await expect(form).toContainText('Vous signez la version 1 du document unique de « Usine de Lyon ».');
  await draw(page, form.getByTestId('signature-canvas'));
  await form.getByTestId('signature-submit').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('flash')).toContainText('La version 1 du document unique de « Usine de Lyon » est signée.');
  await expect(page.getByTestId('du-version-1').getByTestId('du-version-signed')).toContainText('Signée par Claire Martin');
  await expect(page.getByTestId('du-version-1').getByTestId('du-version-sign')).toHaveCount(0);

  // The frozen PDF is downloaded: a PDF naming its version and its line.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('du-version-1').getByTestId('du-version-pdf').click()]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duhist-e2e-'));
  const file = path.join(dir, 'version.pdf');
  await download.saveAs(file);
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  fs.rmSync(dir, { recursive: true, force: true });
  expect(text).toContain('Version n° 1');
  expect(text).toContain('Unité de travail : Atelier usinage');
  expect(text).toContain('Intervention');
  const [version] = await sql('SELECT signer_name, signed_by_id FROM du_history_version WHERE tenant_id = $1', [me.tenant_id]);
  expect(version).toEqual({ signer_name: 'Claire Martin', signed_by_id: me.id });
  expectNoConsoleErrors(consoleErrors);
});
