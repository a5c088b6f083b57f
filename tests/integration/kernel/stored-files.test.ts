import { OWN_STORAGE_DIR } from './own-storage-dir';
import fs from 'node:fs';
import path from 'node:path';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { loadConfig } from '../../../server/kernel/config';
import { drainJobs } from '../../../server/kernel/jobs/runner';
import { createStorage, PURGE_ORPHANS_JOB, readAll, registerPurgeOrphansJob, schedulePurgeOrphans, tmpKey } from '../../../server/kernel/storage';
import { registeredFileReferences } from '../../../server/kernel/storage/file-references';
import { saveStagedUpload } from '../../../server/kernel/uploads';
import { createTestApp, type TestApp } from '../../support/app';
import { png } from '../../support/png';
import { actor, createEvent, XHR, type Actor } from '../event/event-helpers';

const storage = createStorage(loadConfig());
const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;

let t: TestApp;
let restoreClock: () => void = () => undefined;
beforeAll(async () => {
  t = await createTestApp();
  registerPurgeOrphansJob(storage);
});
afterEach(() => restoreClock());
afterAll(async () => {
  await t.close();
  fs.rmSync(OWN_STORAGE_DIR, { recursive: true, force: true });
});

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const onDisk = (key: string) => fs.existsSync(path.join(OWN_STORAGE_DIR, key));
const fileRow = async (id: number) => (await q('SELECT state, storage_key, tmp_key FROM stored_file WHERE id = $1', [id]))[0] ?? null;

/** Runs the storage reconciliation as the application does at start-up, with the clock at `at`. */
async function reconcileAt(at: Date): Promise<void> {
  restoreClock();
  restoreClock = useClock(new FixedClock(at));
  await schedulePurgeOrphans(t.db.dataSource);
  const report = await drainJobs(t.db.dataSource, { names: [PURGE_ORPHANS_JOB] });
  expect(report).toMatchObject({ done: 1, failed: 0, retried: 0 });
  restoreClock();
}

/** An upload staged in `tmp/` and its committed row, left as a crash between the commit and the move leaves them. */
async function interruptedUpload(tenantId: number, name: string, content: string): Promise<{ id: number; tmp: string; key: string }> {
  const tmp = tmpKey();
  await storage.put(tmp, Buffer.from(content));
  const file = await t.db.dataSource.transaction((m) => saveStagedUpload(m, { tmpKey: tmp, originalName: name, mimeType: 'text/plain', extension: 'txt', sizeBytes: Buffer.byteLength(content) }, { tenantId }));
  return { id: file.id, tmp, key: file.storageKey };
}

/** An event of the actor's company with `file` joined to it; returns the event and the link ids. */
async function eventWith(a: Actor, fileId: number): Promise<{ eventId: number; linkId: number }> {
  const eventId = await createEvent(t, a, 'generic', {});
  const [link] = await q('INSERT INTO event_file (tenant_id, event_id, file_id, label) VALUES ($1, $2, $3, $4) RETURNING id', [a.tenantId, eventId, fileId, 'pièce']);
  return { eventId, linkId: link.id };
}

const WRITER = ['event.view', 'event.add', 'event.edit', 'event.delete'];

