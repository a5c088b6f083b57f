import { createTestApp, type TestApp } from '../../support/app';
import { ppspsDueDate, ppspsDueState } from '../../../server/modules/ppsps/ppsps-due';
import { actor, insertPpsps, isoDay, newCompany, PPSPS_RIGHTS } from './ppsps-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('PPSPS due date (30 days after the signed contract, 8 for light second-œuvre)', () => {
  it('computes 30 and 8 days and the state', () => {
    expect(ppspsDueDate({ contractSignedDate: '2026-01-31', secondOeuvreWithoutRisks: false })).toBe('2026-03-02');
    expect(ppspsDueDate({ contractSignedDate: '2026-01-31', secondOeuvreWithoutRisks: true })).toBe('2026-02-08');
    expect(ppspsDueDate({ contractSignedDate: null, secondOeuvreWithoutRisks: true })).toBeNull();
    const p = { status: 'waiting_tiers', contractSignedDate: '2026-01-31', secondOeuvreWithoutRisks: true };
    expect(ppspsDueState(p, '2026-02-08')).toBe('pending');
    expect(ppspsDueState(p, '2026-02-09')).toBe('late');
    expect(ppspsDueState({ ...p, status: 'in_operation' }, '2026-02-09')).toBe('signed');
    expect(ppspsDueState({ ...p, contractSignedDate: null }, '2026-02-09')).toBe('unknown');
  });

  it('shows the due date on the page and the list, "late" when passed and not signed', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const late = await insertPpsps(t, a.tenantId, a.id, { contract_signed_date: isoDay(-31) });
    const light = await insertPpsps(t, a.tenantId, a.id, { contract_signed_date: isoDay(-5), second_oeuvre_without_risks: true });
    const lightLate = await insertPpsps(t, a.tenantId, a.id, { contract_signed_date: isoDay(-9), second_oeuvre_without_risks: true });
    const signed = await insertPpsps(t, a.tenantId, a.id, { contract_signed_date: isoDay(-90), status: 'in_operation' });
    const due = async (id: number) => /data-testid="ppsps-due" data-due-state="(\w+)"(?: data-due-date="([\d-]+)")?/.exec((await a.agent.get(`/ppsps/${id}`)).text)!.slice(1);
    expect(await due(late)).toEqual(['late', isoDay(-1)]);
    expect(await due(light)).toEqual(['pending', isoDay(3)]);
    expect(await due(lightLate)).toEqual(['late', isoDay(-1)]);
    expect(await due(signed)).toEqual(['signed', isoDay(-60)]);
    const page = await a.agent.get(`/ppsps/${late}`);
    expect(page.text).toMatch(/À remettre le \d{2}\/\d{2}\/\d{4}\s*– en retard/);
    const list = await a.agent.get('/ppsps/');
    expect((list.text.match(/data-due-state="late"/g) ?? []).length).toBe(2);
  });
});
