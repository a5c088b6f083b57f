import path from 'node:path';
import ejs from 'ejs';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { registerActionSource } from '../../../server/modules/action-plan/action-sources';
import { listActionsForSource } from '../../../server/modules/action-plan/action-plan.service';
import { translator } from '../../../server/kernel/i18n/i18n';
import { createTestApp, type TestApp } from '../../support/app';
import { FORM, forceStatus, member, newAction, newCompany, RIGHTS, row, team, XHR } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const ids = (html: string) => [...html.matchAll(/data-action-row="(\d+)"/g)].map((m) => Number(m[1]));

describe('action plan list', () => {
  it('filters by status, level, assignee, deadline range, source and text; sorts; pages with the kernel pager', async () => {
    const crew = await team(t);
    const a = await newAction(t, crew.tenantId, crew.creator.id, { comments: 'Baliser la zone de chargement', assigneeId: crew.assignee.id, deadline: '2031-03-10', level: 'urgent' });
    const b = await newAction(t, crew.tenantId, crew.creator.id, { comments: 'Former les caristes', assigneeId: crew.other.id, deadline: '2031-01-05', level: 'normal' });
    const c = await newAction(t, crew.tenantId, crew.creator.id, { comments: 'Réviser le document unique', deadline: '2031-06-01', level: 'high', sourceType: 'inspection', sourceId: 7 });
    const get = async (q: string) => ids((await crew.manager.agent.get(`/action-plan?${q}`)).text);
    expect(await get('status=DRAFT')).toEqual([c]);
    expect(await get('level=urgent')).toEqual([a]);
    expect(await get(`assignee=${crew.other.id}`)).toEqual([b]);
    expect(await get('deadlineFrom=01/02/2031&deadlineTo=31/03/2031')).toEqual([a]);
    expect(await get('source=none')).toEqual([b, a]);
    expect(await get('source=inspection')).toEqual([c]);
    expect(await get('q=caristes')).toEqual([b]);
    expect(await get(`q=${c}`)).toEqual([c]);
    expect(await get('sort=deadline&dir=asc')).toEqual([b, a, c]);
    expect(await get('sort=level&dir=desc')).toEqual([a, c, b]);
    expect(await get('sort=id&dir=desc')).toEqual([c, b, a]);
    // Bad filter values are dropped, never a 500.
    const odd = await crew.manager.agent.get('/action-plan?status=NOPE&sort=drop;table&deadlineFrom=xx&assignee=abc&perPage=7');
    expect(odd.status).toBe(200);
    expect(ids(odd.text)).toEqual([c, b, a]);

    for (let i = 0; i < 52; i++) await newAction(t, crew.tenantId, crew.creator.id, { comments: `Action de masse ${i}` });
    const page1 = await crew.manager.agent.get('/action-plan');
    expect(ids(page1.text)).toHaveLength(50);
    expect(page1.text).toContain('55 résultat(s)');
    expect(page1.text).toContain('Page 1 sur 2');
    const page2 = await crew.manager.agent.get('/action-plan?page=2');
    const second = ids(page2.text);
    expect(second).toHaveLength(5);
    expect(second.slice(2)).toEqual([c, b, a]);
  });

  it('colours deadlines: late in red, within 7 days in orange, while the assignee still has work to do', async () => {
    const restore = useClock(new FixedClock(new Date('2031-04-15T10:00:00Z')));
    try {
      const crew = await team(t);
      const late = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id, deadline: '2031-04-14' });
      const soon = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id, deadline: '2031-04-22' });
      const later = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id, deadline: '2031-04-23' });
      const doneLate = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id, deadline: '2031-04-01' });
      await forceStatus(t, doneLate, 'CLOSED');
      const html = (await crew.manager.agent.get('/action-plan')).text;
      // The row's class is its state (islands/core/list.css colours its deadline from it); none when on time.
      const state = (id: number) => new RegExp(`data-action-row="${id}"(?: class="([^"]*)")?>`).exec(html)?.[1] ?? '';
      expect(state(late)).toBe('table-danger');
      expect(state(soon)).toBe('table-warning');
      expect(state(later)).toBe('');
      expect(state(doneLate)).toBe('');
      expect(html).toContain('En retard');
      expect(html).toContain('14/04/2031');
    } finally {
      restore();
    }
  });

  it('exports the filtered list as CSV for French Excel (UTF-8 BOM, semicolons, French labels and dates)', async () => {
    const crew = await team(t);
    const a = await newAction(t, crew.tenantId, crew.creator.id, { comments: 'Réparer la porte; quai 1', assigneeId: crew.assignee.id, deadline: '2031-05-20', level: 'high' });
    await newAction(t, crew.tenantId, crew.creator.id, { comments: 'Brouillon hors filtre' });
    const res = await crew.manager.agent.get('/action-plan/export.csv?status=WAITING').buffer(true).parse((r, cb) => { const chunks: Buffer[] = []; r.on('data', (c: Buffer) => chunks.push(c)); r.on('end', () => cb(null, Buffer.concat(chunks))); });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="plan-d-actions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body: Buffer = res.body;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('N°;Statut;Priorité;Action à mener;Complément;Immédiate;Responsable;Créée par;Échéance;Date de clôture;Origine;Entité;Service;Créée le');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^${a};En attente de prise en compte;Haute;"Réparer la porte; quai 1";;Non;Julien Test;Claire Test;20/05/2031;;;;;\\d{2}/\\d{2}/\\d{4}$`));
    expect(lines[2]).toBe('');
  });

  it('"my actions": assigned to me or created by me, open ones by default', async () => {
    const crew = await team(t);
    const assigned = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    const created = await newAction(t, crew.tenantId, crew.assignee.id, { assigneeId: crew.other.id });
    const closed = await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.assignee.id });
    await forceStatus(t, closed, 'CLOSED');
    await newAction(t, crew.tenantId, crew.creator.id, { assigneeId: crew.other.id });
    const get = async (q: string) => ids((await crew.assignee.agent.get(`/action-plan/mine?${q}`)).text).sort((x, y) => x - y);
    expect(await get('')).toEqual([assigned, created]);
    expect(await get('who=assigned')).toEqual([assigned]);
    expect(await get('who=created')).toEqual([created]);
    expect(await get('open=0')).toEqual([assigned, created, closed]);
    expect(await get('status=CLOSED')).toEqual([closed]);
  });

  it('shows an empty state with the add button', async () => {
    const user = await member(t, newCompany(), RIGHTS.creator);
    const res = await user.agent.get('/action-plan');
    expect(res.text).toContain('data-testid="empty-state"');
    expect(res.text).toContain('Aucune action ne correspond à ces critères.');
    expect(res.text).toContain('href="/action-plan/new"');
  });
});

