import type { Db } from '../../../kernel/db/sql';
import { listLevels, listScales, type PriorityLevel, type ScaleValue } from './du-lists.service';
import type { ScaleKind } from './du-scale-value.entity';

/**
 * The whole unique risk document of an entity as it is printed, exported and frozen in a signed
 * version (issue 23 items 4 and 5): the current (not archived, not trashed) evaluations of the
 * entity and of every entity below it, grouped by work unit, each group most critical first, and
 * the nomenclatures that read it (the legend).
 */

/** One printed line. Plain strings and numbers only: a version freezes it as JSON. */
export interface DuDocumentRow {
  id: number;
  itemName: string;
  workUnitName: string;
  workstationName: string;
  familyLabel: string;
  risks: string;
  dangerousSituation: string;
  gravity: string;
  probability: string;
  grossRisk: number;
  organisationalMeasures: string;
  technicalMeasures: string;
  control: string;
  priorityRisk: number;
  level: string;
  levelColor: string;
  residualLevel: string;
  frequency: string;
  exposureModalities: string;
  writer: string;
}

/** A work unit and its lines. */
export interface DuDocumentGroup { workUnitName: string; rows: DuDocumentRow[] }

/** The document of an entity. */
export interface DuDocument {
  entityId: number;
  entityName: string;
  groups: DuDocumentGroup[];
  levels: PriorityLevel[];
  scales: Record<ScaleKind, ScaleValue[]>;
  rowCount: number;
}

/** The entity's name, or null when it is not a live entity of the company. */
export async function duEntityName(db: Db, tenantId: number, itemId: number): Promise<string | null> {
  const [row] = await db.query('SELECT name FROM hierarchy_item WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [itemId, tenantId]);
  return row ? String(row.name) : null;
}

/** Reads the document of entity `itemId` (which the caller found in the company and the user's scope). */
export async function loadDuDocument(db: Db, tenantId: number, itemId: number, entityName: string): Promise<DuDocument> {
  const [rows, levels, scales] = await Promise.all([
    db.query(
      `WITH RECURSIVE below AS (
         SELECT id FROM hierarchy_item WHERE id = $2 AND tenant_id = $1 AND deleted_at IS NULL
         UNION SELECT c.id FROM hierarchy_item c JOIN below b ON c.parent_id = b.id WHERE c.tenant_id = $1 AND c.deleted_at IS NULL)
       SELECT e.id, i.name AS item_name, u.name AS work_unit_name, coalesce(w.name, '') AS workstation_name, f.label AS family_label,
              coalesce((SELECT string_agg(r.label, ', ' ORDER BY lower(r.label), r.id) FROM risk_evaluation_risk x JOIN du_risk r ON r.id = x.risk_id
                         WHERE x.evaluation_id = e.id), '') AS risks,
              e.dangerous_situation, g.label AS gravity, p.label AS probability, e.gross_risk,
              coalesce(e.organisational_measures, '') AS organisational_measures, coalesce(e.technical_measures, '') AS technical_measures,
              c.label AS control, e.priority_risk, coalesce(l.label, '') AS level, coalesce(l.color, '') AS level_color,
              coalesce(rl.label, '') AS residual_level, coalesce(e.frequency, '') AS frequency, coalesce(e.exposure_modalities, '') AS exposure_modalities,
              coalesce(trim(s.first_name || ' ' || s.last_name), '') AS writer
         FROM risk_evaluation e
         JOIN below b ON b.id = e.hierarchy_item_id
         JOIN hierarchy_item i ON i.id = e.hierarchy_item_id
         JOIN work_unit u ON u.id = e.work_unit_id
         LEFT JOIN du_workstation w ON w.id = e.workstation_id
         JOIN du_danger_family f ON f.id = e.danger_family_id
         JOIN du_scale_value g ON g.id = e.gravity_id
         JOIN du_scale_value p ON p.id = e.probability_id
         JOIN du_scale_value c ON c.id = e.control_id
         LEFT JOIN du_priority_level l ON l.id = e.priority_level_id
         LEFT JOIN du_priority_level rl ON rl.id = e.residual_level_id
         LEFT JOIN app_user s ON s.id = e.supervisor_id
        WHERE e.tenant_id = $1 AND e.archived = false AND e.deleted_at IS NULL
        ORDER BY lower(u.name), u.id, e.priority_risk DESC, e.id DESC`, [tenantId, itemId]),
    listLevels(db, tenantId),
    listScales(db, tenantId),
  ]);
  const groups: DuDocumentGroup[] = [];
  for (const r of rows as Array<Record<string, any>>) {
    const row: DuDocumentRow = {
      id: Number(r.id), itemName: r.item_name, workUnitName: r.work_unit_name, workstationName: r.workstation_name, familyLabel: r.family_label,
      risks: r.risks, dangerousSituation: r.dangerous_situation, gravity: r.gravity, probability: r.probability, grossRisk: Number(r.gross_risk),
      organisationalMeasures: r.organisational_measures, technicalMeasures: r.technical_measures, control: r.control, priorityRisk: Number(r.priority_risk),
      level: r.level, levelColor: r.level_color, residualLevel: r.residual_level, frequency: r.frequency, exposureModalities: r.exposure_modalities, writer: r.writer,
    };
    const last = groups[groups.length - 1];
    if (last && last.workUnitName === row.workUnitName) last.rows.push(row);
    else groups.push({ workUnitName: row.workUnitName, rows: [row] });
  }
  return { entityId: itemId, entityName, groups, levels, scales, rowCount: rows.length };
}
