import { todayIso } from '../../../server/kernel/clock';
import { createTestApp, type TestApp } from '../../support/app';
import { createType, PDF } from '../plan-document/helpers';
import { crmUser, insertTiers, MANAGER, XHR } from './crm-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

type Agent = Awaited<ReturnType<typeof crmUser>>;

/** Posts the document form of a company or contact page with files. */
function postDocument(a: Agent, kind: 'tiers' | 'contact', id: number, values: Record<string, string>, files: Array<[string, Buffer]> = [['attestation.pdf', PDF]]) {
  let req = a.agent.post(`/crm/documents/${kind}/${id}/new`).set(XHR).field('_csrf_token', a.csrf);
  for (const [k, v] of Object.entries(values)) req = req.field(`plan_document[${k}]`, v);
  for (const [name, content] of files) req = req.attach('files', content, name);
  return req;
}

const postEmpty = (a: Agent, url: string) => a.agent.post(url).set(XHR).set('X-CSRF-Token', a.csrf).send();

const currentId = async (tiersId: number, typeId: number): Promise<number> =>
  (await t.db.dataSource.query(`SELECT id FROM plan_document WHERE owner_kind = 'tiers' AND owner_id = $1 AND document_type_id = $2 AND deleted_at IS NULL ORDER BY revision DESC LIMIT 1`, [tiersId, typeId]))[0].id;

