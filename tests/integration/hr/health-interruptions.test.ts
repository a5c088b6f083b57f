import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, fieldError, insertEmployee, postEmpty, postForm, XHR, type Actor } from './health-fixtures';

let t: TestApp;
let restoreClock: () => void;
beforeAll(async () => { t = await createTestApp(); restoreClock = useClock(new FixedClock(new Date('2026-06-10T08:00:00Z'))); });
afterAll(async () => { restoreClock(); await t.close(); });

const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);
const STOPPAGES = ['hr.view', 'hr.view_all', 'hr.work_stoppages'];
const ANALYST = [...STOPPAGES, 'event.view', 'event.add'];
const post = (a: Actor, url: string, fields: Record<string, unknown>) => postForm(a, url, 'work_interruption', fields);
const row = async (id: number) => (await q('SELECT * FROM work_interruption WHERE id = $1', [id]))[0];
const lastId = async (tenantId: number) => (await q('SELECT max(id) AS id FROM work_interruption WHERE tenant_id = $1', [tenantId]))[0].id as number;

async function accident(a: Actor, employee: number, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await post(a, '/rh/work-interruptions/new', { employee, workInterruptionType: 'WORK_ACCIDENT', accidentDate: '02/06/2026', ...fields });
  expect(res.status).toBe(201);
  return lastId(a.tenantId);
}

describe('work accidents and interruptions: the required date depends on the type', () => {
  it('a WORK_ACCIDENT needs its accident date, not a stoppage start', async () => {
    const hr = await actor(t, STOPPAGES);
    const employee = await insertEmployee(t, hr.tenantId);
    const missing = await post(hr, '/rh/work-interruptions/new', { employee, workInterruptionType: 'WORK_ACCIDENT', accidentDate: '', cause: 'Sol glissant', severity: 'minor' });
    expect(missing.status).toBe(200);
    expect(fieldError(missing.text, 'accidentDate')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(missing.text, 'interruptionStartDate')).toBeNull();
    expect(missing.text).toContain('Sol glissant');
    expect((await q('SELECT count(*)::int AS n FROM work_interruption WHERE tenant_id = $1', [hr.tenantId]))[0].n).toBe(0);

    const id = await accident(hr, employee, { severity: 'moderate', cause: 'Sol glissant' });
    expect(await row(id)).toMatchObject({ type: 'WORK_ACCIDENT', interruption_start_date: null, severity: 'moderate', cause: 'Sol glissant', created_by_id: hr.id, version: 1 });
    expect(String((await q('SELECT accident_date::text AS d FROM work_interruption WHERE id = $1', [id]))[0].d)).toBe('2026-06-02');
  });

  it('any other type needs its stoppage start, and loses the accident fields', async () => {
    const hr = await actor(t, STOPPAGES);
    const employee = await insertEmployee(t, hr.tenantId);
    const missing = await post(hr, '/rh/work-interruptions/new', { employee, workInterruptionType: 'SICK_LEAVE', accidentDate: '01/06/2026', comment: 'Grippe' });
    expect(missing.status).toBe(200);
    expect(fieldError(missing.text, 'interruptionStartDate')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(missing.text, 'accidentDate')).toBeNull();
    expect(missing.text).toContain('Grippe');

    const res = await post(hr, '/rh/work-interruptions/new', { employee, workInterruptionType: 'SICK_LEAVE', interruptionStartDate: '01/06/2026', interruptionEndDate: '05/06/2026', accidentDate: '01/06/2026', severity: 'serious', cause: 'x' });
    expect(res.status).toBe(201);
    const saved = await row(await lastId(hr.tenantId));
    expect(saved).toMatchObject({ type: 'SICK_LEAVE', accident_date: null, severity: null, cause: null });

    const reversed = await post(hr, '/rh/work-interruptions/new', { employee, workInterruptionType: 'OTHER', interruptionStartDate: '05/06/2026', interruptionEndDate: '01/06/2026' });
    expect(fieldError(reversed.text, 'interruptionEndDate')).toBe('La fin de l\'arrêt doit être postérieure ou égale à son début.');
    const noType = await post(hr, '/rh/work-interruptions/new', { employee, workInterruptionType: '', interruptionStartDate: '05/06/2026' });
    expect(fieldError(noType.text, 'workInterruptionType')).toBe('Veuillez effectuer une sélection');
  });

  it('the form draws the fields of the picked type, with the required mark on the right date', async () => {
    const hr = await actor(t, STOPPAGES);
    const form = await hr.agent.get('/rh/work-interruptions/new').set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/name="work_interruption\[accidentDate\]"[^>]*required/);
    expect(form.text).not.toMatch(/name="work_interruption\[interruptionStartDate\]"[^>]*required/);
    expect(form.text).toContain('data-refresh-url="/rh/work-interruptions/form-fields"');
    const sick = await hr.agent.post('/rh/work-interruptions/form-fields').set(XHR).type('form')
      .send({ _csrf_token: hr.csrf, 'work_interruption[workInterruptionType]': 'SICK_LEAVE', 'work_interruption[comment]': 'gardé' });
    expect(sick.status).toBe(200);
    expect(sick.text).not.toContain('work_interruption[accidentDate]');
    expect(sick.text).not.toContain('work_interruption[severity]');
    expect(sick.text).toMatch(/name="work_interruption\[interruptionStartDate\]"[^>]*required/);
    expect(sick.text).toContain('gardé');
  });
});

