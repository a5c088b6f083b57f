import { wasteModule } from '../../../server/modules/waste/waste.routes';
import { createTestApp, type TestApp } from '../../support/app';
import { actor } from '../risk-evaluation/du-fixtures';
import { sites } from './waste-fixtures';

/** The waste demo: a catalogue, a year of vouchers and two CAP certificates, given once (also on the embedded database). */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

it('seeds six wastes, vouchers over twelve months and two CAP certificates, and nothing more when run again', async () => {
  const a = await actor(t, ['environment.view']);
  await sites(t, a.tenantId);
  const ds = t.db.dataSource;
  await wasteModule.demo!(ds, a.tenantId);
  const count = async () => (await ds.query(
    `SELECT (SELECT count(*)::int FROM waste WHERE tenant_id = $1) AS wastes, (SELECT count(*)::int FROM waste_voucher WHERE tenant_id = $1) AS vouchers,
            (SELECT count(DISTINCT to_char(collection_date, 'YYYY-MM'))::int FROM waste_voucher WHERE tenant_id = $1) AS months,
            (SELECT count(*)::int FROM cap_certificate WHERE tenant_id = $1) AS caps,
            (SELECT count(*)::int FROM cap_waste w JOIN cap_certificate c ON c.id = w.cap_id WHERE c.tenant_id = $1) AS capWastes`, [a.tenantId]))[0];
  const first = await count();
  expect(first.wastes).toBe(6);
  expect(first.months).toBe(12);
  expect(first.vouchers).toBeGreaterThan(60);
  expect([first.caps, first.capwastes]).toEqual([2, 4]);
  await wasteModule.demo!(ds, a.tenantId);
  expect(await count()).toEqual(first);
  const page = await a.agent.get('/waste/register?from=01/01/2000&to=31/12/2100');
  expect(page.status).toBe(200);
  expect(page.text).toContain('data-testid="register-total"');
  const caps = await a.agent.get('/waste/certificates');
  expect(caps.text).toContain('CAP-DEMO-001');
});
