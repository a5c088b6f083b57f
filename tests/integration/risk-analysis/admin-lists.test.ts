import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { fields, XHR } from './helpers';
import { loadMatrix, rateIn } from '../../../server/modules/risk-analysis/quote.service';

// Several requests per test on a machine shared with other runs: more than the 5 s default.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function admin(rights = ['admin.nomenclatures']) {
  const user = await makeUser(t, { rights });
  return { user, ...(await loginAs(t, user)) };
}

describe('quote matrix and severity levels', () => {
  it('gives a new company a 4 x 4 matrix whose cells take the colour of their severity level', async () => {
    const { user, agent } = await admin();
    const page = await agent.get('/admin/quotes');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Matrice probabilité × conséquence');
    expect((page.text.match(/data-quote="/g) ?? []).length).toBe(16);
    expect(page.text).toMatch(/data-consequence="Mineure"[\s\S]*data-consequence="Très grave"/);
    expect(page.text).toContain('Inacceptable : 12 – sans limite');
    const m = await loadMatrix(t.db.dataSource, user.tenantId);
    const worst = rateIn(m, m.consequences.find((c) => c.label === 'Très grave')!.id, m.probabilities.find((p) => p.label === 'Fréquent')!.id);
    expect(worst?.quote.value).toBe(16);
    expect(worst?.severity?.name).toBe('Inacceptable');
    const mild = rateIn(m, m.consequences.find((c) => c.label === 'Significative')!.id, m.probabilities.find((p) => p.label === 'Rare')!.id);
    expect(mild?.severity?.name).toBe('Modéré');
  });

  it('adds a consequence whose empty cells are filled with pdp_quote_add, then edited with pdp_quote_edit', async () => {
    const { user, agent, csrf } = await admin();
    await agent.get('/admin/quotes');
    const form = await agent.get('/admin/quotes/consequences/new').set(XHR);
    expect(form.text).toContain('Nouvelle conséquence');
    const bad = await agent.post('/admin/quotes/consequences/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('quote_consequence', { label: '', level: 'abc', human: 'Décès multiples' }) });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Saisissez un nombre entier positif.');
    expect(bad.text).toContain('Décès multiples');
    const ok = await agent.post('/admin/quotes/consequences/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('quote_consequence', { label: 'Catastrophique', level: '5', human: 'Décès multiples', environmental: 'Pollution majeure' }) });
    expect(ok.status).toBe(201);
    const page = await agent.get('/admin/quotes');
    expect((page.text.match(/href="\/admin\/quotes\/new\/\d+\/\d+"/g) ?? []).length).toBe(4);

    const m = await loadMatrix(t.db.dataSource, user.tenantId);
    const cons = m.consequences.find((c) => c.label === 'Catastrophique')!;
    const prob = m.probabilities.find((p) => p.label === 'Fréquent')!;
    const proposal = await agent.get(`/admin/quotes/new/${cons.id}/${prob.id}`).set(XHR);
    expect(proposal.text).toMatch(/name="quote\[value\]"[^>]*value="20"/);
    expect(proposal.text).toMatch(/name="quote\[color\]"[^>]*value="#dc3545"/);
    const added = await agent.post(`/admin/quotes/new/${cons.id}/${prob.id}`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('quote', { label: 'C5 × P4', value: '20', color: '#000000' }) });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('La cotation « Catastrophique » × « Fréquent » a été enregistrée.');
    // A second add of the same cell is stale: one quote per pair.
    const again = await agent.post(`/admin/quotes/new/${cons.id}/${prob.id}`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('quote', { label: 'Doublon', value: '1', color: '#000000' }) });
    expect(again.status).toBe(409);

    const [q] = await t.db.dataSource.query('SELECT id, version FROM quote WHERE consequence_id = $1 AND probability_id = $2', [cons.id, prob.id]);
    const badColor = await agent.post(`/admin/quotes/${q.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('quote', { label: 'C5 × P4', value: '25', color: 'rouge', version: String(q.version) }) });
    expect(badColor.status).toBe(200);
    expect(badColor.text).toContain('Choisissez une couleur au format #rrggbb.');
    const edited = await agent.post(`/admin/quotes/${q.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('quote', { label: 'C5 × P4', value: '25', color: '#111111', version: String(q.version) }) });
    expect(edited.status).toBe(201);
    const stale = await agent.post(`/admin/quotes/${q.id}/edit`).set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('quote', { label: 'C5 × P4', value: '30', color: '#111111', version: String(q.version) }) });
    expect(stale.status).toBe(409);
    const after = await loadMatrix(t.db.dataSource, user.tenantId);
    expect(rateIn(after, cons.id, prob.id)?.quote.value).toBe(25);
  });

  it('keeps a severity level whose maximum is below its minimum out, and finds the level holding a value', async () => {
    const { user, agent, csrf } = await admin();
    await agent.get('/admin/severity-levels');
    const bad = await agent.post('/admin/severity-levels/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('severity_level', { name: 'Critique', color: '#000000', minValue: '20', maxValue: '10' }) });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Le maximum doit être supérieur ou égal au minimum.');
    expect(bad.text).toMatch(/value="Critique"/);
    const ok = await agent.post('/admin/severity-levels/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('severity_level', { name: 'Critique', color: '#000000', minValue: '16', maxValue: '' }) });
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe('L\'élément « Critique » a été ajouté.');
    const page = await agent.get('/admin/severity-levels');
    expect(page.text).toMatch(/data-row="Acceptable"[\s\S]*data-row="Inacceptable"[\s\S]*data-row="Critique"/);
    const m = await loadMatrix(t.db.dataSource, user.tenantId);
    const cell = rateIn(m, m.consequences.find((c) => c.level === 4)!.id, m.probabilities.find((p) => p.level === 4)!.id);
    expect(cell?.severity?.name).toBe('Critique');
    const cell12 = rateIn(m, m.consequences.find((c) => c.level === 3)!.id, m.probabilities.find((p) => p.level === 4)!.id);
    expect(cell12?.severity?.name).toBe('Inacceptable');
  });
});

describe('risks, families and preventive measures', () => {
  it('adds a risk with its danger family and injury types, refusing another company\'s family', async () => {
    const { user, agent, csrf } = await admin();
    const [injury] = await t.db.dataSource.query(`INSERT INTO nomenclature_item (tenant_id, kind, label) VALUES ($1, 'injury_type', 'Brûlure') RETURNING id`, [user.tenantId]);
    const page = await agent.get('/admin/risks');
    expect(page.text).toContain('Électrisation par contact direct');
    const [family] = await t.db.dataSource.query(`SELECT id FROM risk_family WHERE tenant_id = $1 AND label = 'Électrique'`, [user.tenantId]);
    const other = await admin();
    await other.agent.get('/admin/risk-families');
    const [foreign] = await t.db.dataSource.query(`SELECT id FROM risk_family WHERE tenant_id = $1 LIMIT 1`, [other.user.tenantId]);
    const refused = await agent.post('/admin/risks/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('risk', { label: 'Brûlure par arc', familyId: String(foreign.id), injuryTypeIds: [String(injury.id)] }) });
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Ce choix n&#39;est pas valide.');
    const ok = await agent.post('/admin/risks/new').set(XHR).type('form')
      .send({ _csrf_token: csrf, ...fields('risk', { label: 'Brûlure par arc', familyId: String(family.id), injuryTypeIds: [String(injury.id)] }) });
    expect(ok.status).toBe(201);
    const list = await agent.get('/admin/risks');
    expect(list.text).toMatch(/data-row="Brûlure par arc"[\s\S]*?Électrique[\s\S]*?Brûlure<\/span>/);
  });

  it('sends a preventive measure to the trash', async () => {
    const { user, agent, csrf } = await admin();
    await agent.get('/admin/preventive-measures');
    const [m] = await t.db.dataSource.query(`SELECT id FROM preventive_measure WHERE tenant_id = $1 AND label = 'Protections auditives'`, [user.tenantId]);
    const res = await agent.post(`/admin/preventive-measures/${m.id}/delete`).set(XHR).send({ _csrf_token: csrf });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('L\'élément « Protections auditives » a été placé dans la corbeille.');
    const page = await agent.get('/admin/preventive-measures');
    expect(page.text).not.toContain('data-row="Protections auditives"');
    const [trash] = await t.db.dataSource.query(`SELECT title FROM trash_item WHERE subject_table = 'preventive_measure' AND subject_id = $1`, [m.id]);
    expect(trash.title).toBe('Protections auditives');
  });
});

describe('rights and tenancy', () => {
  it('refuses a user without admin.nomenclatures (403) and answers 404 for another company\'s rows', async () => {
    const plain = await admin(['pdp.view']);
    expect((await plain.agent.get('/admin/quotes')).status).toBe(403);
    const consequences = () => t.db.dataSource.query('SELECT id, label FROM quote_consequence WHERE tenant_id = $1 ORDER BY id', [plain.user.tenantId]);
    const before = await consequences();
    expect((await plain.agent.post('/admin/quotes/consequences/new').set(XHR).type('form').send({ _csrf_token: plain.csrf, ...fields('quote_consequence', { label: 'X', level: '1' }) })).status).toBe(403);
    expect(await consequences()).toEqual(before);

    const a = await admin();
    const b = await admin();
    await a.agent.get('/admin/quotes');
    const [c] = await t.db.dataSource.query('SELECT id FROM quote_consequence WHERE tenant_id = $1 LIMIT 1', [a.user.tenantId]);
    const [p] = await t.db.dataSource.query('SELECT id FROM quote_probability WHERE tenant_id = $1 LIMIT 1', [a.user.tenantId]);
    const [q] = await t.db.dataSource.query('SELECT id FROM quote WHERE tenant_id = $1 LIMIT 1', [a.user.tenantId]);
    const [l] = await t.db.dataSource.query('SELECT id FROM severity_level WHERE tenant_id = $1 LIMIT 1', [a.user.tenantId]);
    expect((await b.agent.get(`/admin/quotes/consequences/${c.id}/edit`).set(XHR)).status).toBe(404);
    expect((await b.agent.get(`/admin/quotes/probabilities/${p.id}/edit`).set(XHR)).status).toBe(404);
    expect((await b.agent.get(`/admin/quotes/${q.id}/edit`).set(XHR)).status).toBe(404);
    expect((await b.agent.get(`/admin/quotes/new/${c.id}/${p.id}`).set(XHR)).status).toBe(404);
    expect((await b.agent.post(`/admin/severity-levels/${l.id}/delete`).set(XHR).send({ _csrf_token: b.csrf })).status).toBe(404);
    expect(await t.db.dataSource.query('SELECT deleted_at FROM severity_level WHERE id = $1', [l.id])).toEqual([{ deleted_at: null }]);
  });
});
