import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, PDF, postEmpty, XHR, type Actor } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const ADMIN = ['admin.nomenclatures'];

function postType(a: Actor, url: string, fields: Record<string, string>, blank?: [string, Buffer]) {
  let req = a.agent.post(url).set(XHR).field('_csrf_token', a.csrf);
  for (const [k, v] of Object.entries(fields)) req = req.field(`document_type[${k}]`, v);
  if (blank) req = req.attach('blankFile', blank[1], blank[0]);
  return req;
}
const types = (tenantId: number) => t.db.dataSource.query(
  'SELECT id, label, added_by, nominative, editable_model, mandatory_all_plans, mandatory_contacts, mandatory_companies, to_sign, blank_file_id, version, deleted_at FROM document_type WHERE tenant_id = $1 ORDER BY id', [tenantId]);

describe('document types (admin list)', () => {
  it('shows an empty state, then adds a type with every flag and a blank file', async () => {
    const a = await actor(t, ADMIN);
    const index = await a.agent.get('/admin/document-types');
    expect(index.status).toBe(200);
    expect(index.text).toContain('Aucun type de document pour l&#39;instant.');
    const form = await a.agent.get('/admin/document-types/new').set(XHR);
    expect(form.text).toContain('Obligatoire pour les entreprises');
    expect(form.text).toContain('Fourni par l&#39;entreprise extérieure');
    const res = await postType(a, '/admin/document-types/new', {
      label: 'Habilitation électrique', addedBy: 'outside_company', nominative: '1', editableModel: '1', mandatoryAllPlans: '0',
      mandatoryContacts: '1', mandatoryCompanies: '0', toSign: '1', active: '1',
    }, ['modele-habilitation.pdf', PDF]);
    expect(res.status).toBe(201);
    const [row] = await types(a.tenantId);
    expect(row).toMatchObject({ label: 'Habilitation électrique', added_by: 'outside_company', nominative: true, editable_model: true, mandatory_all_plans: false, mandatory_contacts: true, mandatory_companies: false, to_sign: true });
    expect(row.blank_file_id).not.toBeNull();
    const list = await a.agent.get('/admin/document-types');
    expect(list.text).toContain('Habilitation électrique');
    expect(list.text).toContain('Nominatif');
    expect(list.text).toContain('modele-habilitation.pdf');
    const blank = await a.agent.get(`/admin/document-types/${row.id}/blank`);
    expect(blank.status).toBe(200);
    expect(blank.headers['content-disposition']).toContain('modele-habilitation.pdf');
    expect(Buffer.from(blank.body).toString('latin1')).toContain('%PDF');
  });

  it('re-renders the form with French errors and the typed values; the label is unique', async () => {
    const a = await actor(t, ADMIN);
    const empty = await postType(a, '/admin/document-types/new', { label: '', addedBy: 'outside_company', toSign: '1' });
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Veuillez renseigner ce champ.');
    expect(empty.text).toMatch(/name="document_type\[toSign\]" value="1" checked/);
    expect((await postType(a, '/admin/document-types/new', { label: 'Extrait K-bis', addedBy: 'outside_company' })).status).toBe(201);
    const dup = await postType(a, '/admin/document-types/new', { label: 'extrait k-bis', addedBy: 'outside_company' });
    expect(dup.status).toBe(200);
    expect(dup.text).toContain('Un type de document porte déjà ce libellé.');
    const bad = await postType(a, '/admin/document-types/new', { label: 'Plan de retrait', addedBy: 'nobody' });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Plan de retrait');
    const exe = await postType(a, '/admin/document-types/new', { label: 'Notice', addedBy: 'user_company' }, ['notice.exe', Buffer.from('MZ\x90\x00binary')]);
    expect(exe.status).toBe(200);
    expect(exe.text).toContain('Ce type de fichier n&#39;est pas autorisé');
    expect((await types(a.tenantId)).map((r: { label: string }) => r.label)).toEqual(['Extrait K-bis']);
  });

  it('edits with the optimistic lock, keeps or drops the blank file, and moves a type to the trash', async () => {
    const a = await actor(t, ADMIN);
    await postType(a, '/admin/document-types/new', { label: 'Consignes de sécurité', addedBy: 'user_company', active: '1' }, ['consignes.pdf', PDF]);
    const [row] = await types(a.tenantId);
    const edit = await a.agent.get(`/admin/document-types/${row.id}/edit`).set(XHR);
    expect(edit.text).toContain('consignes.pdf');
    expect((await postType(a, `/admin/document-types/${row.id}/edit`, { label: 'Consignes de sécurité du site', addedBy: 'user_company', mandatoryAllPlans: '1', active: '1', version: '1' })).status).toBe(201);
    expect((await postType(a, `/admin/document-types/${row.id}/edit`, { label: 'Vieux libellé', addedBy: 'user_company', active: '1', version: '1' })).status).toBe(409);
    let [after] = await types(a.tenantId);
    expect(after).toMatchObject({ label: 'Consignes de sécurité du site', mandatory_all_plans: true, version: 2, blank_file_id: row.blank_file_id });
    expect((await postType(a, `/admin/document-types/${row.id}/edit`, { label: 'Consignes de sécurité du site', addedBy: 'user_company', active: '1', removeBlankFile: '1', version: '2' })).status).toBe(201);
    [after] = await types(a.tenantId);
    expect(after.blank_file_id).toBeNull();
    expect((await postEmpty(a, `/admin/document-types/${row.id}/delete`)).status).toBe(200);
    [after] = await types(a.tenantId);
    expect(after.deleted_at).not.toBeNull();
    const trash = await t.db.dataSource.query('SELECT title FROM trash_item WHERE tenant_id = $1 AND subject_table = $2', [a.tenantId, 'document_type']);
    expect(trash).toEqual([{ title: 'Consignes de sécurité du site' }]);
    expect((await a.agent.get('/admin/document-types')).text).not.toContain('data-document-type="Consignes de sécurité du site"');
  });

  it('needs admin.nomenclatures and never shows another company\'s types', async () => {
    const a = await actor(t, ADMIN);
    await postType(a, '/admin/document-types/new', { label: 'Attestation URSSAF', addedBy: 'outside_company' });
    const [row] = await types(a.tenantId);
    const plain = await actor(t, ['pdp.view', 'pdp.documents'], await companyOf(t, a.tenantId));
    expect((await plain.agent.get('/admin/document-types')).status).toBe(403);
    expect((await postType(plain, '/admin/document-types/new', { label: 'X', addedBy: 'outside_company' })).status).toBe(403);
    const other = await actor(t, ADMIN);
    expect((await other.agent.get('/admin/document-types')).text).not.toContain('Attestation URSSAF');
    expect((await other.agent.get(`/admin/document-types/${row.id}/edit`).set(XHR)).status).toBe(404);
    expect((await postType(other, `/admin/document-types/${row.id}/edit`, { label: 'Piraté', addedBy: 'outside_company', version: '1' })).status).toBe(404);
    expect((await postEmpty(other, `/admin/document-types/${row.id}/delete`)).status).toBe(404);
    // Neither the refused addition nor the other company's edit or deletion changed the company's types.
    const after = await types(a.tenantId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ label: 'Attestation URSSAF', deleted_at: null });
  });
});
