import { createTestApp, type TestApp } from '../../support/app';
import { actor, addCompany, addStaff, companyOf, createPlan, createType, MANAGER, PDF, postDocument, postEmpty, XHR, type Actor } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const docs = (planId: number) => t.db.dataSource.query(
  `SELECT id, owner_kind, owner_id, document_type_id, revision, to_char(valid_from, 'YYYY-MM-DD') AS valid_from, to_char(expires_on, 'YYYY-MM-DD') AS expires_on,
          comment, validated_by_id, validated_at, deleted_at, version FROM plan_document WHERE plan_id = $1 ORDER BY id`, [planId]);
const fileIds = async (docId: number): Promise<number[]> => (await t.db.dataSource.query('SELECT id FROM plan_document_file WHERE document_id = $1 ORDER BY id', [docId])).map((r: { id: number }) => r.id);

/** A manager, his plan with an EE company and a staff member, and an insurance certificate type. */
async function setup(): Promise<{ a: Actor; planId: number; eeId: number; staffId: number; typeId: number }> {
  const a = await actor(t, MANAGER);
  const planId = await createPlan(t, a.tenantId, a.id);
  const eeId = await addCompany(t, a.tenantId, planId, 'EE', 'Électricité Durand SARL', { email: 'contact@durand-elec.fr' });
  const staffId = await addStaff(t, a.tenantId, planId, eeId, 'Martin');
  const typeId = await createType(t, a.tenantId, "Attestation d'assurance RC", { mandatoryCompanies: true });
  return { a, planId, eeId, staffId, typeId };
}

