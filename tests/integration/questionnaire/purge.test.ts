import { purgeFromTrash, softDelete } from '../../../server/kernel/trash/trash';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, newCompany, RIGHTS } from '../prevention-plan/plan-helpers';
import { insertSurvey } from '../permit/permit-fixtures';
import { insertPpsps } from '../ppsps/ppsps-helpers';
import { planOnSector, sectorWithPlan } from '../zone-map/zone-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const answered = async (tenantId: number) =>
  (await q('SELECT subject_type, subject_id FROM questionnaire_response WHERE tenant_id = $1 ORDER BY subject_type, subject_id', [tenantId]))
    .map((r: { subject_type: string; subject_id: number }) => `${r.subject_type}:${r.subject_id}`);

/** Purges a row that is in the trash. */
async function purge(tenantId: number, table: string, id: number, userId: number): Promise<void> {
  await t.db.dataSource.transaction((m) => softDelete(m, { table, id, tenantId, title: `${table} ${id}`, userId }));
  const [item] = await q('SELECT id FROM trash_item WHERE tenant_id = $1 AND subject_table = $2 AND subject_id = $3', [tenantId, table, id]);
  expect(await purgeFromTrash(t.db.dataSource, tenantId, item.id, userId)).toBe('deleted');
}

describe('questionnaire answers when their subject is purged from the trash', () => {
  it('go with an event, a PPSPS, and a plan\'s work orders and permits; answers of other records stay', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author, 'Jean');
    const survey = await insertSurvey(t, a.tenantId, 'work_order');
    const answer = (subjectType: string, subjectId: number) => q(
      `INSERT INTO questionnaire_response (tenant_id, questionnaire_id, subject_type, subject_id, question_id, value, updated_at) VALUES ($1, $2, $3, $4, $5, $6, now())`,
      [a.tenantId, survey.id, subjectType, subjectId, survey.questionId, JSON.stringify([survey.yes])]);
    const { sectorId } = await sectorWithPlan(t, a.tenantId);
    const gone = await planOnSector(t, a.tenantId, a.id, sectorId, { subject: 'Peinture du hall' });
    const kept = await planOnSector(t, a.tenantId, a.id, sectorId, { subject: 'Soudure de la charpente' });
    const workOrder = async (plan: number) => (await q(`INSERT INTO work_order (tenant_id, plan_id, number, start_date, end_date) VALUES ($1, $2, $3, CURRENT_DATE, CURRENT_DATE) RETURNING id`, [a.tenantId, plan, `BT-Q-${plan}`]))[0].id as number;
    const permit = async (plan: number) => (await q(`INSERT INTO permit (tenant_id, type, number, plan_id, description, start_at, end_at) VALUES ($1, 'fire', $2, $3, 'Soudure', now(), now()) RETURNING id`, [a.tenantId, `PF-Q-${plan}`, plan]))[0].id as number;
    const goneWo = await workOrder(gone);
    const keptWo = await workOrder(kept);
    const gonePermit = await permit(gone);
    const keptPermit = await permit(kept);
    await answer('work_order', goneWo);
    await answer('work_order', keptWo);
    await answer('permit_before', gonePermit);
    await answer('permit_two_hours', gonePermit);
    await answer('permit_before', keptPermit);
    const [event] = await q(`INSERT INTO event (tenant_id, kind, subject) VALUES ($1, 'generic', 'Presqu''accident quai 3') RETURNING id`, [a.tenantId]);
    const [otherEvent] = await q(`INSERT INTO event (tenant_id, kind, subject) VALUES ($1, 'generic', 'Chute de plain-pied') RETURNING id`, [a.tenantId]);
    await answer('event', event.id);
    await answer('event', otherEvent.id);
    const ppsps = await insertPpsps(t, a.tenantId, a.id);
    const otherPpsps = await insertPpsps(t, a.tenantId, a.id);
    await answer('ppsps', ppsps);
    await answer('ppsps', otherPpsps);

    await purge(a.tenantId, 'event', event.id, a.id);
    expect(await answered(a.tenantId)).not.toContain(`event:${event.id}`);
    expect(await answered(a.tenantId)).toContain(`event:${otherEvent.id}`);

    await purge(a.tenantId, 'ppsps', ppsps, a.id);
    expect(await answered(a.tenantId)).not.toContain(`ppsps:${ppsps}`);

    await purge(a.tenantId, 'prevention_plan', gone, a.id);
    expect(await answered(a.tenantId)).toEqual([`event:${otherEvent.id}`, `permit_before:${keptPermit}`, `ppsps:${otherPpsps}`, `work_order:${keptWo}`].sort());
  });
});
