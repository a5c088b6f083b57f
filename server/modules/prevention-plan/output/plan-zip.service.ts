import type { DataSource, EntityManager } from 'typeorm';
import { loadPlanDocuments } from '../../plan-document/plan-document.requirements';
import type { PlanCompanyRef } from '../../plan-document/plan-document.owners';
import { zipSegment } from './plan-zip.writer';

type Db = DataSource | EntityManager;
type T = (key: string, options?: Record<string, unknown>) => string;

/** A stored file to put in the plan's archive, at `path`. */
export interface ZipFile { path: string; storageKey: string }

/** The plan's own files, in the plan's folder: the outside-written plan, the paper-signed plan, the material's reports. */
async function planOwnFiles(db: Db, tenantId: number, planId: number, t: T): Promise<ZipFile[]> {
  const rows: Array<{ what: string; label: string | null; name: string; storage_key: string }> = await db.query(
    `SELECT 'external' AS what, NULL AS label, f.original_name AS name, f.storage_key, 0 AS pos FROM prevention_plan p JOIN stored_file f ON f.id = p.external_file_id AND f.tenant_id = p.tenant_id
      WHERE p.id = $1 AND p.tenant_id = $2
     UNION ALL
     SELECT 'signed', NULL, f.original_name, f.storage_key, 1 FROM prevention_plan p JOIN stored_file f ON f.id = p.signed_file_id AND f.tenant_id = p.tenant_id
      WHERE p.id = $1 AND p.tenant_id = $2
     UNION ALL
     SELECT 'material', m.type, f.original_name, f.storage_key, 2 + m.id FROM plan_material m JOIN stored_file f ON f.id = m.file_id AND f.tenant_id = m.tenant_id
      WHERE m.plan_id = $1 AND m.tenant_id = $2
     ORDER BY pos`, [planId, tenantId]);
  const folder = zipSegment(t('plan-pdf.zip.plan_folder'));
  const prefix: Record<string, (label: string | null) => string> = {
    external: () => t('prevention-plan.external_file.title'),
    signed: () => t('plan-pdf.zip.signed_file'),
    material: (label) => `${t('plan-pdf.zip.material')} ${label ?? ''}`.trim(),
  };
  return rows.map((r) => ({ path: `${folder}/${zipSegment(`${prefix[r.what](r.label)} - ${r.name}`, 150)}`, storageKey: r.storage_key }));
}

/**
 * The plan's own files, then every file of the current version of each document of the plan,
 * its companies and its staff (the CRM company's and contact's documents behind them included), in folders:
 * `Documents du plan/`, `EE - <company>/`, `EE - <company>/<staff member>/`. A file is named
 * after its document type and its own name. Ordered as the documents tab lists them.
 */
export async function planZipFiles(db: Db, tenantId: number, planId: number, t: T): Promise<ZipFile[]> {
  const view = await loadPlanDocuments(db, tenantId, planId);
  const companyFolder = (c: PlanCompanyRef) => zipSegment(`${c.kind} - ${c.name}`);
  const companyOf = new Map(view.owners.companies.map((c) => [c.id, c]));
  const staffFolder = (s: { planCompanyId: number; name: string }) => {
    const c = companyOf.get(s.planCompanyId);
    return `${c ? companyFolder(c) : '_'}/${zipSegment(s.name)}`;
  };
  const foldersOf = (ownerKind: string, ownerId: number): string[] => {
    switch (ownerKind) {
      case 'plan': return [zipSegment(t('plan-pdf.zip.plan_folder'))];
      case 'plan_company': return view.owners.companies.filter((c) => c.id === ownerId).map(companyFolder);
      case 'tiers': return view.owners.companies.filter((c) => c.tiersId === ownerId).map(companyFolder);
      case 'plan_staff': return view.owners.staff.filter((s) => s.id === ownerId).map(staffFolder);
      case 'contact': return view.owners.staff.filter((s) => s.contactId === ownerId).map(staffFolder);
      default: return [];
    }
  };
  const files: ZipFile[] = await planOwnFiles(db, tenantId, planId, t);
  const links = view.current.flatMap((d) => d.files.map((f) => ({ doc: d, linkId: f.id, name: f.name })));
  if (!links.length) return files;
  const keys: Array<{ id: number; storage_key: string }> = await db.query(
    `SELECT pf.id, f.storage_key FROM plan_document_file pf JOIN stored_file f ON f.id = pf.file_id AND f.tenant_id = pf.tenant_id
      WHERE pf.tenant_id = $1 AND pf.id = ANY($2::int[])`, [tenantId, links.map((l) => l.linkId)]);
  const keyOf = new Map(keys.map((k) => [k.id, k.storage_key]));
  for (const l of links) {
    const storageKey = keyOf.get(l.linkId);
    if (!storageKey) continue;
    for (const folder of foldersOf(l.doc.ownerKind, l.doc.ownerId)) {
      files.push({ path: `${folder}/${zipSegment(`${l.doc.typeLabel} - ${l.name}`, 150)}`, storageKey });
    }
  }
  return files;
}
