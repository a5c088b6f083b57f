import type { EntityManager } from 'typeorm';
import { NAMED_COLORS } from '../../../kernel/palette';
import { seedOnce, type Db } from '../../../kernel/db/sql';
import type { ScaleKind } from './du-scale-value.entity';

/** The lists of the unique risk document that receive French defaults, each once per company. */
export const DU_SEEDED_LISTS = ['gravity', 'probability', 'control', 'priority_level', 'danger_family', 'risk'] as const;
/** One seeded list. */
export type DuSeededList = (typeof DU_SEEDED_LISTS)[number];

type ScaleDefault = { label: string; valuation: number; color: string; description: string };

/** The 4 × 4 grid, plus a control scale of 4: priority risks from 1 to 64. */
const SCALES: Record<ScaleKind, ScaleDefault[]> = {
  gravity: [
    { label: 'Faible', valuation: 1, color: NAMED_COLORS.green, description: 'Blessure légère, premiers soins sans arrêt de travail' },
    { label: 'Modérée', valuation: 2, color: NAMED_COLORS.yellow, description: 'Accident ou maladie avec arrêt de travail' },
    { label: 'Grave', valuation: 3, color: NAMED_COLORS.orange, description: 'Incapacité permanente partielle, maladie professionnelle' },
    { label: 'Très grave', valuation: 4, color: NAMED_COLORS.red, description: 'Décès ou incapacité permanente totale' },
  ],
  probability: [
    { label: 'Improbable', valuation: 1, color: NAMED_COLORS.green, description: 'Jamais arrivé dans la profession, exposition exceptionnelle' },
    { label: 'Possible', valuation: 2, color: NAMED_COLORS.yellow, description: 'Déjà arrivé dans la profession, exposition rare' },
    { label: 'Probable', valuation: 3, color: NAMED_COLORS.orange, description: 'Déjà arrivé dans l\'entreprise, exposition fréquente' },
    { label: 'Très probable', valuation: 4, color: NAMED_COLORS.red, description: 'Arrive régulièrement, exposition quotidienne ou permanente' },
  ],
  control: [
    { label: 'Bonne', valuation: 1, color: NAMED_COLORS.green, description: 'Mesures en place, efficaces et suivies' },
    { label: 'Moyenne', valuation: 2, color: NAMED_COLORS.yellow, description: 'Mesures en place mais à améliorer' },
    { label: 'Insuffisante', valuation: 3, color: NAMED_COLORS.orange, description: 'Mesures partielles ou peu appliquées' },
    { label: 'Nulle', valuation: 4, color: NAMED_COLORS.red, description: 'Aucune mesure de prévention' },
  ],
};

/**
 * Four levels over 1 to 64 without gap, the last open-ended. Of the 64 combinations of the default
 * grid, 19 are « Faible », 25 « Modéré », 13 « Élevé » and 7 « Critique ».
 */
const LEVELS = [
  { label: 'Faible', min: 1, max: 6, color: NAMED_COLORS.green, description: 'Risque maîtrisé : maintenir les mesures et les vérifier' },
  { label: 'Modéré', min: 7, max: 16, color: NAMED_COLORS.yellow, description: 'Actions d\'amélioration à planifier' },
  { label: 'Élevé', min: 17, max: 32, color: NAMED_COLORS.orange, description: 'Actions prioritaires à engager à court terme' },
  { label: 'Critique', min: 33, max: null, color: NAMED_COLORS.red, description: 'Action immédiate : le travail ne peut continuer en l\'état' },
];

/** Danger families after the INRS list (ED 840, « Évaluation des risques professionnels »). */
const FAMILIES = [
  'Chutes de plain-pied', 'Chutes de hauteur', 'Circulations internes de véhicules', 'Déplacements routiers',
  'Manutentions manuelles', 'Manutentions mécaniques', 'Produits chimiques, émissions et déchets', 'Agents biologiques',
  'Machines et outils', 'Effondrements et chutes d\'objets', 'Bruit', 'Vibrations', 'Ambiances thermiques',
  'Incendie et explosion', 'Électricité', 'Éclairage', 'Rayonnements', 'Risques psychosociaux', 'Travail sur écran',
  'Organisation du travail et intervention d\'entreprises extérieures',
];

