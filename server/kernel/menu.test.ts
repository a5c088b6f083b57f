import { visibleMenu, type MenuSection } from './menu';
import type { AuthUser } from './rights/auth-user';

const menu: MenuSection[] = [
  { key: 'a', icon: 'x', entries: [
    { key: 'plans', route: 'pdp_index', right: 'pdp.view', toggle: 'module_prevention_plan', icon: 'x' },
    { key: 'users', route: 'admin_user_index', right: 'admin.users', icon: 'x' },
    { key: 'later', route: 'not_built_yet', right: 'authenticated', icon: 'x' },
  ] },
];
const user = (roles: string[], rights: string[]): AuthUser => ({ id: 1, username: 'u', firstName: '', lastName: '', email: '', locale: 'fr', tenantId: 1, tenants: [], roles, rights: new Set(rights), lastLoginAt: null });
const exists = (n: string) => n !== 'not_built_yet';

describe('visibleMenu', () => {
  it('shows an entry only with its right, its toggle on and its route built', () => {
    const keys = (u: AuthUser, t: Record<string, boolean>) => visibleMenu(u, t, exists, menu).flatMap((s) => s.entries.map((e) => e.key));
    expect(keys(user([], ['pdp.view']), {})).toEqual(['plans']);
    expect(keys(user([], ['pdp.view']), { module_prevention_plan: false })).toEqual([]);
    expect(keys(user(['super_admin'], []), {})).toEqual(['plans', 'users']);
    expect(visibleMenu(user([], []), {}, exists, menu)).toEqual([]);
  });
});
