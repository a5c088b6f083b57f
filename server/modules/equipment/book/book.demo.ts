import type { DataSource } from 'typeorm';
import { todayIso } from '../../../kernel/clock';

/** [days before today, subject, type] of the demo interventions, per equipment. */
const INTERVENTIONS: Array<Array<[number, string, 'maintenance' | 'repair']>> = [
  [[400, 'Graissage des articulations et contrôle des flexibles', 'maintenance'], [120, 'Remplacement du flexible de levage fuyard', 'repair'], [20, 'Révision annuelle constructeur', 'maintenance']],
  [[300, 'Remplacement des galets de roulement', 'repair'], [60, 'Contrôle des freins et du fin de course haut', 'maintenance']],
  [[200, 'Vidange et remplacement du filtre hydraulique', 'maintenance'], [45, 'Remplacement de la batterie de traction', 'repair']],
  [[90, 'Nettoyage et resserrage des connexions', 'maintenance']],
];
/** [type, reference, label, days before today] of the demo parts (without files), per equipment. */
const PARTS: Array<Array<[string, string | null, string, number]>> = [
  [['notice', 'NOT-2019-114', 'Notice d\'utilisation et d\'entretien', 2000], ['conformity_certificate', 'CE-55821', 'Déclaration CE de conformité', 2000], ['quote', 'DEV-2026-031', 'Devis de remplacement des chaînes', 30]],
  [['notice', null, 'Manuel du constructeur', 1500], ['plan', 'PL-ATELIER-2', 'Plan d\'implantation dans l\'atelier', 700]],
  [['conformity_certificate', 'CE-88410', 'Certificat de conformité', 900]],
  [['other', null, 'Photos de l\'installation avant travaux', 100]],
];

function daysAgo(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/**
 * Maintenance book demo (after the equipment demo): interventions and parts without files on the
 * company's first four pieces of equipment (by name); nothing without equipment, nothing twice.
 */
export async function seedBookDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM equipment_maintenance WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  const equipment: Array<{ id: number }> = await db.query('SELECT id FROM equipment WHERE tenant_id = $1 AND NOT archived ORDER BY name, id LIMIT 4', [tenantId]);
  if (!equipment.length) return;
  const [supervisor] = await db.query(
    `SELECT u.id FROM app_user u WHERE u.enabled AND (u.tenant_id = $1 OR u.id IN (SELECT user_id FROM user_tenant WHERE tenant_id = $1)) ORDER BY u.id LIMIT 1`, [tenantId]);
  const today = todayIso();
  await db.transaction(async (m) => {
    for (const [i, e] of equipment.entries()) {
      for (const [ago, subject, type] of INTERVENTIONS[i]) {
        await m.query('INSERT INTO equipment_maintenance (tenant_id, equipment_id, subject, supervisor_id, intervention_date, type) VALUES ($1, $2, $3, $4, $5, $6)',
          [tenantId, e.id, subject, supervisor?.id ?? null, daysAgo(today, ago), type]);
      }
      for (const [type, reference, label, ago] of PARTS[i]) {
        await m.query('INSERT INTO equipment_part (tenant_id, equipment_id, type, reference, label, part_date) VALUES ($1, $2, $3, $4, $5, $6)',
          [tenantId, e.id, type, reference, label, daysAgo(today, ago)]);
      }
    }
  });
}
