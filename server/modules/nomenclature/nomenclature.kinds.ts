/**
 * The administration lists of the nomenclature module, as data: adding a kind is one entry here
 * (plus its translations), not a new CRUD.
 */
export const NOMENCLATURE_KINDS = ['efficiency_synthesis', 'main_source', 'injury_type', 'injury_site', 'domain', 'ppe'] as const;

/** One administration list (spec seed 002 "Administration lists"). */
export type NomenclatureKind = (typeof NOMENCLATURE_KINDS)[number];

/** How a kind is shown and seeded. */
export interface NomenclatureKindDef {
  kind: NomenclatureKind;
  /** Translation key of the list's name (tab and titles). */
  labelKey: string;
  /** bootstrap-icons name of the tab. */
  icon: string;
  /** French items every company starts with (seeded on first read, see docs/nomenclature.md). */
  defaults?: readonly string[];
  /** Extra realistic French items of the demo company. */
  demo: readonly string[];
}

/** Every kind, in tab order. */
export const NOMENCLATURE_KIND_DEFS: Readonly<Record<NomenclatureKind, NomenclatureKindDef>> = {
  efficiency_synthesis: {
    kind: 'efficiency_synthesis', labelKey: 'nomenclature.kinds.efficiency_synthesis', icon: 'clipboard-check',
    // Spec: efficiency synthesis (causes deleted, improvement occurred, not renewed).
    defaults: ['Causes supprimées', 'Amélioration constatée', 'Non reconduit'],
    demo: [],
  },
  main_source: {
    kind: 'main_source', labelKey: 'nomenclature.kinds.main_source', icon: 'signpost-split',
    demo: ['Audit interne', 'Audit externe', 'Remontée terrain', 'Visite sécurité', 'Accident du travail', 'Presqu\'accident', 'Réclamation client', 'Revue de direction'],
  },
  injury_type: {
    kind: 'injury_type', labelKey: 'nomenclature.kinds.injury_type', icon: 'bandaid',
    demo: ['Coupure', 'Contusion', 'Brûlure', 'Entorse', 'Fracture', 'Lumbago', 'Corps étranger dans l\'œil', 'Écrasement'],
  },
  injury_site: {
    kind: 'injury_site', labelKey: 'nomenclature.kinds.injury_site', icon: 'person-bounding-box',
    demo: ['Tête', 'Yeux', 'Cou', 'Dos', 'Épaule', 'Main droite', 'Main gauche', 'Doigts', 'Genou', 'Pied'],
  },
  domain: {
    kind: 'domain', labelKey: 'nomenclature.kinds.domain', icon: 'diagram-3',
    // Spec: domains (hse, quality, meeting).
    defaults: ['HSE', 'Qualité', 'Réunion'],
    demo: ['Environnement'],
  },
  ppe: {
    kind: 'ppe', labelKey: 'nomenclature.kinds.ppe', icon: 'shield-check',
    demo: ['Casque', 'Gants anti-coupure', 'Lunettes de protection', 'Chaussures de sécurité', 'Bouchons d\'oreilles', 'Gilet haute visibilité', 'Harnais antichute', 'Masque FFP2'],
  },
};

/** True when the value names a kind (for the `kind` query of the screens). */
export function isNomenclatureKind(value: unknown): value is NomenclatureKind {
  return typeof value === 'string' && (NOMENCLATURE_KINDS as readonly string[]).includes(value);
}
