import type { DataSource } from 'typeorm';
import { todayIso } from '../../../kernel/clock';

/** Per demo waste (by label): the container and the weights of its collections in a month, in tonnes. */
const PATTERN: Array<[string, string, number[]]> = [
  ['Cartons d\'emballage', 'Benne 30 m³', [1.24, 1.315]],
  ['Bois de palettes', 'Benne 30 m³', [2.05]],
  ['Déchets industriels banals en mélange', 'Benne 10 m³', [3.4, 2.875]],
  ['Ferraille', 'Benne 10 m³', [0.86]],
  ['Huiles moteur usagées', 'Fût 200 L', [0.18]],
  ['Chiffons et absorbants souillés', 'GRV 1 m³', [0.095]],
];

const pick = async (db: DataSource, sql: string, params: unknown[]): Promise<number | null> => (await db.query(sql, params))[0]?.id ?? null;

/**
 * A year of demo vouchers over the demo wastes (twelve months up to this one), from the company's
 * first hierarchy item, carried and received by its first CRM companies when it has some. Given
 * once: nothing is added when the company already has vouchers.
 */
export async function seedVoucherDemo(db: DataSource, tenantId: number): Promise<void> {
  const [existing] = await db.query('SELECT 1 FROM waste_voucher WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  const site = await pick(db, 'SELECT id FROM hierarchy_item WHERE tenant_id = $1 ORDER BY id LIMIT 1', [tenantId]);
  if (existing || !site) return;
  const carrier = await pick(db, 'SELECT id FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1', [tenantId]);
  const consignee = await pick(db, 'SELECT id FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY id OFFSET 1 LIMIT 1', [tenantId]);
  const today = todayIso();
  let n = 0;
  for (let back = 11; back >= 0; back--) {
    const first = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - back, 1));
    for (const [wi, [label, container, weights]] of PATTERN.entries()) {
      const waste = await pick(db, 'SELECT id FROM waste WHERE tenant_id = $1 AND label = $2', [tenantId, label]);
      const box = await pick(db, 'SELECT id FROM waste_container WHERE tenant_id = $1 AND name = $2', [tenantId, container]);
      if (!waste) continue;
      for (const [i, w] of weights.entries()) {
        const day = new Date(first.getTime() + ((wi * 3 + i * 12 + back) % 27) * 86_400_000).toISOString().slice(0, 10);
        if (day > today) continue;
        n += 1;
        const weight = (w * (1 + ((back * 7 + wi) % 5) / 20)).toFixed(3);
        await db.query(
          `INSERT INTO waste_voucher (tenant_id, number, collection_date, waste_id, container_id, weight_t, site_id, carrier_id, consignee_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [tenantId, `BE-${day.slice(0, 4)}-${String(n).padStart(4, '0')}`, day, waste, box, weight, site, carrier, consignee]);
      }
    }
  }
}
