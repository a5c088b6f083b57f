import type { Db } from '../../kernel/db/sql';
import { ALL_RIGHT_NAMES, RIGHTS_CATALOGUE } from '../../kernel/rights/catalogue';

/** The spec's 16 named roles (seed 002, section 6) with their default colour. */
export const SYSTEM_ROLES: Array<{ code: string; color: string }> = [
  { code: 'super_admin', color: 'black' }, { code: 'admin', color: 'red' }, { code: 'controller', color: 'purple' },
  { code: 'user', color: 'grey' }, { code: 'allowed_to_switch', color: 'dark_grey' }, { code: 'operationnal', color: 'blue' },
  { code: 'maintenance_manager', color: 'orange' }, { code: 'hr_manager', color: 'pink' }, { code: 'manager', color: 'indigo' },
  { code: 'contact', color: 'light_blue' }, { code: 'cssct', color: 'teal' }, { code: 'hsqe', color: 'green' },
  { code: 'wsm', color: 'cyan' }, { code: 'occupational_doctor', color: 'lime' }, { code: 'head_of_service', color: 'navy' },
  { code: 'order_giver', color: 'yellow' },
];

const group = (g: string): string[] => RIGHTS_CATALOGUE[g] ?? [];
const except = (list: string[], ...removed: string[]): string[] => list.filter((r) => !removed.includes(r));

/** What every staff member of the tenant may do: see and follow actions, declare an event, the calendar, the reception content, quizzes. */
const EVERYONE = ['action.view', 'action.assignable', 'action.close_assigned', 'event.view', 'event.add', 'other.calendar', 'security_welcome.view', 'activity_map.view', 'activity_map.quiz', 'ged.view', 'indicators.view', 'hr.leave_ask'];

/** Reading of the prevention documents (plans, protocols, PPSPS, unique document). */
const PREVENTION_READ = ['pdp.view', 'pds.view', 'ppsps.view', 'unique_document.view', 'pdp.view_fire_permits'];

/**
 * The rights a system role receives when it is created in a company (seed 002 section 6; see
 * `docs/rights.md`). Applied once per company by {@link ensureSystemRoles}: afterwards the
 * company's matrix is the only truth, never overwritten at start.
 */
export const DEFAULT_RIGHTS: Record<string, string[]> = {
  // Holds every right whatever the matrix says (registry.can); stored too so the matrix reads true.
  super_admin: [...ALL_RIGHT_NAMES],
  admin: except(ALL_RIGHT_NAMES, 'other.switch_user'),
  controller: [...EVERYONE, ...PREVENTION_READ, 'vgp.view', 'vgp.view_all', 'vgp.equipment_view', 'vgp.controls_view', 'vgp.controls_manage', 'vgp.tours', 'vgp.maintenance_book', 'vgp.plan', 'vgp.validate', 'vgp.equipment_actions', 'companies.view', 'event.list_all', 'action.view_all', 'action.add', 'action.close'],
  user: [...EVERYONE],
  allowed_to_switch: ['other.switch_user'],
  operationnal: [...EVERYONE, ...PREVENTION_READ, 'pdp.add', 'pdp.edit', 'pdp.documents', 'pdp.comment', 'pdp.rescue_worker', 'consignment.access', 'consignment.add', 'consignment.officer', 'consignment.work_manager', 'vgp.view', 'vgp.equipment_view', 'vgp.controls_view', 'companies.view', 'action.add', 'project.view', 'project.view_service'],
  maintenance_manager: [...EVERYONE, ...PREVENTION_READ, ...group('vgp'), ...group('consignment'), 'pdp.add', 'pdp.edit', 'pdp.documents', 'pdp.comment', 'pdp.validate_work_orders', 'companies.view', 'action.add', 'action.close', 'action.reassign'],
  // project.unavailability: the calendar's unavailability mode records work accidents and stoppages (issue 25 item 8).
  hr_manager: [...EVERYONE, ...group('hr'), 'project.unavailability', 'event.list_all', 'event.edit', 'action.add', 'companies.view'],
  manager: [...EVERYONE, ...PREVENTION_READ, 'hr.view', 'hr.leave_manage', 'hr.work_time', 'event.list_all', 'event.edit', 'event.validate', 'action.view_all', 'action.add', 'action.close', 'action.reassign', 'action.archive', 'project.view', 'project.view_service', 'project.add', 'project.edit', 'project.members', 'project.tasks', 'project.documents', 'project.comments', 'project.done', 'companies.view', 'companies.rate'],
  contact: ['pdp.view', 'pdp.documents', 'pdp.comment', 'pdp.amend', 'ppsps.view', 'ppsps.documents', 'ppsps.amend', 'pds.view', 'security_welcome.view', 'activity_map.quiz'],
  cssct: [...EVERYONE, ...PREVENTION_READ, 'event.list_all', 'unique_document.view_all', 'action.view_all', 'pdp.inspection_invitations', 'hr.view'],
  hsqe: [
    ...EVERYONE, ...PREVENTION_READ, ...except(group('event'), 'event.delete'), ...except(group('action'), 'action.delete_drafts'),
    ...except(group('unique_document'), 'unique_document.delete'), ...except(group('ppsps'), 'ppsps.delete'),
    'pdp.view_all', 'pdp.add', 'pdp.edit', 'pdp.manage', 'pdp.documents', 'pdp.comment', 'pdp.amend', 'pdp.validate_work_orders',
    'pdp.risk_analyses', 'pdp.inspection_invitations', 'pdp.weekly_recap', 'pdp.creation_emails',
    'pds.view_all', 'pds.add', 'pds.edit', 'pds.manage', 'vgp.view', 'vgp.view_all', 'vgp.equipment_view', 'vgp.controls_view', 'vgp.equipment_actions',
    'companies.view', 'companies.view_all', 'companies.validate_documents', 'companies.rate',
    'consignment.access', 'consignment.view_all', 'security_welcome.manage', 'environment.view', 'environment.manage',
    'activity_map.manage', 'ged.add', 'ged.view_all', 'hr.view',
  ],
  wsm: [...EVERYONE, ...PREVENTION_READ, 'pdp.add', 'pdp.edit', 'pdp.documents', 'pdp.comment', 'pdp.risk_analyses', 'pdp.rescue_worker', 'event.list_all', 'action.add', 'consignment.access', 'environment.view'],
  occupational_doctor: [...EVERYONE, 'hr.view', 'hr.view_all', 'hr.work_stoppages', 'unique_document.view', 'unique_document.view_all', 'unique_document.edit_rating', 'event.list_all'],
  head_of_service: [...EVERYONE, ...PREVENTION_READ, 'hr.view', 'hr.leave_manage', 'hr.work_time', 'event.list_all', 'event.edit', 'event.validate', 'action.view_all', 'action.add', 'action.close', 'action.reassign', 'action.supervision_mail', 'project.view', 'project.view_service', 'project.add', 'project.edit', 'project.tasks', 'companies.view'],
  order_giver: [...EVERYONE, ...PREVENTION_READ, 'pdp.add', 'pdp.edit', 'pdp.sign', 'pdp.documents', 'pdp.comment', 'pdp.amend', 'pdp.validate_work_orders', 'pdp.add_work_orders', 'pdp.risk_analyses', 'pdp.inspection_invitations', 'pdp.creation_emails', 'pds.add', 'pds.edit', 'pds.sign', 'ppsps.add', 'ppsps.edit', 'ppsps.sign', 'ppsps.documents', 'companies.view', 'companies.rate', 'action.add'],
};