/** Risks per danger family, with the injuries each may cause. */
const RISKS: Array<[family: string, label: string, injuries: string[]]> = [
  ['Chutes de plain-pied', 'Glissade sur sol mouillé ou gras', ['Entorse', 'Fracture', 'Contusion']],
  ['Chutes de plain-pied', 'Trébuchement sur un obstacle ou un sol inégal', ['Entorse', 'Contusion', 'Plaie']],
  ['Chutes de hauteur', 'Chute depuis un escabeau ou une échelle', ['Fracture', 'Traumatisme crânien', 'Contusion']],
  ['Chutes de hauteur', 'Chute depuis une plateforme, une mezzanine ou un quai', ['Fracture', 'Traumatisme crânien', 'Lésion de la colonne vertébrale']],
  ['Circulations internes de véhicules', 'Heurt d\'un piéton par un chariot élévateur', ['Écrasement', 'Fracture', 'Contusion']],
  ['Circulations internes de véhicules', 'Renversement d\'un chariot élévateur', ['Écrasement', 'Fracture']],
  ['Déplacements routiers', 'Accident de la route lors d\'un déplacement professionnel', ['Fracture', 'Traumatisme crânien', 'Contusion']],
  ['Manutentions manuelles', 'Port de charges lourdes', ['Lombalgie', 'Hernie discale', 'Troubles musculo-squelettiques']],
  ['Manutentions manuelles', 'Gestes répétitifs et postures contraignantes', ['Troubles musculo-squelettiques', 'Tendinite']],
  ['Manutentions mécaniques', 'Chute de charge lors d\'un levage', ['Écrasement', 'Fracture']],
  ['Produits chimiques, émissions et déchets', 'Projection de produit chimique', ['Brûlure chimique', 'Lésion oculaire']],
  ['Produits chimiques, émissions et déchets', 'Inhalation de vapeurs ou de poussières', ['Intoxication', 'Irritation des voies respiratoires', 'Maladie professionnelle']],
  ['Produits chimiques, émissions et déchets', 'Contact cutané avec des huiles ou solvants', ['Dermatose', 'Irritation cutanée']],
  ['Agents biologiques', 'Contact avec des déchets souillés ou des eaux usées', ['Infection', 'Allergie']],
  ['Machines et outils', 'Happement par un élément mobile de machine', ['Écrasement', 'Amputation', 'Fracture']],
  ['Machines et outils', 'Coupure par un outil tranchant', ['Coupure', 'Plaie']],
  ['Machines et outils', 'Projection de copeaux ou de particules', ['Lésion oculaire', 'Plaie']],
  ['Effondrements et chutes d\'objets', 'Chute d\'objets depuis un rayonnage', ['Contusion', 'Traumatisme crânien', 'Fracture']],
  ['Bruit', 'Exposition au bruit des machines', ['Surdité professionnelle', 'Acouphènes', 'Fatigue']],
  ['Vibrations', 'Vibrations transmises aux mains et aux bras', ['Troubles vasculaires', 'Troubles musculo-squelettiques']],
  ['Vibrations', 'Vibrations transmises au corps entier (conduite d\'engins)', ['Lombalgie', 'Troubles musculo-squelettiques']],
  ['Ambiances thermiques', 'Travail à la chaleur', ['Coup de chaleur', 'Déshydratation', 'Malaise']],
  ['Ambiances thermiques', 'Travail au froid (quais, chambres froides)', ['Engelure', 'Hypothermie']],
  ['Incendie et explosion', 'Départ de feu à proximité de produits inflammables', ['Brûlure', 'Intoxication par les fumées']],
  ['Incendie et explosion', 'Explosion d\'une atmosphère explosive (ATEX)', ['Brûlure', 'Polytraumatisme', 'Décès']],
  ['Électricité', 'Contact direct ou indirect avec une pièce sous tension', ['Électrisation', 'Électrocution', 'Brûlure']],
  ['Éclairage', 'Éclairage insuffisant ou éblouissement', ['Fatigue visuelle', 'Chute', 'Maux de tête']],
  ['Rayonnements', 'Rayonnement ultraviolet du soudage à l\'arc', ['Lésion oculaire', 'Brûlure cutanée']],
  ['Risques psychosociaux', 'Surcharge de travail et pression temporelle', ['Stress', 'Épuisement professionnel', 'Troubles du sommeil']],
  ['Risques psychosociaux', 'Agressions verbales ou physiques', ['Stress post-traumatique', 'Contusion']],
  ['Travail sur écran', 'Travail prolongé sur écran', ['Fatigue visuelle', 'Troubles musculo-squelettiques', 'Maux de tête']],
  ['Organisation du travail et intervention d\'entreprises extérieures', 'Coactivité avec une entreprise extérieure', ['Contusion', 'Fracture', 'Écrasement']],
];