describe('documents of a plan', () => {
  it('adds a document with its validity and files, and downloads them', async () => {
    const { a, planId, eeId, typeId } = await setup();
    const form = await a.agent.get(`/prevention-plan/${planId}/documents/new?owner=plan_company:${eeId}&type=${typeId}`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Électricité Durand SARL (EE)');
    expect(form.text).toMatch(new RegExp(`value="plan_company:${eeId}" selected`));
    const res = await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId), validFrom: '01/01/2026', expiresOn: '31/12/2026', comment: 'Police AXA n° 1234' },
      [['attestation-rc.pdf', PDF], ['annexe.pdf', PDF]]);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Le document « Attestation d'assurance RC » a été déposé (version 1).");
    const [doc] = await docs(planId);
    expect(doc).toMatchObject({ owner_kind: 'plan_company', owner_id: eeId, revision: 1, valid_from: '2026-01-01', expires_on: '2026-12-31', comment: 'Police AXA n° 1234', validated_at: null });
    const files = await fileIds(doc.id);
    expect(files).toHaveLength(2);
    const download = await a.agent.get(`/prevention-plan/documents/files/${files[0]}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain('attestation-rc.pdf');
  });

  it('checks the form and the files: required fields, dates, 10 files at most, allowed types', async () => {
    const { a, planId, eeId, typeId } = await setup();
    const noFile = await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId), comment: 'Sans fichier' }, []);
    expect(noFile.status).toBe(200);
    expect(noFile.text).toContain('Veuillez joindre au moins un fichier.');
    expect(noFile.text).toContain('Sans fichier');
    const badDate = await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId), expiresOn: '31/02/2026' });
    expect(badDate.status).toBe(200);
    expect(badDate.text).toContain('Veuillez saisir une date au format JJ/MM/AAAA.');
    const reversed = await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId), validFrom: '01/06/2026', expiresOn: '01/01/2026' });
    expect(reversed.text).toContain("La date d'expiration doit suivre la date de début de validité.".replace("'", '&#39;'));
    const noType = await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: '' });
    expect(noType.text).toContain('Veuillez effectuer une sélection');
    const eleven = await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId) }, Array.from({ length: 11 }, (_, i) => [`p${i}.pdf`, PDF] as [string, Buffer]));
    expect(eleven.status).toBe(200);
    expect(eleven.text).toContain('Vous ne pouvez pas envoyer plus de 10 fichiers à la fois.');
    const exe = await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId) }, [['virus.exe', Buffer.from('MZ\x90\x00')]]);
    expect(exe.text).toContain('Ce type de fichier n&#39;est pas autorisé');
    const foreignOwner = await postDocument(a, planId, { owner: 'plan_company:999999', documentTypeId: String(typeId) });
    expect(foreignOwner.status).toBe(200);
    expect(foreignOwner.text).toContain('Veuillez effectuer une sélection');
    expect(await docs(planId)).toEqual([]);
  });

  it('makes a new upload of the same type and owner version n+1, keeps the history, and falls back when the last one is deleted', async () => {
    const { a, planId, eeId, typeId } = await setup();
    const fields = { owner: `plan_company:${eeId}`, documentTypeId: String(typeId) };
    expect((await postDocument(a, planId, { ...fields, expiresOn: '31/12/2025' }, [['rc-2025.pdf', PDF]])).status).toBe(201);
    const second = await postDocument(a, planId, { ...fields, expiresOn: '31/12/2026' }, [['rc-2026.pdf', PDF]]);
    expect(second.body.message).toContain('(version 2)');
    const rows = await docs(planId);
    expect(rows.map((r: { revision: number }) => r.revision)).toEqual([1, 2]);
    const history = await a.agent.get(`/prevention-plan/documents/${rows[1].id}/history`).set(XHR);
    expect(history.status).toBe(200);
    expect(history.text).toContain('rc-2025.pdf');
    expect(history.text).toContain('rc-2026.pdf');
    expect(history.text).toContain('31/12/2025');
    expect(history.text).toMatch(/v2 <span class="badge text-bg-primary">Version en cours/);
    // Another owner starts at version 1.
    const staff = await addStaff(t, a.tenantId, planId, eeId, 'Bernard');
    const clearance = await createType(t, a.tenantId, 'Habilitation électrique', { nominative: true, mandatoryContacts: true });
    expect((await postDocument(a, planId, { owner: `plan_staff:${staff}`, documentTypeId: String(clearance) })).body.message).toContain('(version 1)');
    // The latest version to the trash: version 1 is current again, and a new upload takes number 3.
    expect((await postEmpty(a, `/prevention-plan/documents/${rows[1].id}/delete`)).status).toBe(200);
    const trash = await t.db.dataSource.query(`SELECT title FROM trash_item WHERE tenant_id = $1 AND subject_table = 'plan_document'`, [a.tenantId]);
    expect(trash).toEqual([{ title: "Attestation d'assurance RC (v2)" }]);
    const { loadPlanDocuments } = await import('../../../server/modules/plan-document/plan-document.requirements');
    const view = await loadPlanDocuments(t.db.dataSource, a.tenantId, planId, '2025-06-01');
    expect(view.requirements.find((r) => r.ownerId === eeId)?.document?.revision).toBe(1);
    expect((await postDocument(a, planId, fields)).body.message).toContain('(version 3)');
  });

  it('edits the dates and comment with the optimistic lock; a changed expiry needs a new validation', async () => {
    const { a, planId, eeId, typeId } = await setup();
    await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId), expiresOn: '30/06/2026' });
    const [doc] = await docs(planId);
    const validator = await actor(t, ['pdp.view', 'pdp.view_all', 'companies.validate_documents'], await companyOf(t, a.tenantId));
    await t.db.dataSource.query('UPDATE prevention_plan SET created_by_id = $1 WHERE id = $2', [a.id, planId]);
    // The validator sees the plan as its creator's colleague only through view_all within his scope.
    await t.db.dataSource.query('INSERT INTO plan_substitute (tenant_id, plan_id, user_id) VALUES ($1, $2, $3)', [a.tenantId, planId, validator.id]).catch(() => undefined);
    expect((await postEmpty(validator, `/prevention-plan/documents/${doc.id}/validate`)).status).toBe(200);
    let [row] = await docs(planId);
    expect(row.validated_by_id).toBe(validator.id);
    const form = await a.agent.get(`/prevention-plan/documents/${doc.id}/edit`).set(XHR);
    expect(form.text).toContain('value="30/06/2026"');
    const post = (fields: Record<string, string>) => a.agent.post(`/prevention-plan/documents/${doc.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: a.csrf, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`plan_document[${k}]`, v])) });
    expect((await post({ expiresOn: 'demain', version: String(row.version) })).text).toContain('Veuillez saisir une date au format JJ/MM/AAAA.');
    expect((await post({ expiresOn: '30/06/2027', comment: 'Prolongée', version: String(row.version) })).status).toBe(201);
    expect((await post({ expiresOn: '30/06/2028', version: String(row.version) })).status).toBe(409);
    [row] = await docs(planId);
    expect(row).toMatchObject({ expires_on: '2027-06-30', comment: 'Prolongée', validated_by_id: null, validated_at: null });
  });

  it('needs pdp.documents to add, edit or delete, and companies.validate_documents to validate a company document', async () => {
    const { a, planId, eeId, typeId } = await setup();
    await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId) });
    const [doc] = await docs(planId);
    // A reader: sees the plan (substitute), may download, may not change anything.
    const reader = await actor(t, ['pdp.view'], await companyOf(t, a.tenantId));
    await t.db.dataSource.query('INSERT INTO plan_substitute (tenant_id, plan_id, user_id) VALUES ($1, $2, $3)', [a.tenantId, planId, reader.id]);
    const [file] = await fileIds(doc.id);
    expect((await reader.agent.get(`/prevention-plan/documents/files/${file}`)).status).toBe(200);
    expect((await postDocument(reader, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId) })).status).toBe(403);
    expect((await reader.agent.get(`/prevention-plan/documents/${doc.id}/edit`).set(XHR)).status).toBe(403);
    expect((await postEmpty(reader, `/prevention-plan/documents/${doc.id}/delete`)).status).toBe(403);
    expect((await postEmpty(reader, `/prevention-plan/documents/${doc.id}/validate`)).status).toBe(403);
    // The manager holds pdp.documents but not companies.validate_documents: a company document is refused...
    expect((await postEmpty(a, `/prevention-plan/documents/${doc.id}/validate`)).status).toBe(403);
    // None of the refusals added, deleted or validated a document.
    expect(await docs(planId)).toEqual([doc]);
    // ...a document of the plan itself is his to validate (one a colleague gave: nobody validates their own).
    const rules = await createType(t, a.tenantId, 'Consignes de sécurité du site', { addedBy: 'user_company', mandatoryAllPlans: true });
    const colleague = await actor(t, [...MANAGER, 'pdp.view_all'], await companyOf(t, a.tenantId));
    await postDocument(colleague, planId, { owner: `plan:${planId}`, documentTypeId: String(rules) });
    const planDoc = (await docs(planId)).find((d: { owner_kind: string }) => d.owner_kind === 'plan');
    expect((await postEmpty(a, `/prevention-plan/documents/${planDoc.id}/validate`)).status).toBe(200);
    expect((await docs(planId)).find((d: { id: number }) => d.id === planDoc.id).validated_by_id).toBe(a.id);
    expect((await docs(planId)).find((d: { id: number }) => d.id === doc.id).validated_by_id).toBeNull();
  });

  it('answers 404 to another company for every document route', async () => {
    const { a, planId, eeId, typeId } = await setup();
    await postDocument(a, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId) });
    const [doc] = await docs(planId);
    const [file] = await fileIds(doc.id);
    const other = await actor(t, [...MANAGER, 'pdp.view_all', 'companies.validate_documents', 'companies.view', 'companies.manage_all']);
    expect((await other.agent.get(`/prevention-plan/${planId}/documents/new`).set(XHR)).status).toBe(404);
    expect((await postDocument(other, planId, { owner: `plan_company:${eeId}`, documentTypeId: String(typeId) })).status).toBe(404);
    expect((await other.agent.get(`/prevention-plan/documents/files/${file}`)).status).toBe(404);
    expect((await other.agent.get(`/prevention-plan/documents/${doc.id}/history`).set(XHR)).status).toBe(404);
    expect((await other.agent.get(`/prevention-plan/documents/${doc.id}/edit`).set(XHR)).status).toBe(404);
    expect((await postEmpty(other, `/prevention-plan/documents/${doc.id}/delete`)).status).toBe(404);
    expect((await postEmpty(other, `/prevention-plan/documents/${doc.id}/validate`)).status).toBe(404);
    expect((await other.agent.get(`/prevention-plan/${planId}/documents/ask`).set(XHR)).status).toBe(404);
    expect((await other.agent.get(`/prevention-plan/${planId}/documents/types/${typeId}/blank`)).status).toBe(404);
    const [row] = await docs(planId);
    expect(row).toMatchObject({ deleted_at: null, validated_at: null });
  });
});
