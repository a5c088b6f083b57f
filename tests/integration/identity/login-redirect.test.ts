import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { agentFrom, freshIp, postLogin } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** Where a browser goes with this Location header, seen from the application's own pages. */
const browserGoesTo = (location: string): URL => new URL(location, t.ctx.config.baseUrl);

// Each one is a path to a browser's eye but opens another site (issue 19, item 10).
const HOSTILE = ['/\\evil.example', '//evil.example', 'https://evil.example', '/\t/evil.example', '/.//evil.example', '/\\/evil.example', 'javascript:alert(1)'];

describe('redirect after login (no open redirect)', () => {
  it.each(HOSTILE)('sends the user home, never to another site, for the target %j', async (target) => {
    const user = await makeUser(t);
    const agent = agentFrom(t, freshIp());
    const page = await agent.get('/login').query({ target });
    expect(page.text).not.toContain('evil.example');
    const res = await postLogin(agent, user.username, user.password, target);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('keeps an encoded backslash on this site (a path, not a host)', async () => {
    const user = await makeUser(t);
    const res = await postLogin(agentFrom(t, freshIp()), user.username, user.password, '/%5Cevil.example');
    expect(res.status).toBe(302);
    expect(browserGoesTo(res.headers.location).origin).toBe(new URL(t.ctx.config.baseUrl).origin);
    expect(browserGoesTo(res.headers.location).pathname).toBe('/%5Cevil.example');
  });

  it('follows a page of the application with its query string', async () => {
    const user = await makeUser(t);
    const agent = agentFrom(t, freshIp());
    const page = await agent.get('/login').query({ target: '/prevention-plan/3?tab=x' });
    expect(page.text).toContain('name="_target" value="/prevention-plan/3?tab=x"');
    const res = await postLogin(agent, user.username, user.password, '/prevention-plan/3?tab=x');
    expect(res.headers.location).toBe('/prevention-plan/3?tab=x');
  });
});
