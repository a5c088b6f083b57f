import type { DataSource } from 'typeorm';

/** The demo families, containers (name, capacity in m³) and wastes (label, code, family, internal code, to analysis); names are read back by the vouchers' demo. */
export const DEMO_FAMILIES = ['Déchets non dangereux', 'Déchets dangereux', 'Métaux'];
export const DEMO_CONTAINERS: Array<[string, string | null]> = [['Benne 30 m³', '30'], ['Benne 10 m³', '10'], ['GRV 1 m³', '1'], ['Fût 200 L', '0.2']];
export const DEMO_WASTES: Array<[string, string, string, string | null, boolean]> = [
  ['Cartons d\'emballage', '150101', 'Déchets non dangereux', 'DND-01', false],
  ['Bois de palettes', '170201', 'Déchets non dangereux', 'DND-02', false],
  ['Déchets industriels banals en mélange', '200301', 'Déchets non dangereux', 'DND-03', false],
  ['Ferraille', '170405', 'Métaux', 'MET-01', false],
  ['Huiles moteur usagées', '130205', 'Déchets dangereux', 'DD-01', true],
  ['Chiffons et absorbants souillés', '150202', 'Déchets dangereux', 'DD-02', false],
];

async function idOf(db: DataSource, table: string, column: string, tenantId: number, value: string): Promise<number | null> {
  const [row] = await db.query(`SELECT id FROM ${table} WHERE tenant_id = $1 AND ${column} = $2 ORDER BY id LIMIT 1`, [tenantId, value]);
  return row?.id ?? null;
}

/** Demo catalogue of the waste module: families, containers and six wastes over them (found by name, never twice). */
export async function seedCatalogueDemo(db: DataSource, tenantId: number): Promise<void> {
  for (const name of DEMO_FAMILIES) {
    if (!(await idOf(db, 'waste_family', 'name', tenantId, name))) await db.query('INSERT INTO waste_family (tenant_id, name) VALUES ($1, $2)', [tenantId, name]);
  }
  for (const [name, capacity] of DEMO_CONTAINERS) {
    if (!(await idOf(db, 'waste_container', 'name', tenantId, name))) await db.query('INSERT INTO waste_container (tenant_id, name, capacity) VALUES ($1, $2, $3)', [tenantId, name, capacity]);
  }
  for (const [label, code, family, internal, analysis] of DEMO_WASTES) {
    if (await idOf(db, 'waste', 'label', tenantId, label)) continue;
    await db.query('INSERT INTO waste (tenant_id, label, ced_code, family_id, internal_code, to_analysis) VALUES ($1, $2, $3, $4, $5, $6)',
      [tenantId, label, code, await idOf(db, 'waste_family', 'name', tenantId, family), internal, analysis]);
  }
}
