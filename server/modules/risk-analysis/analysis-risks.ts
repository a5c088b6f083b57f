import type { Db } from '../../kernel/db/sql';

/** One risk of an analysis's area, as another module copies it (the unique risk document). */
export interface AnalysisRiskLine { key: string; areaName: string; riskLabel: string; familyLabel: string | null }

/**
 * The risks of the concerned areas of a subject's analysis (a prevention plan's), by area then risk:
 * what the unique risk document's duplication modal offers. `key` is `<area id>-<risk id>`.
 */
export async function analysisRiskLines(db: Db, tenantId: number, subjectType: string, subjectId: number): Promise<AnalysisRiskLine[]> {
  const rows: Array<{ area_id: number; risk_id: number; area_name: string; risk_label: string; family_label: string | null }> = await db.query(
    `SELECT ar.area_id, ar.risk_id, a.name AS area_name, r.label AS risk_label, f.label AS family_label
       FROM risk_analysis x
       JOIN risk_analysis_area a ON a.analysis_id = x.id AND a.tenant_id = x.tenant_id AND a.concerned IS NOT FALSE
       JOIN risk_analysis_area_risk ar ON ar.area_id = a.id
       JOIN risk r ON r.id = ar.risk_id AND r.tenant_id = x.tenant_id
       LEFT JOIN risk_family f ON f.id = r.family_id
      WHERE x.tenant_id = $1 AND x.subject_type = $2 AND x.subject_id = $3
      ORDER BY a.position, a.id, lower(r.label), r.id`, [tenantId, subjectType, subjectId]);
  return rows.map((r) => ({ key: `${r.area_id}-${r.risk_id}`, areaName: r.area_name, riskLabel: r.risk_label, familyLabel: r.family_label }));
}
