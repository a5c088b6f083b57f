import type { DataSource } from 'typeorm';

/** Workstations of the demo's Lyon-Gerland plant, by work unit (idempotent per company). */
const WORKSTATIONS: Array<[name: string, workUnit: string, description: string]> = [
  ['Tour à commande numérique', 'Atelier usinage', 'Tournage de pièces en série, chargement manuel des barres'],
  ['Centre d\'usinage 5 axes', 'Atelier usinage', 'Fraisage de pièces complexes, arrosage à l\'huile soluble'],
  ['Poste d\'ébavurage', 'Atelier usinage', 'Ébavurage manuel à la meuleuse et à la lime'],
  ['Poste de montage', 'Ligne d\'assemblage', 'Assemblage des sous-ensembles, vissage pneumatique'],
  ['Poste de soudage', 'Ligne d\'assemblage', 'Soudage à l\'arc sous protection gazeuse'],
  ['Cariste', 'Quais de chargement', 'Chargement et déchargement des camions au chariot élévateur'],
  ['Préparateur de commandes', 'Magasin pièces détachées', 'Prélèvement en rayonnage, port de colis'],
  ['Technicien de laboratoire', 'Laboratoire contrôle qualité', 'Contrôles dimensionnels et essais chimiques'],
  ['Poste administratif', 'Bureaux administratifs', 'Travail sur écran, téléphone'],
];

/** Seeds the demo workstations on the Lyon-Gerland plant. */
export async function seedWorkstationsDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM du_workstation WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  const [site] = await db.query(`SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND name = 'Usine de Lyon-Gerland' AND deleted_at IS NULL`, [tenantId]);
  for (const [name, unit, description] of WORKSTATIONS) {
    await db.query(`INSERT INTO du_workstation (tenant_id, name, hierarchy_item_id, work_unit_id, description)
      VALUES ($1, $2, $3, (SELECT id FROM work_unit WHERE tenant_id = $1 AND name = $4 AND deleted_at IS NULL ORDER BY id LIMIT 1), $5)`,
    [tenantId, name, site?.id ?? null, unit, description]);
  }
}
