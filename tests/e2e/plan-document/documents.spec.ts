import type { Locator } from '@playwright/test';
import { Client } from 'pg';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';
import { e2eDatabaseUrl } from '../support/db';

/** A draft plan of the admin's company with its user company and one outside company. */
async function seedPlan(company: string, suffix: string): Promise<number> {
  const db = new Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
  try {
    const { rows: [admin] } = await db.query(`SELECT id, tenant_id FROM app_user WHERE username = 'e2e.admin'`);
    const { rows: [plan] } = await db.query(
      `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, status) VALUES ($1, $2, 'Remplacement du pont roulant', $3, $3, 'draft') RETURNING id`,
      [admin.tenant_id, `PDP-DOC-${suffix}`, admin.id]);
    await db.query(`INSERT INTO plan_company (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'EU', 'Usine Sud'), ($1, $2, 'EE', $3)`, [admin.tenant_id, plan.id, company]);
    return plan.id;
  } finally {
    await db.end();
  }
}

/** Today plus `days` in Paris, as the forms type it (DD/MM/YYYY). */
function day(days: number): string {
  const p = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const get = (type: string) => p.find((x) => x.type === type)!.value;
  return `${get('day')}/${get('month')}/${get('year')}`;
}

/**
 * Types a date in a date-picker field of a modal, then presses Escape: the calendar closes (it
 * would otherwise cover the modal's buttons), the typed date stays and the modal stays open.
 */
async function typeDate(input: Locator, value: string): Promise<void> {
  await input.fill(value);
  await input.press('Escape');
  await expect(input).toHaveValue(value);
  await expect(input.page().locator('.flatpickr-calendar.open')).toHaveCount(0);
}

