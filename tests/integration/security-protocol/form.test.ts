import { createTestApp, type TestApp } from '../../support/app';
import { decode, EDITOR, member, newCompany, post, XHR } from './fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const rows = (tenantId: number) => t.db.dataSource.query('SELECT * FROM security_protocol WHERE tenant_id = $1 ORDER BY id', [tenantId]);

describe('security protocol form', () => {
  it('shows the full-page form with a suggested number and the user as responsible', async () => {
    const u = await member(t, newCompany(), EDITOR);
    const res = await u.agent.get('/security-protocol/new');
    expect(res.status).toBe(200);
    const html = decode(res.text);
    expect(html).toContain('Nouveau protocole de sécurité');
    expect(html).toMatch(/name="pds\[pdsNumber\]" type="text" value="PDS-\d{4}-0001"/);
    expect(html).toContain(`<option value="${u.id}" selected>`);
    expect(html).toContain('Enregistrer en brouillon');
  });

  it('refuses an incomplete protocol with every French message at once, keeps what was typed, saves nothing', async () => {
    const u = await member(t, newCompany(), EDITOR);
    const res = await post(u, '/security-protocol/new', 'pds', {
      pdsNumber: '', natureOfGoods: '', responsibleId: '', startDate: '31/02/2026', endDate: '', frequency: 'Le mardi', designation: 'Fûts tapés à la main',
      _submit: 'SAVE', version: 0,
    });
    expect(res.status).toBe(200);
    const html = decode(res.text);
    expect(html).toContain("Le protocole n'a pas été enregistré");
    expect(html).toContain('data-testid="error-pdsNumber">Veuillez renseigner ce champ.');
    expect(html).toContain('data-testid="error-natureOfGoods">Veuillez renseigner ce champ.');
    expect(html).toContain('data-testid="error-responsibleId">Veuillez renseigner ce champ.');
    expect(html).toContain("Veuillez indiquer si l'opération est ponctuelle ou répétitive.");
    expect(html).toContain("Cette date n'est pas valide (JJ/MM/AAAA).");
    expect(html).toContain('data-testid="error-endDate">Veuillez renseigner ce champ.');
    expect(html).toContain("Veuillez choisir le type d'opération.");
    expect(html).toContain('value="31/02/2026"');
    expect(html).toContain('value="Le mardi"');
    expect(html).toContain('Fûts tapés à la main');
    expect(await rows(u.tenantId)).toHaveLength(0);
  });

  it('saves a draft with almost nothing, giving it the suggested number', async () => {
    const u = await member(t, newCompany(), EDITOR);
    const res = await post(u, '/security-protocol/new', 'pds', { natureOfGoods: 'Sacs de ciment', _submit: 'DRAFT', version: 0 });
    expect(res.status).toBe(201);
    const [row] = await rows(u.tenantId);
    expect(row).toMatchObject({ nature_of_goods: 'Sacs de ciment', status: 'draft', created_by_id: u.id });
    expect(row.pds_number).toMatch(/^PDS-\d{4}-0001$/);
    expect(res.body.redirect).toBe(`/security-protocol/${row.id}`);
    expect(decode(res.body.message)).toContain(`Le protocole ${row.pds_number} a été créé.`);
  });

  it('saves a complete protocol with its lists, then edits it with the optimistic lock', async () => {
    const u = await member(t, newCompany(), EDITOR);
    const [pack] = await t.db.dataSource.query("INSERT INTO packaging (tenant_id, label) VALUES ($1, 'Palettes') RETURNING id", [u.tenantId]);
    const [veh] = await t.db.dataSource.query("INSERT INTO transport_vehicle (tenant_id, label) VALUES ($1, 'Semi-remorque') RETURNING id", [u.tenantId]);
    const [eq] = await t.db.dataSource.query("INSERT INTO handling_equipment (tenant_id, label) VALUES ($1, 'Chariot élévateur') RETURNING id", [u.tenantId]);
    const fields = {
      pdsNumber: 'PDS-QUAI-3', natureOfGoods: 'Bobines d\'acier', responsibleId: u.id, isPunctual: '0', frequency: 'Chaque lundi',
      startDate: '01/12/2026', endDate: '30/11/2027', operationType: 'loading', packagingIds: [pack.id], vehicleIds: [veh.id], equipmentIds: [eq.id],
      description: 'Mise à quai, calage, chargement au chariot.', designation: 'Bobines de 5 t', companyName: 'Aciéries du Rhône', _submit: 'SAVE', version: 0,
    };
    const res = await post(u, '/security-protocol/new', 'pds', fields);
    expect(res.status).toBe(201);
    const [row] = await rows(u.tenantId);
    expect(row).toMatchObject({ pds_number: 'PDS-QUAI-3', is_punctual: false, frequency: 'Chaque lundi', operation_type: 'loading', company_name: 'Aciéries du Rhône' });
    const links = await t.db.dataSource.query(
      `SELECT (SELECT count(*)::int FROM security_protocol_packaging WHERE protocol_id = $1) AS p, (SELECT count(*)::int FROM security_protocol_vehicle WHERE protocol_id = $1) AS v,
              (SELECT count(*)::int FROM security_protocol_handling_equipment WHERE protocol_id = $1) AS e`, [row.id]);
    expect(links[0]).toEqual({ p: 1, v: 1, e: 1 });

    const show = decode((await u.agent.get(`/security-protocol/${row.id}`)).text);
    expect(show).toContain('Bobines d\'acier');
    expect(show).toContain('Chariot élévateur');
    expect(show).toContain('01/12/2026');
    expect(show).toContain('Chargement');

    const form = decode((await u.agent.get(`/security-protocol/${row.id}/edit`)).text);
    expect(form).toContain('value="01/12/2026"');
    const edited = await post(u, `/security-protocol/${row.id}/edit`, 'pds', { ...fields, natureOfGoods: 'Bobines de cuivre', version: row.version });
    expect(edited.status).toBe(201);
    const stale = await post(u, `/security-protocol/${row.id}/edit`, 'pds', { ...fields, natureOfGoods: 'Autre', version: row.version });
    expect(stale.status).toBe(409);
    const [after] = await rows(u.tenantId);
    expect(after.nature_of_goods).toBe('Bobines de cuivre');
  });

  it('refuses a protocol number already used in the company, not one of another company', async () => {
    const company = newCompany();
    const u = await member(t, company, EDITOR);
    const other = await member(t, newCompany(), EDITOR);
    const base = { natureOfGoods: 'Vrac', _submit: 'DRAFT', version: 0 };
    expect((await post(u, '/security-protocol/new', 'pds', { ...base, pdsNumber: 'PDS-1' })).status).toBe(201);
    const twice = await post(u, '/security-protocol/new', 'pds', { ...base, pdsNumber: 'pds-1' });
    expect(twice.status).toBe(200);
    expect(decode(twice.text)).toContain('Ce numéro de protocole est déjà utilisé.');
    expect((await post(other, '/security-protocol/new', 'pds', { ...base, pdsNumber: 'PDS-1' })).status).toBe(201);
  });

  it('refuses the end before the start and a responsible of another company', async () => {
    const u = await member(t, newCompany(), EDITOR);
    const stranger = await member(t, newCompany(), EDITOR);
    const res = await post(u, '/security-protocol/new', 'pds', {
      pdsNumber: 'PDS-9', natureOfGoods: 'Fûts', responsibleId: stranger.id, isPunctual: '1', startDate: '10/12/2026', endDate: '01/12/2026', operationType: 'both', _submit: 'SAVE', version: 0,
    });
    expect(res.status).toBe(200);
    const html = decode(res.text);
    expect(html).toContain('La date de fin doit être postérieure ou égale à la date de début.');
    expect(html).toContain("Cette valeur doit être l'un des choix proposés.");
    expect(await rows(u.tenantId)).toHaveLength(0);
  });

  it('locks the form once the protocol left the draft state', async () => {
    const u = await member(t, newCompany(), EDITOR);
    await post(u, '/security-protocol/new', 'pds', { natureOfGoods: 'Vrac', _submit: 'DRAFT', version: 0 });
    const [row] = await rows(u.tenantId);
    await t.db.dataSource.query("UPDATE security_protocol SET status = 'waiting_tiers' WHERE id = $1", [row.id]);
    expect((await u.agent.get(`/security-protocol/${row.id}/edit`).set(XHR)).status).toBe(403);
  });
});
