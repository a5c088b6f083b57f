import { createTestApp, type TestApp } from '../../support/app';
import { actor, fields, frDay, newCompany, planWithCompany, postForm } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/**
 * The longest duration of a work order (`work_order_max_days`, 7 days by default;
 * `work_order_max_days_specific`, 30 days, for specific works and technical stops) is allowed;
 * one day more is refused. Both ends count: today to today + n − 1 lasts n days.
 */
describe('work order duration at its boundaries', () => {
  const lasting = (days: number) => ({ startDate: frDay(0), endDate: frDay(days - 1) });

  it('accepts 6 and 7 days and refuses 8 days on an ordinary plan (maximum 7)', async () => {
    const oc = await actor(t, newCompany(), ['pdp.view']);
    const { planId, companyId } = await planWithCompany(t, oc);
    expect((await postForm(oc, `/work-order/add/${planId}`, fields(companyId, lasting(6)))).status).toBe(201);
    const exact = await postForm(oc, `/work-order/add/${planId}`, fields(companyId, lasting(7)));
    expect(exact.text).not.toContain('Un bon de travail ne peut pas durer plus de');
    expect(exact.status).toBe(201);
    const over = await postForm(oc, `/work-order/add/${planId}`, fields(companyId, lasting(8)));
    expect(over.status).toBe(200);
    expect(over.text).toContain('Un bon de travail ne peut pas durer plus de 7 jours.');
  });

  it('accepts 29 and 30 days and refuses 31 days on a technical stop (maximum 30)', async () => {
    const oc = await actor(t, newCompany(), ['pdp.view']);
    // The plan runs from 5 days ago to 30 days ahead: 31 days from today still ends within it.
    const { planId, companyId } = await planWithCompany(t, oc, { work_site_type: 'technical_stop' });
    expect((await postForm(oc, `/work-order/add/${planId}`, fields(companyId, lasting(29)))).status).toBe(201);
    const exact = await postForm(oc, `/work-order/add/${planId}`, fields(companyId, lasting(30)));
    expect(exact.text).not.toContain('Un bon de travail ne peut pas durer plus de');
    expect(exact.status).toBe(201);
    const over = await postForm(oc, `/work-order/add/${planId}`, fields(companyId, lasting(31)));
    expect(over.status).toBe(200);
    expect(over.text).toContain('Un bon de travail ne peut pas durer plus de 30 jours.');
  });
});
