import { createTestApp, type TestApp } from '../../support/app';
import { efficiencyIds, forceStatus, FORM, member, newAction, postBlock, RIGHTS, row, team, todayFr, version, XHR } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('the action block (event_workflow_action)', () => {
  it('shows the block in a modal with the fields, the buttons the user may press and the progress comments', async () => {
    const { tenantId, creator, assignee } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id, deadline: '2031-05-20', level: 'high' });
    const res = await assignee.agent.get(`/action-plan/${id}/workflow?inModal=1`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('class="modal-header"');
    expect(res.text).toContain('data-action-block');
    expect(res.text).toContain('En attente de prise en compte');
    expect(res.text).toContain('20/05/2031');
    expect(res.text).toContain('data-testid="transition-take_into_account"');
    expect(res.text).not.toContain('data-testid="transition-close"');
    expect(res.text).toContain('Aucun commentaire d&#39;avancement pour l&#39;instant.');
    // Opened outside the client, the route leads to the action page.
    const direct = await assignee.agent.get(`/action-plan/${id}/workflow`);
    expect(direct.status).toBe(302);
    expect(direct.headers.location).toBe(`/action-plan/${id}`);
    const page = await assignee.agent.get(`/action-plan/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Historique');
    expect(page.text).not.toMatch(/action-plan\.[a-z_]+\.[a-z_]/);
  });

  it('refuses to close without efficiency synthesis and closure date: « Veuillez renseigner ce champ. », nothing saved, typed values kept', async () => {
    const { tenantId, creator, assignee, closer } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    await forceStatus(t, id, 'PROCESSED');
    const before = await row(t, id);
    const res = await postBlock(closer, id, { efficiencySynthesis: '', closureDate: todayFr(), version: await version(t, id) }, 'close');
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="error-efficiencySynthesis"');
    expect(res.text).toMatch(/data-testid="error-efficiencySynthesis">Veuillez renseigner ce champ\./);
    expect(res.text).toContain(`value="${todayFr()}"`);
    const after = await row(t, id);
    expect(after.status).toBe('PROCESSED');
    expect(after.closure_text).toBeNull();
    expect(after.version).toBe(before.version);

    const nothing = await postBlock(closer, id, { efficiencySynthesis: '', closureDate: '', version: await version(t, id) }, 'close');
    expect(nothing.text).toMatch(/data-testid="error-efficiencySynthesis">Veuillez renseigner ce champ\./);
    expect(nothing.text).toMatch(/data-testid="error-closureDate">Veuillez renseigner ce champ\./);
    const noDate = await postBlock(closer, id, { efficiencySynthesis: String((await efficiencyIds(t, tenantId))[0]), closureDate: '', version: await version(t, id) }, 'close');
    expect(noDate.text).toMatch(/data-testid="error-closureDate">Veuillez renseigner ce champ\./);
    expect((await row(t, id)).status).toBe('PROCESSED');
    // The browser is told which fields each button needs.
    expect(noDate.text).toMatch(/name="mfpreventionbundle_action\[efficiencySynthesis\]" data-required-when="close"/);
  });

  it('closes with both fields, then only the efficiency synthesis stays editable', async () => {
    const { tenantId, creator, assignee, closer } = await team(t);
    const [causes, amelioration] = await efficiencyIds(t, tenantId);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    await forceStatus(t, id, 'PROCESSED');
    const closed = await postBlock(closer, id, { efficiencySynthesis: String(causes), closureDate: todayFr(), version: await version(t, id) }, 'close');
    expect(closed.status).toBe(200);
    expect(closed.text).toContain('data-testid="action-notice"');
    expect(closed.text).toContain('Clôturée');
    const r = await row(t, id);
    expect(r.status).toBe('CLOSED');
    expect(r.efficiency_synthesis_id).toBe(causes);
    // Read-only: no input for the text, the deadline or the closure date; the synthesis is a select.
    expect(closed.text).not.toContain(`name="${FORM}[comments]"`);
    expect(closed.text).not.toContain(`name="${FORM}[closureDate]"`);
    expect(closed.text).toContain(`name="${FORM}[efficiencySynthesis]"`);
    expect(closed.text).not.toContain('data-testid="transition-');

    // A crafted post changing the text is ignored; the synthesis is saved.
    const saved = await postBlock(closer, id, { comments: 'Texte modifié en douce', efficiencySynthesis: String(amelioration), closureDate: '01/01/2020', version: await version(t, id) });
    expect(saved.status).toBe(200);
    const after = await row(t, id);
    expect(after.efficiency_synthesis_id).toBe(amelioration);
    expect(after.comments).toBe('Remplacer le garde-corps de la passerelle');
    expect(after.closure_text).toBe(r.closure_text);
    expect(after.status).toBe('CLOSED');
    // The creator (no close right) sees everything read-only.
    const seen = await creator.agent.get(`/action-plan/${id}/workflow`).set(XHR);
    expect(seen.text).not.toContain(`name="${FORM}[efficiencySynthesis]"`);
    expect(seen.text).not.toContain('data-testid="action-save"');
  });

  it('refuses to abandon without an explanation, then abandons with one', async () => {
    const { tenantId, creator, assignee } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    const refused = await postBlock(creator, id, { comments: 'Remplacer le garde-corps de la passerelle', abandonExplanation: '  ', version: await version(t, id) }, 'abandon');
    expect(refused.text).toMatch(/data-testid="error-abandonExplanation">Veuillez renseigner ce champ\./);
    expect((await row(t, id)).status).toBe('WAITING');
    const done = await postBlock(creator, id, { comments: 'Remplacer le garde-corps de la passerelle', abandonExplanation: 'Poste supprimé', version: await version(t, id) }, 'abandon');
    expect(done.status).toBe(200);
    const r = await row(t, id);
    expect(r.status).toBe('ABANDONED');
    expect(r.abandon_explanation).toBe('Poste supprimé');
    // Abandoned: nothing is editable any more.
    expect(done.text).not.toContain('data-testid="action-save"');
  });

  it('creates the follow-up action on closing with « new action », linked both ways', async () => {
    const { tenantId, creator, assignee, closer } = await team(t);
    const [eff] = await efficiencyIds(t, tenantId);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id, level: 'urgent' });
    await forceStatus(t, id, 'PROCESSED');
    const res = await postBlock(closer, id, { efficiencySynthesis: String(eff), closureDate: todayFr(), newAction: ['0', '1'], version: await version(t, id) }, 'close');
    expect(res.status).toBe(200);
    const [child] = await t.db.dataSource.query('SELECT * FROM action WHERE parent_action_id = $1', [id]);
    expect(child).toBeDefined();
    expect(child).toMatchObject({ status: 'DRAFT', level: 'urgent', assignee_id: assignee.id, creator_id: closer.id, tenant_id: tenantId });
    expect(res.text).toContain(`L&#39;action de suite n°${child.id} a été créée.`);
    expect(res.text).toContain(`href="/action-plan/${child.id}"`);
    const childPage = await closer.agent.get(`/action-plan/${child.id}`);
    expect(childPage.text).toContain(`Suite de l&#39;action n°${id}`);
    expect(childPage.text).toContain(`href="/action-plan/${id}"`);
    // Without the box, no follow-up.
    const other = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    await forceStatus(t, other, 'PROCESSED');
    await postBlock(closer, other, { efficiencySynthesis: String(eff), closureDate: todayFr(), newAction: '0', version: await version(t, other) }, 'close');
    expect(await t.db.dataSource.query('SELECT id FROM action WHERE parent_action_id = $1', [other])).toEqual([]);
  });

  it('answers 409 with the latest version when the action changed in between, saving nothing', async () => {
    const { tenantId, creator, assignee } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    const v = await version(t, id);
    expect((await postBlock(creator, id, { comments: 'Première version', version: v })).status).toBe(200);
    const stale = await postBlock(creator, id, { comments: 'Seconde version', version: v });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('data-action-block');
    expect(stale.text).toContain('Première version');
    expect((await row(t, id)).comments).toBe('Première version');
  });

  it('keeps what was typed and explains a bad date; an empty text is refused', async () => {
    const { tenantId, creator } = await team(t);
    const id = await newAction(t, tenantId, creator.id, {});
    const res = await postBlock(creator, id, { comments: '', deadline: '31/02/2031', complement: 'Voir avec le fournisseur', version: await version(t, id) });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/data-testid="error-comments">Veuillez renseigner ce champ\./);
    expect(res.text).toContain('Veuillez saisir une date au format JJ/MM/AAAA.');
    expect(res.text).toContain('31/02/2031');
    expect(res.text).toContain('Voir avec le fournisseur');
    expect((await row(t, id)).complement).toBeNull();
  });

  it('adds dated, authored progress comments and refuses an empty one', async () => {
    const { tenantId, creator, assignee } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    const empty = await assignee.agent.post(`/action-plan/${id}/progress-comments`).set(XHR).type('form').send({ _csrf_token: assignee.csrf, comments: '  ', index: '2' });
    expect(empty.status).toBe(200);
    expect(empty.text).toMatch(/data-testid="error-progress">Veuillez renseigner ce champ\./);
    expect(empty.text).toContain('id="action-block-2"');
    const ok = await assignee.agent.post(`/action-plan/${id}/progress-comments`).set(XHR).type('form').send({ _csrf_token: assignee.csrf, comments: 'Pièce commandée chez le fournisseur', index: '2' });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('id="action-block-2"');
    expect(ok.text).toContain('Pièce commandée chez le fournisseur');
    expect(ok.text).toContain('Julien Test');
    expect(ok.text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const rows = await t.db.dataSource.query('SELECT author_id, body FROM action_progress_comment WHERE action_id = $1', [id]);
    expect(rows).toEqual([{ author_id: assignee.id, body: 'Pièce commandée chez le fournisseur' }]);
    // Someone of the company who does not follow the action cannot see it, so cannot comment.
    const stranger = await member(t, (await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]))[0].name, ['action.view']);
    const refused = await stranger.agent.post(`/action-plan/${id}/progress-comments`).set(XHR).type('form').send({ _csrf_token: stranger.csrf, comments: 'Intrus' });
    expect(refused.status).toBe(404);
  });

  it('refuses a POST without the CSRF token and changes nothing', async () => {
    const { tenantId, creator } = await team(t);
    const id = await newAction(t, tenantId, creator.id, {});
    const res = await creator.agent.post(`/action-plan/${id}/workflow`).set(XHR).type('form').send({ [`${FORM}[comments]`]: 'Sans jeton', [`${FORM}[version]`]: '1', workflow: '' });
    expect(res.status).toBe(403);
    const comment = await creator.agent.post(`/action-plan/${id}/progress-comments`).set(XHR).type('form').send({ comments: 'Sans jeton' });
    expect(comment.status).toBe(403);
    expect((await row(t, id)).comments).toBe('Remplacer le garde-corps de la passerelle');
    expect(await t.db.dataSource.query('SELECT 1 FROM action_progress_comment WHERE action_id = $1', [id])).toEqual([]);
  });

  it('answers 404 for another company\'s action on every route and changes nothing', async () => {
    const { tenantId, creator } = await team(t);
    const id = await newAction(t, tenantId, creator.id, {});
    const intruder = await member(t, 'Société concurrente', RIGHTS.manager, { roles: ['super_admin'] });
    const { agent, csrf } = intruder;
    expect((await agent.get(`/action-plan/${id}`)).status).toBe(404);
    expect((await agent.get(`/action-plan/${id}/workflow`).set(XHR)).status).toBe(404);
    expect((await agent.get(`/action-plan/${id}/history`).set(XHR)).status).toBe(404);
    expect((await agent.get(`/action-plan/${id}/files/attachmentFile1`)).status).toBe(404);
    expect((await postBlock(intruder, id, { comments: 'Piraté', version: '1' })).status).toBe(404);
    expect((await agent.post(`/action-plan/${id}/progress-comments`).set(XHR).type('form').send({ _csrf_token: csrf, comments: 'Piraté' })).status).toBe(404);
    const bulk = await agent.post('/action-plan/bulk/delete').set(XHR).type('form').send({ _csrf_token: csrf, 'ids[]': String(id) });
    expect(bulk.status).toBe(409);
    const r = await row(t, id);
    expect(r.comments).toBe('Remplacer le garde-corps de la passerelle');
    expect(r.deleted_at).toBeNull();
    const list = await agent.get('/action-plan');
    expect(list.text).not.toContain(`data-action-row="${id}"`);
  });

  it('uploads attachments with the form and serves them only to those who see the action', async () => {
    const { tenantId, creator, assignee } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const res = await creator.agent.post(`/action-plan/${id}/workflow`).set(XHR)
      .field('_csrf_token', creator.csrf).field('index', '0').field('workflow', '')
      .field(`${FORM}[comments]`, 'Remplacer le garde-corps de la passerelle').field(`${FORM}[version]`, await version(t, id))
      .attach(`${FORM}[attachmentFile1]`, pdf, 'Procès-verbal.pdf')
      .attach(`${FORM}[attachmentFile2]`, Buffer.from('MZ\x90\x00binaire'), 'outil.pdf');
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="error-attachmentFile2"');
    expect((await row(t, id)).attachment_file1_id).toBeNull();
    const ok = await creator.agent.post(`/action-plan/${id}/workflow`).set(XHR)
      .field('_csrf_token', creator.csrf).field('index', '0').field('workflow', '')
      .field(`${FORM}[comments]`, 'Remplacer le garde-corps de la passerelle').field(`${FORM}[version]`, await version(t, id))
      .attach(`${FORM}[attachmentFile1]`, pdf, 'Procès-verbal.pdf');
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('Procès-verbal.pdf');
    const file = await assignee.agent.get(`/action-plan/${id}/files/attachmentFile1`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment');
    const stranger = await member(t, (await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]))[0].name, ['action.view']);
    expect((await stranger.agent.get(`/action-plan/${id}/files/attachmentFile1`)).status).toBe(404);
  });

  it('shows the history with who did what, with the workflow labels', async () => {
    const { tenantId, creator, assignee } = await team(t);
    const id = await newAction(t, tenantId, creator.id, { assigneeId: assignee.id });
    await postBlock(assignee, id, { version: await version(t, id) }, 'take_into_account');
    const res = await assignee.agent.get(`/action-plan/${id}/history`).set(XHR);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Création');
    expect(res.text).toContain('Prendre en compte');
    expect(res.text).toContain('En attente de prise en compte');
    expect(res.text).toContain('En cours');
    expect(res.text).toContain('Julien Test');
    expect(res.text).not.toContain('action-plan.');
  });
});