describe('creating actions', () => {
  it('saves a draft without browser or server requirements, and sends one only with an assignee', async () => {
    const crew = await team(t);
    const form = await crew.creator.agent.get('/action-plan/new').set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('value="DRAFT"');
    const draft = await crew.creator.agent.post('/action-plan/new').set(XHR).type('form').send({ _csrf_token: crew.creator.csrf, _submit: 'DRAFT', [`${FORM}[comments]`]: '', [`${FORM}[level]`]: 'high' });
    expect(draft.status).toBe(201);
    const [d] = await t.db.dataSource.query('SELECT * FROM action WHERE id = $1', [draft.body.id]);
    expect(d).toMatchObject({ status: 'DRAFT', level: 'high', creator_id: crew.creator.id, assignee_id: null });
    const noAssignee = await crew.creator.agent.post('/action-plan/new').set(XHR).type('form').send({ _csrf_token: crew.creator.csrf, _submit: 'SEND', [`${FORM}[comments]`]: 'Baliser la zone', [`${FORM}[deadline]`]: '12/09/2031' });
    expect(noAssignee.status).toBe(200);
    expect(noAssignee.text).toMatch(/data-testid="error-assignee">Veuillez renseigner ce champ\./);
    expect(noAssignee.text).toContain('Baliser la zone');
    expect(noAssignee.text).toContain('12/09/2031');
    const sent = await crew.creator.agent.post('/action-plan/new').set(XHR).type('form').send({ _csrf_token: crew.creator.csrf, _submit: 'SEND', [`${FORM}[comments]`]: 'Baliser la zone', [`${FORM}[deadline]`]: '12/09/2031', [`${FORM}[assignee]`]: String(crew.assignee.id) });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(`L'action n°${sent.body.id} a été créée et transmise à son responsable.`);
    expect(await row(t, sent.body.id)).toMatchObject({ status: 'WAITING', assignee_id: crew.assignee.id, deadline_text: '2031-09-12', source_type: null });
  });

  it('quick add: the action is linked to its source, takes its scope, and is listed on the source', async () => {
    const crew = await team(t);
    const [type] = await t.db.dataSource.query(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id`, [crew.tenantId]);
    const [site] = await t.db.dataSource.query(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Entrepôt de Saint-Priest', $2) RETURNING id`, [crew.tenantId, type.id]);
    registerActionSource({
      type: 'inspection', labelKey: 'action-plan.fields.source',
      describe: async (_em, tenantId, id) => (tenantId === crew.tenantId && id === 4242 ? { label: 'Inspection n°4242 – Quai 3', url: '/inspections/4242', hierarchyItemId: site.id } : null),
      sees: async () => true,
    });
    expect((await crew.creator.agent.get('/action-plan/quick-add/4242').set(XHR)).status).toBe(404);
    expect((await crew.creator.agent.get('/action-plan/quick-add/4243?source=inspection').set(XHR)).status).toBe(404);
    const form = await crew.creator.agent.get('/action-plan/quick-add/4242?source=inspection').set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Inspection n°4242 – Quai 3');
    expect(form.text).toContain(`<option value="${site.id}" selected>`);
    const res = await crew.creator.agent.post('/action-plan/quick-add/4242?source=inspection').set(XHR).type('form').send({
      _csrf_token: crew.creator.csrf, _submit: 'SEND', [`${FORM}[comments]`]: 'Réparer le butoir du quai 3', [`${FORM}[assignee]`]: String(crew.assignee.id), [`${FORM}[hierarchyItem]`]: String(site.id),
    });
    expect(res.status).toBe(201);
    expect(await row(t, res.body.id)).toMatchObject({ source_type: 'inspection', source_id: 4242, hierarchy_item_id: site.id, status: 'WAITING' });
    const listed = await listActionsForSource(t.db.dataSource, crew.tenantId, 'inspection', 4242);
    expect(listed).toEqual([{ id: res.body.id, comments: 'Réparer le butoir du quai 3', status: 'WAITING', level: 'normal', deadline: null, assigneeName: 'Julien Test' }]);
    expect(await listActionsForSource(t.db.dataSource, crew.tenantId + 100000, 'inspection', 4242)).toEqual([]);
    // The partial the source page includes.
    const t_ = translator('fr');
    const html = await ejs.renderFile(path.join(__dirname, '../../../views/action-plan/_source_actions.ejs'), {
      actions: listed, sourceType: 'inspection', sourceId: 4242, t: t_, can: (r: string) => r === 'action.add',
      path: (name: string, p: Record<string, unknown>) => t.ctx.routes.path(name, p as Record<string, string>),
    });
    expect(html).toContain(`href="/action-plan/${res.body.id}/workflow" data-modal`);
    expect(html).toContain('En attente de prise en compte');
    expect(html).toContain('href="/action-plan/quick-add/4242?source=inspection"');
    expect(html).toContain('Ajouter une action');
    // The block shows where it comes from.
    const block = await crew.creator.agent.get(`/action-plan/${res.body.id}/workflow`).set(XHR);
    expect(block.text).toContain('href="/inspections/4242" data-testid="action-source">Inspection n°4242 – Quai 3');
    // Another company's source record answers 404.
    const intruder = await member(t, newCompany(), RIGHTS.creator);
    expect((await intruder.agent.get('/action-plan/quick-add/4242?source=inspection').set(XHR)).status).toBe(404);
  });
});
