import type { DataSource } from 'typeorm';
import { NOMENCLATURE_KIND_DEFS, NOMENCLATURE_KINDS } from './nomenclature.kinds';
import { ensureDefaults } from './nomenclature.service';

/** The demo company's administration lists: the defaults plus realistic French values (idempotent per company). */
export async function seedNomenclatureDemo(db: DataSource, tenantId: number): Promise<void> {
  for (const kind of NOMENCLATURE_KINDS) {
    await ensureDefaults(db, tenantId, kind);
    const existing = new Set((await db.query('SELECT lower(label) AS label FROM nomenclature_item WHERE tenant_id = $1 AND kind = $2', [tenantId, kind])).map((r: { label: string }) => r.label));
    const [{ last }] = await db.query('SELECT coalesce(max(position), 0) AS last FROM nomenclature_item WHERE tenant_id = $1 AND kind = $2', [tenantId, kind]);
    let position = Number(last);
    for (const label of NOMENCLATURE_KIND_DEFS[kind].demo) {
      if (existing.has(label.toLowerCase())) continue;
      await db.query('INSERT INTO nomenclature_item (tenant_id, kind, label, position) VALUES ($1, $2, $3, $4)', [tenantId, kind, label, ++position]);
    }
  }
}
