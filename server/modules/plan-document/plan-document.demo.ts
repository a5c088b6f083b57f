import type { DataSource } from 'typeorm';
import { loadAuthUser } from '../../kernel/auth/load-user';
import { todayIso } from '../../kernel/clock';
import { can } from '../../kernel/rights/registry';
import { tenantKey } from '../../kernel/storage';
import { storage } from './plan-document.uploads';

/** A one-page PDF saying `text` (ASCII), enough for a demo download. */
function demoPdf(text: string): Buffer {
  const stream = `BT /F1 14 Tf 60 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
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

async function storeFile(db: DataSource, tenantId: number, name: string, text: string): Promise<number> {
  const data = demoPdf(text);
  const key = tenantKey(tenantId, name);
  await storage.put(key, data, { contentType: 'application/pdf' });
  const [row] = await db.query(
    'INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [tenantId, key, name, 'application/pdf', data.length]);
  return row.id;
}

const addDays = (iso: string, days: number): string => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

interface DemoType {
  label: string; addedBy: 'outside_company' | 'user_company'; nominative?: boolean; editableModel?: boolean;
  allPlans?: boolean; contacts?: boolean; companies?: boolean; toSign?: boolean; blank?: string;
}

/** The document types of the demo company, as a French site would ask them. */
const TYPES: DemoType[] = [
  { label: "Attestation d'assurance RC", addedBy: 'outside_company', companies: true },
  { label: 'Extrait K-bis', addedBy: 'outside_company', companies: true },
  { label: 'Habilitation électrique', addedBy: 'outside_company', nominative: true, contacts: true },
  { label: 'Autorisation de travail en hauteur', addedBy: 'user_company', nominative: true, editableModel: true, toSign: true, blank: 'autorisation-travail-hauteur.pdf' },
  { label: 'Fiche de données de sécurité', addedBy: 'outside_company' },
  { label: 'Consignes de sécurité du site', addedBy: 'user_company', allPlans: true, toSign: true, blank: 'consignes-securite-site.pdf' },
  { label: 'Attestation de vigilance URSSAF', addedBy: 'outside_company' },
];

async function addDoc(db: DataSource, tenantId: number, doc: { planId: number; kind: string; ownerId: number; typeId: number; file: string; validFrom: string; expiresOn: string | null; validated: boolean; revision?: number; userId: number | null; validatorId: number | null }): Promise<void> {
  const fileId = await storeFile(db, tenantId, doc.file, doc.file.replace(/\.pdf$/, ''));
  // Nobody validates what they gave (plan-document.rules.ts): without another person, the document waits.
  const validator = doc.validated && doc.validatorId !== null && doc.validatorId !== doc.userId ? doc.validatorId : null;
  const [row] = await db.query(
    `INSERT INTO plan_document (tenant_id, plan_id, owner_kind, owner_id, document_type_id, valid_from, expires_on, revision, validated_at, validated_by_id, created_by_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [tenantId, doc.planId, doc.kind, doc.ownerId, doc.typeId, doc.validFrom, doc.expiresOn, doc.revision ?? 1, validator ? new Date() : null, validator, doc.userId]);
  await db.query('INSERT INTO plan_document_file (tenant_id, document_id, file_id) VALUES ($1, $2, $3)', [tenantId, row.id, fileId]);
}

/**
 * Document types of the demo company and documents on its first plans: insurance certificates
 * and K-bis of the outside companies (one certificate expired, raising the plan's alert, one
 * with two versions), electrical clearances of some staff members, the site's safety rules.
 * Runs on the first four plans having an outside company; idempotent (missing types are added,
 * plans already holding documents are left alone); without such plans only the types are made.
 */
