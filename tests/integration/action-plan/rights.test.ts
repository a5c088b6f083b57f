import { createTestApp, type TestApp } from '../../support/app';
import { efficiencyIds, forceStatus, member, newAction, postBlock, RIGHTS, row, team, todayFr, version, XHR, type Member } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function buttons(who: Member, id: number): Promise<string[]> {
  const res = await who.agent.get(`/action-plan/${id}/workflow`).set(XHR);
  if (res.status !== 200) return [`HTTP ${res.status}`];
  return [...res.text.matchAll(/data-testid="transition-(\w+)"/g)].map((m) => m[1]);
}

describe('action rights: buttons each part sees', () => {
  it('offers each user only the transitions their part allows, in every open state', async () => {
    const crew = await team(t);
    const company = crew.company;
    const assignedCloser = await member(t, company, [...RIGHTS.assignee, 'action.close_assigned']);
    const expected: Record<string, Record<string, string[]>> = {
      DRAFT: { creator: ['waiting', 'abandon'], assignee: [], closer: ['abandon'], manager: ['waiting', 'abandon'] },
      WAITING: { creator: ['abandon'], assignee: ['take_into_account'], closer: ['abandon'], manager: ['take_into_account', 'reassign', 'abandon'] },
      REASSIGNED: { creator: ['abandon'], assignee: ['take_into_account'], closer: ['abandon'], manager: ['take_into_account', 'reassign', 'abandon'] },
      IN_PROGRESS: { creator: ['abandon'], assignee: ['processed'], closer: ['close', 'abandon'], manager: ['reassign', 'processed', 'close', 'abandon'] },
      PROCESSED: { creator: ['waiting', 'abandon'], assignee: [], closer: ['waiting', 'close', 'abandon'], manager: ['waiting', 'close', 'abandon'] },
      CLOSED: { creator: [], assignee: [], closer: [], manager: [] },
      ABANDONED: { creator: [], assignee: [], closer: [], manager: [] },
    };
    const seen: Record<string, Record<string, string[]>> = {};
    for (const state of Object.keys(expected)) {
      const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
      await forceStatus(t, id, state);
      seen[state] = {
        creator: await buttons(crew.creator, id), assignee: await buttons(crew.assignee, id),
        closer: await buttons(crew.closer, id), manager: await buttons(crew.manager, id),
      };
    }
    expect(seen).toEqual(expected);
    // action.close_assigned: the assignee may close what is assigned to them, not others' actions.
    const mine = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: assignedCloser.id });
    await forceStatus(t, mine, 'IN_PROGRESS');
    expect(await buttons(assignedCloser, mine)).toEqual(['processed', 'close', 'abandon']);
  }, 60_000);

  it('action.close without action.close_assigned: nobody closes the action assigned to them (no button, the block says why, 403 by hand); another closer does', async () => {
    const crew = await team(t);
    // A closer of the whole company, assigned an action: action.close is for the actions of others (closing,
    // sending back or abandoning them), so they finish nothing of their own.
    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.closer.id });
    await forceStatus(t, id, 'PROCESSED');
    expect(await buttons(crew.closer, id)).toEqual([]);
    const reason = 'Vous ne pouvez pas clôturer une action qui vous est affectée : une autre personne habilitée à clôturer les actions la vérifiera et la clôturera.';
    const block = await crew.closer.agent.get(`/action-plan/${id}/workflow`).set(XHR);
    expect(block.text).toContain('data-testid="action-own-close"');
    expect(block.text).toContain(reason.replace("'", '&#39;'));
    const eff = String((await efficiencyIds(t, crew.tenantId))[0]);
    const forged = await postBlock(crew.closer, id, { efficiencySynthesis: eff, closureDate: todayFr(), version: await version(t, id) }, 'close');
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe(reason);
    expect(await row(t, id)).toMatchObject({ status: 'PROCESSED', closure_date: null, efficiency_synthesis_id: null });
    // The manager (not the assignee) closes it; the creator's own actions are not concerned.
    expect(await buttons(crew.manager, id)).toContain('close');
    expect((await crew.manager.agent.get(`/action-plan/${id}/workflow`).set(XHR)).text).not.toContain('data-testid="action-own-close"');
    const closed = await postBlock(crew.manager, id, { efficiencySynthesis: eff, closureDate: todayFr(), version: await version(t, id) }, 'close');
    expect(closed.status).toBe(200);
    expect((await row(t, id)).status).toBe('CLOSED');
  });

  it('says a workflow refusal in the user\'s language: English, German, and French by default', async () => {
    const crew = await team(t);
    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    await forceStatus(t, id, 'IN_PROGRESS');
    const refusal = async (locale: string | null) => {
      await t.db.dataSource.query('UPDATE app_user SET locale = $2 WHERE id = $1', [crew.creator.id, locale]);
      const res = await postBlock(crew.creator, id, { version: await version(t, id) }, 'processed');
      expect(res.status).toBe(403);
      return res.body.message;
    };
    expect(await refusal('en')).toBe('You are not allowed to perform this action.');
    expect(await refusal('de')).toBe('Sie sind nicht berechtigt, diese Aktion auszuführen.');
    expect(await refusal('fr')).toBe("Vous n'avez pas le droit d'effectuer cette action.");
    expect((await row(t, id)).status).toBe('IN_PROGRESS');
  });

  it('refuses a transition the user may not press (403) even when posted by hand', async () => {
    const crew = await team(t);
    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    await forceStatus(t, id, 'IN_PROGRESS');
    const res = await postBlock(crew.creator, id, { version: await version(t, id) }, 'processed');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Vous n'avez pas le droit d'effectuer cette action.");
    const reassign = await postBlock(crew.assignee, id, { assignee: String(crew.other.id), version: await version(t, id) }, 'reassign');
    expect(reassign.status).toBe(403);
    expect((await row(t, id))).toMatchObject({ status: 'IN_PROGRESS', assignee_id: crew.assignee.id });
  });

  it('action.view: without it every action page answers 403; "my actions" stays open', async () => {
    const crew = await team(t);
    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    const nobody = await member(t, crew.company, []);
    for (const url of ['/action-plan', `/action-plan/${id}`, `/action-plan/${id}/history`, '/action-plan/export.csv', '/action-plan/assignees?q=a']) {
      expect([url, (await nobody.agent.get(url).set(XHR)).status]).toEqual([url, 403]);
    }
    const before = await row(t, id);
    expect((await postBlock(nobody, id, { comments: 'x', version: '1' })).status).toBe(403);
    expect(await row(t, id)).toEqual(before);
    const mine = await nobody.agent.get('/action-plan/mine');
    expect(mine.status).toBe(200);
    expect(mine.text).toContain('Vous n&#39;avez aucune action en cours.');
  });

  it('action.view alone: only actions one created or is assigned; others answer 404', async () => {
    const crew = await team(t);
    const theirs = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.other.id });
    const mine = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    expect((await crew.assignee.agent.get(`/action-plan/${theirs}`)).status).toBe(404);
    expect((await crew.assignee.agent.get(`/action-plan/${mine}`)).status).toBe(200);
    const list = await crew.assignee.agent.get('/action-plan');
    expect(list.text).toContain(`data-action-row="${mine}"`);
    expect(list.text).not.toContain(`data-action-row="${theirs}"`);
  });

  it('action.view_all reaches the user\'s scope: their items and everything below, their services, and actions attached to nothing', async () => {
    const crew = await team(t);
    const q = (sql: string, p: unknown[]) => t.db.dataSource.query(sql, p).then((r: any[]) => r[0].id as number);
    const type = await q(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id`, [crew.tenantId]);
    const lyon = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Usine de Lyon', $2) RETURNING id`, [crew.tenantId, type]);
    const atelier = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id, parent_id) VALUES ($1, 'Atelier A', $2, $3) RETURNING id`, [crew.tenantId, type, lyon]);
    const nantes = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Usine de Nantes', $2) RETURNING id`, [crew.tenantId, type]);
    const qhse = await q(`INSERT INTO service (tenant_id, name) VALUES ($1, 'QHSE') RETURNING id`, [crew.tenantId]);
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [crew.closer.id, lyon, crew.tenantId]);
    await t.db.dataSource.query('INSERT INTO user_service (user_id, service_id, tenant_id) VALUES ($1, $2, $3)', [crew.closer.id, qhse, crew.tenantId]);
    const inAtelier = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id, hierarchyItemId: atelier });
    const inNantes = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id, hierarchyItemId: nantes });
    const inQhse = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id, hierarchyItemId: nantes, serviceId: qhse });
    const unscoped = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    const status = async (id: number) => (await crew.closer.agent.get(`/action-plan/${id}`)).status;
    expect([await status(inAtelier), await status(inNantes), await status(inQhse), await status(unscoped)]).toEqual([200, 404, 200, 200]);
    const list = await crew.closer.agent.get('/action-plan?perPage=100');
    const rows = [...list.text.matchAll(/data-action-row="(\d+)"/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
    expect(rows).toEqual([inAtelier, inQhse, unscoped].sort((a, b) => a - b));
    // The manager, attached to nothing, sees the whole company.
    const all = await crew.manager.agent.get('/action-plan?perPage=100');
    expect(all.text).toContain(`data-action-row="${inNantes}"`);
    // The hierarchy filter keeps an item and what is below it.
    const filtered = await crew.manager.agent.get(`/action-plan?perPage=100&selected[t${type}][]=${lyon}`);
    const filteredRows = [...filtered.text.matchAll(/data-action-row="(\d+)"/g)].map((m) => Number(m[1]));
    expect(filteredRows).toEqual([inAtelier]);
  });

  it('action.add: the creation form and button need it', async () => {
    const crew = await team(t);
    expect((await crew.assignee.agent.get('/action-plan/new').set(XHR)).status).toBe(403);
    expect((await crew.assignee.agent.get('/action-plan')).text).not.toContain('data-testid="action-add"');
    expect((await crew.creator.agent.get('/action-plan')).text).toContain('data-testid="action-add"');
    const res = await crew.assignee.agent.post('/action-plan/new').set(XHR).type('form').send({ _csrf_token: crew.assignee.csrf, 'mfpreventionbundle_action[comments]': 'x' });
    expect(res.status).toBe(403);
  });

  it('action.edit_all: editing someone else\'s action needs it; without it the fields are read-only and ignored', async () => {
    const crew = await team(t);
    const id = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    const closerView = await crew.closer.agent.get(`/action-plan/${id}/workflow`).set(XHR);
    expect(closerView.text).not.toContain('name="mfpreventionbundle_action[comments]"');
    await postBlock(crew.closer, id, { comments: 'Changé par le contrôleur', version: await version(t, id) });
    expect((await row(t, id)).comments).toBe('Remplacer le garde-corps de la passerelle');
    const res = await postBlock(crew.manager, id, { comments: 'Précisé par le responsable QHSE', version: await version(t, id) });
    expect(res.status).toBe(200);
    expect((await row(t, id)).comments).toBe('Précisé par le responsable QHSE');
  });

  it('action.delete_drafts: only drafts go to the trash, and only with the right ("Action non autorisée." otherwise)', async () => {
    const crew = await team(t);
    const draft = await newAction(t, crew.tenantId, crew.creator.id, {});
    const sent = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    const refused = await crew.creator.agent.post('/action-plan/bulk/delete').set(XHR).type('form').send({ _csrf_token: crew.creator.csrf, 'ids[]': [String(draft)] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Action non autorisée.');
    expect((await row(t, draft)).deleted_at).toBeNull();
    const res = await crew.manager.agent.post('/action-plan/bulk/delete').set(XHR).type('form').send({ _csrf_token: crew.manager.csrf, 'ids[]': [String(draft), String(sent)] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('1 brouillon(s) placé(s) dans la corbeille.');
    expect((await row(t, draft)).deleted_at).not.toBeNull();
    expect((await row(t, sent)).deleted_at).toBeNull();
    const [trash] = await t.db.dataSource.query(`SELECT title FROM trash_item WHERE subject_table = 'action' AND subject_id = $1`, [draft]);
    expect(trash.title).toBe(`Action n°${draft} – Remplacer le garde-corps de la passerelle`);
    expect((await crew.manager.agent.get(`/action-plan/${draft}`)).status).toBe(404);
    const none = await crew.manager.agent.post('/action-plan/bulk/delete').set(XHR).type('form').send({ _csrf_token: crew.manager.csrf, 'ids[]': [String(sent)] });
    expect(none.status).toBe(409);
    expect(none.body.message).toContain('seuls les brouillons peuvent l');
    expect((await row(t, sent)).deleted_at).toBeNull();
  });

  it('action.archive: only finished actions are archived, they leave the list and come back', async () => {
    const crew = await team(t);
    const closed = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    await forceStatus(t, closed, 'CLOSED');
    const open = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    expect((await crew.closer.agent.post('/action-plan/bulk/archive').set(XHR).type('form').send({ _csrf_token: crew.closer.csrf, 'ids[]': [String(closed)] })).status).toBe(403);
    expect((await row(t, closed)).archived).toBe(false);
    const res = await crew.manager.agent.post('/action-plan/bulk/archive').set(XHR).type('form').send({ _csrf_token: crew.manager.csrf, 'ids[]': [String(closed), String(open)] });
    expect(res.status).toBe(200);
    expect((await row(t, closed)).archived).toBe(true);
    expect((await row(t, open)).archived).toBe(false);
    expect((await crew.manager.agent.get('/action-plan')).text).not.toContain(`data-action-row="${closed}"`);
    const archived = await crew.manager.agent.get('/action-plan?archived=1');
    expect(archived.text).toContain(`data-action-row="${closed}"`);
    expect(archived.text).toContain('data-testid="bulk-unarchive"');
    const back = await crew.manager.agent.post('/action-plan/bulk/unarchive').set(XHR).type('form').send({ _csrf_token: crew.manager.csrf, 'ids[]': [String(closed)] });
    expect(back.status).toBe(200);
    expect((await row(t, closed)).archived).toBe(false);
    const empty = await crew.manager.agent.post('/action-plan/bulk/archive').set(XHR).type('form').send({ _csrf_token: crew.manager.csrf });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Veuillez effectuer une sélection');
  });

  it('action.assignable: the autocomplete offers only assignable members of the company; others are refused', async () => {
    const crew = await team(t);
    const notAssignable = await member(t, crew.company, ['action.view'], { firstName: 'Zoé' });
    const foreign = await member(t, 'Autre société', RIGHTS.assignee, { firstName: 'Zoé' });
    const found = await crew.creator.agent.get('/action-plan/assignees?q=Zo').set(XHR);
    expect(found.status).toBe(200);
    expect(found.body).toEqual([]);
    const julien = await crew.creator.agent.get('/action-plan/assignees?q=Julien').set(XHR);
    expect(julien.body).toEqual([{ id: crew.assignee.id, label: 'Julien Test' }]);
    const draft = await newAction(t, crew.tenantId, crew.creator.id, {});
    for (const who of [notAssignable, foreign]) {
      const res = await postBlock(crew.creator, draft, { comments: 'Baliser la zone', assignee: String(who.id), version: await version(t, draft) }, 'waiting');
      expect(res.text).toContain('Cette personne ne peut pas être responsable d&#39;une action.');
    }
    expect((await row(t, draft))).toMatchObject({ status: 'DRAFT', assignee_id: null });
  });
});
