import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('user menu entries declared by modules', () => {
  it('shows signature and delegations to everyone, account takeover only to those allowed', async () => {
    const plain = await makeUser(t);
    const admin = await makeUser(t, { roles: ['admin'] });
    const plainHome = (await (await loginAs(t, plain)).agent.get('/')).text;
    const adminHome = (await (await loginAs(t, admin)).agent.get('/')).text;
    for (const html of [plainHome, adminHome]) {
      expect(html).toContain('Ma signature');
      expect(html).toContain('Mes délégations');
    }
    expect(plainHome).not.toContain('Prendre la main sur un compte');
    expect(adminHome).toContain('Prendre la main sur un compte');
  });
});
