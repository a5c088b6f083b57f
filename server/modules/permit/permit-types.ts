import type { SurveyType } from '../questionnaire/questionnaire.types';
import type { ZoneRouteNames } from '../zone-map/zone-route-names';

/** The control steps a permit goes through, in order. */
export const PERMIT_STEPS = ['before', 'after', 'two_hours'] as const;
/** One control step: before work (agreement / control), after work, two hours after work. */
export type PermitStep = (typeof PERMIT_STEPS)[number];

/** Subject type of a step's checklist answers (questionnaire_response.subject_type). */
export const stepSubject = (step: PermitStep) => `permit_${step}`;

/** The route names of one permit type, given once: declared by `permitTypeRoutes`, read by the handlers, views and the zone map. */
export interface PermitRouteNames {
  /** The fire permit's global list (`<prefix>_index`). */
  index: string;
  byPlan: string;
  add: string;
  show: string;
  edit: string;
  step: string;
  pdf: string;
  /** The signature routes (the fire permit alone declares them). */
  signatureList: string;
  signatureAdd: string;
  signatureDelete: string;
  /** The five zone routes (`zoneRoutes`). */
  zones: ZoneRouteNames;
}

/** The names `<prefix>_by_plan`, `_add`, `_show` … and `<prefix>_zones`, `_screenshot`, `_leaflet_zone_*` of a permit type. */
export function permitRouteNames(prefix: string): PermitRouteNames {
  const n = (rest: string) => `${prefix}_${rest}`;
  return {
    index: n('index'), byPlan: n('by_plan'), add: n('add'), show: n('show'), edit: n('edit'), step: n('step'), pdf: n('pdf'),
    signatureList: n('signature_list'), signatureAdd: n('signature_add'), signatureDelete: n('signature_delete'),
    zones: { localise: n('zones'), save: n('screenshot'), add: n('leaflet_zone_add'), edit: n('leaflet_zone_edit'), delete: n('leaflet_zone_delete') },
  };
}

/** What distinguishes one permit type from another: everything else is the one permit mechanism. */
export interface PermitTypeDef {
  /** Stored in `permit.type`. */
  key: string;
  /** Path slug (`/fire-permit/...`, `/prevention-plan/{id}/fire-permit`). */
  slug: string;
  /** Route name prefix (`fire_permit_add`, `fire_permit_leaflet_zone_add` ...). */
  routePrefix: string;
  /** Its route names (`permitRouteNames(routePrefix)`): look routes up by these, never by the prefix. */
  routes: PermitRouteNames;
  /** The survey type whose questionnaires are its checklists. */
  surveyType: SurveyType;
  /** Its control steps, in order; the fire permit alone has the two-hour check. */
  steps: readonly PermitStep[];
  /** Display number prefix (PF-2026-0001). */
  numberPrefix: string;
  /** bootstrap-icons name. */
  icon: string;
  /** Whether holders of `pdp.view_fire_permits` see it outside plans (a permit without a plan). */
  outsidePlans: boolean;
}

const BASIC: readonly PermitStep[] = ['before', 'after'];

/** A type with the route names of its prefix. */
const permitTypeOf = (def: Omit<PermitTypeDef, 'routes'>): PermitTypeDef => ({ ...def, routes: permitRouteNames(def.routePrefix) });

/** Seed 002's permits (fire, confined space, height work, dust, roofing, ATEX, FIDAA, AOC) as data. */
export const PERMIT_TYPES: readonly PermitTypeDef[] = [
  permitTypeOf({ key: 'fire', slug: 'fire-permit', routePrefix: 'fire_permit', surveyType: 'fire_permit', steps: PERMIT_STEPS, numberPrefix: 'PF', icon: 'fire', outsidePlans: true }),
  permitTypeOf({ key: 'confined_space', slug: 'confined-space-permit', routePrefix: 'confined_space_permit', surveyType: 'confined_space', steps: BASIC, numberPrefix: 'EC', icon: 'box', outsidePlans: false }),
  permitTypeOf({ key: 'height_work', slug: 'height-work-permit', routePrefix: 'height_work_permit', surveyType: 'height_work', steps: BASIC, numberPrefix: 'TH', icon: 'ladder', outsidePlans: false }),
  permitTypeOf({ key: 'dust', slug: 'dust-permit', routePrefix: 'dust_permit', surveyType: 'dust', steps: BASIC, numberPrefix: 'PO', icon: 'wind', outsidePlans: false }),
  permitTypeOf({ key: 'roofing', slug: 'roofing-permit', routePrefix: 'roofing_permit', surveyType: 'roofing', steps: BASIC, numberPrefix: 'TO', icon: 'house', outsidePlans: false }),
  permitTypeOf({ key: 'atex', slug: 'atex-permit', routePrefix: 'atex_permit', surveyType: 'atex', steps: BASIC, numberPrefix: 'AX', icon: 'exclamation-octagon', outsidePlans: false }),
  permitTypeOf({ key: 'fidaa', slug: 'fidaa-permit', routePrefix: 'fidaa_permit', surveyType: 'fidaa', steps: BASIC, numberPrefix: 'FI', icon: 'droplet-half', outsidePlans: false }),
  permitTypeOf({ key: 'aoc', slug: 'aoc-permit', routePrefix: 'aoc_permit', surveyType: 'aoc', steps: BASIC, numberPrefix: 'AO', icon: 'lightning-charge', outsidePlans: false }),
];

/** Every permit type key (the CHECK of `permit.type`). */
export const PERMIT_TYPE_KEYS = PERMIT_TYPES.map((t) => t.key);

/** The type of a key or slug, or null. */
export function permitType(keyOrSlug: string): PermitTypeDef | null {
  return PERMIT_TYPES.find((t) => t.key === keyOrSlug || t.slug === keyOrSlug) ?? null;
}

/** Delay after the after-work check before the fire permit's last check is due. */
export const TWO_HOUR_CHECK_MS = 2 * 60 * 60 * 1000;
