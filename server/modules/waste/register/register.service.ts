import type { Db } from '../../../kernel/db/sql';

/** The register's filter: one site (hierarchy item) or all, and a period of days (ISO, both included). */
export interface RegisterFilter { siteId: number | null; from: string; to: string }

/** One line of the register of outgoing waste (arrêté du 31 mai 2021, art. 1): a voucher. */
export interface RegisterLine {
  date: string; siteName: string; wasteLabel: string; cedCode: string; hazardous: boolean; weightT: number; number: string;
  containerName: string | null; carrierName: string | null; carrierSiret: string | null; consigneeName: string | null; consigneeSiret: string | null;
}

/** A total of the register (per code or per month), in tonnes rounded to the kilogram. */
export interface RegisterTotal { key: string; label: string; hazardous: boolean; weightT: number; count: number }

/** The register: lines in chronological order and its totals. */
export interface Register { lines: RegisterLine[]; byCode: RegisterTotal[]; byMonth: RegisterTotal[]; totalT: number }

/** Adds tonnes exactly: weights are kept in kilograms (three decimals of a tonne) while summing. */
const kg = (t: string | number): number => Math.round(Number(t) * 1000);

/**
 * The chronological register of the company's outgoing waste for the filter, built from the
 * vouchers: collection date then voucher id, with totals per code (by code) and per month.
 */
export async function buildRegister(db: Db, tenantId: number, filter: RegisterFilter): Promise<Register> {
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT to_char(v.collection_date, 'YYYY-MM-DD') AS date, h.name AS site_name, w.label AS waste_label, w.ced_code, c.label AS ced_label, c.hazardous,
            v.weight_t, v.number, k.name AS container_name, ca.name AS carrier_name, ca.siret AS carrier_siret, co.name AS consignee_name, co.siret AS consignee_siret
       FROM waste_voucher v
       JOIN waste w ON w.id = v.waste_id JOIN waste_code c ON c.code = w.ced_code JOIN hierarchy_item h ON h.id = v.site_id
       LEFT JOIN waste_container k ON k.id = v.container_id LEFT JOIN tiers ca ON ca.id = v.carrier_id LEFT JOIN tiers co ON co.id = v.consignee_id
      WHERE v.tenant_id = $1 AND ($2::int IS NULL OR v.site_id = $2) AND v.collection_date BETWEEN $3::date AND $4::date
      ORDER BY v.collection_date, v.id`,
    [tenantId, filter.siteId, filter.from, filter.to]);
  const codes = new Map<string, RegisterTotal & { g: number }>();
  const months = new Map<string, RegisterTotal & { g: number }>();
  let all = 0;
  const lines = rows.map((r): RegisterLine => {
    const g = kg(r.weight_t);
    all += g;
    const code = codes.get(r.ced_code) ?? { key: r.ced_code, label: r.ced_label, hazardous: r.hazardous, weightT: 0, count: 0, g: 0 };
    code.g += g; code.count += 1; codes.set(r.ced_code, code);
    const month = r.date.slice(0, 7);
    const m = months.get(month) ?? { key: month, label: month, hazardous: false, weightT: 0, count: 0, g: 0 };
    m.g += g; m.count += 1; months.set(month, m);
    return {
      date: r.date, siteName: r.site_name, wasteLabel: r.waste_label, cedCode: r.ced_code, hazardous: r.hazardous, weightT: g / 1000, number: r.number,
      containerName: r.container_name, carrierName: r.carrier_name, carrierSiret: r.carrier_siret, consigneeName: r.consignee_name, consigneeSiret: r.consignee_siret,
    };
  });
  const done = (m: Map<string, RegisterTotal & { g: number }>) => [...m.values()].sort((a, b) => a.key.localeCompare(b.key)).map(({ g, ...t }) => ({ ...t, weightT: g / 1000 }));
  return { lines, byCode: done(codes), byMonth: done(months), totalT: all / 1000 };
}
