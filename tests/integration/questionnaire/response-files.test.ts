import { createTestApp, makeUser, loginAs, type TestApp } from '../../support/app';
import { companyName, member, storeFile } from '../file-manager/file-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params);

/** Answers a file question of a fresh questionnaire on `subjectType` #`subjectId` with a stored file; its id. */
async function answeredFile(tenantId: number, subjectType: string, subjectId: number): Promise<number> {
  const file = await storeFile(t, tenantId, `photo-${subjectType}.png`);
  const [qn] = await q(`INSERT INTO questionnaire (tenant_id, name, owner_type) VALUES ($1, 'Contrôle', 'permit') RETURNING id`, [tenantId]);
  const [g] = await q(`INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name) VALUES ($1, $2, 'Avant travaux') RETURNING id`, [tenantId, qn.id]);
  const [question] = await q(`INSERT INTO questionnaire_question (tenant_id, group_id, label, answer_type) VALUES ($1, $2, 'Photo de la zone', 'file') RETURNING id`, [tenantId, g.id]);
  await q(`INSERT INTO questionnaire_response (tenant_id, questionnaire_id, subject_type, subject_id, question_id, value, updated_at) VALUES ($1, $2, $3, $4, $5, $6::jsonb, now())`,
    [tenantId, qn.id, subjectType, subjectId, question.id, JSON.stringify({ key: file.key, name: 'zone.png', fileId: file.id, mimeType: 'image/png', sizeBytes: 1 })]);
  return file.id;
}

/** A file answered on a record is served with that record's rights (issue 19, item 3). */
describe('GET /questionnaire/files/{id}', () => {
  it("serves a permit step's answered file to whoever sees the permit, and to nobody else", async () => {
    const viewer = await member(t, ['pdp.view', 'pdp.view_fire_permits']);
    const company = await companyName(t, viewer.tenantId);
    const plain = await member(t, [], company);
    const reader = await member(t, ['pdp.view'], company);
    // A fire permit outside plans: seen with pdp.view_fire_permits only.
    const [permit] = await q(`INSERT INTO permit (tenant_id, type, number, description, start_at, end_at) VALUES ($1, 'fire', 'PF-RF-1', 'Meulage', now(), now()) RETURNING id`, [viewer.tenantId]);
    const fileId = await answeredFile(viewer.tenantId, 'permit_before', permit.id);

    const seen = await viewer.agent.get(`/questionnaire/files/${fileId}`);
    expect(seen.status).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    for (const who of [plain, reader]) {
      const refused = await who.agent.get(`/questionnaire/files/${fileId}`);
      expect(refused.status).toBe(403);
      expect(refused.headers['content-type']).not.toBe('image/png');
    }
  });

  it('serves nothing for a subject type whose module gave no rule, not even to a super administrator', async () => {
    const owner = await member(t, ['pdp.view']);
    const fileId = await answeredFile(owner.tenantId, 'mystery_subject', 1);
    const admin = await makeUser(t, { roles: ['super_admin'], company: await companyName(t, owner.tenantId) });
    const { agent } = await loginAs(t, admin);
    const res = await agent.get(`/questionnaire/files/${fileId}`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toBe('image/png');
  });
});