async function insertContact(tenantId: number, tiersId: number, lastName: string, createdBy: number | null = null): Promise<number> {
  const [c] = await t.db.dataSource.query('INSERT INTO contact (tenant_id, last_name, first_name, created_by_id) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, lastName, 'Sophie', createdBy]);
  await t.db.dataSource.query('INSERT INTO contact_company (tenant_id, contact_id, tiers_id) VALUES ($1, $2, $3)', [tenantId, c.id, tiersId]);
  return c.id;
}

describe('documents of a company', () => {
  it('lists the required types as missing, adds a document then a version 2 with its history and download', async () => {
    const a = await crmUser(t, [...MANAGER, 'companies.validate_documents']);
    const tiersId = await insertTiers(t, a.user.tenantId, 'Levage Services');
    const kbis = await createType(t, a.user.tenantId, 'Extrait K-bis', { mandatoryCompanies: true });
    await createType(t, a.user.tenantId, 'Habilitation électrique', { nominative: true, mandatoryContacts: true });

    const empty = await a.agent.get(`/crm/companies/${tiersId}?tab=documents`);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('data-testid="pane-documents"');
    expect(empty.text).toMatch(/data-requirement="Extrait K-bis" data-state="missing"/);
    // A nominative type is a contact's document, not a company's.
    expect(empty.text).not.toContain('data-requirement="Habilitation électrique"');
    expect(empty.text).toContain('Aucun document n&#39;a encore été déposé.');

    const form = await a.agent.get(`/crm/documents/tiers/${tiersId}/new`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-testid="plan-document-form"');
    expect(form.text).toContain('Extrait K-bis');
    expect(form.text).not.toContain('Habilitation électrique');

    const first = await postDocument(a, 'tiers', tiersId, { documentTypeId: String(kbis), validFrom: '01/01/2026', expiresOn: '31/12/2099', comment: 'Greffe de Lyon' });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Le document « Extrait K-bis » a été déposé (version 1).');
    const second = await postDocument(a, 'tiers', tiersId, { documentTypeId: String(kbis), expiresOn: '31/12/2099' }, [['kbis-2026.pdf', PDF]]);
    expect(second.status).toBe(201);
    expect(second.body.message).toContain('(version 2)');

    const page = await a.agent.get(`/crm/companies/${tiersId}?tab=documents`);
    expect(page.text).toMatch(/data-requirement="Extrait K-bis" data-state="valid"/);
    expect(page.text).toContain('data-document="Extrait K-bis" data-revision="2"');
    expect(page.text).toContain('kbis-2026.pdf');
    const docId = await currentId(tiersId, kbis);
    const history = await a.agent.get(`/crm/documents/${docId}/history`).set(XHR);
    expect(history.status).toBe(200);
    expect(history.text).toContain('data-revision="2"');
    expect(history.text).toContain('data-revision="1"');
    const [file] = await t.db.dataSource.query('SELECT id FROM plan_document_file WHERE document_id = $1', [docId]);
    const download = await a.agent.get(`/crm/documents/files/${file.id}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain('kbis-2026.pdf');

    // Deleting version 2 puts version 1 back in front.
    expect((await postEmpty(a, `/crm/documents/${docId}/delete`)).status).toBe(200);
    const after = await a.agent.get(`/crm/companies/${tiersId}?tab=documents`);
    expect(after.text).toContain('data-document="Extrait K-bis" data-revision="1"');
  });

  it('re-renders the form with French errors and the typed values, refuses a nominative type and a stale edit', async () => {
    const a = await crmUser(t, MANAGER);
    const tiersId = await insertTiers(t, a.user.tenantId, 'Nettoyage Pro');
    const rc = await createType(t, a.user.tenantId, 'Attestation RC');
    const personal = await createType(t, a.user.tenantId, 'Aptitude médicale', { nominative: true });

    const noFile = await postDocument(a, 'tiers', tiersId, { documentTypeId: String(rc), expiresOn: '32/13/2026', comment: 'Allianz' }, []);
    expect(noFile.status).toBe(200);
    expect(noFile.text).toContain('Veuillez saisir une date au format JJ/MM/AAAA.');
    expect(noFile.text).toContain('Veuillez joindre au moins un fichier.');
    expect(noFile.text).toContain('value="Allianz"');
    expect(noFile.text).toContain('value="32/13/2026"');

    const wrongType = await postDocument(a, 'tiers', tiersId, { documentTypeId: String(personal) });
    expect(wrongType.status).toBe(200);
    expect(wrongType.text).toContain('Ce document est nominatif : déposez-le sur la fiche du contact.');

    expect((await postDocument(a, 'tiers', tiersId, { documentTypeId: String(rc), expiresOn: '30/06/2099' })).status).toBe(201);
    const docId = await currentId(tiersId, rc);
    const edit = await a.agent.get(`/crm/documents/${docId}/edit`).set(XHR);
    expect(edit.status).toBe(200);
    expect(edit.text).toContain('value="30/06/2099"');
    const version = /name="plan_document\[version\]" value="(\d+)"/.exec(edit.text)![1];
    const ok = await a.agent.post(`/crm/documents/${docId}/edit`).set(XHR).type('form')
      .send({ _csrf_token: a.csrf, 'plan_document[expiresOn]': '30/06/2098', 'plan_document[comment]': 'Renouvelée', 'plan_document[version]': version });
    expect(ok.status).toBe(201);
    const staleEdit = await a.agent.post(`/crm/documents/${docId}/edit`).set(XHR).type('form')
      .send({ _csrf_token: a.csrf, 'plan_document[expiresOn]': '30/06/2097', 'plan_document[version]': version });
    expect(staleEdit.status).toBe(409);
    const [row] = await t.db.dataSource.query('SELECT comment, to_char(expires_on, \'YYYY-MM-DD\') AS e FROM plan_document WHERE id = $1', [docId]);
    expect(row).toEqual({ comment: 'Renouvelée', e: '2098-06-30' });
  });

  it('shows a document expiring within 30 days, then expired once its expiry date is moved into the past', async () => {
    const a = await crmUser(t, MANAGER);
    const tiersId = await insertTiers(t, a.user.tenantId, 'Grues du Dauphiné');
    const rc = await createType(t, a.user.tenantId, 'Attestation d’assurance', { mandatoryCompanies: true });
    const french = (days: number) => { const d = new Date(`${todayIso()}T12:00:00Z`); d.setUTCDate(d.getUTCDate() + days); return d.toISOString().slice(0, 10).split('-').reverse().join('/'); };
    expect((await postDocument(a, 'tiers', tiersId, { documentTypeId: String(rc), expiresOn: french(60) })).status).toBe(201);
    const docId = await currentId(tiersId, rc);
    const state = async () => /data-requirement="Attestation d’assurance" data-state="(\w+)"/.exec((await a.agent.get(`/crm/companies/${tiersId}?tab=documents`)).text)?.[1];
    const moveTo = async (expiresOn: string) => {
      const [{ version }] = await t.db.dataSource.query('SELECT version FROM plan_document WHERE id = $1', [docId]);
      const res = await a.agent.post(`/crm/documents/${docId}/edit`).set(XHR).type('form')
        .send({ _csrf_token: a.csrf, 'plan_document[expiresOn]': expiresOn, 'plan_document[version]': String(version) });
      expect(res.status).toBe(201);
    };
    expect(await state()).toBe('valid');
    await moveTo(french(30));
    expect(await state()).toBe('expiring');
    // The expiry day itself still counts as valid.
    await moveTo(french(0));
    expect(await state()).toBe('expiring');
    await moveTo(french(-1));
    expect(await state()).toBe('expired');
    expect((await a.agent.get(`/crm/companies/${tiersId}?tab=documents`)).text).toContain('Expiré');
  });
});

describe('documents of a contact', () => {
  it('lists the nominative types mandatory for contacts and accepts only nominative documents', async () => {
    const a = await crmUser(t, MANAGER);
    const tiersId = await insertTiers(t, a.user.tenantId, 'Elec Industrie');
    const contactId = await insertContact(a.user.tenantId, tiersId, 'Lefebvre');
    const hab = await createType(t, a.user.tenantId, 'Habilitation électrique', { nominative: true, mandatoryContacts: true });
    const kbis = await createType(t, a.user.tenantId, 'Extrait K-bis', { mandatoryCompanies: true });

    const page = await a.agent.get(`/crm/contacts/${contactId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="contact-documents"');
    expect(page.text).toMatch(/data-requirement="Habilitation électrique" data-state="missing"/);
    expect(page.text).not.toContain('data-requirement="Extrait K-bis"');

    const refused = await postDocument(a, 'contact', contactId, { documentTypeId: String(kbis) });
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Ce document n&#39;est pas nominatif : déposez-le sur la fiche de l&#39;entreprise.');
    expect((await postDocument(a, 'contact', contactId, { documentTypeId: String(hab), expiresOn: '31/12/2099' })).status).toBe(201);
    const after = await a.agent.get(`/crm/contacts/${contactId}`);
    expect(after.text).toMatch(/data-requirement="Habilitation électrique" data-state="valid"/);
    expect(after.text).toContain('data-document="Habilitation électrique" data-revision="1"');
  });
});

describe('rights and tenancy', () => {
  it('validates with companies.validate_documents only; edits need the right to edit the company', async () => {
    const manager = await crmUser(t, MANAGER);
    const tiersId = await insertTiers(t, manager.user.tenantId, 'Échafaudages du Rhône');
    const rc = await createType(t, manager.user.tenantId, 'Attestation RC', { mandatoryCompanies: true });
    expect((await postDocument(manager, 'tiers', tiersId, { documentTypeId: String(rc) })).status).toBe(201);
    const docId = await currentId(tiersId, rc);
    const [{ name }] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [manager.user.tenantId]);

    // manage_all but no validation right: 403, and no validate button.
    expect((await postEmpty(manager, `/crm/documents/${docId}/validate`)).status).toBe(403);
    expect((await manager.agent.get(`/crm/companies/${tiersId}?tab=documents`)).text).not.toContain(`/crm/documents/${docId}/validate`);

    const validator = await crmUser(t, ['companies.view', 'companies.view_all', 'companies.validate_documents'], name);
    const page = await validator.agent.get(`/crm/companies/${tiersId}?tab=documents`);
    expect(page.text).toContain(`/crm/documents/${docId}/validate`);
    // He sees the company but may not edit it: no upload, no edit, 403 on changes.
    expect(page.text).not.toContain(`/crm/documents/${docId}/edit`);
    expect(page.text).not.toContain('data-testid="document-add"');
    expect((await postDocument(validator, 'tiers', tiersId, { documentTypeId: String(rc) })).status).toBe(403);
    expect((await postEmpty(validator, `/crm/documents/${docId}/delete`)).status).toBe(403);
    const validated = await postEmpty(validator, `/crm/documents/${docId}/validate`);
    expect(validated.status).toBe(200);
    expect(validated.body.message).toBe('Le document « Attestation RC » a été validé.');
    const [row] = await t.db.dataSource.query('SELECT validated_by_id FROM plan_document WHERE id = $1', [docId]);
    expect(row.validated_by_id).toBe(validator.user.id);

    // Out of his CRM scope (companies.view alone, not his company): 404 everywhere.
    const outsider = await crmUser(t, ['companies.view', 'companies.validate_documents'], name);
    expect((await outsider.agent.get(`/crm/documents/${docId}/history`).set(XHR)).status).toBe(404);
    expect((await postEmpty(outsider, `/crm/documents/${docId}/validate`)).status).toBe(404);
    expect((await outsider.agent.get(`/crm/documents/tiers/${tiersId}/new`).set(XHR)).status).toBe(404);
  });

  it('answers 404 for a document, a company or a contact of another company', async () => {
    const a = await crmUser(t, MANAGER);
    const tiersId = await insertTiers(t, a.user.tenantId, 'Levage Services');
    const contactId = await insertContact(a.user.tenantId, tiersId, 'Morel');
    const rc = await createType(t, a.user.tenantId, 'Attestation RC');
    expect((await postDocument(a, 'tiers', tiersId, { documentTypeId: String(rc) })).status).toBe(201);
    const docId = await currentId(tiersId, rc);
    const [file] = await t.db.dataSource.query('SELECT id FROM plan_document_file WHERE document_id = $1', [docId]);

    const other = await crmUser(t, [...MANAGER, 'companies.validate_documents']);
    expect((await other.agent.get(`/crm/documents/tiers/${tiersId}/new`).set(XHR)).status).toBe(404);
    expect((await other.agent.get(`/crm/documents/contact/${contactId}/new`).set(XHR)).status).toBe(404);
    expect((await postDocument(other, 'tiers', tiersId, { documentTypeId: String(rc) })).status).toBe(404);
    expect((await other.agent.get(`/crm/documents/${docId}/edit`).set(XHR)).status).toBe(404);
    expect((await other.agent.get(`/crm/documents/${docId}/history`).set(XHR)).status).toBe(404);
    expect((await other.agent.get(`/crm/documents/files/${file.id}`)).status).toBe(404);
    expect((await postEmpty(other, `/crm/documents/${docId}/validate`)).status).toBe(404);
    expect((await postEmpty(other, `/crm/documents/${docId}/delete`)).status).toBe(404);
    const [row] = await t.db.dataSource.query('SELECT deleted_at, validated_at FROM plan_document WHERE id = $1', [docId]);
    expect(row).toEqual({ deleted_at: null, validated_at: null });
  });
});