/** The default rights of a role code, deduplicated in matrix order (empty for custom roles). */
export function defaultRightsOf(code: string): string[] {
  const wanted = new Set(DEFAULT_RIGHTS[code] ?? []);
  return ALL_RIGHT_NAMES.filter((r) => wanted.has(r));
}

/**
 * Gives every company (or the one given) the system roles it lacks, each with its default
 * rights, in one statement. A role gets its defaults only when it is created in the company, so
 * an administrator's later changes in the matrix survive every restart.
 */
async function seedSystemRoles(db: Db, tenantId: number | null): Promise<void> {
  const defaults = Object.fromEntries(SYSTEM_ROLES.map((r) => [r.code, defaultRightsOf(r.code)]));
  await db.query(
    `WITH created AS (
       INSERT INTO role (tenant_id, code, label, color, is_system)
       SELECT t.id, s.code, s.code, s.color, true FROM tenant t CROSS JOIN unnest($1::varchar[], $2::varchar[]) AS s(code, color)
        WHERE ($3::int IS NULL OR t.id = $3) AND NOT EXISTS (SELECT 1 FROM role r WHERE r.tenant_id = t.id AND r.code = s.code)
       ON CONFLICT (tenant_id, code) DO NOTHING RETURNING id, code)
     INSERT INTO role_right (role_id, "right")
     SELECT c.id, d.value FROM created c CROSS JOIN LATERAL jsonb_array_elements_text($4::jsonb -> c.code) AS d(value)`,
    [SYSTEM_ROLES.map((r) => r.code), SYSTEM_ROLES.map((r) => r.color), tenantId, JSON.stringify(defaults)],
  );
}

/** Gives every company the system roles it lacks, with their default rights (idempotent; run at every start). */
export async function ensureSystemRoles(db: Db): Promise<void> {
  await seedSystemRoles(db, null);
}

/** Gives one company the system roles it lacks (call it where a company is created, in its transaction). */
export async function ensureCompanyRoles(db: Db, tenantId: number): Promise<void> {
  await seedSystemRoles(db, tenantId);
}

/**
 * Gives a user a system role in a company (the company's roles are created first if needed).
 * Throws on a code that is not one of the spec's roles: custom roles are chosen in the users screen.
 */
export async function grantSystemRole(db: Db, userId: number, tenantId: number, code: string): Promise<void> {
  if (!isSystemRole(code)) throw new Error(`Rôle inconnu : ${code}`);
  await ensureCompanyRoles(db, tenantId);
  await db.query('INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE tenant_id = $2 AND code = $3 ON CONFLICT DO NOTHING', [userId, tenantId, code]);
}

/** True when the code is one of the spec's roles. */
export function isSystemRole(code: string): boolean {
  return SYSTEM_ROLES.some((r) => r.code === code);
}
