import { z } from 'zod';
import type { DataSource, EntityManager } from 'typeorm';
import { frenchDate, integer, requiredText as required, text as optional } from '../../../kernel/http/fields';

type Db = DataSource | EntityManager;

/** Material provided to the outside companies (`plan_material[...]`). */
export const materialSchema = z.object({
  type: required(180),
  checkDate: frenchDate({ error: 'prevention-plan.validation.date' }),
  serialNumber: optional(100),
});
export type MaterialInput = z.infer<typeof materialSchema>;

/** A work under medical supervision (`plan_medical_work[...]`): every field required, at least one person. */
export const medicalWorkSchema = z.object({
  name: required(180),
  type: required(180),
  companies: required(255),
  number: integer(Number.MIN_SAFE_INTEGER, 10_000, { error: 'prevention-plan.validation.number' })
    .refine((n) => n >= 1, { error: 'prevention-plan.validation.at_least_one' }),
});
export type MedicalWorkInput = z.infer<typeof medicalWorkSchema>;

/** A row of the materials tab. */
export interface MaterialRow { id: number; type: string; checkDate: string | null; serialNumber: string | null; fileName: string | null }
/** A row of the medical supervision works. */
export interface MedicalWorkRow { id: number; name: string; type: string; companies: string; number: number }

/** The material provided on a plan, in the order added. */
export async function listMaterials(db: Db, tenantId: number, planId: number): Promise<MaterialRow[]> {
  return db.query(
    `SELECT m.id, m.type, to_char(m.check_date, 'YYYY-MM-DD') AS "checkDate", m.serial_number AS "serialNumber", f.original_name AS "fileName"
       FROM plan_material m LEFT JOIN stored_file f ON f.id = m.file_id WHERE m.tenant_id = $1 AND m.plan_id = $2 ORDER BY m.id`, [tenantId, planId]);
}

/** The medical-supervision works of a plan, in the order added. */
export async function listMedicalWorks(db: Db, tenantId: number, planId: number): Promise<MedicalWorkRow[]> {
  return db.query('SELECT id, name, type, companies, number FROM plan_medical_work WHERE tenant_id = $1 AND plan_id = $2 ORDER BY id', [tenantId, planId]);
}

/** Adds material to a plan (its document already stored, or none). */
export async function addMaterial(db: Db, tenantId: number, planId: number, d: MaterialInput, fileId: number | null = null): Promise<number> {
  const [row] = await db.query(
    'INSERT INTO plan_material (tenant_id, plan_id, type, check_date, serial_number, file_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [tenantId, planId, d.type, d.checkDate, d.serialNumber || null, fileId]);
  return row.id;
}

/** Adds a medical-supervision work to a plan. */
export async function addMedicalWork(db: Db, tenantId: number, planId: number, d: MedicalWorkInput): Promise<number> {
  const [row] = await db.query(
    'INSERT INTO plan_medical_work (tenant_id, plan_id, name, type, companies, number) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [tenantId, planId, d.name, d.type, d.companies, d.number]);
  return row.id;
}

/** The plan of a row of `table` in the tenant, or null (another company's row answers 404). */
export async function planOfRow(db: Db, table: 'plan_material' | 'plan_medical_work' | 'plan_inspection_participant' | 'plan_advice', tenantId: number, id: number): Promise<number | null> {
  const [row] = await db.query(`SELECT plan_id FROM ${table} WHERE id = $1 AND tenant_id = $2`, [id, tenantId]);
  return row ? Number(row.plan_id) : null;
}

/** Removes a row of one of the plan's part tables (the caller checked the plan's `edit`). */
export async function removeRow(db: Db, table: 'plan_material' | 'plan_medical_work' | 'plan_inspection_participant', tenantId: number, id: number): Promise<void> {
  await db.query(`DELETE FROM ${table} WHERE id = $1 AND tenant_id = $2`, [id, tenantId]);
}
