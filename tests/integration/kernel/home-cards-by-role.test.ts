import { FixedClock, useClock } from '../../../server/kernel/clock';
import { setToggle } from '../../../server/kernel/toggles/toggles';
import { createAction } from '../../../server/modules/action-plan/action-plan.service';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

/**
 * The home cards of issue 25 item 7 (plans waiting for me, today's permits, late actions,
 * documents to renew) and the administrator's first-start guide: each shows what waits for this
 * user only, at its deadline boundaries, and only with its right.
 */
let t: TestApp;
let restore: () => void;
beforeAll(async () => {
  t = await createTestApp();
  // 25/11/2026, 11:00 in Paris.
  restore = useClock(new FixedClock(new Date('2026-11-25T10:00:00Z')));
});
afterAll(async () => { restore(); await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const id = async (sql: string, params: unknown[]): Promise<number> => (await q(`${sql} RETURNING id`, params))[0].id;
let seq = 0;
const uniq = () => `${Date.now() % 1e7}-${++seq}`;
const companyOf = async (tenantId: number): Promise<string> => (await q('SELECT name FROM tenant WHERE id = $1', [tenantId]))[0].name;

/** The cards of the home page, each with its count and the text of its lines (or of its empty state). */
function cardsOf(html: string): Record<string, { count: number; lines: string[] }> {
  const out: Record<string, { count: number; lines: string[] }> = {};
  for (const part of html.split('data-home-card="').slice(1)) {
    const key = part.slice(0, part.indexOf('"'));
    const count = Number(/data-testid="home-card-count">(\d+)</.exec(part)![1]);
    const lines = part.split('data-testid="home-card-item"').slice(1).map((l) => l.slice(l.indexOf('>') + 1, l.indexOf('</li>')).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').replace(/&#39;/g, "'").trim());
    const empty = lines.length ? [] : [/text-success fs-5"><\/i>([^<]+)</.exec(part)?.[1].replace(/&#39;/g, "'").trim() ?? ''];
    out[key] = { count, lines: lines.length ? lines : empty };
  }
  return out;
}

async function homeOf(user: { username: string; password: string }): Promise<string> {
  const { agent } = await loginAs(t, user);
  return (await agent.get('/')).text;
}

function plan(tenantId: number, creatorId: number, subject: string, status: string, opts: { orderingCustomerId?: number; archived?: boolean } = {}): Promise<number> {
  return id(`INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, status, ordering_customer_id, archived) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [tenantId, `PDP-${uniq()}`, subject, creatorId, status, opts.orderingCustomerId ?? null, opts.archived ?? false]);
}

describe('plans waiting for me', () => {
  it('lists the plans waiting for my validation or my company signature, not the others', async () => {
    const me = await makeUser(t, { roles: [], rights: ['pdp.view'] });
    const company = await companyOf(me.tenantId);
    const colleague = await makeUser(t, { roles: [], rights: ['pdp.view'], company });
    const tn = me.tenantId;
    await plan(tn, colleague.id, 'Validation attendue', 'waiting_internal', { orderingCustomerId: me.id });
    const manual = await plan(tn, colleague.id, 'Papier à déposer', 'waiting_manual', { orderingCustomerId: colleague.id });
    await q('INSERT INTO plan_substitute (tenant_id, plan_id, user_id) VALUES ($1, $2, $3)', [tn, manual, me.id]);
    await plan(tn, colleague.id, 'Validation du collègue', 'waiting_internal', { orderingCustomerId: colleague.id });
    await plan(tn, colleague.id, 'Brouillon à moi', 'draft', { orderingCustomerId: me.id });
    await plan(tn, colleague.id, 'Archivé', 'waiting_internal', { orderingCustomerId: me.id, archived: true });
    await plan(tn, colleague.id, 'En cours', 'in_operation', { orderingCustomerId: me.id });
    // As the contact (with an account) of an outside company: to sign until the company has signed this round.
    const contact = await id('INSERT INTO contact (tenant_id, last_name, first_name, email, user_id) VALUES ($1, $2, $3, $4, $5)', [tn, 'Morel', 'Julien', 'julien.morel@example.fr', me.id]);
    const toSign = await plan(tn, colleague.id, 'Signature de mon entreprise', 'waiting_tiers');
    await id(`INSERT INTO plan_company (tenant_id, plan_id, kind, name, contact_id) VALUES ($1, $2, 'EE', 'Morel Levage', $3)`, [tn, toSign, contact]);
    const signed = await plan(tn, colleague.id, 'Déjà signé', 'waiting_tiers');
    const ee = await id(`INSERT INTO plan_company (tenant_id, plan_id, kind, name, contact_id) VALUES ($1, $2, 'EE', 'Morel Levage', $3)`, [tn, signed, contact]);
    await q(`INSERT INTO plan_signature (tenant_id, plan_id, kind, signer_key, plan_company_id, signer_name, image, channel, round, signed_at)
             VALUES ($1, $2, 'company', $3, $4, 'Julien Morel', 'data:image/png;base64,AA==', 'app', 0, now())`, [tn, signed, `company:${ee}`, ee]);
    // Another company's plan never shows, even naming my id.
    const other = await makeUser(t);
    await plan(other.tenantId, other.id, 'Autre société', 'waiting_internal', { orderingCustomerId: me.id });

    const card = cardsOf(await homeOf(me))['plans-waiting'];
    expect(card.count).toBe(3);
    expect(card.lines.map((l) => l.replace(/^PDP-\S+ · /, ''))).toEqual(expect.arrayContaining([
      'Validation attendue En attente de validation interne À valider',
      'Papier à déposer En attente de signature manuscrite Papier signé à déposer',
      'Signature de mon entreprise En attente des entreprises À signer',
    ]));
  });

  it('says what to do when nothing waits, and is not shown without pdp.view', async () => {
    const me = await makeUser(t, { roles: [], rights: ['pdp.view'] });
    expect(cardsOf(await homeOf(me))['plans-waiting']).toEqual({ count: 0, lines: ['Aucun plan n\'attend votre signature ni votre validation. Pour préparer une intervention, créez un plan de prévention.'] });
    const without = await makeUser(t, { roles: [], rights: ['action.view'] });
    expect(cardsOf(await homeOf(without))['plans-waiting']).toBeUndefined();
  });
});

describe('permits of the day', () => {
  const permit = (tenantId: number, planId: number | null, number: string, state: string, start: string, end: string) => id(
    `INSERT INTO permit (tenant_id, type, number, state, plan_id, description, start_at, end_at) VALUES ($1, 'fire', $2, $3, $4, 'Meulage de la charpente', $5, $6)`,
    [tenantId, number, state, planId, start, end]);

  it('lists the permits whose period meets today (Paris day), not closed, that I see', async () => {
    const me = await makeUser(t, { roles: [], rights: ['pdp.view', 'pdp.view_fire_permits'] });
    const tn = me.tenantId;
    const colleague = await makeUser(t, { roles: [], rights: ['pdp.view'], company: await companyOf(tn) });
    await permit(tn, null, 'PF-A', 'draft', '2026-11-25T07:00:00Z', '2026-11-25T16:00:00Z');
    await permit(tn, null, 'PF-B', 'in_progress', '2026-11-24T07:00:00Z', '2026-11-26T16:00:00Z');
    // Ends at midnight, Paris, this morning: still today's.
    await permit(tn, null, 'PF-C', 'post_work', '2026-11-24T07:00:00Z', '2026-11-24T23:00:00Z');
    // Ended a minute before midnight yesterday; starts at midnight tomorrow; closed.
    await permit(tn, null, 'PF-D', 'in_progress', '2026-11-24T07:00:00Z', '2026-11-24T22:59:00Z');
    await permit(tn, null, 'PF-E', 'draft', '2026-11-25T23:00:00Z', '2026-11-26T10:00:00Z');
    await permit(tn, null, 'PF-F', 'closed', '2026-11-25T07:00:00Z', '2026-11-25T09:00:00Z');
    // On a plan I do not see (a colleague's, no pdp.view_all), and in another company.
    const hidden = await plan(tn, colleague.id, 'Plan du collègue', 'in_operation');
    await permit(tn, hidden, 'PF-G', 'in_progress', '2026-11-25T07:00:00Z', '2026-11-25T16:00:00Z');
    const other = await makeUser(t);
    await permit(other.tenantId, null, 'PF-H', 'in_progress', '2026-11-25T07:00:00Z', '2026-11-25T16:00:00Z');

    const card = cardsOf(await homeOf(me))['permits-today'];
    expect(card.count).toBe(3);
    expect(card.lines).toEqual([
      'PF-B · Permis de feu Meulage de la charpente · jusqu\'au 26/11/2026 17:00 Travaux en cours',
      'PF-C · Permis de feu Meulage de la charpente · jusqu\'au 25/11/2026 00:00 Surveillance après travaux',
      'PF-A · Permis de feu Meulage de la charpente · jusqu\'au 25/11/2026 17:00 Brouillon',
    ]);
    // The colleague who made the plan sees his permit, not the ones outside plans (no pdp.view_fire_permits).
    expect(cardsOf(await homeOf(colleague))['permits-today'].lines).toEqual(['PF-G · Permis de feu Meulage de la charpente · jusqu\'au 25/11/2026 17:00 Travaux en cours']);
  });

  it('is not shown without pdp.view', async () => {
    const without = await makeUser(t, { roles: [], rights: ['action.view'] });
    expect(cardsOf(await homeOf(without))['permits-today']).toBeUndefined();
  });
});

describe('late actions', () => {
  const action = async (tenantId: number, creatorId: number, comments: string, deadline: string, opts: { assigneeId?: number; status?: string; item?: number } = {}) => {
    const a = await t.db.dataSource.transaction((m) => createAction(m, tenantId, creatorId, { comments, deadline, assigneeId: opts.assigneeId ?? null, hierarchyItemId: opts.item ?? null }));
    if (opts.status) await q('UPDATE action SET status = $2 WHERE id = $1', [a, opts.status]);
    return a;
  };

  it('gives a manager the late actions of his scope: due yesterday is late, today is not, finished ones are not', async () => {
    const manager = await makeUser(t, { roles: [], rights: ['action.view', 'action.view_all'] });
    const tn = manager.tenantId;
    const worker = await makeUser(t, { roles: [], rights: ['action.view'], company: await companyOf(tn) });
    const type = await id(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1)`, [tn]);
    const lyon = await id('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3)', [tn, 'Usine de Lyon', type]);
    const nantes = await id('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3)', [tn, 'Usine de Nantes', type]);
    await q('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [manager.id, lyon, tn]);
    await action(tn, worker.id, 'Réparer le garde-corps', '2026-11-24', { assigneeId: worker.id, item: lyon });
    await action(tn, worker.id, 'Ranger le stock', '2026-11-25', { assigneeId: worker.id, item: lyon });
    await action(tn, worker.id, 'Changer le néon', '2026-11-20', { item: lyon });
    await action(tn, worker.id, 'Clôturée', '2026-11-20', { assigneeId: worker.id, item: lyon, status: 'CLOSED' });
    await action(tn, worker.id, 'Traitée', '2026-11-20', { assigneeId: worker.id, item: lyon, status: 'PROCESSED' });
    await action(tn, worker.id, 'Abandonnée', '2026-11-20', { assigneeId: worker.id, item: lyon, status: 'ABANDONED' });
    await action(tn, worker.id, 'Hors périmètre', '2026-11-20', { assigneeId: worker.id, item: nantes });
    const other = await makeUser(t);
    await action(other.tenantId, other.id, 'Autre société', '2026-11-20', { assigneeId: other.id });

    const card = cardsOf(await homeOf(manager))['late-actions'];
    expect(card).toEqual({ count: 2, lines: [
      'Changer le néon Sans responsable · Échéance 20/11/2026 En retard',
      'Réparer le garde-corps Camille Test · Échéance 24/11/2026 En retard',
    ] });
    // Without action.view_all: « Mes actions » only (it already shows one's own late actions first).
    expect(cardsOf(await homeOf(worker))['late-actions']).toBeUndefined();
  });
});

describe('documents to renew', () => {
  it('lists the current outside-company documents of my plans expiring within 30 days or expired', async () => {
    const me = await makeUser(t, { roles: [], rights: ['pdp.view', 'pdp.documents'] });
    const tn = me.tenantId;
    const colleague = await makeUser(t, { roles: [], rights: ['pdp.view'], company: await companyOf(tn) });
    const mine = await plan(tn, me.id, 'Levage', 'in_operation');
    const ee = await id(`INSERT INTO plan_company (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'EE', 'Morel Levage')`, [tn, mine]);
    const eu = await id(`INSERT INTO plan_company (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'EU', 'Nous')`, [tn, mine]);
    const staff = await id('INSERT INTO plan_staff (tenant_id, plan_id, plan_company_id, last_name, first_name) VALUES ($1, $2, $3, $4, $5)', [tn, mine, ee, 'Roux', 'Paul']);
    const type = async (label: string) => id(`INSERT INTO document_type (tenant_id, label) VALUES ($1, $2)`, [tn, label]);
    const [insurance, kbis, caces, urssaf] = [await type('Attestation d\'assurance'), await type('Extrait K-bis'), await type('CACES'), await type('Attestation URSSAF')];
    const doc = (kind: string, owner: number, planId: number, typeId: number, expires: string, revision = 1) => id(
      'INSERT INTO plan_document (tenant_id, owner_kind, owner_id, plan_id, document_type_id, expires_on, revision) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [tn, kind, owner, planId, typeId, expires, revision]);
    await doc('plan_company', ee, mine, insurance, '2026-12-25');
    await doc('plan_company', ee, mine, kbis, '2026-12-26');
    await doc('plan_staff', staff, mine, caces, '2026-11-01');
    // Renewed: the current version is valid.
    await doc('plan_company', ee, mine, urssaf, '2026-11-10', 1);
    await doc('plan_company', ee, mine, urssaf, '2027-05-10', 2);
    // The user company's own document, and a plan I do not see.
    await doc('plan_company', eu, mine, insurance, '2026-11-30');
    const hidden = await plan(tn, colleague.id, 'Autre plan', 'in_operation');
    const hiddenEe = await id(`INSERT INTO plan_company (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'EE', 'Caché')`, [tn, hidden]);
    await doc('plan_company', hiddenEe, hidden, insurance, '2026-11-30');

    // Another company's outside document, expired, on a plan of its own.
    const other = await makeUser(t, { roles: [], rights: ['pdp.view', 'pdp.documents'] });
    const otherPlan = await plan(other.tenantId, other.id, 'Ailleurs', 'in_operation');
    const otherEe = await id(`INSERT INTO plan_company (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'EE', 'Ailleurs SARL')`, [other.tenantId, otherPlan]);
    const otherType = await id(`INSERT INTO document_type (tenant_id, label) VALUES ($1, 'Assurance')`, [other.tenantId]);
    await q('INSERT INTO plan_document (tenant_id, owner_kind, owner_id, plan_id, document_type_id, expires_on) VALUES ($1, $2, $3, $4, $5, $6)',
      [other.tenantId, 'plan_company', otherEe, otherPlan, otherType, '2026-11-01']);

    const card = cardsOf(await homeOf(me))['documents-to-renew'];
    expect(card).toEqual({ count: 2, lines: [
      'CACES Paul Roux · Morel Levage · Expiré le 01/11/2026 Expiré',
      'Attestation d\'assurance Morel Levage · Expire le 25/12/2026 Expire bientôt',
    ] });
    expect(cardsOf(await homeOf(colleague))['documents-to-renew']).toBeUndefined();
    expect(cardsOf(await homeOf(other))['documents-to-renew'].lines).toEqual(['Assurance Ailleurs SARL · Expiré le 01/11/2026 Expiré']);

    // With the prevention plans off, their three cards go.
    await setToggle(t.db.dataSource, tn, 'module_prevention_plan', false);
    const off = cardsOf(await homeOf(me));
    expect([off['documents-to-renew'], off['plans-waiting'], off['permits-today']]).toEqual([undefined, undefined, undefined]);
    await setToggle(t.db.dataSource, tn, 'module_prevention_plan', true);
  });
});

describe('first-start guide', () => {
  const stepsOf = (html: string) => [...html.matchAll(/data-step="(\w+)" data-done="(true|false)"/g)].map((m) => `${m[1]}:${m[2]}`);

  it('shows the administrator the steps of a first hour, ticked from the data, until dismissed for good', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    const tn = admin.tenantId;
    const { agent, csrf } = await loginAs(t, admin);
    const first = (await agent.get('/')).text;
    expect(first).toContain('data-testid="home-guide"');
    expect(stepsOf(first)).toEqual(['hierarchy:false', 'users:false', 'companies:false', 'plan:false', 'actions:false']);

    const type = await id(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1)`, [tn]);
    await id('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3)', [tn, 'Usine de Lyon', type]);
    await makeUser(t, { company: await companyOf(tn) });
    await id('INSERT INTO tiers (tenant_id, name) VALUES ($1, $2)', [tn, 'Morel Levage']);
    expect(stepsOf((await agent.get('/')).text)).toEqual(['hierarchy:true', 'users:true', 'companies:true', 'plan:false', 'actions:false']);
    await plan(tn, admin.id, 'Premier plan', 'draft');
    await t.db.dataSource.transaction((m) => createAction(m, tn, admin.id, { comments: 'Première action' }));
    expect(stepsOf((await agent.get('/')).text)).toEqual(['hierarchy:true', 'users:true', 'companies:true', 'plan:true', 'actions:true']);

    expect((await agent.post('/home/guide/dismiss').set('X-Requested-With', 'XMLHttpRequest').send()).status).toBe(403);
    const dismissed = await agent.post('/home/guide/dismiss').set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-Token', csrf).send();
    expect(dismissed.status).toBe(201);
    expect(dismissed.body.message).toBe('Le guide de démarrage est masqué.');
    expect((await agent.get('/')).text).not.toContain('data-testid="home-guide"');
  });

  it('is shown to holders of an admin right, not to other users', async () => {
    const usersAdmin = await makeUser(t, { roles: [], rights: ['admin.users'] });
    const html = await homeOf(usersAdmin);
    expect(html).toContain('data-testid="home-guide"');
    // Only the steps he may do link somewhere.
    expect(html).toContain('href="/admin/users"');
    expect(html).not.toContain('href="/admin/hierarchy"');
    expect(await homeOf(await makeUser(t))).not.toContain('data-testid="home-guide"');
  });
});
