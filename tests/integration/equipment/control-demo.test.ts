import { cataloguePart } from '../../../server/modules/equipment/catalogue/catalogue.part';
import { controlPart } from '../../../server/modules/equipment/control/control.part';
import { controlsPart } from '../../../server/modules/equipment/controls/controls.part';
import { equipmentPart } from '../../../server/modules/equipment/equipment/equipment.part';
import { formsPart } from '../../../server/modules/equipment/forms/forms.part';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { binary, pdfText } from '../../support/pdf';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('control demo data', () => {
  it('records the last control of some demo controls as done, one non-conforming answer with its action, once; the report prints on demand', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);
    for (const part of [cataloguePart, formsPart, equipmentPart, controlsPart, controlPart]) await part.demo?.(t.db.dataSource, admin.tenantId);
    const count = async () => (await q(`SELECT count(*)::int AS n FROM vgp_control WHERE tenant_id = $1 AND state = 'done'`, [admin.tenantId]))[0].n;
    const done = await count();
    expect(done).toBe(6);
    const open = await q(`SELECT step FROM vgp_control WHERE tenant_id = $1 AND state = 'in_progress'`, [admin.tenantId]);
    expect(open).toEqual([{ step: 2 }]);
    await controlPart.demo!(t.db.dataSource, admin.tenantId);
    expect(await count()).toBe(done);
    expect(await q(`SELECT step FROM vgp_control WHERE tenant_id = $1 AND state = 'in_progress'`, [admin.tenantId])).toEqual(open);
    const actions = await q(`SELECT a.deadline IS NOT NULL AS due, r.action_id FROM action a JOIN vgp_control_result r ON r.action_id = a.id WHERE a.tenant_id = $1 AND a.source_type = 'vgp_control'`, [admin.tenantId]);
    expect(actions).toHaveLength(1);
    const [k] = await q(`SELECT k.id FROM vgp_control k JOIN vgp_control_result r ON r.control_id = k.id WHERE r.action_id = $1`, [actions[0].action_id]);
    const { agent } = await loginAs(t, admin);
    const pdf = await agent.get(`/equipment/control/${k.id}/report`).buffer(true).parse(binary as never);
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.body as Buffer)).toContain('Constaté lors de la visite périodique.');
  });
});
