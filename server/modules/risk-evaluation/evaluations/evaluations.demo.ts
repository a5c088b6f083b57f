import type { DataSource } from 'typeorm';
import { ensureDuDefaults } from '../core/du-defaults';
import { recomputeRatings } from '../core/du-recompute';

type G = 'Faible' | 'Modérée' | 'Grave' | 'Très grave';
type P = 'Improbable' | 'Possible' | 'Probable' | 'Très probable';
type C = 'Bonne' | 'Moyenne' | 'Insuffisante' | 'Nulle';

/** One line of the demo document: where, what, rating, measures in place, exposure. */
interface DemoLine {
  site?: 'Entrepôt de Saint-Priest';
  unit: string; workstation?: string; family: string; risks: string[]; situation: string;
  g: G; p: P; c: C; org?: string; tech?: string; residual?: string; frequency?: string; exposure?: string; archived?: boolean;
}

const LINES: DemoLine[] = [
  { unit: 'Atelier usinage', workstation: 'Tour à commande numérique', family: 'Machines et outils', risks: ['Happement par un élément mobile de machine'], situation: 'Intervention dans la zone de travail du tour pour dégager un copeau, machine en rotation', g: 'Très grave', p: 'Possible', c: 'Moyenne', org: 'Consigne d\'arrêt machine avant toute intervention, affichée au poste', tech: 'Carter avec interrupteur de sécurité', residual: 'Modéré', frequency: 'Plusieurs fois par jour', exposure: '2 opérateurs par équipe, 3 équipes' },
  { unit: 'Atelier usinage', workstation: 'Tour à commande numérique', family: 'Machines et outils', risks: ['Projection de copeaux ou de particules'], situation: 'Projection de copeaux chauds lors de l\'usinage porte ouverte', g: 'Modérée', p: 'Probable', c: 'Moyenne', org: 'Port des lunettes obligatoire', tech: 'Écran de protection sur la porte', residual: 'Faible', frequency: 'Quotidienne', exposure: 'Opérateurs du tour' },
  { unit: 'Atelier usinage', workstation: 'Centre d\'usinage 5 axes', family: 'Produits chimiques, émissions et déchets', risks: ['Contact cutané avec des huiles ou solvants', 'Inhalation de vapeurs ou de poussières'], situation: 'Contact avec l\'huile soluble et inhalation de brouillards d\'huile lors du changement d\'outils', g: 'Grave', p: 'Probable', c: 'Insuffisante', org: 'Fiches de données de sécurité disponibles au poste', tech: 'Aucune aspiration des brouillards', residual: 'Modéré', frequency: 'Quotidienne', exposure: 'Exposition cutanée et respiratoire, 6 h par jour' },
  { unit: 'Atelier usinage', workstation: 'Poste d\'ébavurage', family: 'Vibrations', risks: ['Vibrations transmises aux mains et aux bras'], situation: 'Utilisation prolongée de la meuleuse portative', g: 'Modérée', p: 'Très probable', c: 'Insuffisante', org: 'Rotation des opérateurs toutes les 2 heures', tech: 'Meuleuse ancienne sans système anti-vibratile', residual: 'Modéré', frequency: '4 h par jour', exposure: '1 opérateur par équipe' },
  { unit: 'Atelier usinage', workstation: 'Poste d\'ébavurage', family: 'Bruit', risks: ['Exposition au bruit des machines'], situation: 'Niveau sonore supérieur à 85 dB(A) au poste d\'ébavurage', g: 'Grave', p: 'Très probable', c: 'Moyenne', org: 'Bouchons d\'oreilles fournis, port contrôlé', tech: 'Cabine partiellement capotée', residual: 'Modéré', frequency: 'Permanente', exposure: 'Opérateurs du poste et des postes voisins' },
  { unit: 'Atelier usinage', family: 'Chutes de plain-pied', risks: ['Glissade sur sol mouillé ou gras'], situation: 'Sol glissant autour des machines à cause des fuites d\'huile soluble', g: 'Modérée', p: 'Probable', c: 'Moyenne', org: 'Nettoyage en fin de poste', tech: 'Bacs de rétention sous les machines', residual: 'Faible', frequency: 'Quotidienne', exposure: 'Tout le personnel de l\'atelier' },
  { unit: 'Atelier usinage', family: 'Manutentions manuelles', risks: ['Port de charges lourdes'], situation: 'Chargement manuel des barres de 25 kg dans l\'embarreur', g: 'Grave', p: 'Très probable', c: 'Nulle', residual: 'Modéré', frequency: '10 fois par jour', exposure: 'Opérateurs des tours' },
  { unit: 'Ligne d\'assemblage', workstation: 'Poste de montage', family: 'Manutentions manuelles', risks: ['Gestes répétitifs et postures contraignantes'], situation: 'Vissage répété bras levés sur les sous-ensembles', g: 'Modérée', p: 'Très probable', c: 'Moyenne', org: 'Pauses et rotation sur la ligne', tech: 'Visseuses équilibrées sur potence', residual: 'Faible', frequency: 'Permanente', exposure: '8 opérateurs par équipe' },
  { unit: 'Ligne d\'assemblage', workstation: 'Poste de soudage', family: 'Rayonnements', risks: ['Rayonnement ultraviolet du soudage à l\'arc'], situation: 'Exposition des voisins de poste à l\'arc de soudage', g: 'Modérée', p: 'Possible', c: 'Bonne', org: 'Zone de soudage balisée', tech: 'Rideaux de soudage filtrants', frequency: 'Quotidienne', exposure: 'Soudeurs et opérateurs voisins' },
  { unit: 'Ligne d\'assemblage', workstation: 'Poste de soudage', family: 'Produits chimiques, émissions et déchets', risks: ['Inhalation de vapeurs ou de poussières'], situation: 'Inhalation des fumées de soudage', g: 'Grave', p: 'Probable', c: 'Moyenne', org: 'Suivi médical renforcé des soudeurs', tech: 'Torches aspirantes', residual: 'Modéré', frequency: '5 h par jour', exposure: '2 soudeurs par équipe' },
  { unit: 'Ligne d\'assemblage', workstation: 'Poste de soudage', family: 'Incendie et explosion', risks: ['Départ de feu à proximité de produits inflammables'], situation: 'Projection d\'étincelles vers les cartons d\'emballage stockés près du poste', g: 'Très grave', p: 'Possible', c: 'Insuffisante', org: 'Permis de feu pour les travaux hors poste', tech: 'Extincteur CO2 à 10 m', residual: 'Modéré', frequency: 'Quotidienne', exposure: 'Toute la ligne' },
  { unit: 'Ligne d\'assemblage', family: 'Électricité', risks: ['Contact direct ou indirect avec une pièce sous tension'], situation: 'Intervention sur l\'armoire électrique de la ligne sans consignation', g: 'Très grave', p: 'Probable', c: 'Nulle', residual: 'Élevé', frequency: 'Mensuelle', exposure: 'Techniciens de maintenance' },
  { unit: 'Ligne d\'assemblage', family: 'Risques psychosociaux', risks: ['Surcharge de travail et pression temporelle'], situation: 'Cadence imposée par la ligne et objectifs de production en hausse', g: 'Grave', p: 'Probable', c: 'Insuffisante', org: 'Entretiens annuels', residual: 'Modéré', frequency: 'Permanente', exposure: 'Ensemble des opérateurs de la ligne' },
  { unit: 'Quais de chargement', workstation: 'Cariste', family: 'Circulations internes de véhicules', risks: ['Heurt d\'un piéton par un chariot élévateur'], situation: 'Croisement des chariots et des piétons sur les quais sans allée dédiée', g: 'Très grave', p: 'Probable', c: 'Insuffisante', org: 'Plan de circulation affiché', residual: 'Élevé', frequency: 'Permanente', exposure: 'Caristes, chauffeurs et préparateurs' },
  { unit: 'Quais de chargement', workstation: 'Cariste', family: 'Circulations internes de véhicules', risks: ['Renversement d\'un chariot élévateur'], situation: 'Renversement du chariot en bordure de quai lors du chargement d\'un camion', g: 'Très grave', p: 'Possible', c: 'Moyenne', org: 'CACES à jour, autorisation de conduite', tech: 'Cales de roues et niveleurs de quai', residual: 'Modéré', frequency: 'Quotidienne', exposure: '4 caristes' },
  { unit: 'Quais de chargement', workstation: 'Cariste', family: 'Vibrations', risks: ['Vibrations transmises au corps entier (conduite d\'engins)'], situation: 'Conduite du chariot sur un sol dégradé', g: 'Modérée', p: 'Probable', c: 'Moyenne', tech: 'Sièges suspendus', residual: 'Faible', frequency: '6 h par jour', exposure: 'Caristes' },
  { unit: 'Quais de chargement', family: 'Ambiances thermiques', risks: ['Travail au froid (quais, chambres froides)'], situation: 'Travail sur les quais ouverts en hiver', g: 'Modérée', p: 'Possible', c: 'Moyenne', org: 'Vêtements chauds fournis, boissons chaudes', frequency: 'Saisonnière (novembre à mars)', exposure: 'Personnel des quais' },
  { unit: 'Quais de chargement', family: 'Chutes de hauteur', risks: ['Chute depuis une plateforme, une mezzanine ou un quai'], situation: 'Chute du quai en l\'absence de camion à quai, porte sectionnelle ouverte', g: 'Très grave', p: 'Possible', c: 'Nulle', residual: 'Élevé', frequency: 'Quotidienne', exposure: 'Personnel des quais', archived: false },
  { unit: 'Magasin pièces détachées', workstation: 'Préparateur de commandes', family: 'Effondrements et chutes d\'objets', risks: ['Chute d\'objets depuis un rayonnage'], situation: 'Chute de cartons mal rangés en hauteur lors du prélèvement', g: 'Grave', p: 'Possible', c: 'Moyenne', org: 'Règles de stockage : charges lourdes en bas', tech: 'Grilles anti-chute sur les rayonnages', residual: 'Faible', frequency: 'Quotidienne', exposure: '3 préparateurs' },
  { unit: 'Magasin pièces détachées', workstation: 'Préparateur de commandes', family: 'Chutes de hauteur', risks: ['Chute depuis un escabeau ou une échelle'], situation: 'Prélèvement en hauteur depuis un escabeau non stabilisé', g: 'Grave', p: 'Probable', c: 'Insuffisante', residual: 'Modéré', frequency: 'Plusieurs fois par jour', exposure: 'Préparateurs' },
  { unit: 'Magasin pièces détachées', workstation: 'Préparateur de commandes', family: 'Manutentions manuelles', risks: ['Port de charges lourdes'], situation: 'Port de colis jusqu\'à 20 kg', g: 'Modérée', p: 'Probable', c: 'Bonne', org: 'Formation gestes et postures', tech: 'Transpalettes et tables élévatrices', frequency: 'Quotidienne', exposure: 'Préparateurs' },
  { unit: 'Magasin pièces détachées', family: 'Éclairage', risks: ['Éclairage insuffisant ou éblouissement'], situation: 'Allées du fond insuffisamment éclairées', g: 'Faible', p: 'Probable', c: 'Moyenne', frequency: 'Permanente', exposure: 'Préparateurs' },
  { unit: 'Laboratoire contrôle qualité', workstation: 'Technicien de laboratoire', family: 'Produits chimiques, émissions et déchets', risks: ['Projection de produit chimique'], situation: 'Projection d\'acide lors des essais de corrosion', g: 'Grave', p: 'Possible', c: 'Bonne', org: 'Mode opératoire écrit', tech: 'Sorbonne ventilée, douche oculaire', frequency: 'Hebdomadaire', exposure: '2 techniciens' },
  { unit: 'Laboratoire contrôle qualité', workstation: 'Technicien de laboratoire', family: 'Agents biologiques', risks: ['Contact avec des déchets souillés ou des eaux usées'], situation: 'Prélèvements dans le bac de rétention des eaux de lavage', g: 'Modérée', p: 'Improbable', c: 'Moyenne', frequency: 'Mensuelle', exposure: 'Techniciens' },
  { unit: 'Laboratoire contrôle qualité', family: 'Incendie et explosion', risks: ['Explosion d\'une atmosphère explosive (ATEX)'], situation: 'Stockage de solvants inflammables dans l\'armoire du laboratoire', g: 'Très grave', p: 'Improbable', c: 'Moyenne', tech: 'Armoire de sécurité ventilée', frequency: 'Permanente', exposure: 'Personnel du laboratoire' },
  { unit: 'Bureaux administratifs', workstation: 'Poste administratif', family: 'Travail sur écran', risks: ['Travail prolongé sur écran'], situation: 'Travail sur écran plus de 6 heures par jour', g: 'Faible', p: 'Très probable', c: 'Moyenne', org: 'Pauses régulières', tech: 'Écrans réglables, repose-pieds à la demande', frequency: 'Quotidienne', exposure: '12 salariés' },
  { unit: 'Bureaux administratifs', workstation: 'Poste administratif', family: 'Risques psychosociaux', risks: ['Agressions verbales ou physiques'], situation: 'Appels de clients mécontents à l\'accueil téléphonique', g: 'Modérée', p: 'Possible', c: 'Moyenne', org: 'Procédure de gestion des appels difficiles', frequency: 'Hebdomadaire', exposure: 'Standard et service client' },
  { unit: 'Bureaux administratifs', family: 'Déplacements routiers', risks: ['Accident de la route lors d\'un déplacement professionnel'], situation: 'Déplacements en voiture chez les clients et fournisseurs', g: 'Très grave', p: 'Possible', c: 'Moyenne', org: 'Charte de conduite, visioconférence privilégiée', frequency: 'Hebdomadaire', exposure: 'Commerciaux et acheteurs' },
  { unit: 'Bureaux administratifs', family: 'Chutes de plain-pied', risks: ['Trébuchement sur un obstacle ou un sol inégal'], situation: 'Câbles au sol dans l\'open space (ancienne disposition)', g: 'Faible', p: 'Possible', c: 'Bonne', frequency: 'Permanente', exposure: 'Personnel administratif', archived: true },
  { site: 'Entrepôt de Saint-Priest', unit: 'Quais de chargement', family: 'Circulations internes de véhicules', risks: ['Heurt d\'un piéton par un chariot élévateur'], situation: 'Circulation des chariots dans les allées de l\'entrepôt', g: 'Très grave', p: 'Possible', c: 'Insuffisante', residual: 'Modéré', frequency: 'Permanente', exposure: '6 caristes, 10 préparateurs' },
  { site: 'Entrepôt de Saint-Priest', unit: 'Magasin pièces détachées', family: 'Manutentions manuelles', risks: ['Port de charges lourdes'], situation: 'Dépalettisation manuelle des colis', g: 'Modérée', p: 'Très probable', c: 'Moyenne', frequency: 'Quotidienne', exposure: 'Préparateurs' },
];

