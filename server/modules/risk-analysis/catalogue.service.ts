import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import { softDelete, type Trashable } from '../../kernel/trash/trash';
import { findNomenclatureItems } from '../nomenclature/nomenclature.service';
import { ensureRiskDefaults, type Db, type SeededList } from './risk-analysis.defaults';
import { rowsOf } from '../../kernel/db/sql';

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/** A catalogue list stored in its own table: how it is read, written and named in the trash. */
export interface CatalogueList {
  key: 'severity_level' | 'quote_consequence' | 'quote_probability' | 'risk_family' | 'risk' | 'preventive_measure';
  table: string;
  seed: SeededList;
  /** Form field -> column, in insert order. */
  columns: Record<string, string>;
  orderBy: string;
  /** Column holding the row's name (trash title, flash messages). */
  titleColumn: string;
  trashTypeKey: string;
}

const list = (l: CatalogueList) => l;

/** Every list of the catalogue (seed 002 administration lists of the risk analysis). */
export const LISTS = {
  severity_level: list({ key: 'severity_level', table: 'severity_level', seed: 'severity_level', columns: { name: 'name', color: 'color', minValue: 'min_value', maxValue: 'max_value' },
    orderBy: 'min_value, id', titleColumn: 'name', trashTypeKey: 'risk-analysis.trash.severity_level' }),
  quote_consequence: list({ key: 'quote_consequence', table: 'quote_consequence', seed: 'quote_matrix', columns: { label: 'label', level: 'level', human: 'human', environmental: 'environmental' },
    orderBy: 'level, lower(label), id', titleColumn: 'label', trashTypeKey: 'risk-analysis.trash.quote_consequence' }),
  quote_probability: list({ key: 'quote_probability', table: 'quote_probability', seed: 'quote_matrix', columns: { label: 'label', level: 'level', description: 'description', frequency: 'frequency' },
    orderBy: 'level, lower(label), id', titleColumn: 'label', trashTypeKey: 'risk-analysis.trash.quote_probability' }),
  risk_family: list({ key: 'risk_family', table: 'risk_family', seed: 'risk_family', columns: { label: 'label' },
    orderBy: 'lower(label), id', titleColumn: 'label', trashTypeKey: 'risk-analysis.trash.risk_family' }),
  risk: list({ key: 'risk', table: 'risk', seed: 'risk', columns: { label: 'label', familyId: 'family_id' },
    orderBy: 'lower(label), id', titleColumn: 'label', trashTypeKey: 'risk-analysis.trash.risk' }),
  preventive_measure: list({ key: 'preventive_measure', table: 'preventive_measure', seed: 'preventive_measure', columns: { label: 'label' },
    orderBy: 'lower(label), id', titleColumn: 'label', trashTypeKey: 'risk-analysis.trash.preventive_measure' }),
} as const;

/** The catalogue's trashable tables, for the module's `contributes`. */
export const CATALOGUE_TRASHABLES: Trashable[] = Object.values(LISTS).map((l) => ({ table: l.table, typeKey: l.trashTypeKey }));

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
/** Sorts by label the French way (the database's collation may put « É » after « z »). */
export function sortByLabel<T extends { label: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => collator.compare(a.label, b.label));
}

const camel = (col: string) => col.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
const toRow = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [camel(k), v]));

/** A row of a list, its columns in camelCase (`id`, `version`, and the list's columns). */
export type CatalogueRow = Record<string, any> & { id: number; version: number };

/** The rows of a list not in the trash, in the list's order; the company's defaults seeded first. */
export async function listRows(db: Db, tenantId: number, l: CatalogueList): Promise<CatalogueRow[]> {
  await ensureRiskDefaults(db, tenantId, [l.seed]);
  const rows = (await db.query(`SELECT * FROM "${l.table}" WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY ${l.orderBy}`, [tenantId])).map(toRow) as CatalogueRow[];
  return l.orderBy.startsWith('lower(label)') ? sortByLabel(rows as Array<CatalogueRow & { label: string }>) : rows;
}

/** One row of the company (not in the trash), or null. */
export async function findRow(db: Db, tenantId: number, l: CatalogueList, id: number): Promise<CatalogueRow | null> {
  const [r] = await db.query(`SELECT * FROM "${l.table}" WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL`, [id, tenantId]);
  return r ? (toRow(r) as CatalogueRow) : null;
}

/** Checks what a risk refers to (family, injury types) belongs to the company; returns field errors. */
async function checkRisk(db: Db, tenantId: number, input: Record<string, any>): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  if (input.familyId !== null) {
    const [f] = await db.query('SELECT 1 FROM risk_family WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [input.familyId, tenantId]);
    if (!f) errors.familyId = 'risk-analysis.validation.choice';
  }
  const ids: number[] = input.injuryTypeIds ?? [];
  if (ids.length && (await findNomenclatureItems(db, tenantId, 'injury_type', ids)).length !== new Set(ids).size) errors.injuryTypeIds = 'risk-analysis.validation.choice';
  return errors;
}

/**
 * Creates (id null) or updates a row of a list with an optimistic lock on `version`; a risk also
 * gets its injury types. Another company's id never matches (0 rows -> stale, the handler 404s first).
 */
