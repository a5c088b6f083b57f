import type { DataSource } from 'typeorm';
import { ensureArduousnessDefaults } from './arduousness.defaults';

type DemoExposure = [criterion: string, constraintStart: string, workstation: string, duration: number, employees: number, comment: string];

/** Exposures of the Lyon-Gerland plant: some reach their threshold, some stay below. */
const EXPOSURES: DemoExposure[] = [
  ['Bruit', 'Niveau d\'exposition', 'Tour à commande numérique', 780, 2, 'Mesure Lex,8h de 84 dB(A) au poste ; bouchons moulés fournis, capotage du tour prévu.'],
  ['Bruit', 'Exposition à un niveau de pression acoustique de crête', 'Poste d\'ébavurage', 60, 1, 'Crêtes au démarrage de la meuleuse, en dessous du seuil annuel.'],
  ['Travail de nuit', 'Une heure', 'Cariste', 150, 2, 'Réception des camions de 4 h à 6 h, cinq jours sur sept hors congés.'],
  ['Travail en équipes successives alternantes', 'Travail en équipes', 'Poste de montage', 46, 3, 'Équipes 2 × 8 avec une semaine de nuit par trimestre.'],
  ['Travail répétitif', 'Répétition', 'Poste de montage', 1100, 3, 'Vissage pneumatique, cycle de 25 s ; rotation de poste à l\'étude.'],
  ['Températures extrêmes', 'Température', 'Cariste', 420, 1, 'Quais non chauffés l\'hiver.'],
];

/** Seeds the demo's arduousness exposures on the Lyon-Gerland plant (once per company), with employees from HR. */
export async function seedArduousnessDemo(db: DataSource, tenantId: number): Promise<void> {
  await ensureArduousnessDefaults(db, tenantId);
  const [done] = await db.query('SELECT 1 FROM du_arduousness_exposure WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  const [site] = await db.query(`SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND name = 'Usine de Lyon-Gerland' AND deleted_at IS NULL`, [tenantId]);
  if (!site) return;
  const employees: Array<{ id: number }> = await db.query('SELECT id FROM employee WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 8', [tenantId]);
  let next = 0;
  for (const [criterion, constraintStart, workstation, duration, staff, comment] of EXPOSURES) {
    const [x] = await db.query(
      `INSERT INTO du_arduousness_exposure (tenant_id, hierarchy_item_id, workstation_id, criterion_id, constraint_id, duration, comment)
       SELECT $1, $2, (SELECT id FROM du_workstation WHERE tenant_id = $1 AND name = $3 AND deleted_at IS NULL ORDER BY id LIMIT 1), c.id, k.id, $6, $7
         FROM du_arduousness_criterion c JOIN du_arduousness_constraint k ON k.criterion_id = c.id
        WHERE c.tenant_id = $1 AND c.label = $4 AND k.label LIKE $5 || '%' ORDER BY k.id LIMIT 1 RETURNING id`,
      [tenantId, site.id, workstation, criterion, constraintStart, duration, comment]);
    if (!x || !employees.length) continue;
    const ids = Array.from({ length: Math.min(staff, employees.length) }, () => employees[next++ % employees.length].id);
    await db.query('INSERT INTO du_arduousness_employee (exposure_id, employee_id, tenant_id) SELECT $1, unnest($2::int[]), $3 ON CONFLICT DO NOTHING', [x.id, [...new Set(ids)], tenantId]);
  }
}