/** A small but well-formed one-page PDF. */
function pdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => { const s = `BT /F1 14 Tf 72 770 Td (${text}) Tj ET`; return `<< /Length ${s.length} >>\nstream\n${s}\nendstream`; })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => { offsets.push(body.length); body += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const TYPE = "Attestation d'assurance RC";

test('a mandatory company document: missing, given expired, then a valid new version clears the warning', async ({ page, consoleErrors }) => {
  const suffix = String(Date.now() % 1e6);
  const company = `Levage Martin ${suffix}`;
  const planId = await seedPlan(company, suffix);
  const past = day(-20);
  const nextYear = day(365);
  await login(page, 'admin');

  // The document type, mandatory for companies, from the admin list.
  await page.goto('/admin/document-types');
  await page.getByTestId('document-type-add').click();
  let modal = page.locator('.modal.show');
  await modal.getByLabel('Libellé').fill(TYPE);
  await expect(modal.getByLabel('Doit être ajouté par')).toHaveValue('outside_company');
  await modal.getByLabel('Obligatoire pour les entreprises').check();
  await expect(modal.getByLabel('Actif')).toBeChecked();
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('flash')).toContainText(`Le type de document « ${TYPE} » a été créé.`);
  const typeRow = page.getByTestId('document-type-table').getByRole('row', { name: new RegExp(TYPE) });
  await expect(typeRow).toContainText('Obligatoire pour les entreprises');
  await expect(typeRow).toContainText("Fourni par l'entreprise extérieure");

  // The plan warns that the outside company has not given it (and asks nothing of the user company).
  await page.goto(`/prevention-plan/${planId}`);
  const completeness = page.getByTestId('plan-completeness');
  const missing = completeness.getByTestId('plan-problem').filter({ hasText: `Document obligatoire manquant : « ${TYPE} » pour l'entreprise ${company}.` });
  await expect(missing).toHaveCount(1);
  await expect(missing).toHaveAttribute('data-severity', 'warning');
  await expect(completeness).not.toContainText(`« ${TYPE} » pour l'entreprise Usine Sud`);

  // "Voir" (in the folded detail of the checklist) leads to the documents tab.
  await page.getByTestId('plan-completeness-toggle').click();
  await missing.getByRole('link', { name: 'Voir' }).click();
  await expect(page).toHaveURL(new RegExp(`/prevention-plan/${planId}\\?tab=documents$`));
  await expect(page.getByTestId('plan-tab-documents')).toHaveAttribute('aria-selected', 'true');
  let pane = page.getByTestId('plan-pane-documents');
  let requirement = pane.getByTestId('document-requirements').getByRole('row', { name: new RegExp(TYPE) });
  await expect(requirement).toHaveCount(1);
  await expect(requirement).toContainText(company);
  await expect(requirement).toContainText('Manquant');

  // First version, already expired.
  await pane.getByTestId('document-add').click();
  modal = page.locator('.modal.show');
  await expect(modal.getByTestId('plan-document-form')).toBeVisible();
  // Once the opening transition is over: its end gives the focus back to the field being typed in.
  await expect(modal).toHaveClass(/vigie-modal-shown/);
  await modal.getByLabel('Type de document').selectOption({ label: TYPE });
  await modal.getByLabel('Concerne').selectOption({ label: `${company} (EE)` });
  await typeDate(modal.getByLabel("Date d'expiration"), past);
  await modal.getByLabel('Fichiers').setInputFiles({ name: 'attestation-rc-2024.pdf', mimeType: 'application/pdf', buffer: pdf('Attestation RC 2024') });
  await modal.getByRole('button', { name: 'Ajouter un document' }).click();
  await expect(page.getByTestId('flash')).toContainText(`Le document « ${TYPE} » a été déposé (version 1).`);
  await expect(page).toHaveURL(new RegExp(`\\?tab=documents$`));

  pane = page.getByTestId('plan-pane-documents');
  let given = pane.getByTestId('document-list').getByRole('row', { name: new RegExp(TYPE) });
  await expect(given).toHaveCount(1);
  await expect(given).toContainText(company);
  await expect(given).toContainText(past);
  await expect(given.locator('[data-state]')).toHaveText('Expiré');
  await expect(given).toContainText('v1');
  await expect(given.getByRole('link', { name: 'attestation-rc-2024.pdf' })).toBeVisible();
  requirement = pane.getByTestId('document-requirements').getByRole('row', { name: new RegExp(TYPE) });
  await expect(requirement.locator('[data-state]')).toHaveText('Expiré');
  const expiredText = `Document expiré le ${past} : « ${TYPE} » pour l'entreprise ${company}.`;
  await expect(pane.getByTestId('document-alerts')).toContainText(expiredText);
  await expect(completeness.getByTestId('plan-problem').filter({ hasText: expiredText })).toHaveCount(1);
  await expect(completeness).not.toContainText(`Document obligatoire manquant : « ${TYPE} »`);

  // A new version, valid for a year, from the requirement's own upload button (type and company already chosen).
  await requirement.getByRole('link', { name: 'Ajouter un document' }).click();
  modal = page.locator('.modal.show');
  await expect(modal).toHaveClass(/vigie-modal-shown/);
  await expect(modal.getByLabel('Type de document').locator('option:checked')).toHaveText(TYPE);
  await expect(modal.getByLabel('Concerne').locator('option:checked')).toHaveText(`${company} (EE)`);
  await typeDate(modal.getByLabel("Date d'expiration"), nextYear);
  await modal.getByLabel('Fichiers').setInputFiles({ name: 'attestation-rc-2025.pdf', mimeType: 'application/pdf', buffer: pdf('Attestation RC 2025') });
  await modal.getByRole('button', { name: 'Ajouter un document' }).click();
  await expect(page.getByTestId('flash')).toContainText(`Le document « ${TYPE} » a été déposé (version 2).`);

  pane = page.getByTestId('plan-pane-documents');
  given = pane.getByTestId('document-list').getByRole('row', { name: new RegExp(TYPE) });
  await expect(given).toHaveCount(1);
  await expect(given).toContainText(nextYear);
  await expect(given.locator('[data-state]')).toHaveText('Valide');
  await expect(given.getByRole('link', { name: 'v2 (historique)' })).toBeVisible();
  await expect(given.getByRole('link', { name: 'attestation-rc-2025.pdf' })).toBeVisible();
  requirement = pane.getByTestId('document-requirements').getByRole('row', { name: new RegExp(TYPE) });
  await expect(requirement.locator('[data-state]')).toHaveText('Valide');
  await expect(pane.getByTestId('document-alerts')).toHaveCount(0);
  await expect(completeness).not.toContainText(TYPE);
  await expect(completeness.getByTestId('plan-problem').filter({ hasText: `pour l'entreprise ${company}` })).toHaveCount(0);

  // The history keeps the expired first version behind the current one.
  await given.getByRole('link', { name: 'v2 (historique)' }).click();
  const history = page.locator('.modal.show').getByTestId('plan-document-history');
  await expect(history.locator('tr[data-revision]')).toHaveCount(2);
  await expect(history.locator('tr[data-revision="2"]')).toContainText('Version en cours');
  await expect(history.locator('tr[data-revision="2"]')).toContainText('attestation-rc-2025.pdf');
  await expect(history.locator('tr[data-revision="1"]')).toContainText(past);
  await expect(history.locator('tr[data-revision="1"]')).toContainText('attestation-rc-2024.pdf');
  expectNoConsoleErrors(consoleErrors);
});
