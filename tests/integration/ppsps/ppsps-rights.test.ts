import { createTestApp, type TestApp } from '../../support/app';
import { ppspsProblems } from '../../../server/modules/ppsps/ppsps.checks';
import { actor, completePpsps, createPpsps, insertPpsps, newCompany, PPSPS_RIGHTS, postPpsps, XHR } from './ppsps-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const post = (who: { agent: any; csrf: string }, url: string) => who.agent.post(url).set(XHR).type('form').send({ _csrf_token: who.csrf });

describe('PPSPS rights (ppsps.policy.ts)', () => {
  it('answers 404 for another company\'s PPSPS and for one the user is not involved in without view_all', async () => {
    const company = newCompany();
    const a = await actor(t, company, PPSPS_RIGHTS.author);
    const id = await createPpsps(a);
    const stranger = await actor(t, newCompany(), PPSPS_RIGHTS.manager);
    expect((await stranger.agent.get(`/ppsps/${id}`)).status).toBe(404);
    expect((await stranger.agent.get(`/ppsps/${id}/edit`)).status).toBe(404);
    expect((await post(stranger, `/ppsps/${id}/delete`)).status).toBe(404);
    expect(await t.db.dataSource.query('SELECT deleted_at FROM ppsps WHERE id = $1', [id])).toEqual([{ deleted_at: null }]);
    const colleague = await actor(t, company, PPSPS_RIGHTS.reader, 'Noé');
    expect((await colleague.agent.get(`/ppsps/${id}`)).status).toBe(404);
    expect((await colleague.agent.get('/ppsps/999999999')).status).toBe(404);
  });

  it('lets the correspondent and substitutes in; edit needs ppsps.edit (own) or ppsps.manage, in draft', async () => {
    const company = newCompany();
    const a = await actor(t, company, PPSPS_RIGHTS.author);
    const corr = await actor(t, company, PPSPS_RIGHTS.reader, 'Inès');
    const sub = await actor(t, company, [...PPSPS_RIGHTS.reader, 'ppsps.edit'], 'Paul');
    const id = await createPpsps(a, { correspondentId: String(corr.id), substituteIds: [String(sub.id)] });
    const page = await corr.agent.get(`/ppsps/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('data-testid="ppsps-edit"');
    expect((await corr.agent.get(`/ppsps/${id}/edit`)).status).toBe(403);
    expect((await sub.agent.get(`/ppsps/${id}/edit`)).status).toBe(200);
    const viewer = await actor(t, company, [...PPSPS_RIGHTS.viewAll, 'ppsps.edit'], 'Jade');
    expect((await viewer.agent.get(`/ppsps/${id}`)).status).toBe(200);
    expect((await viewer.agent.get(`/ppsps/${id}/edit`)).status).toBe(403);
    const manager = await actor(t, company, PPSPS_RIGHTS.manager, 'Léa');
    expect((await manager.agent.get(`/ppsps/${id}/edit`)).status).toBe(200);
    expect((await postPpsps(manager, `/ppsps/${id}/edit`, completePpsps(corr, { version: '1' }))).status).toBe(201);
    // A user without ppsps.add may not create.
    expect((await corr.agent.get('/ppsps/new')).status).toBe(403);
  });

  it('archives with ppsps.manage and deletes to the trash with ppsps.delete only', async () => {
    const company = newCompany();
    const a = await actor(t, company, PPSPS_RIGHTS.author);
    const id = await createPpsps(a);
    expect((await post(a, `/ppsps/${id}/archive`)).status).toBe(403);
    expect((await post(a, `/ppsps/${id}/delete`)).status).toBe(403);
    expect(await t.db.dataSource.query('SELECT archived, deleted_at FROM ppsps WHERE id = $1', [id])).toEqual([{ archived: false, deleted_at: null }]);
    const manager = await actor(t, company, PPSPS_RIGHTS.manager, 'Léa');
    const archived = await post(manager, `/ppsps/${id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.message).toBe('Le PPSPS a été archivé.');
    expect((await a.agent.get(`/ppsps/${id}/edit`)).status).toBe(403);
    expect((await post(manager, `/ppsps/${id}/unarchive`)).status).toBe(200);
    expect((await post(manager, `/ppsps/${id}/delete`)).status).toBe(200);
    expect((await manager.agent.get(`/ppsps/${id}`)).status).toBe(404);
    const [trash] = await t.db.dataSource.query("SELECT count(*)::int AS n FROM ppsps WHERE id = $1 AND deleted_at IS NOT NULL", [id]);
    expect(trash.n).toBe(1);
  });

  it('exports ppspsProblems for the workflow: errors for the seed 002 §5 fields', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const empty = await insertPpsps(t, a.tenantId, a.id);
    const problems = await ppspsProblems(t.db.dataSource, a.tenantId, empty);
    expect(problems.filter((p) => p.severity === 'error').map((p) => (p.params as { field: string }).field).sort()).toEqual([
      'ppsps.fields.correspondentId', 'ppsps.fields.endDate', 'ppsps.fields.endTime', 'ppsps.fields.natureOfOperations', 'ppsps.fields.startDate', 'ppsps.fields.startTime',
    ]);
    const full = await createPpsps(a);
    expect((await ppspsProblems(t.db.dataSource, a.tenantId, full)).filter((p) => p.severity === 'error')).toEqual([]);
    expect(await ppspsProblems(t.db.dataSource, a.tenantId + 100000, full)).toEqual([]);
  });
});