const id = async (db: DataSource, sql: string, params: unknown[]): Promise<number | null> => ((await db.query(sql, params))[0]?.id as number | undefined) ?? null;

/**
 * A realistic unique risk document for the demo plant of Lyon-Gerland (six work units, 29
 * evaluations spread over the four levels, one archived) and two lines for the Saint-Priest
 * warehouse, written by the QHSE manager (idempotent per company).
 */
export async function seedEvaluationsDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM risk_evaluation WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  await ensureDuDefaults(db, tenantId);
  const writer = await id(db, `SELECT id FROM app_user WHERE username = 'claire.martin'`, []);
  for (const l of LINES) {
    const item = await id(db, 'SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND name = $2 AND deleted_at IS NULL ORDER BY id LIMIT 1', [tenantId, l.site ?? 'Usine de Lyon-Gerland']);
    const unit = await id(db, 'SELECT id FROM work_unit WHERE tenant_id = $1 AND name = $2 AND deleted_at IS NULL ORDER BY id LIMIT 1', [tenantId, l.unit]);
    const family = await id(db, 'SELECT id FROM du_danger_family WHERE tenant_id = $1 AND label = $2 AND deleted_at IS NULL ORDER BY id LIMIT 1', [tenantId, l.family]);
    if (item === null || unit === null || family === null) continue;
    const ws = l.workstation ? await id(db, 'SELECT id FROM du_workstation WHERE tenant_id = $1 AND name = $2 AND deleted_at IS NULL ORDER BY id LIMIT 1', [tenantId, l.workstation]) : null;
    const scale = (kind: string, label: string) => id(db, 'SELECT id FROM du_scale_value WHERE tenant_id = $1 AND kind = $2 AND label = $3 AND deleted_at IS NULL ORDER BY id LIMIT 1', [tenantId, kind, label]);
    const [g, p, c] = [await scale('gravity', l.g), await scale('probability', l.p), await scale('control', l.c)];
    if (g === null || p === null || c === null) continue;
    const residual = l.residual ? await id(db, 'SELECT id FROM du_priority_level WHERE tenant_id = $1 AND label = $2 ORDER BY id LIMIT 1', [tenantId, l.residual]) : null;
    // The figures are computed below, all at once, by the same rule as every save.
    const [row] = await db.query(
      `INSERT INTO risk_evaluation (tenant_id, hierarchy_item_id, work_unit_id, workstation_id, danger_family_id, dangerous_situation, gravity_id, probability_id,
         gross_risk, organisational_measures, technical_measures, control_id, priority_risk, residual_level_id, frequency, exposure_modalities, supervisor_id, archived)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10, $11, 0, $12, $13, $14, $15, $16) RETURNING id`,
      [tenantId, item, unit, ws, family, l.situation, g, p, l.org ?? null, l.tech ?? null, c, residual, l.frequency ?? null, l.exposure ?? null, writer, !!l.archived]);
    await db.query(`INSERT INTO risk_evaluation_risk (evaluation_id, risk_id, tenant_id)
      SELECT $1, r.id, $2 FROM du_risk r WHERE r.tenant_id = $2 AND r.danger_family_id = $3 AND r.label = ANY($4::text[]) AND r.deleted_at IS NULL`, [row.id, tenantId, family, l.risks]);
  }
  await recomputeRatings(db, tenantId);
}
