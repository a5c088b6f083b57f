import request from 'supertest';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { PUBLIC_LINK_MISSES_PER_MINUTE } from '../../../server/kernel/public-link';
import { planDocumentMailer } from '../../../server/modules/plan-document/plan-document.mail';
import { MAX_DOCUMENT_BYTES } from '../../../server/modules/plan-document/plan-document.uploads';
import { PORTAL_LINK_TTL_DAYS } from '../../../server/modules/plan-document/portal-link.service';
import { createTestApp, csrfFrom, type TestApp } from '../../support/app';
import { actor, addCompany, addStaff, companyOf, createPlan, createType, MANAGER, PDF, XHR, type Actor } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
beforeEach(() => planDocumentMailer().clear());

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

/** A plan of a manager with the EU, two outside companies (each a worker) and the document types a portal shows. */
async function scene(a?: Actor) {
  a ??= await actor(t, MANAGER);
  const planId = await createPlan(t, a.tenantId, a.id, 'Levage des groupes froids');
  await q(`UPDATE prevention_plan SET start_date = '2030-03-02', end_date = '2030-03-20', intervention_address = 'Bâtiment C, quai 4' WHERE id = $1`, [planId]);
  const eu = await addCompany(t, a.tenantId, planId, 'EU', 'Usine Bontemps');
  const ee = await addCompany(t, a.tenantId, planId, 'EE', 'Levage Services', { email: 'direction@levage-services.fr' });
  const other = await addCompany(t, a.tenantId, planId, 'EE', 'Froid Industriel', { email: 'contact@froid-industriel.fr' });
  const worker = await addStaff(t, a.tenantId, planId, ee, 'Morel', 'Julien');
  const otherWorker = await addStaff(t, a.tenantId, planId, other, 'Benali', 'Sonia');
  const kbis = await createType(t, a.tenantId, 'Extrait K-bis', { mandatoryCompanies: true });
  const habilitation = await createType(t, a.tenantId, 'Habilitation électrique', { nominative: true, mandatoryCompanies: true });
  const inside = await createType(t, a.tenantId, 'Plan de circulation du site', { addedBy: 'user_company', mandatoryAllPlans: true });
  const fds = await createType(t, a.tenantId, 'Fiche de données de sécurité');
  return { a, planId, eu, ee, other, worker, otherWorker, kbis, habilitation, inside, fds };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** « Demander un document » of `type` to the company, as the manager does from the tab. */
async function ask(s: Scene, company: number, type: number, message = 'Merci avant lundi.') {
  return s.a.agent.post(`/prevention-plan/${s.planId}/documents/ask`).set(XHR).type('form')
    .send({ _csrf_token: s.a.csrf, 'document_ask[planCompanyId]': String(company), 'document_ask[documentTypeId]': String(type), 'document_ask[message]': message });
}

/** The portal path mailed last to `email`. */
function mailedPortal(email: string): string {
  const mail = [...planDocumentMailer().sent()].reverse().find((m) => m.to.includes(email));
  if (!mail) throw new Error(`Aucun mail pour ${email}`);
  const m = /https?:\/\/[^/\s"]+(\/documents\/upload\/[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`Pas de lien de dépôt dans : ${mail.text}`);
  return m[1];
}

/** A visitor without an account: a fresh cookie jar. */
const visitor = () => request.agent(t.app);

/** Opens the portal and posts one upload with the page's CSRF token. */
async function upload(path: string, item: string, files: Array<[string, Buffer]> = [['kbis.pdf', PDF]], fields: Record<string, string> = {}) {
  const v = visitor();
  const page = await v.get(path);
  expect(page.status).toBe(200);
  let req = v.post(path).field('_csrf_token', csrfFrom(page.text)).field('portal[item]', item);
  for (const [k, val] of Object.entries(fields)) req = req.field(`portal[${k}]`, val);
  for (const [name, content] of files) req = req.attach('files', content, name);
  return req;
}

const documentsOf = (ownerKind: string, ownerId: number) =>
  q('SELECT id, created_by_id, portal_link_id, revision FROM plan_document WHERE owner_kind = $1 AND owner_id = $2 AND deleted_at IS NULL ORDER BY id', [ownerKind, ownerId]);

describe('the portal link mailed by « Demander un document »', () => {
  it('mails a tokened link (no login page) whose plain text is readable, stored hashed, expiring in 30 days', async () => {
    const s = await scene();
    expect((await ask(s, s.ee, s.kbis)).status).toBe(201);
    const [mail] = planDocumentMailer().sent();
    expect(mail.to).toEqual(['direction@levage-services.fr']);
    expect(mail.html).not.toContain('/documents/new');
    const path = mailedPortal('direction@levage-services.fr');
    expect(mail.text).toContain('Bonjour Julien Morel,');
    expect(mail.text).toContain('Merci avant lundi.');
    expect(mail.text).toMatch(/Déposer les documents\s*\[?https?:\/\/\S+\/documents\/upload\//);
    expect(mail.text).toContain("Aucun compte n'est nécessaire");
    const [link] = await q('SELECT token_hash, expires_at, created_at, asked_type_ids FROM plan_document_link WHERE plan_company_id = $1', [s.ee]);
    const token = path.split('/').pop()!;
    expect(link.token_hash).not.toContain(token);
    expect(link.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(link.expires_at).getTime() - new Date(link.created_at).getTime()).toBe(PORTAL_LINK_TTL_DAYS * 86_400_000);
    expect(link.asked_type_ids).toEqual([s.kbis]);
  });

  it('opens without an account: the plan, the documents of this company and its workers with their state, nothing of another company', async () => {
    const s = await scene();
    await ask(s, s.ee, s.fds);
    const page = await visitor().get(mailedPortal('direction@levage-services.fr'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Levage des groupes froids');
    expect(page.text).toContain('du 02/03/2030 au 20/03/2030');
    expect(page.text).toContain('Bâtiment C, quai 4');
    expect(page.text).toContain('data-testid="portal-company">Levage Services<');
    // Required from the company, from its worker, and the type asked by mail that no rule requires.
    expect(page.text).toMatch(/data-portal-item="Extrait K-bis" data-owner="Levage Services" data-state="missing"/);
    expect(page.text).toMatch(/data-portal-item="Habilitation électrique" data-owner="Julien Morel \(Levage Services\)" data-state="missing"/);
    expect(page.text).toMatch(/data-portal-item="Fiche de données de sécurité" data-owner="Levage Services" data-state="missing"/);
    expect(page.text).toContain('Encore à fournir : 3');
    // Never another company's or the user company's documents.
    expect(page.text).not.toContain('Froid Industriel');
    expect(page.text).not.toContain('Sonia Benali');
    expect(page.text).not.toContain('Plan de circulation du site');
    expect(page.text).toContain('Vous recevrez un lien de signature par e-mail');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('shows the page in the language chosen, French first whatever the browser says', async () => {
    const s = await scene();
    await ask(s, s.ee, s.kbis);
    const path = mailedPortal('direction@levage-services.fr');
    expect((await visitor().get(path).set('Accept-Language', 'en-US,en;q=0.9')).text).toContain('Documents attendus');
    const en = await visitor().get(`${path}?lang=en`);
    expect(en.text).toContain('Expected documents');
    expect(en.text).toContain('<html lang="en"');
  });
});

describe('giving a document through the portal', () => {
  it('keeps the file as the company\'s document, marked as arrived from the portal, and the plan shows it', async () => {
    const s = await scene();
    await ask(s, s.ee, s.kbis);
    const path = mailedPortal('direction@levage-services.fr');
    const res = await upload(path, `plan_company:${s.ee}:${s.kbis}`, [['kbis.pdf', PDF]], { expiresOn: '31/12/2031' });
    expect(res.status).toBe(303);
    const after = await visitor().get(res.headers.location);
    expect(after.text).toContain('Merci : « Extrait K-bis » (Levage Services) a bien été reçu.');
    expect(after.text).toMatch(/data-portal-item="Extrait K-bis" data-owner="Levage Services" data-state="valid"/);
    expect(after.text).toContain('Encore à fournir : 1');
    const [link] = await q('SELECT id, last_used_at FROM plan_document_link WHERE plan_company_id = $1', [s.ee]);
    expect(link.last_used_at).not.toBeNull();
    const [doc] = await documentsOf('plan_company', s.ee);
    expect(doc).toMatchObject({ created_by_id: null, portal_link_id: link.id, revision: 1 });
    const [history] = await q(`SELECT comment FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 AND transition = 'document_portal'`, [s.planId]);
    expect(history.comment).toBe('Extrait K-bis (v1) – Levage Services');
    // The plan's documents tab: the badge, the history label, the link's last visit.
    const tab = await s.a.agent.get(`/prevention-plan/${s.planId}?tab=documents`);
    expect(tab.text).toMatch(/data-testid="document-from-portal"[^>]*>[^<]*<i[^>]*><\/i> Déposé par l&#39;entreprise le \d{2}\/\d{2}\/\d{4}/);
    expect(tab.text).toContain('Dernière visite le');
    // The portal never serves the files: no download address on the page.
    expect(after.text).not.toContain('/prevention-plan/documents/files/');
  });

  it('refuses a form without the CSRF token of the visitor\'s session: 403, nothing kept', async () => {
    const s = await scene();
    await ask(s, s.ee, s.kbis);
    const path = mailedPortal('direction@levage-services.fr');
    const noToken = await visitor().post(path).field('portal[item]', `plan_company:${s.ee}:${s.kbis}`).attach('files', PDF, 'kbis.pdf');
    expect(noToken.status).toBe(403);
    const v = visitor();
    await v.get(path);
    const otherSession = csrfFrom((await visitor().get(path)).text);
    const forged = await v.post(path).field('_csrf_token', otherSession).field('portal[item]', `plan_company:${s.ee}:${s.kbis}`).attach('files', PDF, 'kbis.pdf');
    expect(forged.status).toBe(403);
    expect(await documentsOf('plan_company', s.ee)).toEqual([]);
  });

  it('refuses another company\'s document, the user company\'s, and an unknown item: 422, nothing kept', async () => {
    const s = await scene();
    await ask(s, s.ee, s.kbis);
    const path = mailedPortal('direction@levage-services.fr');
    for (const item of [`plan_company:${s.other}:${s.kbis}`, `plan_staff:${s.otherWorker}:${s.habilitation}`, `plan:${s.planId}:${s.inside}`, 'n’importe quoi']) {
      const res = await upload(path, item);
      expect(res.status).toBe(422);
      expect(res.text).toContain("Le document n&#39;a pas été déposé : corrigez les erreurs indiquées.");
    }
    expect(await documentsOf('plan_company', s.other)).toEqual([]);
    expect(await documentsOf('plan_staff', s.otherWorker)).toEqual([]);
    expect(await documentsOf('plan', s.planId)).toEqual([]);
  });

  it('upload limits: 10 files but not 11, 20 MB but not one byte more, a refused type, no file, a bad date — French messages, values kept', async () => {
    const s = await scene();
    await ask(s, s.ee, s.kbis);
    const path = mailedPortal('direction@levage-services.fr');
    const item = `plan_company:${s.ee}:${s.kbis}`;
    const eleven = await upload(path, item, Array.from({ length: 11 }, (_, i) => [`page-${i}.pdf`, PDF] as [string, Buffer]));
    expect(eleven.status).toBe(422);
    expect(eleven.text).toContain('Vous ne pouvez pas envoyer plus de 10 fichiers à la fois.');
    const padded = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);
    const tooBig = await upload(path, item, [['gros.pdf', padded(MAX_DOCUMENT_BYTES + 1)]]);
    expect(tooBig.status).toBe(422);
    expect(tooBig.text).toContain('Le fichier est trop volumineux : « gros.pdf » dépasse la taille maximale');
    const exe = await upload(path, item, [['outil.exe', Buffer.from('MZ\x90\x00binaire')]]);
    expect(exe.status).toBe(422);
    expect(exe.text).toContain('Ce type de fichier n&#39;est pas autorisé : « outil.exe »');
    const none = await upload(path, item, []);
    expect(none.status).toBe(422);
    const badDate = await upload(path, item, [['kbis.pdf', PDF]], { expiresOn: '31/02/2031' });
    expect(badDate.status).toBe(422);
    expect(badDate.text).toContain('value="31/02/2031"');
    expect(await documentsOf('plan_company', s.ee)).toEqual([]);
    const ten = await upload(path, item, Array.from({ length: 10 }, (_, i) => [`page-${i}.pdf`, PDF] as [string, Buffer]));
    expect(ten.status).toBe(303);
    const atLimit = await upload(path, item, [['juste.pdf', padded(MAX_DOCUMENT_BYTES)]]);
    expect(atLimit.status).toBe(303);
    expect((await documentsOf('plan_company', s.ee)).map((d: { revision: number }) => d.revision)).toEqual([1, 2]);
  });
});

describe('a link that cannot be used', () => {
  it('expires at its expiry instant: one second before it works, at it and after it the page says so (410)', async () => {
    const s = await scene();
    await ask(s, s.ee, s.kbis);
    const path = mailedPortal('direction@levage-services.fr');
    const [link] = await q('SELECT expires_at FROM plan_document_link WHERE plan_company_id = $1', [s.ee]);
    const expiry = new Date(link.expires_at).getTime();
    const clock = new FixedClock(new Date(expiry - 1000));
    const restore = useClock(clock);
    try {
      // The contact opened the page one second before the expiry...
      const late = visitor();
      const open = await late.get(path);
      expect(open.status).toBe(200);
      clock.set(new Date(expiry));
      const at = await visitor().get(path);
      expect(at.status).toBe(410);
      expect(at.text).toContain('Ce lien de dépôt a expiré. Demandez un nouveau lien à votre interlocuteur.');
      clock.set(new Date(expiry + 1000));
      expect((await visitor().get(path)).status).toBe(410);
      // ... and sends his file once it has expired: refused, nothing kept.
      const post = await late.post(path).field('_csrf_token', csrfFrom(open.text)).field('portal[item]', `plan_company:${s.ee}:${s.kbis}`).attach('files', PDF, 'kbis.pdf');
      expect(post.status).toBe(410);
    } finally {
      restore();
    }
    expect(await documentsOf('plan_company', s.ee)).toEqual([]);
  });

  it('is revoked from the plan (right, CSRF), and a new request replaces it while keeping what was asked', async () => {
    const s = await scene();
    await ask(s, s.ee, s.kbis);
    const first = mailedPortal('direction@levage-services.fr');
    // A reader of the plan without pdp.documents may not revoke; a manager of another company gets 404.
    const reader = await actor(t, ['pdp.view'], await companyOf(t, s.a.tenantId));
    expect((await reader.agent.post(`/prevention-plan/${s.planId}/documents/portal/${s.ee}/revoke`).set(XHR).set('X-CSRF-Token', reader.csrf).send()).status).toBe(403);
    const stranger = await actor(t, MANAGER);
    expect((await stranger.agent.post(`/prevention-plan/${s.planId}/documents/portal/${s.ee}/revoke`).set(XHR).set('X-CSRF-Token', stranger.csrf).send()).status).toBe(404);
    expect((await s.a.agent.post(`/prevention-plan/${s.planId}/documents/portal/${s.ee}/revoke`).set(XHR).send()).status).toBe(403);
    expect((await visitor().get(first)).status).toBe(200);

    // « Lien de dépôt » again: a new link, the old one stops, the asked type stays on the new one.
    const again = await s.a.agent.post(`/prevention-plan/${s.planId}/documents/portal/${s.ee}/send`).set(XHR).set('X-CSRF-Token', s.a.csrf).send();
    expect(again.status).toBe(201);
    expect(again.body.message).toBe('Le lien de dépôt a été envoyé à Levage Services (direction@levage-services.fr).');
    const second = mailedPortal('direction@levage-services.fr');
    expect(second).not.toBe(first);
    const old = await visitor().get(first);
    expect(old.status).toBe(410);
    expect(old.text).toContain('Ce lien de dépôt a été remplacé ou révoqué.');
    expect((await q('SELECT count(*)::int AS n FROM plan_document_link WHERE plan_company_id = $1 AND revoked_at IS NULL', [s.ee]))[0].n).toBe(1);
    expect((await visitor().get(second)).status).toBe(200);

    const revoke = await s.a.agent.post(`/prevention-plan/${s.planId}/documents/portal/${s.ee}/revoke`).set(XHR).set('X-CSRF-Token', s.a.csrf).send();
    expect(revoke.status).toBe(201);
    expect(revoke.body.message).toBe('Le lien de dépôt de Levage Services a été révoqué.');
    expect((await visitor().get(second)).status).toBe(410);
    const tab = await s.a.agent.get(`/prevention-plan/${s.planId}?tab=documents`);
    expect(tab.text).toMatch(/data-portal-company="Levage Services"[\s\S]*?Aucun lien envoyé/);
    const labels = (await q(`SELECT transition FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 AND transition LIKE 'document_%' ORDER BY id`, [s.planId])).map((r: { transition: string }) => r.transition);
    expect(labels).toEqual(['document_ask', 'document_link', 'document_link_revoke']);
    // Nothing to revoke any more: a French refusal.
    const twice = await s.a.agent.post(`/prevention-plan/${s.planId}/documents/portal/${s.ee}/revoke`).set(XHR).set('X-CSRF-Token', s.a.csrf).send();
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe("Levage Services n'a pas de lien de dépôt en cours.");
  });

  it('answers an unknown, tampered or absurd token with the French 404 page, and the user company never gets a link', async () => {
    const s = await scene();
    await ask(s, s.ee, s.kbis);
    const path = mailedPortal('direction@levage-services.fr');
    for (const bad of [`${path}x`, '/documents/upload/abc', `/documents/upload/${'a'.repeat(500)}`]) {
      const res = await visitor().get(bad);
      expect(res.status).toBe(404);
      expect(res.text).toContain("Ce lien de dépôt n&#39;est pas valide.");
      expect(res.text).not.toContain('Levage');
    }
    expect((await s.a.agent.post(`/prevention-plan/${s.planId}/documents/portal/${s.eu}/send`).set(XHR).set('X-CSRF-Token', s.a.csrf).send()).status).toBe(404);
    await t.db.dataSource.query("DELETE FROM login_throttle WHERE key LIKE 'plink:%'");
  });

  it(`throttles an address after ${PUBLIC_LINK_MISSES_PER_MINUTE} unknown tokens in a minute (429), even for a good link, until the minute is over`, async () => {
    const s = await scene();
    await ask(s, s.ee, s.kbis);
    const path = mailedPortal('direction@levage-services.fr');
    const clock = new FixedClock(new Date());
    const restore = useClock(clock);
    try {
      await t.db.dataSource.query("DELETE FROM login_throttle WHERE key LIKE 'plink:%'");
      for (let i = 0; i < PUBLIC_LINK_MISSES_PER_MINUTE - 1; i++) expect((await visitor().get(`/documents/upload/faux-${i}`)).status).toBe(404);
      expect((await visitor().get(path)).status).toBe(200);
      expect((await visitor().get('/documents/upload/faux-last')).status).toBe(404);
      const blocked = await visitor().get(path);
      expect(blocked.status).toBe(429);
      expect(blocked.text).toContain('Trop de liens non valides depuis votre adresse. Réessayez dans 1 minute(s).');
      // The window is one minute from the first miss: blocked one millisecond before its end, open at it.
      clock.advance(59_999);
      expect((await visitor().get(path)).status).toBe(429);
      clock.advance(1);
      expect((await visitor().get(path)).status).toBe(200);
    } finally {
      restore();
      await t.db.dataSource.query("DELETE FROM login_throttle WHERE key LIKE 'plink:%'");
    }
  });
});
