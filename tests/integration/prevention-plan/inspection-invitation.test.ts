import { FixedClock, parisInstant, useClock } from '../../../server/kernel/clock';
import { planMailer } from '../../../server/modules/prevention-plan/core/plan-mail';
import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { decode } from './company-fixtures';
import { actor, insertPlan, newCompany, RIGHTS, XHR, type Actor } from './plan-helpers';
import { drawing } from '../../support/png';

let t: TestApp;
const clock = new FixedClock(new Date());
let restore: () => void;
beforeAll(async () => { t = await createTestApp(); restore = useClock(clock); });
afterAll(async () => { restore(); await t.close(); });
beforeEach(() => { clock.set(new Date()); planMailer().clear(); });

const HOUR = 3_600_000;
const F = 'plan_inspection_invitation';

/** `YYYY-MM-DD` of today (Paris) plus `days`. */
function isoDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + days * 86_400_000));
}
const fr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface Scene { company: string; editor: Actor; planId: number; ee: number; eu: number; participants: number[]; day: string; at: Date }

/**
 * A plan of the editor starting in 6 days, with its user company (EU) and an outside company
 * (EE, contact Julien Moreau) and one representative of each; the inspection is planned 4 days
 * from now at 10:00 (Paris).
 */
async function scene(opts: { startIn?: number; representatives?: boolean } = {}): Promise<Scene> {
  const company = newCompany();
  const day = isoDay(4);
  const at = parisInstant(day, '10:00');
  // Sessions expire after 30 idle minutes of the clock: log in where the test starts.
  clock.set(new Date(at.getTime() - 73 * HOUR));
  const editor = await actor(t, company, RIGHTS.author);
  const planId = await insertPlan(t, editor.tenantId, editor.id, {
    subject: 'Remplacement des vannes du réseau vapeur', status: 'draft', ordering_customer_id: editor.id, start_date: isoDay(opts.startIn ?? 6), end_date: isoDay(20),
  });
  const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params).then((r: Array<{ id: number }>) => r[0]?.id);
  const eu = await q(`INSERT INTO plan_company (tenant_id, plan_id, kind, name, last_name, first_name, email) VALUES ($1, $2, 'EU', 'Chimie Rhône', 'Bernard', 'Alice', 'a.bernard@chimie-rhone.fr') RETURNING id`, [editor.tenantId, planId]);
  const ee = await q(`INSERT INTO plan_company (tenant_id, plan_id, kind, name, last_name, first_name, email) VALUES ($1, $2, 'EE', 'Maintenance Industrielle du Rhône', 'Moreau', 'Julien', 'j.moreau@mir.fr') RETURNING id`, [editor.tenantId, planId]);
  const participants: number[] = [];
  if (opts.representatives !== false) {
    participants.push(await q(`INSERT INTO plan_inspection_participant (tenant_id, plan_id, kind, user_id) VALUES ($1, $2, 'user', $3) RETURNING id`, [editor.tenantId, planId, editor.id]));
    participants.push(await q(`INSERT INTO plan_inspection_participant (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'outside', 'Julien Moreau (MIR)') RETURNING id`, [editor.tenantId, planId]));
  }
  return { company, editor, planId, ee, eu, participants, day, at };
}

const step1Fields = (s: Scene, extra: Record<string, string> = {}) => ({
  step: '1', inspectionDate: fr(s.day), inspectionTime: '10:00', meetingPoint: 'Poste de garde, bâtiment B', facilities: 'Vestiaires, salle de réunion R2, nacelle', cseInformedDate: '', ...extra,
});