describe('rights, companies and concurrent edits', () => {
  it('needs hr.work_stoppages', async () => {
    const hr = await actor(t, STOPPAGES);
    const employee = await insertEmployee(t, hr.tenantId);
    const id = await accident(hr, employee);
    const other = await actor(t, ['hr.view', 'hr.view_all', 'hr.manage_employees'], await companyOf(t, hr.tenantId));
    expect((await other.agent.get('/rh/work-interruptions')).status).toBe(403);
    expect((await other.agent.get(`/rh/work-interruptions/${id}`).set(XHR)).status).toBe(403);
    expect((await post(other, '/rh/work-interruptions/new', { employee, workInterruptionType: 'SICK_LEAVE', interruptionStartDate: '01/06/2026' })).status).toBe(403);
    expect((await postEmpty(other, `/rh/work-interruptions/${id}/delete`)).status).toBe(403);
    expect((await other.agent.get('/rh/accident-types')).status).toBe(403);
    expect((await row(id)).deleted_at).toBeNull();
  });

  it('answers 404 for another company\'s record and refuses its employees and accident types', async () => {
    const hr = await actor(t, ANALYST);
    const stranger = await actor(t, ANALYST);
    const theirs = await accident(stranger, await insertEmployee(t, stranger.tenantId));
    const [theirType] = await q('INSERT INTO accident_type (tenant_id, name) VALUES ($1, $2) RETURNING id', [stranger.tenantId, 'Chute']);
    const mine = await insertEmployee(t, hr.tenantId);
    for (const url of [`/rh/work-interruptions/${theirs}`, `/rh/work-interruptions/${theirs}/edit`]) expect((await hr.agent.get(url).set(XHR)).status).toBe(404);
    expect((await post(hr, `/rh/work-interruptions/${theirs}/edit`, { employee: mine, workInterruptionType: 'SICK_LEAVE', interruptionStartDate: '01/06/2026', version: 1 })).status).toBe(404);
    expect((await postEmpty(hr, `/rh/work-interruptions/${theirs}/delete`)).status).toBe(404);
    expect((await postEmpty(hr, `/rh/work-interruptions/${theirs}/analysis`)).status).toBe(404);
    expect((await hr.agent.get('/rh/work-interruptions/99999999999').set(XHR)).status).toBe(404);
    expect((await postEmpty(hr, '/rh/accident-types/99999999999/delete')).status).toBe(404);
    expect((await row(theirs))).toMatchObject({ type: 'WORK_ACCIDENT', deleted_at: null, event_id: null });

    const res = await post(hr, '/rh/work-interruptions/new', { employee: await insertEmployee(t, stranger.tenantId), workInterruptionType: 'WORK_ACCIDENT', accidentDate: '01/06/2026', accidentType: theirType.id });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'employee')).toBe('Cette valeur doit être l\'un des choix proposés.');
    expect(fieldError(res.text, 'accidentType')).toBe('Cette valeur doit être l\'un des choix proposés.');
  });

  it('refuses a stale edit (409) and keeps the first one', async () => {
    const hr = await actor(t, STOPPAGES);
    const employee = await insertEmployee(t, hr.tenantId);
    const id = await accident(hr, employee);
    expect((await post(hr, `/rh/work-interruptions/${id}/edit`, { employee, workInterruptionType: 'WORK_ACCIDENT', accidentDate: '02/06/2026', interruptionStartDate: '03/06/2026', version: 1 })).status).toBe(201);
    const stale = await post(hr, `/rh/work-interruptions/${id}/edit`, { employee, workInterruptionType: 'WORK_ACCIDENT', accidentDate: '01/06/2026', version: 1 });
    expect(stale.status).toBe(409);
    expect(await row(id)).toMatchObject({ version: 2 });
    expect((await q('SELECT interruption_start_date::text AS d FROM work_interruption WHERE id = $1', [id]))[0].d).toBe('2026-06-03');
  });
});