export async function saveRow(db: DataSource, tenantId: number, l: CatalogueList, id: number | null, input: Record<string, any>): Promise<SaveResult> {
  if (l.key === 'risk') {
    const errors = await checkRisk(db, tenantId, input);
    if (Object.keys(errors).length) return { ok: false, errors };
  }
  const fields = Object.keys(l.columns);
  const values = fields.map((f) => input[f] ?? null);
  return db.transaction(async (m) => {
    let savedId: number;
    if (id === null) {
      const cols = fields.map((f) => `"${l.columns[f]}"`).join(', ');
      const params = fields.map((_, i) => `$${i + 2}`).join(', ');
      const [row] = await m.query(`INSERT INTO "${l.table}" (tenant_id, ${cols}) VALUES ($1, ${params}) RETURNING id`, [tenantId, ...values]);
      savedId = row.id;
    } else {
      const sets = fields.map((f, i) => `"${l.columns[f]}" = $${i + 4}`).join(', ');
      const updated = rowsOf(await m.query(
        `UPDATE "${l.table}" SET ${sets}, version = version + 1, updated_at = now() WHERE id = $1 AND tenant_id = $2 AND version = $3 AND deleted_at IS NULL RETURNING id`,
        [id, tenantId, input.version, ...values]));
      if (!updated.length) return { ok: false, stale: true } as const;
      savedId = id;
    }
    if (l.key === 'risk') {
      await m.query('DELETE FROM risk_injury_type WHERE risk_id = $1', [savedId]);
      for (const injury of new Set<number>(input.injuryTypeIds ?? [])) {
        await m.query('INSERT INTO risk_injury_type (risk_id, injury_type_id, tenant_id) VALUES ($1, $2, $3)', [savedId, injury, tenantId]);
      }
    }
    return { ok: true, id: savedId } as const;
  });
}

/** Moves a row to the shared trash; false when it is not a row of the company (or already trashed). */
export async function removeRow(db: DataSource, tenantId: number, l: CatalogueList, id: number, userId: number | null): Promise<boolean> {
  return db.transaction(async (m) => {
    const [r] = await m.query(`SELECT "${l.titleColumn}" AS title FROM "${l.table}" WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE`, [id, tenantId]);
    if (!r) return false;
    return softDelete(m, { table: l.table, id, tenantId, title: String(r.title), userId });
  });
}

/** A risk as the admin list shows it: its family and injury types by name. */
export interface RiskRow { id: number; label: string; familyId: number | null; familyLabel: string | null; injuryTypeIds: number[]; injuryTypes: string[]; version: number }

/** The company's risks with their family and injury types (labels of retired injury types kept). */
export async function listRisks(db: Db, tenantId: number): Promise<RiskRow[]> {
  await ensureRiskDefaults(db, tenantId, ['risk_family', 'risk']);
  const rows = await db.query(
    `SELECT r.id, r.label, r.family_id, f.label AS family_label, r.version,
            coalesce(array_agg(n.id ORDER BY n.position, n.label) FILTER (WHERE n.id IS NOT NULL), '{}') AS injury_ids,
            coalesce(array_agg(n.label ORDER BY n.position, n.label) FILTER (WHERE n.id IS NOT NULL), '{}') AS injury_labels
       FROM risk r
       LEFT JOIN risk_family f ON f.id = r.family_id AND f.deleted_at IS NULL
       LEFT JOIN risk_injury_type ri ON ri.risk_id = r.id
       LEFT JOIN nomenclature_item n ON n.id = ri.injury_type_id AND n.tenant_id = r.tenant_id
      WHERE r.tenant_id = $1 AND r.deleted_at IS NULL
      GROUP BY r.id, f.label ORDER BY lower(r.label), r.id`, [tenantId]);
  return sortByLabel(rows.map((r: any) => ({ id: r.id, label: r.label, familyId: r.family_id, familyLabel: r.family_label, injuryTypeIds: r.injury_ids, injuryTypes: r.injury_labels, version: r.version })));
}

/** Labels of the company's rows of a table among `ids` (not in the trash), in the table's order: used to show a selection. */
export async function labelsOf(db: Db, tenantId: number, table: 'risk' | 'preventive_measure' | 'document_type' | 'lot' | 'hierarchy_item', ids: number[]): Promise<Array<{ id: number; label: string }>> {
  if (!ids.length) return [];
  const col = table === 'hierarchy_item' ? 'name' : 'label';
  return db.query(`SELECT id, "${col}" AS label FROM "${table}" WHERE tenant_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL ORDER BY lower("${col}"), id`, [tenantId, ids]);
}

/** The company's choices of a table (not in the trash), by label: the options of a multi-select. */
export async function optionsOf(db: Db, tenantId: number, table: 'risk' | 'preventive_measure' | 'document_type' | 'lot' | 'hierarchy_item' | 'risk_family'): Promise<Array<{ id: number; label: string }>> {
  if (table === 'risk' || table === 'preventive_measure' || table === 'risk_family') await ensureRiskDefaults(db, tenantId, [table === 'risk' ? 'risk' : table]);
  const col = table === 'hierarchy_item' ? 'name' : 'label';
  const active = table === 'document_type' ? 'AND active' : '';
  return sortByLabel(await db.query(`SELECT id, "${col}" AS label FROM "${table}" WHERE tenant_id = $1 AND deleted_at IS NULL ${active} ORDER BY id`, [tenantId]));
}

/** Keeps only the ids of `table` that belong to the company (not in the trash). */
export async function ownIds(db: Db | EntityManager, tenantId: number, table: string, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.query(`SELECT id FROM "${table}" WHERE tenant_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL`, [tenantId, [...new Set(ids)]]);
  return rows.map((r: { id: number }) => r.id);
}
