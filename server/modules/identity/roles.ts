import type { DataSource } from 'typeorm';
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
 * The rights a system role receives when it is first created (seed 002 section 6; see
 * `docs/rights.md`). Applied once by {@link ensureSystemRoles}: afterwards the matrix of
 * the administration screen is the only truth, never overwritten at start.
 */
export const DEFAULT_RIGHTS: Record<string, string[]> = {
  // Holds every right whatever the matrix says (registry.can); stored too so the matrix reads true.
  super_admin: [...ALL_RIGHT_NAMES],
  admin: except(ALL_RIGHT_NAMES, 'other.switch_user'),
  controller: [...EVERYONE, ...PREVENTION_READ, 'vgp.view', 'vgp.view_all', 'vgp.equipment_view', 'vgp.controls_view', 'vgp.controls_manage', 'vgp.tours', 'vgp.maintenance_book', 'vgp.plan', 'vgp.validate', 'vgp.equipment_actions', 'companies.view', 'event.list_all', 'action.view_all', 'action.add', 'action.close'],
  user: [...EVERYONE],
  allowed_to_switch: ['other.switch_user'],
  operationnal: [...EVERYONE, ...PREVENTION_READ, 'pdp.add', 'pdp.edit', 'pdp.documents', 'pdp.comment', 'pdp.rescue_worker', 'consignment.access', 'consignment.add', 'consignment.officer', 'vgp.view', 'vgp.equipment_view', 'vgp.controls_view', 'companies.view', 'action.add', 'project.view', 'project.view_service'],
  maintenance_manager: [...EVERYONE, ...PREVENTION_READ, ...group('vgp'), ...group('consignment'), 'pdp.add', 'pdp.edit', 'pdp.documents', 'pdp.comment', 'pdp.validate_work_orders', 'companies.view', 'action.add', 'action.close', 'action.reassign'],
  hr_manager: [...EVERYONE, ...group('hr'), 'event.list_all', 'event.edit', 'action.add', 'companies.view'],
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
 * Creates the system roles that are missing (idempotent; run at every start). A role gets
 * its default rights only in the transaction that creates it, so an administrator's later
 * changes in the matrix survive every restart.
 */
export async function ensureSystemRoles(db: DataSource): Promise<void> {
  for (const r of SYSTEM_ROLES) {
    await db.transaction(async (m) => {
      const created: Array<{ id: number }> = await m.query(
        `INSERT INTO role (code, label, color, is_system) VALUES ($1, $1, $2, true) ON CONFLICT (code) DO NOTHING RETURNING id`,
        [r.code, r.color],
      );
      if (created.length) {
        const rights = defaultRightsOf(r.code);
        if (rights.length) {
          await m.query(`INSERT INTO role_right (role_id, "right") SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING`, [created[0].id, rights]);
        }
      } else {
        await m.query(`UPDATE role SET is_system = true WHERE code = $1 AND NOT is_system`, [r.code]);
      }
    });
  }
}

/** True when the code is one of the spec's roles. */
export function isSystemRole(code: string): boolean {
  return SYSTEM_ROLES.some((r) => r.code === code);
}