async function seedList(m: EntityManager, tenantId: number, list: DuSeededList): Promise<void> {
  switch (list) {
    case 'gravity':
    case 'probability':
    case 'control': {
      const [had] = await m.query('SELECT 1 FROM du_scale_value WHERE tenant_id = $1 AND kind = $2 LIMIT 1', [tenantId, list]);
      if (had) return;
      for (const v of SCALES[list]) {
        await m.query('INSERT INTO du_scale_value (tenant_id, kind, label, valuation, color, description) VALUES ($1, $2, $3, $4, $5, $6)',
          [tenantId, list, v.label, v.valuation, v.color, v.description]);
      }
      return;
    }
    case 'priority_level': {
      const [had] = await m.query('SELECT 1 FROM du_priority_level WHERE tenant_id = $1 LIMIT 1', [tenantId]);
      if (had) return;
      for (const l of LEVELS) {
        await m.query('INSERT INTO du_priority_level (tenant_id, label, min_value, max_value, color, description) VALUES ($1, $2, $3, $4, $5, $6)',
          [tenantId, l.label, l.min, l.max, l.color, l.description]);
      }
      return;
    }
    case 'danger_family': {
      const [had] = await m.query('SELECT 1 FROM du_danger_family WHERE tenant_id = $1 LIMIT 1', [tenantId]);
      if (had) return;
      for (const label of FAMILIES) await m.query('INSERT INTO du_danger_family (tenant_id, label) VALUES ($1, $2)', [tenantId, label]);
      return;
    }
    case 'risk': {
      const [had] = await m.query('SELECT 1 FROM du_risk WHERE tenant_id = $1 LIMIT 1', [tenantId]);
      if (had) return;
      for (const [family, label, injuries] of RISKS) {
        // A family the company renamed or removed before its risks were seeded takes no default risk.
        await m.query(`INSERT INTO du_risk (tenant_id, label, danger_family_id, injuries)
          SELECT $1, $2, f.id, $4 FROM du_danger_family f WHERE f.tenant_id = $1 AND f.label = $3 AND f.deleted_at IS NULL ORDER BY f.id LIMIT 1`,
        [tenantId, label, family, injuries.join('\n')]);
      }
      return;
    }
  }
}

/**
 * Gives a company the French defaults of the unique risk document's lists (the 4 × 4 grid with a
 * control scale, four priority levels over 1 to ∞, the INRS danger families and their risks) the
 * first time a list is read, unless it already had rows: a new company gets them on its first
 * visit, the demo company through its demo data. The seed mark makes it once per company and list;
 * removed defaults never come back.
 */
export async function ensureDuDefaults(db: Db, tenantId: number, lists: readonly DuSeededList[] = DU_SEEDED_LISTS): Promise<void> {
  const marked = new Set<string>((await db.query('SELECT list FROM du_seed WHERE tenant_id = $1', [tenantId])).map((r: { list: string }) => r.list));
  // Risks need their families: seeding risks seeds the families first.
  const wanted = lists.includes('risk') && !lists.includes('danger_family') ? ['danger_family' as const, ...lists] : lists;
  for (const list of wanted) {
    if (!marked.has(list)) await seedOnce(db, { table: 'du_seed', column: 'list' }, tenantId, list, (m) => seedList(m, tenantId, list));
  }
}