function post(a: Actor, url: string, fields: Record<string, string | string[]>, extra: Record<string, string> = {}) {
  const body: Record<string, unknown> = { _csrf_token: a.csrf, ...extra };
  for (const [k, v] of Object.entries(fields)) body[`${F}[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}
/** Moves the clock forward to `target` by steps the session survives (30 idle minutes), the user browsing meanwhile. */
async function advanceTo(a: Actor, target: Date): Promise<void> {
  while (clock.now().getTime() < target.getTime()) {
    clock.set(new Date(Math.min(target.getTime(), clock.now().getTime() + 20 * 60_000)));
    await a.agent.get('/');
  }
}
const addUrl = (s: Scene) => `/prevention-plan/${s.planId}/inspection-invitations/new`;

describe('prior joint inspection invitations', () => {
  it('refuses the invitation 71 hours before the inspection and sends it 73 hours before, to the chosen recipients', async () => {
    const s = await scene();
    const holder = await makeUser(t, { company: s.company, roles: [], rights: ['pdp.view', 'pdp.inspection_invitations'] });
    const other = await makeUser(t, { company: s.company, roles: [], rights: ['pdp.view'] });

    const form = await s.editor.agent.get(addUrl(s)).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-testid="invitation-step1"');

    await advanceTo(s.editor, new Date(s.at.getTime() - 71 * HOUR));
    const late = await post(s.editor, addUrl(s), step1Fields(s));
    expect(late.status).toBe(200);
    expect(late.text).toContain('data-testid="invitation-step1"');
    expect(decode(late.text)).toMatch(/data-testid="error-inspectionDate">L'invitation à l'inspection commune préalable doit être envoyée au moins 72 heures avant l'inspection./);
    expect(decode(late.text)).toContain('value="Poste de garde, bâtiment B"');
    expect(decode(late.text)).toContain('Vestiaires, salle de réunion R2, nacelle</textarea>');

    clock.set(new Date(s.at.getTime() - 73 * HOUR));
    const step2 = await post(s.editor, addUrl(s), step1Fields(s));
    expect(step2.status).toBe(200);
    expect(step2.text).toContain('data-testid="invitation-step2"');
    expect(step2.text).toContain(`data-testid="invite-company-${s.ee}"`);
    expect(step2.text).toContain(`data-testid="invite-user-${holder.id}"`);
    expect(step2.text).not.toContain(`data-testid="invite-user-${other.id}"`);
    expect(step2.text).toContain('data-testid="invitation-preview"');
    expect(decode(step2.text)).toContain('Vestiaires, salle de réunion R2, nacelle');
    expect(step2.text).toContain(`${fr(s.day)} 10:00`);

    // Back to step 1: everything typed is still there.
    const back = await post(s.editor, addUrl(s), { ...step1Fields(s), step: '2', companies: [String(s.ee)], cse: '0', message: 'Brouillon' }, { _back: '1' });
    expect(back.text).toContain('data-testid="invitation-step1"');
    expect(decode(back.text)).toContain('value="Poste de garde, bâtiment B"');
    expect(back.text).toContain(`value="${fr(s.day)}"`);

    // A user without the right cannot be slipped in.
    const sneaky = await post(s.editor, addUrl(s), { ...step1Fields(s), step: '2', companies: [String(s.ee)], users: [String(other.id)], cse: '0', message: '' });
    expect(sneaky.status).toBe(200);
    expect(decode(sneaky.text)).toMatch(/data-testid="error-users">Cette valeur doit être l'un des choix proposés./);
    const nobody = await post(s.editor, addUrl(s), { ...step1Fields(s), step: '2', cse: '0', message: '' });
    expect(decode(nobody.text)).toMatch(/data-testid="error-recipients">Veuillez choisir au moins un destinataire./);
    expect(planMailer().sent()).toHaveLength(0);

    // Sending 71 hours before (the clock moved while step 2 was open) is refused, nothing is kept.
    await advanceTo(s.editor, new Date(s.at.getTime() - 71 * HOUR));
    const tooLate = await post(s.editor, addUrl(s), { ...step1Fields(s), step: '2', companies: [String(s.ee)], users: [String(holder.id)], cse: '0', message: 'Merci de venir équipés.' });
    expect(tooLate.status).toBe(200);
    expect(decode(tooLate.text)).toContain("au moins 72 heures avant l'inspection");
    expect(planMailer().sent()).toHaveLength(0);

    clock.set(new Date(s.at.getTime() - 73 * HOUR));
    const sent = await post(s.editor, addUrl(s), { ...step1Fields(s), step: '2', companies: [String(s.ee)], users: [String(holder.id)], cse: '0', message: 'Merci de venir équipés de vos EPI.' });
    expect(sent.status).toBe(201);
    expect(sent.body.redirect).toBe(`/prevention-plan/${s.planId}?tab=inspection`);
    const mails = planMailer().sent();
    expect(mails.flatMap((m) => m.to).sort()).toEqual(['j.moreau@mir.fr', `${holder.username}@example.fr`].sort());
    expect(mails.flatMap((m) => m.to)).not.toContain(`${other.username}@example.fr`);
    const mail = mails.find((m) => m.to.includes('j.moreau@mir.fr'))!;
    expect(mail.subject).toContain("Invitation à l'inspection commune préalable");
    expect(mail.subject).toContain('Remplacement des vannes du réseau vapeur');
    expect(mail.text).toContain(`${fr(s.day)} 10:00`);
    expect(mail.text).toContain('Poste de garde, bâtiment B');
    expect(mail.text).toContain('Vestiaires, salle de réunion R2, nacelle');
    expect(mail.text).toContain('Merci de venir équipés de vos EPI.');

    const [inv] = await t.db.dataSource.query('SELECT * FROM plan_inspection_invitation WHERE plan_id = $1', [s.planId]);
    expect(new Date(inv.inspection_at).toISOString()).toBe(s.at.toISOString());
    expect(inv.facilities).toBe('Vestiaires, salle de réunion R2, nacelle');
    expect(inv.cse_informed_at).toBeNull();
    const invitees = await t.db.dataSource.query('SELECT kind, plan_company_id, user_id, email FROM plan_inspection_invitee WHERE invitation_id = $1 ORDER BY kind', [inv.id]);
    expect(invitees).toEqual([
      { kind: 'company', plan_company_id: s.ee, user_id: null, email: 'j.moreau@mir.fr' },
      { kind: 'user', plan_company_id: null, user_id: holder.id, email: `${holder.username}@example.fr` },
    ]);
    const [plan] = await t.db.dataSource.query(`SELECT to_char(prerun_inspection_date, 'YYYY-MM-DD') AS d, to_char(prerun_inspection_time, 'HH24:MI') AS h, meeting_point FROM prevention_plan WHERE id = $1`, [s.planId]);
    expect(plan).toEqual({ d: s.day, h: '10:00', meeting_point: 'Poste de garde, bâtiment B' });
    const history = await t.db.dataSource.query(`SELECT transition, user_id FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1`, [s.planId]);
    expect(history).toContainEqual({ transition: 'inspection_invitation', user_id: s.editor.id });

    const list = await s.editor.agent.get(`/prevention-plan/${s.planId}/inspection-invitations`).set(XHR);
    expect(list.status).toBe(200);
    expect(list.text).toContain('j.moreau@mir.fr');
    expect(list.text).toContain(`${fr(s.day)} 10:00`);
    const tab = await s.editor.agent.get(`/prevention-plan/${s.planId}?tab=inspection`);
    expect(tab.text).toContain('data-testid="invitations-panel"');
    expect(tab.text).toContain('data-testid="invitation-add"');
  });

  it('sends the invitation exactly 72 hours before the inspection, the CSE informed by it, and refuses it one minute later', async () => {
    const s = await scene();
    const notice = /data-testid="error-inspectionDate">L'invitation à l'inspection commune préalable doit être envoyée au moins 72 heures avant l'inspection./;
    // 73 hours before (one hour above): step 1 accepted.
    expect(clock.now().getTime()).toBe(s.at.getTime() - 73 * HOUR);
    expect((await post(s.editor, addUrl(s), step1Fields(s))).text).toContain('data-testid="invitation-step2"');

    // Exactly 72 hours before: step 1 accepted, and the invitation sent (step 2 checks the 72 hours again, and the CSE's 3 days).
    await advanceTo(s.editor, new Date(s.at.getTime() - 72 * HOUR));
    expect(clock.now().getTime()).toBe(s.at.getTime() - 72 * HOUR);
    const exact = await post(s.editor, addUrl(s), step1Fields(s));
    expect(decode(exact.text)).not.toMatch(notice);
    expect(exact.text).toContain('data-testid="invitation-step2"');
    const sent = await post(s.editor, addUrl(s), {
      ...step1Fields(s), step: '2', companies: [String(s.ee)], cse: ['0', '1'], cseName: 'CSE Chimie Rhône', cseEmail: 'cse@chimie-rhone.fr', message: '',
    });
    expect(decode(sent.text)).not.toContain('au moins');
    expect(sent.status).toBe(201);
    expect(planMailer().sent().flatMap((m) => m.to).sort()).toEqual(['cse@chimie-rhone.fr', 'j.moreau@mir.fr']);
    const [inv] = await t.db.dataSource.query('SELECT cse_informed_at FROM plan_inspection_invitation WHERE plan_id = $1', [s.planId]);
    expect(new Date(inv.cse_informed_at).toISOString()).toBe(new Date(s.at.getTime() - 72 * HOUR).toISOString());

    // 71 h 59 min before (one minute below): refused.
    clock.set(new Date(s.at.getTime() - 72 * HOUR + 60_000));
    const late = await post(s.editor, addUrl(s), step1Fields(s));
    expect(late.status).toBe(200);
    expect(decode(late.text)).toMatch(notice);
  });

  it('informs the CSE at least 3 days before the inspection', async () => {
    const s = await scene();
    // Informed two days before: refused; three days before: accepted; four days before: accepted.
    const twoDays = await post(s.editor, addUrl(s), step1Fields(s, { cseInformedDate: fr(addDays(s.day, -2)) }));
    expect(decode(twoDays.text)).toMatch(/data-testid="error-cseInformedDate">Le CSE doit être informé au moins 3 jours avant l'inspection commune./);
    const threeDays = await post(s.editor, addUrl(s), step1Fields(s, { cseInformedDate: fr(addDays(s.day, -3)) }));
    expect(threeDays.text).toContain('data-testid="invitation-step2"');
    const fourDays = await post(s.editor, addUrl(s), step1Fields(s, { cseInformedDate: fr(addDays(s.day, -4)) }));
    expect(fourDays.text).toContain('data-testid="invitation-step2"');

    // Informed by the invitation itself: 71 hours before is refused, 73 hours before accepted.
    const cse = { ...step1Fields(s), step: '2', cse: ['0', '1'], cseName: 'CSE Chimie Rhône', cseEmail: 'cse@chimie-rhone.fr', message: '' };
    await advanceTo(s.editor, new Date(s.at.getTime() - 71 * HOUR));
    const refused = await post(s.editor, addUrl(s), cse);
    expect(refused.status).toBe(200);
    expect(decode(refused.text)).toContain('au moins 72 heures');
    expect(planMailer().sent()).toHaveLength(0);
    clock.set(new Date(s.at.getTime() - 73 * HOUR));
    const noEmail = await post(s.editor, addUrl(s), { ...cse, cseEmail: '' });
    expect(decode(noEmail.text)).toMatch(/data-testid="error-cseEmail">Veuillez renseigner ce champ./);
    const ok = await post(s.editor, addUrl(s), cse);
    expect(ok.status).toBe(201);
    expect(planMailer().sent().map((m) => m.to)).toEqual([['cse@chimie-rhone.fr']]);
    const [inv] = await t.db.dataSource.query('SELECT cse_informed_at FROM plan_inspection_invitation WHERE plan_id = $1', [s.planId]);
    expect(new Date(inv.cse_informed_at).toISOString()).toBe(new Date(s.at.getTime() - 73 * HOUR).toISOString());
    // The next invitation offers the CSE again.
    const again = await post(s.editor, addUrl(s), step1Fields(s));
    expect(again.text).toContain('value="cse@chimie-rhone.fr"');
  });

  it('flags a missing date, time or facilities, an inspection after the plan start and missing representatives', async () => {
    const s = await scene({ startIn: 3 });
    clock.set(new Date(s.at.getTime() - 100 * HOUR));
    const empty = await post(s.editor, addUrl(s), step1Fields(s, { inspectionDate: '', inspectionTime: '', facilities: '' }));
    expect(empty.status).toBe(200);
    expect(empty.text).toMatch(/data-testid="error-inspectionDate">Veuillez renseigner ce champ./);
    expect(empty.text).toMatch(/data-testid="error-inspectionTime">Veuillez renseigner ce champ./);
    expect(empty.text).toMatch(/data-testid="error-facilities">Veuillez renseigner ce champ./);
    expect(decode(empty.text)).toContain('value="Poste de garde, bâtiment B"');
    const bad = await post(s.editor, addUrl(s), step1Fields(s, { inspectionDate: '31/02/2027' }));
    expect(decode(bad.text)).toMatch(/data-testid="error-inspectionDate">Cette date n'est pas valide/);
    expect(bad.text).toContain('value="31/02/2027"');
    // The plan starts in 3 days, the inspection is in 4.
    const after = await post(s.editor, addUrl(s), step1Fields(s));
    expect(decode(after.text)).toMatch(/data-testid="error-inspectionDate">L'inspection commune doit avoir lieu au plus tard le jour du début du plan/);

    const bare = await scene({ representatives: false });
    clock.set(new Date(bare.at.getTime() - 100 * HOUR));
    const noReps = await post(bare.editor, addUrl(bare), step1Fields(bare));
    expect(noReps.status).toBe(200);
    expect(decode(noReps.text)).toContain('data-testid="error-representatives">Représentants, date et installations obligatoires');
    expect(planMailer().sent()).toHaveLength(0);
    expect(await t.db.dataSource.query('SELECT id FROM plan_inspection_invitation WHERE plan_id = ANY($1)', [[s.planId, bare.planId]])).toEqual([]);
  });

  it('answers the spec message for a missing plan, 404 to another company, 403 to a reader who may not edit', async () => {
    const s = await scene();
    const missing = await s.editor.agent.get('/prevention-plan/987654321/inspection-invitations').set(XHR);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Une erreur est survenue, le PDP n'a pas été trouvé");
    const outsider = await actor(t, newCompany(), RIGHTS.manager);
    expect((await outsider.agent.get(`/prevention-plan/${s.planId}/inspection-invitations`).set(XHR)).status).toBe(404);
    expect((await outsider.agent.get(addUrl(s)).set(XHR)).status).toBe(404);
    expect((await post(outsider, addUrl(s), step1Fields(s))).status).toBe(404);
    expect((await post(outsider, `/prevention-plan/inspection-participants/${s.participants[0]}/sign`, {}, { 'signature[name]': 'X', 'signature[image]': drawing() })).status).toBe(404);
    const reader = await actor(t, s.company, RIGHTS.viewAll);
    expect((await reader.agent.get(`/prevention-plan/${s.planId}/inspection-invitations`).set(XHR)).status).toBe(200);
    expect((await post(reader, addUrl(s), step1Fields(s))).status).toBe(403);
    const tab = await reader.agent.get(`/prevention-plan/${s.planId}?tab=inspection`);
    expect(tab.text).not.toContain('data-testid="invitation-add"');
  });
});

describe('inspection signatures', () => {
  it('records a participant signature once, collected by anyone who sees the plan', async () => {
    const s = await scene();
    const reader = await actor(t, s.company, RIGHTS.viewAll);
    const outside = s.participants[1];
    const url = `/prevention-plan/inspection-participants/${outside}/sign`;
    const form = await reader.agent.get(url).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-testid="signature-form"');
    expect(form.text).toContain('Julien Moreau (MIR)');

    const noName = await reader.agent.post(url).set(XHR).type('form').send({ _csrf_token: reader.csrf, 'signature[name]': '', 'signature[image]': drawing() });
    expect(noName.status).toBe(200);
    expect(noName.body.result).toBe(false);
    expect(noName.body.signatureForm).toContain('data-testid="signature-error-name"');
    expect(await t.db.dataSource.query("SELECT id FROM plan_signature WHERE plan_id = $1", [s.planId])).toEqual([]);

    const body = { _csrf_token: reader.csrf, 'signature[name]': 'Julien Moreau', 'signature[image]': drawing() };
    const [first, second] = await Promise.all([reader.agent.post(url).set(XHR).type('form').send(body), reader.agent.post(url).set(XHR).type('form').send(body)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.result).toBe(true);
    expect(first.body.redirect).toBe(`/prevention-plan/${s.planId}?tab=inspection`);
    const rows = await t.db.dataSource.query('SELECT kind, signer_key, channel, signer_name, user_id FROM plan_signature WHERE plan_id = $1', [s.planId]);
    expect(rows).toEqual([{ kind: 'inspection', signer_key: `inspection:${outside}`, channel: 'site', signer_name: 'Julien Moreau', user_id: reader.id }]);
    const history = await t.db.dataSource.query(`SELECT transition FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 AND transition = 'inspection_sign'`, [s.planId]);
    expect(history).toHaveLength(1);

    const tab = await s.editor.agent.get(`/prevention-plan/${s.planId}?tab=inspection`);
    expect(tab.text).toContain(`data-testid="inspection-signature-${outside}"`);
    expect(tab.text).toContain('max-height:100px');
    expect(tab.text).toMatch(/Julien Moreau — \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(tab.text).toContain(`data-testid="inspection-sign-${s.participants[0]}"`);
    expect(tab.text).not.toContain(`data-testid="inspection-sign-${outside}"`);
  });
});
