import type { Request } from 'express';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { can, SUPER_ADMIN } from '../../../kernel/rights/registry';
import { setUserSetting } from './user-settings.service';

/** The user setting that hides the guide for good in a company. */
export const GUIDE_DISMISSED = 'home_guide_dismissed';

/** One step of the first hour: done when the data says so; `url` where to do it, when the user may go there. */
export interface GuideStep {
  key: string;
  done: boolean;
  url: string | null;
}

/** The guide as the home page draws it. */
export interface FirstStartGuide {
  steps: GuideStep[];
  done: number;
}

/** The steps in order: what proves each one done (one row of the query below), and where it is done. */
const STEPS: Array<{ key: string; route: string; right: string; toggle?: string }> = [
  { key: 'hierarchy', route: 'admin_hierarchy_index', right: 'admin.hierarchy' },
  { key: 'users', route: 'admin_user_index', right: 'admin.users' },
  { key: 'companies', route: 'crm_company_index', right: 'companies.view', toggle: 'module_crm' },
  { key: 'plan', route: 'pdp_add', right: 'pdp.add', toggle: 'module_prevention_plan' },
  { key: 'actions', route: 'action_plan_new', right: 'action.add', toggle: 'module_action_plan' },
];

/** Is the user one who sets the company up: the super administrator, or a holder of an `admin.*` right? */
export function setsUp(user: AuthUser): boolean {
  return user.roles.includes(SUPER_ADMIN) || [...user.rights].some((r) => r.startsWith('admin.'));
}

/**
 * The first-start guide of the request's user, or null: not an administrator, or dismissed in
 * this company. One query reads the setting and whether each step's data exists (LIMIT 1 each).
 */
export async function firstStartGuide(req: Request, toggles: Record<string, boolean>): Promise<FirstStartGuide | null> {
  const user = req.authUser!;
  if (!setsUp(user)) return null;
  const [row] = await req.ctx.db.query(
    `SELECT EXISTS (SELECT 1 FROM user_setting WHERE tenant_id = $1 AND user_id = $2 AND key = $3) AS dismissed,
            EXISTS (SELECT 1 FROM hierarchy_item WHERE tenant_id = $1 AND deleted_at IS NULL) AS hierarchy,
            EXISTS (SELECT 1 FROM app_user WHERE tenant_id = $1 AND id <> $2) AS users,
            EXISTS (SELECT 1 FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL) AS companies,
            EXISTS (SELECT 1 FROM prevention_plan WHERE tenant_id = $1 AND deleted_at IS NULL) AS plan,
            EXISTS (SELECT 1 FROM action WHERE tenant_id = $1 AND deleted_at IS NULL) AS actions`,
    [user.tenantId, user.id, GUIDE_DISMISSED]);
  if (row.dismissed) return null;
  const steps = STEPS.map((s) => ({
    key: s.key,
    done: row[s.key] === true,
    url: can(user, s.right) && (!s.toggle || toggles[s.toggle] !== false) ? req.ctx.routes.path(s.route) : null,
  }));
  return { steps, done: steps.filter((s) => s.done).length };
}

/** Hides the guide for good for the request's user in the active company. */
export async function dismissGuide(req: Request): Promise<void> {
  await setUserSetting(req.ctx.db, req.authUser!.tenantId, req.authUser!.id, GUIDE_DISMISSED, '1');
}
