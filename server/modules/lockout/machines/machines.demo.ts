import type { DataSource } from 'typeorm';
import { tenantKey } from '../../../kernel/storage';
import { lockoutStorage } from '../core/lockout-storage';
import { machinePng } from './machine-png';

/** Demo consignment types (name, colour) and activities. */
const TYPES: Array<[string, string]> = [['Électrique', '#dc3545'], ['Pneumatique', '#0d6efd'], ['Hydraulique', '#fd7e14'], ['Mécanique', '#6c757d']];
const ACTIVITIES = ['Maintenance préventive', 'Dépannage', 'Nettoyage', 'Réglage'];

/** Demo machines: code, name, prerequisite, colour of the photo, activities, isolation points [code, type, location, cut, verification]. */
export const DEMO_MACHINES: Array<{ code: string; name: string; prerequisite: string; colour: [number, number, number]; activities: string[]; points: Array<[string, string, string, string, string]> }> = [
  {
    code: 'PRS-01', name: 'Presse hydraulique 250 t', prerequisite: 'Descendre le coulisseau en position basse avant toute consignation.', colour: [13, 110, 253],
    activities: ['Maintenance préventive', 'Dépannage'],
    points: [
      ['E1', 'Électrique', 'Armoire TGBT, départ Q12', 'Sectionneur cadenassable', 'Essai de démarrage et VAT'],
      ['H1', 'Hydraulique', 'Centrale hydraulique, vanne V3', 'Fermeture et purge de l\'accumulateur', 'Manomètre à zéro'],
    ],
  },
  {
    code: 'CNV-02', name: 'Convoyeur à bande ligne 2', prerequisite: 'Vider la bande avant l\'arrêt.', colour: [25, 135, 84],
    activities: ['Nettoyage', 'Réglage'],
    points: [
      ['E1', 'Électrique', 'Coffret local moteur M2', 'Interrupteur de proximité cadenassé', 'Essai de démarrage'],
      ['P1', 'Pneumatique', 'Vanne d\'arrivée d\'air du tendeur', 'Vanne quart de tour cadenassée', 'Purge et manomètre à zéro'],
      ['M1', 'Mécanique', 'Tambour de tête', 'Calage du tambour', 'Contrôle visuel'],
    ],
  },
  {
    code: 'CMP-03', name: 'Compresseur d\'air 55 kW', prerequisite: '', colour: [111, 66, 193],
    activities: ['Maintenance préventive'],
    points: [['E1', 'Électrique', 'Armoire compresseur, Q1', 'Sectionneur cadenassable', 'VAT aux bornes']],
  },
];

async function idOf(db: DataSource, table: string, column: string, tenantId: number, value: string): Promise<number | null> {
  const [row] = await db.query(`SELECT id FROM ${table} WHERE tenant_id = $1 AND ${column} = $2 ORDER BY id LIMIT 1`, [tenantId, value]);
  return row?.id ?? null;
}

/**
 * Demo of the machines part: types, activities, three machines with their isolation points and a
 * generated photo each (stored through the kernel storage). Found by name or code, never twice.
 */
export async function seedMachinesDemo(db: DataSource, tenantId: number): Promise<void> {
  for (const [name, color] of TYPES) if (!await idOf(db, 'lockout_type', 'name', tenantId, name)) await db.query('INSERT INTO lockout_type (tenant_id, name, color) VALUES ($1, $2, $3)', [tenantId, name, color]);
  for (const name of ACTIVITIES) if (!await idOf(db, 'lockout_activity', 'name', tenantId, name)) await db.query('INSERT INTO lockout_activity (tenant_id, name) VALUES ($1, $2)', [tenantId, name]);
  const [sector] = await db.query(
    'SELECT i.id FROM hierarchy_item i JOIN hierarchy_type ty ON ty.id = i.type_id WHERE i.tenant_id = $1 AND ty.attach_consignment ORDER BY ty.level DESC, i.id LIMIT 1', [tenantId]);
  for (const m of DEMO_MACHINES) {
    if (await idOf(db, 'lockout_machine', 'code', tenantId, m.code)) continue;
    const [machine] = await db.query('INSERT INTO lockout_machine (tenant_id, code, name, prerequisite, sector_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [tenantId, m.code, m.name, m.prerequisite || null, sector?.id ?? null]);
    for (const a of m.activities) await db.query('INSERT INTO lockout_machine_activity (machine_id, activity_id) VALUES ($1, $2)', [machine.id, await idOf(db, 'lockout_activity', 'name', tenantId, a)]);
    let position = 0;
    let firstPoint: number | null = null;
    for (const [code, type, location, cut, verification] of m.points) {
      const [p] = await db.query(
        'INSERT INTO lockout_point (tenant_id, machine_id, code, type_id, location, cut_method, verification_method, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id',
        [tenantId, machine.id, code, await idOf(db, 'lockout_type', 'name', tenantId, type), location, cut, verification, ++position]);
      firstPoint ??= p.id;
    }
    const png = machinePng(320, 200, m.colour);
    const key = tenantKey(tenantId, `machine-${m.code.toLowerCase()}.png`);
    await lockoutStorage.put(key, png, { contentType: 'image/png' });
    const [file] = await db.query(
      "INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, $2, $3, 'image/png', $4) RETURNING id",
      [tenantId, key, `${m.code}.png`, png.length]);
    await db.query('INSERT INTO lockout_photo (tenant_id, machine_id, file_id, comment, point_id) VALUES ($1, $2, $3, $4, $5)',
      [tenantId, machine.id, file.id, `Vue générale – ${m.name}`, firstPoint]);
  }
}