describe('promotion cut short by a crash', () => {
  it('finishes the move at start-up: the file reaches its final key and the record serves it', async () => {
    const a = await actor(t, WRITER);
    const up = await interruptedUpload(a.tenantId, 'temoignage.txt', 'Témoignage du chef d\'équipe');
    const { linkId } = await eventWith(a, up.id);
    expect(await fileRow(up.id)).toMatchObject({ state: 'pending', tmp_key: up.tmp });

    await reconcileAt(new Date());
    expect(await fileRow(up.id)).toEqual({ state: 'stored', storage_key: up.key, tmp_key: null });
    expect([onDisk(up.key), onDisk(up.tmp)]).toEqual([true, false]);
    const res = await a.agent.get(`/events/files/${linkId}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Témoignage');
  });

  it('flags a row whose files are both gone; its download answers 404, not 500', async () => {
    const a = await actor(t, WRITER);
    const up = await interruptedUpload(a.tenantId, 'perdu.txt', 'x');
    const { linkId } = await eventWith(a, up.id);
    await storage.delete(up.tmp);
    await reconcileAt(new Date());
    expect(await fileRow(up.id)).toMatchObject({ state: 'missing', tmp_key: null });
    const res = await a.agent.get(`/events/files/${linkId}`);
    expect(res.status).toBe(404);
    expect(res.text).toContain('Page introuvable');
  });

  it('marks a finished promotion as stored without moving anything', async () => {
    const a = await actor(t, WRITER);
    const up = await interruptedUpload(a.tenantId, 'deplace.txt', 'y');
    await storage.move(up.tmp, up.key);
    await reconcileAt(new Date());
    expect(await fileRow(up.id)).toMatchObject({ state: 'stored', tmp_key: null });
    expect(onDisk(up.key)).toBe(true);
  });

  it('runs at start-up even when the hourly run is not due yet', async () => {
    await reconcileAt(new Date());
    const [next] = await q(`SELECT run_at FROM job WHERE name = $1 AND status = 'pending'`, [PURGE_ORPHANS_JOB]);
    expect(next.run_at.getTime()).toBeGreaterThan(Date.now() + 3500 * SECOND);
    await schedulePurgeOrphans(t.db.dataSource);
    const [due] = await q(`SELECT count(*)::int AS n FROM job WHERE name = $1 AND status = 'pending' AND run_at <= now()`, [PURGE_ORPHANS_JOB]);
    expect(due.n).toBe(1);
  });
});

describe('temporary uploads no row claims', () => {
  it('are removed once older than 24 hours: kept at 24 h, removed one second after', async () => {
    const orphan = tmpKey();
    await storage.put(orphan, Buffer.from('jamais enregistré'));
    const written = new Date(Date.now() - 60 * SECOND);
    fs.utimesSync(path.join(OWN_STORAGE_DIR, orphan), written, written);
    await reconcileAt(new Date(written.getTime() + DAY - SECOND));
    expect(onDisk(orphan)).toBe(true);
    await reconcileAt(new Date(written.getTime() + DAY));
    expect(onDisk(orphan)).toBe(true);
    await reconcileAt(new Date(written.getTime() + DAY + SECOND));
    expect(onDisk(orphan)).toBe(false);
  });

  it('keep the temporary file a committed row still waits for, and finish its move instead', async () => {
    const a = await actor(t, WRITER);
    const up = await interruptedUpload(a.tenantId, 'ancien.txt', 'z');
    const written = new Date(Date.now() - 2 * DAY);
    fs.utimesSync(path.join(OWN_STORAGE_DIR, up.tmp), written, written);
    await reconcileAt(new Date());
    expect([onDisk(up.key), (await fileRow(up.id)).state]).toEqual([true, 'stored']);
  });
});

describe('files no record uses any more', () => {
  it('deletes a file removed from its event, with its row, once the row is older than 24 hours', async () => {
    const a = await actor(t, WRITER);
    const id = await createEvent(t, a, 'generic', {});
    const sent = await a.agent.post(`/events/${id}/files/new`).set(XHR).field('_csrf_token', a.csrf).attach('files', Buffer.from('Bruit : 85 dB'), 'mesures.txt');
    expect(sent.status).toBe(201);
    const [link] = await q('SELECT x.id, f.id AS file_id, f.storage_key FROM event_file x JOIN stored_file f ON f.id = x.file_id WHERE x.event_id = $1', [id]);
    expect((await a.agent.post(`/events/files/${link.id}/remove`).set(XHR).set('X-CSRF-Token', a.csrf).send()).status).toBe(200);
    const created = new Date(Date.now() - 60 * SECOND);
    await q('UPDATE stored_file SET created_at = $1 WHERE id = $2', [created, link.file_id]);

    await reconcileAt(new Date(created.getTime() + DAY));
    expect([await fileRow(link.file_id) !== null, onDisk(link.storage_key)]).toEqual([true, true]);
    await reconcileAt(new Date(created.getTime() + DAY + SECOND));
    expect([await fileRow(link.file_id), onDisk(link.storage_key)]).toEqual([null, false]);
  });

  it('keeps the files of a record in the trash, and deletes them once it is purged from the trash', async () => {
    const a = await actor(t, [...WRITER, 'admin.trash']);
    const id = await createEvent(t, a, 'generic', {});
    expect((await a.agent.post(`/events/${id}/files/new`).set(XHR).field('_csrf_token', a.csrf).attach('files', Buffer.from('Photo du poste'), 'poste.txt')).status).toBe(201);
    const [file] = await q('SELECT f.id, f.storage_key FROM event_file x JOIN stored_file f ON f.id = x.file_id WHERE x.event_id = $1', [id]);
    await q('UPDATE stored_file SET created_at = $1 WHERE id = $2', [new Date(Date.now() - 2 * DAY), file.id]);
    expect((await a.agent.post(`/events/${id}/remove`).set(XHR).set('X-CSRF-Token', a.csrf).send()).status).toBe(200);

    await reconcileAt(new Date(Date.now() + 30 * DAY));
    expect(onDisk(file.storage_key)).toBe(true);
    const [item] = await q(`SELECT id FROM trash_item WHERE subject_table = 'event' AND subject_id = $1`, [id]);
    expect((await a.agent.post(`/admin/trash/${item.id}/delete`).type('form').send({ _csrf_token: a.csrf })).status).toBe(302);
    await reconcileAt(new Date());
    expect([await fileRow(file.id), onDisk(file.storage_key)]).toEqual([null, false]);
  });

  it('deletes the file of a row any module removed', async () => {
    const a = await actor(t, WRITER);
    const up = await interruptedUpload(a.tenantId, 'supprime.txt', 'w');
    await storage.move(up.tmp, up.key);
    await q('DELETE FROM stored_file WHERE id = $1', [up.id]);
    expect(onDisk(up.key)).toBe(true);
    await reconcileAt(new Date());
    expect(onDisk(up.key)).toBe(false);
  });

  it('keeps the files used without a foreign key: a profile photo, a questionnaire answer, an editor image', async () => {
    const a = await actor(t, WRITER);
    const old = new Date(Date.now() - 3 * DAY);
    const photo = await interruptedUpload(a.tenantId, 'photo.txt', 'p');
    await q('UPDATE app_user SET photo_file_id = $1 WHERE id = $2', [photo.id, a.id]);
    const answer = await interruptedUpload(a.tenantId, 'reponse.txt', 'r');
    const [qn] = await q(`INSERT INTO questionnaire (tenant_id, name, owner_type) VALUES ($1, 'Visite', 'event') RETURNING id`, [a.tenantId]);
    const [group] = await q(`INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name) VALUES ($1, $2, 'Général') RETURNING id`, [a.tenantId, qn.id]);
    const [question] = await q(`INSERT INTO questionnaire_question (tenant_id, group_id, label, answer_type) VALUES ($1, $2, 'Pièce', 'file') RETURNING id`, [a.tenantId, group.id]);
    await q(`INSERT INTO questionnaire_response (tenant_id, questionnaire_id, subject_type, subject_id, question_id, value, updated_at) VALUES ($1, $2, 'event', 1, $3, $4::jsonb, now())`,
      [a.tenantId, qn.id, question.id, JSON.stringify({ key: answer.key, name: 'reponse.txt', fileId: answer.id, mimeType: 'text/plain', sizeBytes: 1 })]);
    expect((await a.agent.post('/file-manager/upload').set('X-CSRF-Token', a.csrf).attach('upload', png(2, 2), 'x.png')).status).toBe(201);
    const [editor] = await q('SELECT id FROM stored_file WHERE tenant_id = $1 AND original_name = $2', [a.tenantId, 'x.png']);
    const ids = [photo.id, answer.id, editor.id];
    await q('UPDATE stored_file SET created_at = $1 WHERE id = ANY($2)', [old, ids]);
    await reconcileAt(new Date());
    const kept = await q('SELECT id FROM stored_file WHERE id = ANY($1) ORDER BY id', [ids]);
    expect(kept.map((r: { id: number }) => r.id)).toEqual(ids);
    expect((await readAll(await storage.get(photo.key))).toString()).toBe('p');
  });

  it('knows every column that points to a stored file: a foreign key or a declared reference', async () => {
    const fileColumns: Array<{ ref: string }> = await q(
      `SELECT table_name || '.' || column_name AS ref FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name ~ '(^|_)(file|photo|logo|image)[0-9]*_id$' ORDER BY 1`);
    const foreignKeys: Array<{ ref: string }> = await q(
      `SELECT c.conrelid::regclass::text || '.' || a.attname AS ref FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.contype = 'f' AND c.confrelid = 'stored_file'::regclass`);
    const known = new Set([...foreignKeys.map((r) => r.ref), ...registeredFileReferences().map((r) => r.name)]);
    expect(fileColumns.length).toBeGreaterThan(20);
    expect(fileColumns.map((r) => r.ref).filter((ref) => !known.has(ref))).toEqual([]);
    expect(registeredFileReferences().map((r) => r.name).sort()).toEqual(['app_user.photo_file_id', 'questionnaire_response.value']);
  });
});
