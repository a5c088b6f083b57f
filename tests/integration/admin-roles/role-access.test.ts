import { MODULES } from '../../../server/modules';
import { DEFAULT_RIGHTS, SYSTEM_ROLES } from '../../../server/modules/identity/roles';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

// The pages probed: GET routes without params of the kernel, identity and administration modules.
const PROBED = MODULES.filter((m) => ['kernel', 'identity', 'admin-users', 'admin-roles'].includes(m.name))
  .flatMap((m) => m.routes)
  .filter((r) => (Array.isArray(r.method) ? r.method : [r.method]).includes('GET') && !r.path.includes('{') && r.right !== 'public' && r.name !== 'user_autocomplete');

const mayOpen = (role: string, right: string) => right === 'authenticated' || role === 'super_admin' || (DEFAULT_RIGHTS[role] ?? []).includes(right);

describe('what each system role may open, with its default rights only', () => {
  it('the examples of the issue hold', () => {
    expect(mayOpen('admin', 'admin.roles')).toBe(true);
    expect(mayOpen('hsqe', 'admin.roles')).toBe(false);
    expect(mayOpen('user', 'admin.roles')).toBe(false);
    expect(mayOpen('hr_manager', 'hr.manage_employees')).toBe(true);
    expect(PROBED.map((r) => r.name)).toEqual(expect.arrayContaining(['home', 'admin_role_index', 'admin_role_rights']));
  });

  it.each(SYSTEM_ROLES.map((r) => r.code))('%s', async (role) => {
    const u = await makeUser(t, { roles: [role] });
    const { agent } = await loginAs(t, u);
    const seen: Array<{ route: string; status: number }> = [];
    const expected: Array<{ route: string; status: number }> = [];
    for (const r of PROBED) {
      const res = await agent.get(r.path);
      seen.push({ route: r.name, status: res.status });
      expected.push({ route: r.name, status: mayOpen(role, r.right) ? 200 : 403 });
    }
    expect(seen).toEqual(expected);
  });
});
