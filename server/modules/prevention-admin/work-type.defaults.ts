/** A work type given to every company the first time its list is read. */
export interface DefaultWorkType {
  label: string;
  dangerous: boolean;
  weighting: number;
  isRoofWork?: boolean;
}

/**
 * The dangerous works of article 1 of the arrêté du 19 mars 1993 (consolidated after the décret
 * n° 2008-244), for which a written prevention plan is required (Code du travail R4512-7).
 * Kept in the arrêté's order and wording, so the admin recognises the official list.
 */
export const ARRETE_1993_WORKS: readonly string[] = [
  'Travaux exposant à des rayonnements ionisants',
  'Travaux exposant à des substances et préparations explosives, comburantes, extrêmement inflammables, facilement inflammables, très toxiques, toxiques, nocives, cancérogènes, mutagènes, toxiques vis-à-vis de la reproduction (articles R. 4411-2 à R. 4411-6 du code du travail)',
  'Travaux exposant à des agents biologiques pathogènes',
  "Travaux effectués sur une installation classée faisant l'objet d'un plan d'opération interne",
  "Travaux de maintenance sur les équipements de travail, autres que les appareils et accessoires de levage, soumis à vérifications périodiques, ainsi que sur les véhicules à benne basculante ou cabine basculante, les machines à cylindre et les machines présentant les risques définis aux articles R. 4324-18 à R. 4324-20",
  'Travaux de transformation (norme NF P 82-212) sur les ascenseurs, monte-charge, escaliers mécaniques, trottoirs roulants et installations de parcage automatique de voitures',
  'Travaux de maintenance sur installations à très haute ou très basse température',
  'Travaux comportant le recours à des ponts roulants ou des grues ou transstockeurs',
  'Travaux comportant le recours aux treuils et appareils assimilés mus à la main, installés temporairement au-dessus d\'une zone de travail ou de circulation',
  'Travaux exposant au contact avec des pièces nues sous tension supérieure à la TBT',
  'Travaux du bâtiment et des travaux publics exposant les travailleurs à des risques de chute de hauteur de plus de 3 mètres',
  'Travaux exposant à un niveau d\'exposition sonore quotidienne supérieure à 90 dB(A) ou à un niveau de pression acoustique de crête supérieure à 140 dB',
  'Travaux exposant à des risques de noyade',
  "Travaux exposant à un risque d'ensevelissement",
  "Travaux de montage, démontage d'éléments préfabriqués lourds",
  'Travaux de démolition',
  'Travaux dans ou sur des cuves et accumulateurs de matière ou en atmosphère confinée',
  'Travaux en milieu hyperbare',
  "Travaux nécessitant l'utilisation d'un appareil à laser d'une classe supérieure à la classe 3 A selon la norme NF EN 60825",
  'Travaux de soudage oxyacétylénique exigeant le recours à un « permis de feu »',
];

/** Weighting of a dangerous work type by default (ordinary works weigh 1). */
export const DANGEROUS_WEIGHTING = 3;

/** The list a company starts with: the arrêté's dangerous works, roof works, then ordinary works. */
export const DEFAULT_WORK_TYPES: readonly DefaultWorkType[] = [
  ...ARRETE_1993_WORKS.map((label) => ({ label, dangerous: true, weighting: DANGEROUS_WEIGHTING })),
  { label: 'Travaux en toiture', dangerous: true, weighting: DANGEROUS_WEIGHTING, isRoofWork: true },
  { label: 'Nettoyage des locaux', dangerous: false, weighting: 1 },
  { label: 'Maintenance courante', dangerous: false, weighting: 1 },
  { label: 'Contrôles et vérifications périodiques', dangerous: false, weighting: 1 },
  { label: 'Entretien des espaces verts', dangerous: false, weighting: 1 },
  { label: 'Travaux de peinture et de second œuvre', dangerous: false, weighting: 1 },
  { label: 'Installation et maintenance informatique', dangerous: false, weighting: 1 },
];
