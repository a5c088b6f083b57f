import type { Db } from '../../../kernel/db/sql';

/** Tonnes of one family (null: wastes without a family) in one month (`YYYY-MM`). */
export interface MonthlyTonnes { month: string; familyId: number | null; familyName: string | null; weightT: number }

/** Tonnes collected per month and per family of waste between two days (ISO, both included), from the vouchers. */
export async function tonnesPerMonth(db: Db, tenantId: number, from: string, to: string): Promise<MonthlyTonnes[]> {
  const rows: Array<{ month: string; family_id: number | null; family_name: string | null; kg: string }> = await db.query(
    `SELECT to_char(v.collection_date, 'YYYY-MM') AS month, w.family_id, f.name AS family_name, sum(round(v.weight_t * 1000))::bigint AS kg
       FROM waste_voucher v JOIN waste w ON w.id = v.waste_id LEFT JOIN waste_family f ON f.id = w.family_id
      WHERE v.tenant_id = $1 AND v.collection_date BETWEEN $2::date AND $3::date
      GROUP BY 1, 2, 3 ORDER BY 1, 3 NULLS LAST`, [tenantId, from, to]);
  return rows.map((r) => ({ month: r.month, familyId: r.family_id, familyName: r.family_name, weightT: Number(r.kg) / 1000 }));
}
