import type { Db } from '../../../kernel/db/sql';

/**
 * Recomputes the stored rating of the company's evaluations (trashed ones too, so a restored one
 * is right) after a scale value's valuation or the priority levels changed: gross risk, priority
 * risk and the level whose range holds it, the highest minimum first, as `levelFor` in rating.ts.
 * Only rows whose figures change are written; their version stays (derived figures, not an edit).
 */
export async function recomputeRatings(db: Db, tenantId: number): Promise<void> {
  await db.query(
    `WITH rated AS (
       SELECT e.id, g.valuation * p.valuation AS gross, g.valuation * p.valuation * c.valuation AS priority
         FROM risk_evaluation e
         JOIN du_scale_value g ON g.id = e.gravity_id
         JOIN du_scale_value p ON p.id = e.probability_id
         JOIN du_scale_value c ON c.id = e.control_id
        WHERE e.tenant_id = $1),
     leveled AS (
       SELECT r.id, r.gross, r.priority,
              (SELECT l.id FROM du_priority_level l WHERE l.tenant_id = $1 AND r.priority >= l.min_value AND (l.max_value IS NULL OR r.priority <= l.max_value)
                ORDER BY l.min_value DESC, l.id LIMIT 1) AS level_id
         FROM rated r)
     UPDATE risk_evaluation e SET gross_risk = v.gross, priority_risk = v.priority, priority_level_id = v.level_id
       FROM leveled v
      WHERE e.id = v.id AND (e.gross_risk <> v.gross OR e.priority_risk <> v.priority OR e.priority_level_id IS DISTINCT FROM v.level_id)`,
    [tenantId]);
}