describe('the list', () => {
  it('filters by type, period and employee, and counts the days of stoppage', async () => {
    const hr = await actor(t, STOPPAGES);
    const paul = await insertEmployee(t, hr.tenantId, { last_name: 'Durand', first_name: 'Paul' });
    const lea = await insertEmployee(t, hr.tenantId, { last_name: 'Fontaine', first_name: 'Léa' });
    await accident(hr, paul, { accidentDate: '15/01/2026', interruptionStartDate: '16/01/2026', interruptionEndDate: '25/01/2026' });
    expect((await post(hr, '/rh/work-interruptions/new', { employee: lea, workInterruptionType: 'SICK_LEAVE', interruptionStartDate: '01/06/2026' })).status).toBe(201);
    const lines = async (url: string) => {
      const res = await hr.agent.get(url);
      expect(res.status).toBe(200);
      return [...res.text.matchAll(/<tr data-interruption="\d+">([\s\S]*?)<\/tr>/g)].map((m) => m[1].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
    };
    const rows = await lines('/rh/work-interruptions');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Léa Fontaine');
    expect(rows[0]).toContain('01/06/2026 → en cours 10 j'); // 01/06 to today 10/06
    expect(rows[1]).toContain('Paul Durand');
    expect(rows[1]).toContain('16/01/2026 → 25/01/2026 10 j');
    const who = async (url: string) => (await lines(url)).map((r) => (r.includes('Durand') ? 'Durand' : 'Fontaine'));
    expect(await who('/rh/work-interruptions?type=WORK_ACCIDENT')).toEqual(['Durand']);
    expect(await who('/rh/work-interruptions?type=SICK_LEAVE')).toEqual(['Fontaine']);
    expect(await who('/rh/work-interruptions?from=01%2F05%2F2026&to=30%2F06%2F2026')).toEqual(['Fontaine']);
    expect(await who('/rh/work-interruptions?from=01%2F01%2F2026&to=31%2F01%2F2026')).toEqual(['Durand']);
    expect(await who(`/rh/work-interruptions?employee=${lea}`)).toEqual(['Fontaine']);
    expect(await lines('/rh/work-interruptions?type=OTHER')).toEqual([]);
  });
});

describe('accident analysis (event of kind at)', () => {
  it('is created from the work accident, linked, shown, and then forbids deleting the stoppage', async () => {
    const hr = await actor(t, ANALYST);
    const employee = await insertEmployee(t, hr.tenantId, { last_name: 'Girard', first_name: 'Thomas' });
    const id = await accident(hr, employee, { accidentDate: '03/06/2026', interruptionStartDate: '04/06/2026', interruptionEndDate: '08/06/2026' });
    const before = await hr.agent.get(`/rh/work-interruptions/${id}`).set(XHR);
    expect(before.text).toContain('Créer l&#39;analyse d&#39;accident');

    const res = await postEmpty(hr, `/rh/work-interruptions/${id}/analysis`);
    expect(res.status).toBe(201);
    const { event_id: eventId } = await row(id);
    expect(res.body.redirect).toBe(`/events/${eventId}/edit`);
    const [event] = await q('SELECT kind, status, subject, event_date::text AS d, creator_id, tenant_id FROM event WHERE id = $1', [eventId]);
    expect(event).toEqual({ kind: 'at', status: 'DRAFT', subject: 'Analyse de l\'accident de Thomas Girard du 03/06/2026', d: '2026-06-03', creator_id: hr.id, tenant_id: hr.tenantId });

    const show = await hr.agent.get(`/rh/work-interruptions/${id}`).set(XHR);
    expect(show.text).toContain(`href="/events/${eventId}"`);
    expect(show.text).not.toContain('analysis-create');
    expect((await hr.agent.get('/rh/work-interruptions')).text).toContain(`href="/events/${eventId}"`);
    expect((await hr.agent.get(`/events/${eventId}`)).status).toBe(200);

    const refused = await postEmpty(hr, `/rh/work-interruptions/${id}/delete`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Cet arrêt de travail ne peut pas être supprimé : une analyse d\'accident lui est liée.');
    expect((await row(id)).deleted_at).toBeNull();

    const again = await postEmpty(hr, `/rh/work-interruptions/${id}/analysis`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cet accident du travail a déjà son analyse.');
    const retyped = await post(hr, `/rh/work-interruptions/${id}/edit`, { employee, workInterruptionType: 'SICK_LEAVE', interruptionStartDate: '04/06/2026', version: (await row(id)).version });
    expect(fieldError(retyped.text, 'workInterruptionType')).toBe('Cet enregistrement a une analyse d\'accident : il doit rester un accident du travail.');
  });

  it('links an existing analysis, refuses one of another company, and needs event.add to create one', async () => {
    const hr = await actor(t, ANALYST);
    const employee = await insertEmployee(t, hr.tenantId);
    const first = await accident(hr, employee);
    const second = await accident(hr, employee, { accidentDate: '05/06/2026' });
    // A free analysis of the company: made from a third accident, then unlinked by hand.
    const spare = await accident(hr, employee, { accidentDate: '06/06/2026' });
    expect((await postEmpty(hr, `/rh/work-interruptions/${spare}/analysis`)).status).toBe(201);
    const spareEvent = (await row(spare)).event_id;
    await q('UPDATE work_interruption SET event_id = NULL WHERE id = $1', [spare]);

    const stranger = await actor(t, ANALYST);
    const theirAccident = await accident(stranger, await insertEmployee(t, stranger.tenantId));
    expect((await postEmpty(stranger, `/rh/work-interruptions/${theirAccident}/analysis`)).status).toBe(201);
    const theirEvent = (await row(theirAccident)).event_id;
    await q('UPDATE work_interruption SET event_id = NULL WHERE id = $1', [theirAccident]);

    const show = await hr.agent.get(`/rh/work-interruptions/${first}`).set(XHR);
    expect(show.text).toContain(`<option value="${spareEvent}">`);
    expect(show.text).not.toContain(`<option value="${theirEvent}">`);
    const foreign = await postEmpty(hr, `/rh/work-interruptions/${first}/analysis`, { 'analysis[event]': theirEvent });
    expect(foreign.status).toBe(409);
    expect(foreign.body.message).toBe('Cette analyse d\'accident n\'est pas disponible.');
    // The other company's event stays unlinked, and ours still has no analysis.
    expect((await row(first)).event_id).toBeNull();
    expect((await row(theirAccident)).event_id).toBeNull();
    expect((await postEmpty(hr, `/rh/work-interruptions/${first}/analysis`, { 'analysis[event]': spareEvent })).status).toBe(201);
    expect((await row(first)).event_id).toBe(spareEvent);
    const taken = await postEmpty(hr, `/rh/work-interruptions/${second}/analysis`, { 'analysis[event]': spareEvent });
    expect(taken.status).toBe(409);
    expect((await row(second)).event_id).toBeNull();
    expect((await q('SELECT id FROM work_interruption WHERE event_id = $1', [spareEvent])).map((r: { id: number }) => r.id)).toEqual([first]);

    const noEvents = await actor(t, STOPPAGES, await companyOf(t, hr.tenantId));
    expect((await postEmpty(noEvents, `/rh/work-interruptions/${second}/analysis`)).status).toBe(403);
    expect((await row(second)).event_id).toBeNull();
    // Without an analysis the stoppage goes to the trash.
    expect((await postEmpty(hr, `/rh/work-interruptions/${second}/delete`)).status).toBe(200);
    expect((await row(second)).deleted_at).not.toBeNull();
    expect((await hr.agent.get(`/rh/work-interruptions/${second}`).set(XHR)).status).toBe(404);
  });

  it('a sick leave has no analysis', async () => {
    const hr = await actor(t, ANALYST);
    const employee = await insertEmployee(t, hr.tenantId);
    expect((await post(hr, '/rh/work-interruptions/new', { employee, workInterruptionType: 'SICK_LEAVE', interruptionStartDate: '01/06/2026' })).status).toBe(201);
    const id = await lastId(hr.tenantId);
    const events = () => q('SELECT id FROM event WHERE tenant_id = $1', [hr.tenantId]);
    expect(await events()).toEqual([]);
    const res = await postEmpty(hr, `/rh/work-interruptions/${id}/analysis`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Seul un accident du travail peut avoir une analyse d\'accident.');
    // No analysis was made: no event in the company, none linked to the sick leave.
    expect(await events()).toEqual([]);
    expect(await row(id)).toMatchObject({ event_id: null, type: 'SICK_LEAVE' });
  });
});

describe('accident types (rh_accident_type_*)', () => {
  it('are administered, and one in use cannot be deleted', async () => {
    const hr = await actor(t, STOPPAGES);
    expect((await postForm(hr, '/rh/accident-types/new', 'accident_type', { name: '' })).status).toBe(200);
    expect((await postForm(hr, '/rh/accident-types/new', 'accident_type', { name: 'Chute de hauteur' })).status).toBe(201);
    expect((await postForm(hr, '/rh/accident-types/new', 'accident_type', { name: 'Projection' })).status).toBe(201);
    const types: Array<{ id: number; name: string }> = await q('SELECT id, name FROM accident_type WHERE tenant_id = $1 ORDER BY id', [hr.tenantId]);
    await accident(hr, await insertEmployee(t, hr.tenantId), { accidentType: types[0].id });
    const refused = await postEmpty(hr, `/rh/accident-types/${types[0].id}/delete`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Cet élément est utilisé et ne peut pas être supprimé.');
    expect((await postEmpty(hr, `/rh/accident-types/${types[1].id}/delete`)).status).toBe(200);
    const list = await hr.agent.get('/rh/accident-types');
    expect(list.text).toContain('Chute de hauteur');
    expect(list.text).not.toContain('Projection');
    const stranger = await actor(t, STOPPAGES);
    expect((await stranger.agent.get(`/rh/accident-types/${types[0].id}/edit`).set(XHR)).status).toBe(404);
  });

  it('refuses the second of two users who opened the same type form (409), keeping the first one\'s name', async () => {
    const first = await actor(t, STOPPAGES);
    const second = await actor(t, STOPPAGES, await companyOf(t, first.tenantId));
    const [{ id }] = await q('INSERT INTO accident_type (tenant_id, name) VALUES ($1, $2) RETURNING id', [first.tenantId, 'Chute']);
    const versionIn = (html: string) => Number(/name="accident_type\[version\]" value="(\d+)"/.exec(html)![1]);
    const formA = await first.agent.get(`/rh/accident-types/${id}/edit`).set(XHR);
    const formB = await second.agent.get(`/rh/accident-types/${id}/edit`).set(XHR);
    expect(versionIn(formA.text)).toBe(1);
    expect(versionIn(formB.text)).toBe(1);

    expect((await postForm(first, `/rh/accident-types/${id}/edit`, 'accident_type', { name: 'Chute de hauteur', version: versionIn(formA.text) })).status).toBe(201);
    const late = await postForm(second, `/rh/accident-types/${id}/edit`, 'accident_type', { name: 'Chute de plain-pied', version: versionIn(formB.text) });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Cet élément a été modifié par quelqu\'un d\'autre pendant votre saisie. Rechargez-le pour voir la dernière version avant d\'enregistrer.');
    expect((await q('SELECT name, version FROM accident_type WHERE id = $1', [id]))[0]).toEqual({ name: 'Chute de hauteur', version: 2 });
  });
});
