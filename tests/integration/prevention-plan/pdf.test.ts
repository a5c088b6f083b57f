import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Response } from 'supertest';
import { closePdfBrowser } from '../../../server/kernel/pdf';
import { tenantKey } from '../../../server/kernel/storage';
import { storage } from '../../../server/modules/plan-document/plan-document.uploads';
import { renderPlanPdf } from '../../../server/modules/prevention-plan/core/plan-pdf.service';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, addCompany, addStaff, companyOf, createPlan, createType, PDF, postDocument, type Actor } from '../plan-document/helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => {
  await closePdfBrowser();
  await t.close();
});

/** A 1x1 PNG, as the signature island sends it. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Keeps the body of a binary answer as a Buffer. */
function binary(res: Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** Runs `fn` on a temporary file holding `data`. */
function withFile<T>(data: Buffer, name: string, fn: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-plan-pdf-'));
  try {
    const file = path.join(dir, name);
    fs.writeFileSync(file, data);
    return fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const pdfText = (pdf: Buffer) => withFile(pdf, 'plan.pdf', (f) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', f, '-'], { encoding: 'utf8' }));

const get = (a: Actor, url: string) => a.agent.get(url).buffer(true).parse(binary as never);

const signature = (tenantId: number, planId: number, s: { kind: string; key: string; name: string; companyId?: number; round?: number; superseded?: boolean; at?: string }) =>
  t.db.dataSource.query(
    `INSERT INTO plan_signature (tenant_id, plan_id, kind, signer_key, plan_company_id, signer_name, image, channel, round, signed_at, superseded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'app', $8, $9, $10)`,
    [tenantId, planId, s.kind, s.key, s.companyId ?? null, s.name, PNG, s.round ?? 0, s.at ?? '2026-11-20T08:15:00Z', s.superseded ? '2026-11-21T08:00:00Z' : null]);

/** A plan with an EU, an EE with a staff member and a document, and the EE's signature. */
async function setup() {
  const a = await actor(t, ['pdp.view', 'pdp.edit', 'pdp.documents']);
  const planId = await createPlan(t, a.tenantId, a.id, 'Remplacement des vannes du réseau vapeur');
  await t.db.dataSource.query(
    "UPDATE prevention_plan SET start_date = '2026-12-01', end_date = '2026-12-12', meeting_point = 'Poste de garde nord', prerun_inspection_date = '2026-11-28', prerun_inspection_time = '09:30' WHERE id = $1",
    [planId]);
  const [{ pdp_number: number }] = await t.db.dataSource.query('SELECT pdp_number FROM prevention_plan WHERE id = $1', [planId]);
  await addCompany(t, a.tenantId, planId, 'EU', 'Chimie du Rhône SA');
  const eeId = await addCompany(t, a.tenantId, planId, 'EE', 'Électricité Durand SARL', { email: 'contact@durand-elec.fr' });
  await addStaff(t, a.tenantId, planId, eeId, 'Martin', 'Paul');
  const typeId = await createType(t, a.tenantId, 'Assurance RC', { mandatoryCompanies: true });
  const doc = await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId) }, [['attestation-rc.pdf', PDF]]);
  expect(doc.status).toBe(201);
  await signature(a.tenantId, planId, { kind: 'company', key: `company:${eeId}`, name: 'Marc Lambert', companyId: eeId });
  return { a, planId, number: number as string, eeId };
}

describe('plan PDF', () => {
  it('prints the plan with its companies, staff, documents, signatures and page numbers', async () => {
    const { a, planId, number } = await setup();
    const res = await get(a, `/prevention-plan/${planId}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${number}.pdf`);
    const text = pdfText(res.body);
    expect(text).toContain(number);
    expect(text).toContain('Remplacement des vannes du réseau vapeur');
    expect(text).toContain('Brouillon');
    expect(text).toContain('01/12/2026');
    expect(text).toContain('Chimie du Rhône SA');
    expect(text).toContain('Électricité Durand SARL');
    expect(text).toContain('Paul Martin');
    expect(text).toContain('Assurance RC');
    expect(text).toContain('Marc Lambert');
    expect(text).toContain('20/11/2026 09:15');
    expect(text).toContain('Aucun avenant.');
    expect(text).toMatch(/Page 1 \/ \d+/);
  });

  it('shows the amendments and only the signatures of the current round not superseded', async () => {
    const { a, planId, eeId } = await setup();
    await t.db.dataSource.query('UPDATE prevention_plan SET amendment_number = 1 WHERE id = $1', [planId]);
    await t.db.dataSource.query(
      `INSERT INTO plan_amendment (tenant_id, plan_id, number, reason, automatic, from_state, created_at)
       VALUES ($1, $2, 1, 'Ajout d''un soudeur', false, 'in_operation', '2026-11-22T10:00:00Z')`, [a.tenantId, planId]);
    await signature(a.tenantId, planId, { kind: 'internal', key: `internal:${a.id}`, name: 'Ancienne Signature', superseded: true });
    await signature(a.tenantId, planId, { kind: 'company', key: `company:${eeId}`, name: 'Nouveau Signataire', companyId: eeId, round: 1, at: '2026-11-22T14:05:00Z' });
    const [analysis] = await t.db.dataSource.query(
      "INSERT INTO risk_analysis (tenant_id, subject_type, subject_id) VALUES ($1, 'prevention_plan', $2) RETURNING id", [a.tenantId, planId]);
    await t.db.dataSource.query(
      "INSERT INTO risk_analysis_phase (tenant_id, analysis_id, number, description, main, company_id, interference) VALUES ($1, $2, 1, 'Dépose des vannes', true, $3, false)",
      [a.tenantId, analysis.id, eeId]);
    await t.db.dataSource.query(
      "INSERT INTO risk_analysis_interference (tenant_id, analysis_id, label, measures, person_in_charge) VALUES ($1, $2, 'Circulation des chariots', 'Balisage de la zone', 'Chef de poste')",
      [a.tenantId, analysis.id]);
    const text = pdfText(await renderPlanPdf(t.db.dataSource, a.tenantId, planId));
    expect(text).toContain('Dépose des vannes');
    expect(text).toContain('Circulation des chariots');
    expect(text).toContain('Balisage de la zone');
    expect(text).toContain("Ajout d'un soudeur");
    expect(text).toContain('22/11/2026 11:00');
    expect(text).toContain('Avenant n° 1');
    expect(text).toContain('Nouveau Signataire');
    expect(text).toContain('22/11/2026 15:05');
    expect(text).not.toContain('Marc Lambert');
    expect(text).not.toContain('Ancienne Signature');
  });

  it('answers 404 to another company and to a user who does not see the plan, 403 without the right', async () => {
    const { a, planId } = await setup();
    const stranger = await actor(t, ['pdp.view', 'pdp.view_all']);
    const colleague = await actor(t, ['pdp.view'], await companyOf(t, a.tenantId));
    const noRight = await actor(t, ['pdp.edit'], await companyOf(t, a.tenantId));
    for (const suffix of ['pdf', 'zip', 'work-inspection-pdf']) {
      expect((await get(stranger, `/prevention-plan/${planId}/${suffix}`)).status).toBe(404);
      expect((await get(colleague, `/prevention-plan/${planId}/${suffix}`)).status).toBe(404);
      expect((await get(noRight, `/prevention-plan/${planId}/${suffix}`)).status).toBe(403);
    }
    await expect(renderPlanPdf(t.db.dataSource, stranger.tenantId, planId)).rejects.toMatchObject({ status: 404 });
  });
});

describe('plan zip', () => {
  it('holds the plan PDF and the files of the documents in folders', async () => {
    const { a, planId, number } = await setup();
    // The paper-signed plan and a material's report are the plan's own files.
    const stored = async (name: string, content: Buffer) => {
      const key = tenantKey(a.tenantId, name);
      await storage.put(key, content);
      const [f] = await t.db.dataSource.query(
        "INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, $2, $3, 'application/pdf', $4) RETURNING id", [a.tenantId, key, name, content.length]);
      return f.id as number;
    };
    await t.db.dataSource.query('UPDATE prevention_plan SET signed_file_id = $2 WHERE id = $1', [planId, await stored('pdp-signe.pdf', PDF)]);
    await t.db.dataSource.query("INSERT INTO plan_material (tenant_id, plan_id, type, file_id) VALUES ($1, $2, 'Nacelle', $3)", [a.tenantId, planId, await stored('vgp-nacelle.pdf', PDF)]);
    const res = await get(a, `/prevention-plan/${planId}/zip`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`${number}.zip`);
    withFile(res.body, 'plan.zip', (zip) => {
      expect(execFileSync('unzip', ['-t', zip], { encoding: 'utf8' })).toContain('No errors detected');
      const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
      expect(names).toEqual([
        `${number}.pdf`, 'Documents du plan/Plan signé - pdp-signe.pdf', 'Documents du plan/Matériel Nacelle - vgp-nacelle.pdf',
        'EE - Électricité Durand SARL/Assurance RC - attestation-rc.pdf',
      ]);
      expect(execFileSync('unzip', ['-p', zip, names[3]])).toEqual(PDF);
      expect(pdfText(execFileSync('unzip', ['-p', zip, names[0]]))).toContain('Marc Lambert');
    });
  });
});

describe('work-inspection PDF', () => {
  it('prints the prior joint inspection with its participants, their signatures and a table to fill in', async () => {
    const { a, planId, number } = await setup();
    const [p] = await t.db.dataSource.query(
      "INSERT INTO plan_inspection_participant (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'outside', 'Sophie Lefebvre (Durand)') RETURNING id", [a.tenantId, planId]);
    await signature(a.tenantId, planId, { kind: 'inspection', key: `inspection:${p.id}`, name: 'Sophie Lefebvre', at: '2026-11-28T08:40:00Z' });
    const res = await get(a, `/prevention-plan/${planId}/work-inspection-pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.body);
    expect(text).toContain(`Inspection commune préalable – ${number}`);
    expect(text).toContain('28/11/2026');
    expect(text).toContain('09:30');
    expect(text).toContain('Poste de garde nord');
    expect(text).toContain('Sophie Lefebvre (Durand)');
    expect(text).toContain('28/11/2026 09:40');
    expect(text).toContain('Observations faites sur site');
    expect(text).toContain('Échéance');
    expect(text).toMatch(/Page 1 \/ \d+/);
  });
});