export async function seedPlanDocumentsDemo(db: DataSource, tenantId: number): Promise<void> {
  const typeIds = new Map<string, number>();
  for (const r of await db.query('SELECT id, label FROM document_type WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId])) typeIds.set(r.label, r.id);
  for (const t of TYPES) {
    if (typeIds.has(t.label)) continue;
    const blank = t.blank ? await storeFile(db, tenantId, t.blank, `${t.label} - modele a completer`) : null;
    const [row] = await db.query(
      `INSERT INTO document_type (tenant_id, label, blank_file_id, added_by, nominative, editable_model, mandatory_all_plans, mandatory_contacts, mandatory_companies, to_sign)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [tenantId, t.label, blank, t.addedBy, !!t.nominative, !!t.editableModel, !!t.allPlans, !!t.contacts, !!t.companies, !!t.toSign]);
    typeIds.set(t.label, row.id);
  }
  const [tables] = await db.query(`SELECT to_regclass('prevention_plan') IS NOT NULL AND to_regclass('plan_company') IS NOT NULL AND to_regclass('plan_staff') IS NOT NULL AS ok`);
  if (!tables?.ok) return;
  const plans: Array<{ id: number; created_by_id: number | null }> = await db.query(
    `SELECT p.id, p.created_by_id FROM prevention_plan p WHERE p.tenant_id = $1 AND p.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM plan_company c WHERE c.plan_id = p.id AND c.kind <> 'EU')
      ORDER BY p.id LIMIT 4`, [tenantId]);
  // Plans that already have documents were seeded before (or filled by hand): left alone.
  const [seeded] = await db.query('SELECT 1 FROM plan_document WHERE tenant_id = $1 AND plan_id = ANY($2::int[]) LIMIT 1', [tenantId, plans.map((p) => p.id)]);
  if (seeded) return;
  const today = todayIso();
  const id = (label: string) => typeIds.get(label)!;
  // Validated by a holder of companies.validate_documents who did not give the document (claire.martin in the demo).
  const validators: Array<{ id: number }> = [];
  for (const u of await db.query(`SELECT id FROM app_user WHERE tenant_id = $1 ORDER BY (username = 'claire.martin') DESC, id LIMIT 20`, [tenantId])) {
    const account = await loadAuthUser(db, u.id, tenantId);
    if (account && can(account, 'companies.validate_documents')) validators.push({ id: account.id });
  }
  for (const [i, plan] of plans.entries()) {
    const user = plan.created_by_id;
    const validatorId = validators.find((v) => v.id !== user)?.id ?? null;
    await addDoc(db, tenantId, { planId: plan.id, kind: 'plan', ownerId: plan.id, typeId: id('Consignes de sécurité du site'), file: 'consignes-securite-signees.pdf', validFrom: addDays(today, -20), expiresOn: null, validated: true, userId: user, validatorId });
    const companies: Array<{ id: number; name: string }> = await db.query(
      `SELECT id, name FROM plan_company WHERE plan_id = $1 AND tenant_id = $2 AND kind <> 'EU' ORDER BY id`, [plan.id, tenantId]);
    for (const [j, c] of companies.entries()) {
      const slug = c.name.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'entreprise';
      // The first company of the first plan shows an expired certificate (the plan's alert), the next one two versions.
      const expired = i === 0 && j === 0;
      if (i === 0 && j === 1) {
        await addDoc(db, tenantId, { planId: plan.id, kind: 'plan_company', ownerId: c.id, typeId: id("Attestation d'assurance RC"), file: `assurance-rc-${slug}-${Number(today.slice(0, 4)) - 1}.pdf`, validFrom: addDays(today, -400), expiresOn: addDays(today, -35), validated: true, userId: user, validatorId });
        await addDoc(db, tenantId, { planId: plan.id, kind: 'plan_company', ownerId: c.id, typeId: id("Attestation d'assurance RC"), file: `assurance-rc-${slug}-${today.slice(0, 4)}.pdf`, validFrom: addDays(today, -35), expiresOn: addDays(today, 330), validated: true, revision: 2, userId: user, validatorId });
      } else {
        await addDoc(db, tenantId, { planId: plan.id, kind: 'plan_company', ownerId: c.id, typeId: id("Attestation d'assurance RC"), file: `assurance-rc-${slug}.pdf`, validFrom: addDays(today, expired ? -380 : -60), expiresOn: addDays(today, expired ? -15 : 20 + 150 * j), validated: !expired, userId: user, validatorId });
      }
      await addDoc(db, tenantId, { planId: plan.id, kind: 'plan_company', ownerId: c.id, typeId: id('Extrait K-bis'), file: `kbis-${slug}.pdf`, validFrom: addDays(today, -30), expiresOn: addDays(today, 60), validated: j % 2 === 0, userId: user, validatorId });
      const staff: Array<{ id: number; last_name: string }> = await db.query(
        'SELECT id, last_name FROM plan_staff WHERE plan_company_id = $1 AND tenant_id = $2 ORDER BY id', [c.id, tenantId]);
      // Every staff member but the last one of each company has his clearance (the last one is missing).
      for (const s of staff.slice(0, Math.max(0, staff.length - 1))) {
        const name = s.last_name.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').slice(0, 30);
        await addDoc(db, tenantId, { planId: plan.id, kind: 'plan_staff', ownerId: s.id, typeId: id('Habilitation électrique'), file: `habilitation-electrique-${name}.pdf`, validFrom: addDays(today, -200), expiresOn: addDays(today, 530), validated: true, userId: user, validatorId });
      }
    }
  }
}
