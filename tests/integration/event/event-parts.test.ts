import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, createEvent, transition, XHR, type Actor } from './event-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const WRITER = ['event.view', 'event.add', 'event.edit'];

function postFinding(a: Actor, url: string, fields: Record<string, string>) {
  const body: Record<string, string> = { _csrf_token: a.csrf };
  for (const [k, v] of Object.entries(fields)) body[`event_finding[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}
const findings = (id: number) => t.db.dataSource.query('SELECT kind, description, risk_perception FROM event_finding WHERE event_id = $1 ORDER BY position', [id]);

describe('visit observations and audit findings', () => {
  it('records visit observations with their risk perception code, required', async () => {
    const a = await actor(t, WRITER);
    const id = await createEvent(t, a, 'vms', { visitType: 'COLLABORATOR' });
    const form = await a.agent.get(`/events/${id}/findings/new`).set(XHR);
    expect(form.text).toContain('PF – Perception faible');
    expect(form.text).toContain('Acte dangereux');
    expect(form.text).not.toContain('Non-conformité');
    const noCode = await postFinding(a, `/events/${id}/findings/new`, { kind: 'dangerous_act', description: 'Conducteur au téléphone' });
    expect(noCode.status).toBe(200);
    expect(noCode.text).toContain('Veuillez renseigner ce champ.');
    expect(noCode.text).toContain('Conducteur au téléphone');
    // An audit kind is refused on a visit.
    expect((await postFinding(a, `/events/${id}/findings/new`, { kind: 'non_conformity', description: 'X', riskPerception: 'PF' })).status).toBe(200);
    expect((await postFinding(a, `/events/${id}/findings/new`, { kind: 'dangerous_act', description: 'Conducteur au téléphone', riskPerception: 'PF' })).status).toBe(201);
    expect((await postFinding(a, `/events/${id}/findings/new`, { kind: 'positive_point', description: 'Sangles en bon état', riskPerception: 'PS' })).status).toBe(201);
    expect(await findings(id)).toEqual([
      { kind: 'dangerous_act', description: 'Conducteur au téléphone', risk_perception: 'PF' },
      { kind: 'positive_point', description: 'Sangles en bon état', risk_perception: 'PS' },
    ]);
    const show = await a.agent.get(`/events/${id}`);
    expect(show.text).toContain('PF – Perception faible');
    expect(show.text).toContain('Sangles en bon état');
  });

  it('records audit findings without a code, edits (409 when stale) and removes them', async () => {
    const a = await actor(t, WRITER);
    const id = await createEvent(t, a, 'audit', {});
    for (const kind of ['strong_point', 'non_conformity', 'sensitive_point', 'improvement']) {
      expect((await postFinding(a, `/events/${id}/findings/new`, { kind, description: `Constat ${kind}`, riskPerception: 'PF' })).status).toBe(201);
    }
    const rows = await findings(id);
    expect(rows.map((r: { kind: string }) => r.kind)).toEqual(['strong_point', 'non_conformity', 'sensitive_point', 'improvement']);
    expect(rows.every((r: { risk_perception: string | null }) => r.risk_perception === null)).toBe(true);
    const [f] = await t.db.dataSource.query('SELECT id FROM event_finding WHERE event_id = $1 ORDER BY position LIMIT 1', [id]);
    expect((await postFinding(a, `/events/findings/${f.id}/edit`, { kind: 'strong_point', description: 'Consignations tracées', version: '1' })).status).toBe(201);
    expect((await postFinding(a, `/events/findings/${f.id}/edit`, { kind: 'strong_point', description: 'Ancienne version', version: '1' })).status).toBe(409);
    expect(await t.db.dataSource.query('SELECT description FROM event_finding WHERE id = $1', [f.id])).toEqual([{ description: 'Consignations tracées' }]);
    const removed = await a.agent.post(`/events/findings/${f.id}/remove`).set(XHR).set('X-CSRF-Token', a.csrf).send();
    expect(removed.status).toBe(200);
    expect(await findings(id)).toHaveLength(3);
    // A generic event has no findings.
    const generic = await createEvent(t, a, 'generic', {});
    expect((await postFinding(a, `/events/${generic}/findings/new`, { kind: 'strong_point', description: 'X' })).status).toBe(403);
    expect(await findings(generic)).toEqual([]);
  });

  it('refuses findings to someone who may not edit the event, and on a closed event', async () => {
    const a = await actor(t, WRITER);
    const reader = await actor(t, ['event.view', 'event.list_all'], await companyOf(t, a.tenantId));
    const id = await createEvent(t, a, 'audit', {});
    expect((await postFinding(reader, `/events/${id}/findings/new`, { kind: 'strong_point', description: 'X' })).status).toBe(403);
    expect(await findings(id)).toEqual([]);
    expect((await reader.agent.get(`/events/${id}`)).text).not.toContain('data-testid="finding-add"');
    await t.db.dataSource.query(`UPDATE event SET status = 'CLOSED' WHERE id = $1`, [id]);
    expect((await postFinding(a, `/events/${id}/findings/new`, { kind: 'strong_point', description: 'X' })).status).toBe(403);
    expect(await findings(id)).toEqual([]);
  });
});

describe('event files', () => {
  const upload = (a: Actor, id: number, files: Array<[string, string]>) => {
    let req = a.agent.post(`/events/${id}/files/new`).set(XHR).field('_csrf_token', a.csrf);
    for (const [name, content] of files) req = req.attach('files', Buffer.from(content), name);
    return req;
  };

  it('joins files (10 at most), downloads and removes them', async () => {
    const a = await actor(t, WRITER);
    const id = await createEvent(t, a, 'generic', {});
    const ok = await upload(a, id, [['constat.txt', 'Témoignage du chef d\'équipe'], ['mesures.txt', 'Bruit : 85 dB']]);
    expect(ok.status).toBe(201);
    const show = await a.agent.get(`/events/${id}`);
    expect(show.text).toContain('constat.txt');
    const [file] = await t.db.dataSource.query('SELECT id FROM event_file WHERE event_id = $1 ORDER BY id LIMIT 1', [id]);
    const download = await a.agent.get(`/events/files/${file.id}`);
    expect(download.status).toBe(200);
    expect(download.text ?? download.body.toString()).toContain('Témoignage');
    const tooMany = await upload(a, id, Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, 'x'] as [string, string]));
    expect(tooMany.status).toBe(200);
    expect(tooMany.text).toContain('Vous ne pouvez pas envoyer plus de 10 fichiers à la fois.');
    const bad = await upload(a, id, [['script.exe', 'MZ']]);
    expect(bad.text).toContain('Ce type de fichier n&#39;est pas autorisé');
    expect((await a.agent.post(`/events/files/${file.id}/remove`).set(XHR).set('X-CSRF-Token', a.csrf).send()).status).toBe(200);
    expect((await t.db.dataSource.query('SELECT count(*)::int AS n FROM event_file WHERE event_id = $1', [id]))[0].n).toBe(1);
  });

  it('keeps a confidential event\'s files from people who may not see it', async () => {
    const a = await actor(t, WRITER);
    const other = await actor(t, ['event.view'], await companyOf(t, a.tenantId));
    const id = await createEvent(t, a, 'generic', { confidential: '1' });
    expect((await upload(a, id, [['secret.txt', 'confidentiel']])).status).toBe(201);
    const [file] = await t.db.dataSource.query('SELECT id FROM event_file WHERE event_id = $1', [id]);
    expect((await other.agent.get(`/events/files/${file.id}`)).status).toBe(404);
    await transition(a, id, 'abandon', 'Doublon');
    expect((await upload(a, id, [['apres.txt', 'x']])).status).toBe(403);
  });
});
