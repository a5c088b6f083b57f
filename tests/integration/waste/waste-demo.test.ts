import { wasteModule } from '../../../server/modules/waste/waste.routes';
import { createTestApp, type TestApp } from '../../support/app';
import { actor } from '../risk-evaluation/du-fixtures';
import { sites } from './waste-fixtures';

/** The waste demo: a catalogue and a year of vouchers, given once (also on the embedded database). */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

it('seeds six wastes and vouchers over twelve months, and nothing more when run again', async () => {
  const a = await actor(t, ['environment.view']);
  await sites(t, a.tenantId);
  const ds = t.db.dataSource;
  await wasteModule.demo!(ds, a.tenantId);
  const count = async () => (await ds.query(
    `SELECT (SELECT count(*)::int FROM waste WHERE tenant_id = $1) AS wastes, (SELECT count(*)::int FROM waste_voucher WHERE tenant_id = $1) AS vouchers,
            (SELECT count(DISTINCT to_char(collection_date, 'YYYY-MM'))::int FROM waste_voucher WHERE tenant_id = $1) AS months`, [a.tenantId]))[0];
  const first = await count();
  expect(first.wastes).toBe(6);
  expect(first.months).toBe(12);
  expect(first.vouchers).toBeGreaterThan(60);
  await wasteModule.demo!(ds, a.tenantId);
  expect(await count()).toEqual(first);
  const page = await a.agent.get('/waste/register?from=01/01/2000&to=31/12/2100');
  expect(page.status).toBe(200);
  expect(page.text).toContain('data-testid="register-total"');
});
