import type { DataSource } from 'typeorm';

type DemoProduct = [product: string, maker: string, workstation: string | null, pictograms: string[], cmr: string | null, safety: string | null,
  environment: string | null, prevention: string, description: string, sdsYearsAgo: number | null];

/** Products of the Lyon-Gerland plant (one SDS older than 3 years, one missing). */
const PRODUCTS: DemoProduct[] = [
  ['White spirit', 'TotalEnergies', 'Poste d\'ébavurage', ['GHS02', 'GHS07', 'GHS08'], 'H304 Peut être mortel en cas d\'ingestion et de pénétration dans les voies respiratoires',
    'H226 Liquide et vapeurs inflammables', 'H411 Toxique pour les organismes aquatiques, entraîne des effets néfastes à long terme',
    'Gants nitrile, ventilation locale, stockage en armoire ventilée loin de toute flamme', 'Dégraissage des pièces avant montage', 1],
  ['Acétone', 'Brenntag', 'Technicien de laboratoire', ['GHS02', 'GHS07'], null, 'H225 Liquide et vapeurs très inflammables',
    null, 'Lunettes de protection, gants butyle, travail sous sorbonne, récipients fermés', 'Nettoyage de la verrerie du laboratoire', 4],
  ['Soude caustique 30 %', 'Univar Solutions', 'Technicien de laboratoire', ['GHS05'], null, 'H290 Peut être corrosif pour les métaux ; H314 Provoque de graves brûlures de la peau et de graves lésions des yeux',
    null, 'Visière, gants et tablier résistants aux bases, douche et lave-œil à proximité', 'Neutralisation des bains de dégraissage', 2],
  ['Huile soluble de coupe', 'Blaser Swisslube', 'Centre d\'usinage 5 axes', ['GHS07'], null, null, 'H412 Nocif pour les organismes aquatiques',
    'Crème barrière, gants nitrile, suivi de la concentration et du pH du bain', 'Arrosage des outils de coupe', 0],
  ['Argon-CO2 (gaz de soudage)', 'Air Liquide', 'Poste de soudage', ['GHS04'], null, 'H280 Contient un gaz sous pression ; peut exploser sous l\'effet de la chaleur',
    null, 'Bouteilles arrimées, ventilation du poste, détecteur d\'oxygène', 'Protection gazeuse du soudage MAG', null],
];

/** Seeds the demo's chemical products on the Lyon-Gerland plant (once per company). */
export async function seedChemicalsDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM du_chemical_product WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  const [site] = await db.query(`SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND name = 'Usine de Lyon-Gerland' AND deleted_at IS NULL`, [tenantId]);
  if (!site) return;
  for (const [product, maker, workstation, pictograms, cmr, safety, environment, prevention, description, years] of PRODUCTS) {
    await db.query(
      `INSERT INTO du_chemical_product (tenant_id, hierarchy_item_id, workstation_id, product, maker, pictograms, cmr_hazards, safety_hazards, environmental_hazards,
         prevention_means, description, sds_date)
       VALUES ($1, $2, (SELECT id FROM du_workstation WHERE tenant_id = $1 AND name = $3 AND deleted_at IS NULL ORDER BY id LIMIT 1), $4, $5, $6::varchar[], $7, $8, $9, $10, $11,
         CASE WHEN $12::int IS NULL THEN NULL ELSE (current_date - make_interval(years => $12::int, months => 2))::date END)`,
      [tenantId, site.id, workstation, product, maker, pictograms, cmr, safety, environment, prevention, description, years]);
  }
}
