/** The lot management feature toggle: lots and specifications are hidden when it is off. */
export const LOT_TOGGLE = 'lot_management';

/** A prevention reference list shown on the hub page, whichever module owns it. */
export interface PreventionList {
  /** Index route of the list; the card shows only when the route exists. */
  route: string;
  icon: string;
  /** Translation keys of the card's title and description. */
  titleKey: string;
  descriptionKey: string;
  /** Feature toggle hiding the card (the route's own toggle is checked too). */
  toggle?: string;
}

const list = (route: string, icon: string, key: string, toggle?: string): PreventionList => ({
  route, icon, titleKey: `prevention-admin.hub.lists.${key}.title`, descriptionKey: `prevention-admin.hub.lists.${key}.description`, toggle,
});

/**
 * Every prevention reference list of issue 5, in the order of the hub page. Lists of other modules
 * are named by route only (CRM VAT rates, document types, risk analysis lists), so a module that
 * is not there simply has no card.
 */
export const PREVENTION_LISTS: readonly PreventionList[] = [
  list('admin_work_type_index', 'tools', 'work_types'),
  list('admin_prevention_organisation_index', 'building-check', 'organisations'),
  list('admin_lot_index', 'bricks', 'lots', LOT_TOGGLE),
  list('admin_document_type_index', 'file-earmark-text', 'document_types'),
  list('admin_severity_level_index', 'thermometer-half', 'severity_levels'),
  list('admin_quote_index', 'grid-3x3', 'quotes'),
  list('admin_risk_family_index', 'collection', 'risk_families'),
  list('admin_risk_index', 'exclamation-triangle', 'risks'),
  list('admin_preventive_measure_index', 'shield-plus', 'preventive_measures'),
  list('risk_analysis_template_index', 'clipboard-data', 'risk_analysis_templates'),
  list('admin_vat_rate_index', 'percent', 'vat_rates'),
];
