import type { AuthUser } from './rights/auth-user';
import { can } from './rights/registry';

/** One entry of the main menu: a named route, the right and toggle it needs, an icon. */
export interface MenuEntry {
  key: string;
  route: string;
  right: string;
  toggle?: string;
  icon: string;
}

/** A menu section (translation key `menu.sections.<key>`). */
export interface MenuSection {
  key: string;
  icon: string;
  entries: MenuEntry[];
}

/**
 * The spec's menu (seed 002, section 2) as data. An entry shows only when its route exists
 * (its module is built), the user holds its right and its toggle is on.
 */
export const MENU: MenuSection[] = [
  { key: 'prevention', icon: 'shield-check', entries: [
    { key: 'prevention_plan', route: 'pdp_index', right: 'pdp.view', toggle: 'module_prevention_plan', icon: 'file-earmark-check' },
    { key: 'fire_permit', route: 'fire_permit_index', right: 'pdp.view', toggle: 'module_prevention_plan', icon: 'fire' },
    { key: 'work_orders', route: 'work_order_index', right: 'pdp.view', toggle: 'module_prevention_plan', icon: 'clipboard-check' },
    { key: 'safety_protocol', route: 'pds_index', right: 'pds.view', icon: 'truck' },
    { key: 'ppsps', route: 'ppsps_index', right: 'ppsps.view', icon: 'cone-striped' },
    { key: 'consignment', route: 'consignment_index', right: 'consignment.access', toggle: 'module_consignment', icon: 'lock' },
    { key: 'machines', route: 'consignment_machine_index', right: 'consignment.manage', toggle: 'module_consignment', icon: 'gear-wide-connected' },
    { key: 'consignment_indicators', route: 'consignment_indicators', right: 'consignment.access', toggle: 'module_consignment', icon: 'bar-chart' },
  ] },
  { key: 'actions', icon: 'check2-square', entries: [
    { key: 'action_plan', route: 'action_plan_index', right: 'action.view', toggle: 'module_action_plan', icon: 'list-check' },
    { key: 'my_actions', route: 'action_plan_mine', right: 'authenticated', toggle: 'module_action_plan', icon: 'person-check' },
    { key: 'events', route: 'event_index', right: 'event.view', toggle: 'module_events', icon: 'exclamation-triangle' },
  ] },
  { key: 'risks', icon: 'clipboard-data', entries: [
    { key: 'unique_document', route: 'unique_document_index', right: 'unique_document.view', toggle: 'module_unique_document', icon: 'journal-text' },
    { key: 'hardship', route: 'unique_document_hardship_index', right: 'unique_document.view', toggle: 'module_unique_document', icon: 'person-arms-up' },
    { key: 'chemical_risk', route: 'unique_document_chemical_index', right: 'unique_document.view', toggle: 'module_unique_document', icon: 'droplet-half' },
    { key: 'equipment_controls', route: 'vgp_index', right: 'vgp.view', toggle: 'module_vgp', icon: 'tools' },
    { key: 'equipment_planning', route: 'vgp_controllable_index', right: 'vgp.controls_view', toggle: 'module_vgp', icon: 'calendar-check' },
    { key: 'equipment_tours', route: 'vgp_tour_index', right: 'vgp.tours', toggle: 'module_vgp', icon: 'signpost-split' },
    { key: 'equipment_indicators', route: 'vgp_indicators', right: 'vgp.view', toggle: 'module_vgp', icon: 'bar-chart' },
    { key: 'waste', route: 'waste_index', right: 'environment.view', toggle: 'module_waste', icon: 'recycle' },
    { key: 'waste_certificates', route: 'waste_cap_index', right: 'environment.view', toggle: 'module_waste', icon: 'patch-check' },
    { key: 'waste_register', route: 'waste_register', right: 'environment.view', toggle: 'module_waste', icon: 'journal-text' },
    { key: 'waste_indicators', route: 'waste_indicators', right: 'environment.view', toggle: 'module_waste', icon: 'graph-up-arrow' },
  ] },
  { key: 'people', icon: 'people', entries: [
    { key: 'employees', route: 'rh_employee_index', right: 'hr.view', toggle: 'module_hr', icon: 'person-badge' },
    { key: 'training', route: 'rh_formation_index', right: 'hr.formations', toggle: 'module_hr', icon: 'mortarboard' },
    { key: 'sessions', route: 'rh_session_index', right: 'hr.formations', toggle: 'module_hr', icon: 'calendar-event' },
    { key: 'formation_monitoring', route: 'rh_formation_monitoring_index', right: 'hr.view', toggle: 'module_hr', icon: 'patch-check' },
    { key: 'medical_checkups', route: 'rh_medical_checkup_index', right: 'hr.manage_employees', toggle: 'module_hr', icon: 'heart-pulse' },
    { key: 'work_accidents', route: 'rh_work_interruption_index', right: 'hr.work_stoppages', toggle: 'module_hr', icon: 'bandaid' },
    { key: 'paid_leave', route: 'rh_paid_leave_request_index', right: 'hr.leave_ask', toggle: 'module_hr', icon: 'sun' },
    { key: 'work_time', route: 'rh_work_time_index', right: 'hr.work_time', toggle: 'module_hr', icon: 'clock-history' },
    { key: 'hr_statistics', route: 'rh_statistics_index', right: 'hr.work_stoppages', toggle: 'module_hr', icon: 'graph-up' },
    { key: 'security_welcome', route: 'security_welcome_index', right: 'authenticated', toggle: 'module_security_welcome', icon: 'door-open' },
    { key: 'visitor_reception', route: 'visitor_index', right: 'authenticated', toggle: 'module_visitor', icon: 'person-vcard' },
    { key: 'activity_map', route: 'activity_map_index', right: 'activity_map.view', toggle: 'module_activity_map', icon: 'diagram-3' },
    { key: 'quiz', route: 'quiz_index', right: 'activity_map.quiz', toggle: 'module_activity_map', icon: 'patch-question' },
  ] },
  { key: 'projects', icon: 'kanban', entries: [
    { key: 'project_management', route: 'project_index', right: 'project.view', toggle: 'module_projects', icon: 'kanban' },
    { key: 'my_tasks', route: 'project_my_tasks', right: 'project.view', toggle: 'module_projects', icon: 'list-task' },
    { key: 'planning', route: 'project_planning', right: 'project.view', toggle: 'module_projects', icon: 'calendar-week' },
    { key: 'calendar', route: 'calendar_index', right: 'other.calendar', toggle: 'calendar', icon: 'calendar3' },
  ] },
  { key: 'companies', icon: 'building', entries: [
    { key: 'crm', route: 'crm_company_index', right: 'companies.view', toggle: 'module_crm', icon: 'buildings' },
    { key: 'contacts', route: 'crm_contact_index', right: 'companies.view', toggle: 'module_crm', icon: 'person-lines-fill' },
    { key: 'ged', route: 'ged_index', right: 'ged.view', toggle: 'module_ged', icon: 'folder2-open' },
  ] },
  { key: 'administration', icon: 'sliders', entries: [
    { key: 'users', route: 'admin_user_index', right: 'admin.users', icon: 'people' },
    { key: 'roles', route: 'admin_role_index', right: 'admin.roles', icon: 'person-lock' },
    { key: 'hierarchy', route: 'admin_hierarchy_index', right: 'admin.hierarchy', icon: 'diagram-2' },
    { key: 'sites', route: 'admin_site_index', right: 'admin.sites', icon: 'geo-alt' },
    { key: 'services', route: 'admin_service_index', right: 'admin.sites', icon: 'diagram-3' },
    { key: 'nomenclatures', route: 'admin_nomenclature_index', right: 'admin.nomenclatures', icon: 'list-ul' },
    { key: 'prevention_lists', route: 'admin_prevention_index', right: 'admin.nomenclatures', icon: 'card-checklist' },
    { key: 'activity_categories', route: 'rh_activity_category_index', right: 'hr.manage_employees', toggle: 'module_hr', icon: 'tags' },
    { key: 'surveys', route: 'admin_survey_index', right: 'admin.nomenclatures', icon: 'ui-checks' },
    { key: 'global_parameters', route: 'admin_settings_index', right: 'admin.settings', icon: 'toggles' },
    { key: 'objectives', route: 'admin_objective_index', right: 'admin.objectives', toggle: 'module_hr', icon: 'bullseye' },
    { key: 'mail_templates', route: 'admin_mail_template_index', right: 'admin.mail_templates', icon: 'envelope' },
    { key: 'notifications', route: 'notification_index', right: 'admin.notifications_view', icon: 'bell' },
    { key: 'pdf_annexes', route: 'admin_pdf_annex_index', right: 'admin.pdf_annexes', icon: 'file-earmark-pdf' },
    { key: 'trash', route: 'admin_trash_index', right: 'admin.trash', icon: 'trash' },
    { key: 'audit', route: 'admin_audit_index', right: 'admin.audit', icon: 'shield-lock' },
  ] },
  { key: 'help', icon: 'question-circle', entries: [
    { key: 'help', route: 'help_index', right: 'authenticated', toggle: 'help', icon: 'question-circle' },
  ] },
];

/** The menu one user sees: sections with at least one visible entry. */
export function visibleMenu(user: AuthUser, toggles: Record<string, boolean>, routeExists: (name: string) => boolean, menu: MenuSection[] = MENU): MenuSection[] {
  return menu
    .map((s) => ({ ...s, entries: s.entries.filter((e) => routeExists(e.route) && can(user, e.right) && (!e.toggle || toggles[e.toggle] !== false)) }))
    .filter((s) => s.entries.length > 0);
}
