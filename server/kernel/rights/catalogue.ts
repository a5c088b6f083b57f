/**
 * Every named right of the product (seed 002, section 6), grouped as the admin matrix shows
 * them. Declared here, for every module including those not built yet, so the matrix is
 * complete from the start. A right is `<group>.<action>`; its label is `rights.<name>`.
 */
export const RIGHTS_CATALOGUE: Record<string, string[]> = {
  admin: [
    'admin.users', 'admin.roles', 'admin.hierarchy', 'admin.sites', 'admin.settings', 'admin.objectives', 'admin.quiz',
    'admin.pdf_annexes', 'admin.nomenclatures', 'admin.mail_templates', 'admin.trash', 'admin.audit',
    'admin.security_welcome', 'admin.notifications_view', 'admin.notifications_manage',
  ],
  other: ['other.calendar', 'other.switch_user'],
  vgp: [
    'vgp.view', 'vgp.view_all', 'vgp.forms', 'vgp.equipment_view', 'vgp.equipment_manage', 'vgp.controls_view',
    'vgp.controls_manage', 'vgp.tours', 'vgp.maintenance_book', 'vgp.plan', 'vgp.validate', 'vgp.equipment_actions',
  ],
  hr: [
    'hr.view', 'hr.view_all', 'hr.manage_employees', 'hr.formations', 'hr.work_stoppages', 'hr.leave_manage',
    'hr.leave_ask', 'hr.work_time',
  ],
  companies: [
    'companies.view', 'companies.view_all', 'companies.manage_all', 'companies.validate_documents', 'companies.rate',
    'companies.edit_evaluations', 'companies.send_evaluation_reminder',
  ],
  event: ['event.view', 'event.list_all', 'event.add', 'event.edit', 'event.edit_all', 'event.validate', 'event.delete'],
  action: [
    'action.view', 'action.view_all', 'action.add', 'action.edit_all', 'action.close', 'action.close_assigned',
    'action.delete_drafts', 'action.archive', 'action.assignable', 'action.reassign', 'action.supervision_mail',
  ],
  activity_map: ['activity_map.view', 'activity_map.manage', 'activity_map.quiz'],
  prevention_plan: [
    'pdp.view', 'pdp.view_all', 'pdp.add', 'pdp.edit', 'pdp.manage', 'pdp.delete', 'pdp.sign', 'pdp.documents',
    'pdp.comment', 'pdp.amend', 'pdp.validate_work_orders', 'pdp.add_work_orders', 'pdp.view_fire_permits',
    'pdp.risk_analyses', 'pdp.inspection_invitations', 'pdp.weekly_recap', 'pdp.creation_emails', 'pdp.rescue_worker',
    'pds.view', 'pds.view_all', 'pds.add', 'pds.edit', 'pds.manage', 'pds.delete', 'pds.sign',
  ],
  project: [
    'project.view', 'project.view_all', 'project.view_service', 'project.add', 'project.edit', 'project.members',
    'project.documents', 'project.tasks', 'project.schedules', 'project.comments', 'project.done', 'project.unavailability',
  ],
  consignment: ['consignment.access', 'consignment.add', 'consignment.manage', 'consignment.view_all', 'consignment.officer', 'consignment.work_manager'],
  security_welcome: ['security_welcome.view', 'security_welcome.manage'],
  ppsps: ['ppsps.view', 'ppsps.view_all', 'ppsps.add', 'ppsps.edit', 'ppsps.manage', 'ppsps.delete', 'ppsps.sign', 'ppsps.documents', 'ppsps.amend'],
  unique_document: [
    'unique_document.view', 'unique_document.view_all', 'unique_document.add', 'unique_document.edit',
    'unique_document.edit_rating', 'unique_document.delete',
  ],
  ged: ['ged.view', 'ged.view_all', 'ged.add', 'ged.manage'],
  environment: ['environment.view', 'environment.manage'],
  indicators: ['indicators.view'],
};

/** Every right name, in matrix order. */
export const ALL_RIGHT_NAMES: string[] = Object.values(RIGHTS_CATALOGUE).flat();
