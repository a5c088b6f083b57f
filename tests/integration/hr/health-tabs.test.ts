import { FixedClock, useClock } from '../../../server/kernel/clock';
import { seedHealthDemo } from '../../../server/modules/hr/health/health.demo';
import { saveWorkInterruption } from '../../../server/modules/hr/health/work-interruption.service';
import { systemActor } from '../../../server/kernel/rights/system-actor';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, insertEmployee, postForm } from './health-fixtures';

let t: TestApp;
let restoreClock: () => void;
beforeAll(async () => { t = await createTestApp(); restoreClock = useClock(new FixedClock(new Date('2026-06-10T08:00:00Z'))); });
afterAll(async () => { restoreClock(); await t.close(); });
const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);

describe('employee page tabs', () => {
  it('shows the employee\'s accidents and stoppages (hr.work_stoppages) and check-ups (hr.manage_employees)', async () => {
    const hr = await actor(t, ['hr.view', 'hr.view_all', 'hr.manage_employees', 'hr.work_stoppages']);
    const employee = await insertEmployee(t, hr.tenantId, { last_name: 'Moreau', first_name: 'Julien' });
    const [type] = await q('INSERT INTO medical_checkup_type (tenant_id, name, frequency_months) VALUES ($1, $2, 24) RETURNING id', [hr.tenantId, 'SIR']);
    expect((await postForm(hr, '/rh/medical-checkups/new', 'medical_checkup', { employee, type: type.id, date: '01/06/2024' })).status).toBe(201);
    expect((await postForm(hr, '/rh/work-interruptions/new', 'work_interruption', { employee, workInterruptionType: 'WORK_ACCIDENT', accidentDate: '02/06/2026', interruptionStartDate: '03/06/2026' })).status).toBe(201);

    const stoppages = await hr.agent.get(`/rh/employees/${employee}?tab=interruptions`);
    expect(stoppages.status).toBe(200);
    expect(stoppages.text).toContain('data-testid="tab-interruptions"');
    expect(stoppages.text).toContain('03/06/2026 → en cours');
    const medical = await hr.agent.get(`/rh/employees/${employee}?tab=medical`);
    expect(medical.text).toContain('data-testid="tab-medical"');
    expect(/data-testid="employee-next-date">([^<]+)</.exec(medical.text)![1]).toBe('01/06/2026');
    expect(medical.text).toContain('data-status="overdue"');

    const viewer = await actor(t, ['hr.view', 'hr.view_all']);
    const other = await insertEmployee(t, viewer.tenantId);
    const page = await viewer.agent.get(`/rh/employees/${other}?tab=interruptions`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('data-testid="tab-interruptions"');
    expect((await viewer.agent.get(`/rh/employees/${other}?tab=medical`)).text).not.toContain('data-testid="tab-medical"');
  });
});

describe('saveWorkInterruption (reused by the calendar)', () => {
  it('applies the same rules without the form', async () => {
    const hr = await actor(t, ['hr.view', 'hr.view_all', 'hr.work_stoppages']);
    const employee = await insertEmployee(t, hr.tenantId);
    const user = { ...systemActor(hr.tenantId), id: hr.id, roles: [], rights: new Set(['hr.view', 'hr.view_all', 'hr.work_stoppages']) };
    const base = { employee, workInterruptionType: 'UNAVAILABILITY' as const, accidentDate: null, interruptionStartDate: null, interruptionEndDate: null, severity: null,
      substitutePosition: '', accidentType: null, comment: '', cause: '', version: 0 };
    expect(await saveWorkInterruption(t.db.dataSource, user, null, base)).toEqual({ ok: false, errors: { interruptionStartDate: 'validation.required' } });
    const saved = await saveWorkInterruption(t.db.dataSource, user, null, { ...base, interruptionStartDate: '2026-06-15', interruptionEndDate: '2026-06-19' });
    expect(saved.ok).toBe(true);
    const id = (saved as { id: number }).id;
    expect(await saveWorkInterruption(t.db.dataSource, user, id, { ...base, interruptionStartDate: '2026-06-16', version: 7 })).toEqual({ ok: false, stale: true });
    expect(await saveWorkInterruption(t.db.dataSource, user, id, { ...base, interruptionStartDate: '2026-06-16', interruptionEndDate: '2026-06-20', version: 1 })).toEqual({ ok: true, id });
    const stranger = { ...user, tenantId: hr.tenantId + 100000 };
    expect(await saveWorkInterruption(t.db.dataSource, stranger, id, { ...base, interruptionStartDate: '2026-06-16', version: 2 })).toEqual({ ok: false, notFound: true });
  });
});

describe('demo data', () => {
  it('gives the demo company check-up types, one overdue check-up, accident types, accidents over 14 months with one analysis, and a sick leave', async () => {
    const hr = await actor(t, ['hr.view']);
    const tenantId = hr.tenantId;
    const names = [['S0001', 'Martin'], ['S0003', 'Moreau'], ['S0004', 'Benali'], ['S0005', 'Girard'], ['S0006', 'Roux'], ['S0007', 'Haddad'], ['S0010', 'Chevalier'], ['S0011', 'Bertrand']];
    for (const [matricule, last] of names) await insertEmployee(t, tenantId, { matricule, last_name: last });
    await seedHealthDemo(t.db.dataSource, tenantId);
    await seedHealthDemo(t.db.dataSource, tenantId); // idempotent
    expect((await q('SELECT count(*)::int AS n FROM medical_checkup_type WHERE tenant_id = $1', [tenantId]))[0].n).toBe(3);
    const [overdue] = await q(`SELECT e.last_name FROM employee e WHERE e.tenant_id = $1 AND e.next_medical_checkup_date < '2026-06-10'`, [tenantId]);
    expect(overdue.last_name).toBe('Moreau');
    const rows: Array<{ type: string; accident_date: string | null; start: string | null; event_id: number | null }> = await q(
      'SELECT type, accident_date::text, interruption_start_date::text AS start, event_id FROM work_interruption WHERE tenant_id = $1 ORDER BY id', [tenantId]);
    const accidents = rows.filter((r) => r.type === 'WORK_ACCIDENT');
    expect(accidents.length).toBeGreaterThanOrEqual(4);
    expect(accidents.every((r) => r.accident_date! >= '2025-04-10')).toBe(true);
    expect(accidents.some((r) => r.start) && accidents.some((r) => !r.start)).toBe(true);
    expect(rows.filter((r) => r.type === 'SICK_LEAVE')).toHaveLength(1);
    const analysed = rows.filter((r) => r.event_id);
    expect(analysed).toHaveLength(1);
    expect((await q('SELECT kind, status FROM event WHERE id = $1', [analysed[0].event_id]))[0]).toEqual({ kind: 'at', status: 'DRAFT' });
  });
});
