import type { CompiledRoute } from '../../../server/kernel/http/route-table';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/**
 * Every GET page of the route table (read at run time, so routes added later are walked too),
 * except those with path params (they need a record), public ones and JSON-only endpoints.
 */
const JSON_ONLY = new Set(['user_autocomplete']);
/** Pages that exist only where mail is recorded to a folder (development); tests/integration/admin-outbox covers them. */
const ABSENT_WITHOUT_RECORDED_MAIL = new Set(['admin_outbox_index']);
function pages(): CompiledRoute[] {
  return t.ctx.routes.all().filter((r) => r.methods.includes('GET') && r.params.length === 0 && r.right !== 'public' && !JSON_ONLY.has(r.name));
}

describe('smoke: every page of the route table', () => {
  it('finds the pages to walk', () => {
    expect(pages().map((r) => r.name)).toEqual(expect.arrayContaining(['home', 'admin_role_index', 'admin_role_rights']));
  });

  it('answers a super_admin with the page (2xx/3xx), never an error', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    const { agent } = await loginAs(t, admin);
    const failures: string[] = [];
    for (const r of pages()) {
      const res = await agent.get(r.path);
      // A route behind a feature toggle that is off answers 404 by design.
      const ok = res.status < 400 || (r.toggle && res.status === 404) || (ABSENT_WITHOUT_RECORDED_MAIL.has(r.name) && res.status === 404);
      if (!ok) failures.push(`${r.name} ${r.path} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 with the French page to a user without any right (and no 500 on the open pages)', async () => {
    const nobody = await makeUser(t, { roles: [] });
    const { agent } = await loginAs(t, nobody);
    const failures: string[] = [];
    for (const r of pages()) {
      const res = await agent.get(r.path);
      if (r.right === 'authenticated') {
        if (res.status >= 500) failures.push(`${r.name} ${r.path} -> ${res.status}`);
        continue;
      }
      if (r.toggle && res.status === 404) continue;
      if (res.status !== 403 || !res.text.includes('Accès refusé') || !res.text.includes('<html lang="fr">')) failures.push(`${r.name} ${r.path} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
