import type { Db } from '../../../kernel/db/sql';
import { ensureDuDefaults } from './du-defaults';
import type { ScaleKind } from './du-scale-value.entity';
import { injuriesOf, type LevelRange } from './rating';

/** A value of a rating scale as forms and lists read it. */
export interface ScaleValue { id: number; kind: ScaleKind; label: string; valuation: number; color: string; description: string | null; version: number }
/** A priority level as forms and lists read it. */
export interface PriorityLevel extends LevelRange { description: string | null; version: number }
/** A danger family. */
export interface DangerFamily { id: number; label: string; description: string | null; version: number }
/** A risk of the document with its injuries. */
export interface DuRiskRow { id: number; label: string; dangerFamilyId: number; familyLabel: string; injuries: string[]; version: number }

const toScale = (r: Record<string, any>): ScaleValue => ({ id: r.id, kind: r.kind, label: r.label, valuation: r.valuation, color: r.color, description: r.description, version: r.version });
const toLevel = (r: Record<string, any>): PriorityLevel => ({ id: r.id, label: r.label, minValue: r.min_value, maxValue: r.max_value, color: r.color, description: r.description, version: r.version });

/** The values of a rating scale of the company (not in the trash), by valuation; defaults seeded first. */
export async function listScale(db: Db, tenantId: number, kind: ScaleKind): Promise<ScaleValue[]> {
  await ensureDuDefaults(db, tenantId, [kind]);
  const rows = await db.query(`SELECT id, kind, label, valuation, color, description, version FROM du_scale_value
    WHERE tenant_id = $1 AND kind = $2 AND deleted_at IS NULL ORDER BY valuation, lower(label), id`, [tenantId, kind]);
  return rows.map(toScale);
}

/** The three scales at once (one round trip), by valuation; defaults seeded first. */
export async function listScales(db: Db, tenantId: number): Promise<Record<ScaleKind, ScaleValue[]>> {
  await ensureDuDefaults(db, tenantId, ['gravity', 'probability', 'control']);
  const rows: ScaleValue[] = (await db.query(`SELECT id, kind, label, valuation, color, description, version FROM du_scale_value
    WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY valuation, lower(label), id`, [tenantId])).map(toScale);
  return { gravity: rows.filter((r) => r.kind === 'gravity'), probability: rows.filter((r) => r.kind === 'probability'), control: rows.filter((r) => r.kind === 'control') };
}

/** One scale value of the company (not in the trash), or null. */
export async function findScaleValue(db: Db, tenantId: number, id: number): Promise<ScaleValue | null> {
  const [r] = await db.query('SELECT id, kind, label, valuation, color, description, version FROM du_scale_value WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantId]);
  return r ? toScale(r) : null;
}

/** The company's priority levels by minimum; defaults seeded first. */
export async function listLevels(db: Db, tenantId: number): Promise<PriorityLevel[]> {
  await ensureDuDefaults(db, tenantId, ['priority_level']);
  const rows = await db.query('SELECT id, label, min_value, max_value, color, description, version FROM du_priority_level WHERE tenant_id = $1 ORDER BY min_value, id', [tenantId]);
  return rows.map(toLevel);
}

/** The company's danger families (not in the trash), by label; defaults seeded first. */
export async function listFamilies(db: Db, tenantId: number): Promise<DangerFamily[]> {
  await ensureDuDefaults(db, tenantId, ['danger_family']);
  const rows = await db.query('SELECT id, label, description, version FROM du_danger_family WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(label), id', [tenantId]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, label: r.label, description: r.description, version: r.version }));
}

/**
 * The company's risks (not in the trash) with their family and injuries, by family then label;
 * `familyId` keeps one family's. Defaults seeded first.
 */
export async function listRisks(db: Db, tenantId: number, familyId: number | null = null): Promise<DuRiskRow[]> {
  await ensureDuDefaults(db, tenantId, ['risk']);
  const rows = await db.query(`SELECT r.id, r.label, r.danger_family_id, r.injuries, r.version, f.label AS family_label
      FROM du_risk r JOIN du_danger_family f ON f.id = r.danger_family_id
     WHERE r.tenant_id = $1 AND r.deleted_at IS NULL AND ($2::int IS NULL OR r.danger_family_id = $2)
     ORDER BY lower(f.label), lower(r.label), r.id`, [tenantId, familyId]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, label: r.label, dangerFamilyId: r.danger_family_id, familyLabel: r.family_label, injuries: injuriesOf(r.injuries), version: r.version }));
}
