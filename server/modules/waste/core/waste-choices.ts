import type { Db } from '../../../kernel/db/sql';
import { formatCedCode } from './ced-codes';

/** The company's containers as select options, by name. */
export async function containerOptions(db: Db, tenantId: number): Promise<Array<{ value: number; label: string }>> {
  const rows: Array<{ id: number; name: string }> = await db.query('SELECT id, name FROM waste_container WHERE tenant_id = $1 ORDER BY name, id', [tenantId]);
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

/** The company's wastes as select options (`label (17 01 01)`), by label. */
export async function wasteOptions(db: Db, tenantId: number): Promise<Array<{ value: number; label: string }>> {
  const rows: Array<{ id: number; label: string; ced_code: string }> = await db.query('SELECT id, label, ced_code FROM waste WHERE tenant_id = $1 ORDER BY label, id', [tenantId]);
  return rows.map((r) => ({ value: r.id, label: `${r.label} (${formatCedCode(r.ced_code)})` }));
}
