import type { DataSource } from 'typeorm';
import type { Db } from '../../../kernel/db/sql';

/** A demo category: name, is-equipment flag, preset, families, sub-categories. */
interface DemoCategory { name: string; equipment?: boolean; preset?: string; families?: string[]; children?: DemoCategory[] }

/** The demo catalogue; names are read back by the later parts' demos (equipment, controls). */
export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: 'Levage', preset: 'lifting', families: ['Grues d\'atelier'], children: [
      { name: 'Chariots élévateurs', preset: 'lifting_listed', families: ['Chariots frontaux', 'Chariots à mât rétractable', 'Transpalettes électriques'] },
      { name: 'Ponts roulants et palans', preset: 'lifting', families: ['Ponts roulants', 'Palans électriques'] },
      { name: 'Nacelles élévatrices (PEMP)', preset: 'lifting_listed', families: ['Nacelles ciseaux', 'Nacelles articulées'] },
      { name: 'Accessoires de levage', preset: 'lifting_accessory', families: ['Élingues', 'Manilles et crochets', 'Palonniers'] },
    ],
  },
  { name: 'Installations électriques', preset: 'electrical', families: ['TGBT et armoires', 'Installations de chantier'] },
  { name: 'Appareils à pression', families: ['Compresseurs', 'Réservoirs d\'air comprimé'] },
  {
    name: 'Sécurité incendie', equipment: false, children: [
      { name: 'Extincteurs', families: ['Eau pulvérisée', 'CO2', 'Poudre'] },
      { name: 'Portes coupe-feu', families: ['Portes battantes', 'Portes coulissantes'] },
    ],
  },
  { name: 'Rayonnages', families: ['Rayonnages à palettes', 'Rayonnages légers'] },
];

/** The demo types of control: name and auto-plan after control. */
export const DEMO_TYPES: Array<[string, boolean]> = [['VGP', true], ['Maintenance préventive', true], ['Contrôle interne', false]];

async function upsertCategory(db: Db, tenantId: number, c: DemoCategory, parentId: number | null): Promise<number> {
  const [found] = await db.query(
    'SELECT id FROM equipment_category WHERE tenant_id = $1 AND name = $2 AND parent_id IS NOT DISTINCT FROM $3', [tenantId, c.name, parentId]);
  if (found) return found.id;
  const [row] = await db.query('INSERT INTO equipment_category (tenant_id, name, parent_id, is_equipment, preset) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [tenantId, c.name, parentId, c.equipment ?? true, c.preset ?? null]);
  return row.id;
}

async function seedCategory(db: Db, tenantId: number, c: DemoCategory, parentId: number | null): Promise<void> {
  const id = await upsertCategory(db, tenantId, c, parentId);
  for (const family of c.families ?? []) {
    await db.query(`INSERT INTO equipment_family (tenant_id, name, category_id) SELECT $1, $2::varchar, $3
      WHERE NOT EXISTS (SELECT 1 FROM equipment_family WHERE tenant_id = $1 AND name = $2::varchar AND category_id = $3)`, [tenantId, family, id]);
  }
  for (const child of c.children ?? []) await seedCategory(db, tenantId, child, id);
}

/** Demo catalogue of a company: categories as a tree with their presets, families, three types. Idempotent (found by name). */
export async function seedCatalogueDemo(db: DataSource, tenantId: number): Promise<void> {
  await db.transaction(async (m) => {
    for (const c of DEMO_CATEGORIES) await seedCategory(m, tenantId, c, null);
    for (const [name, autoPlan] of DEMO_TYPES) {
      await m.query(`INSERT INTO equipment_type (tenant_id, name, auto_plan) SELECT $1, $2::varchar, $3::boolean
        WHERE NOT EXISTS (SELECT 1 FROM equipment_type WHERE tenant_id = $1 AND name = $2::varchar)`, [tenantId, name, autoPlan]);
    }
  });
}
