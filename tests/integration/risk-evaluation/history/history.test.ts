import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clock as appClock, FixedClock, useClock } from '../../../../server/kernel/clock';
import { drainJobs, enqueue } from '../../../../server/kernel/jobs';
import { verifyHistory } from '../../../../server/modules/risk-evaluation/history/history-check';
import { historyMailer } from '../../../../server/modules/risk-evaluation/history/history-mail';
import { HISTORY_REMINDER_JOB, nextReminderRun, scheduleHistoryReminders } from '../../../../server/modules/risk-evaluation/history/history-reminder.job';
import { chainHash, createVersion as createVersionOf, historyStorage, sha256, signVersion } from '../../../../server/modules/risk-evaluation/history/history.service';
import { readAll } from '../../../../server/kernel/storage';
import { drawing } from '../../../support/png';
import { createTestApp, type TestApp } from '../../../support/app';
import { actor, companyOf, duPlace, evaluationFields, postForm, XHR, type Actor, type DuPlace } from '../du-fixtures';

/** The document exported (PDF, xlsx) and its signed history: versions, chain, signature, rights, check, yearly reminder. */
let t: TestApp;
let admin: Actor;
let place: DuPlace;
let company: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, [], { roles: ['super_admin'] });
  place = await duPlace(t, admin.tenantId);
  company = await companyOf(t, admin.tenantId);
  for (const [g, p, c, situation] of [['Très grave', 'Très probable', 'Nulle', 'Intervention sur le tour en rotation'], ['Faible', 'Improbable', 'Bonne', 'Rangement des outils']] as const) {
    const res = await postForm(admin, '/unique-document/evaluations/new', 'risk_evaluation', await evaluationFields(place, { g, p, c }, { dangerousSituation: situation, supervisorId: admin.id }));
    if (res.status !== 201) throw new Error(`evaluation not saved: ${res.status}`);
  }
}, 60_000);
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const binary = (res: any, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const download = (a: Actor, url: string) => a.agent.get(url).buffer(true).parse(binary);
const createVersion = (a: Actor, item: number, csrf = a.csrf) => a.agent.post('/unique-document/history/new').set(XHR).type('form').send({ _csrf_token: csrf, item: String(item) });
const sign = (a: Actor, id: number, fields: Record<string, string>) => a.agent.post(`/unique-document/history/${id}/sign`).set(XHR).type('form').send({ _csrf_token: a.csrf, ...fields });
const versions = async (item: number) => q('SELECT * FROM du_history_version WHERE tenant_id = $1 AND hierarchy_item_id = $2 ORDER BY number', [place.tenantId, item]);

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duhist-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('exports', () => {
  it('prints the entity\'s whole document as a PDF grouped by work unit, with the legend', async () => {
    const res = await download(admin, `/unique-document/export/pdf?item=${place.siteId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.body);
    expect(text).toContain('Unité de travail : Atelier usinage');
    expect(text).toContain('Niveaux de priorité');
    expect(text).toContain('33 et plus');
    expect(text.replace(/\s+/g, ' ')).toContain('Intervention'); // table cells wrap: the words, in the work unit's table
    expect(text.indexOf('Atelier usinage')).toBeLessThan(text.indexOf('Intervention'));
    expect(text).toContain('Critique');
  }, 60_000);

  it('exports the same lines as an xlsx workbook', async () => {
    const res = await download(admin, `/unique-document/export/xlsx?item=${place.siteId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body);
    const sheet = book.getWorksheet('Document unique')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Unité de travail');
    const situations = [2, 3].map((n) => sheet.getRow(n).getCell(6).value);
    expect(situations).toEqual(['Intervention sur le tour en rotation', 'Rangement des outils']);
    expect(sheet.getRow(2).getCell(13).value).toBe(64);
    expect(book.getWorksheet('Légende')).toBeDefined();
  });

  it('puts the export and history buttons of the filtered entity above the list, a hint without an entity', async () => {
    const page = await admin.agent.get(`/unique-document?item=${place.siteId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="/unique-document/export/pdf?item=${place.siteId}" data-testid="du-export-pdf"`);
    expect(page.text).toContain(`href="/unique-document/export/xlsx?item=${place.siteId}" data-testid="du-export-xlsx"`);
    expect(page.text).toContain(`href="/unique-document/history?item=${place.siteId}" data-testid="du-history-link"`);
    const all = await admin.agent.get('/unique-document');
    expect(all.text).toContain('data-testid="du-output-hint"');
    expect(all.text).not.toContain('data-testid="du-export-pdf"');
  });

  it('answers 404 without an entity, for another company\'s entity and for an entity out of the user\'s scope', async () => {
    expect((await download(admin, '/unique-document/export/pdf')).status).toBe(404);
    const stranger = await actor(t, [], { roles: ['super_admin'] });
    expect((await download(stranger, `/unique-document/export/xlsx?item=${place.siteId}`)).status).toBe(404);
    const scoped = await actor(t, ['unique_document.view'], { company });
    await q('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [scoped.id, place.otherSiteId, place.tenantId]);
    expect((await download(scoped, `/unique-document/export/pdf?item=${place.siteId}`)).status).toBe(404);
    expect((await download(scoped, `/unique-document/export/xlsx?item=${place.otherSiteId}`)).status).toBe(200);
  });
});

describe('the signed history', () => {
  let first: Record<string, any>;
  let second: Record<string, any>;

  it('freezes versions in a chain: each hash covers the PDF, the data and the previous version', async () => {
    const a = await createVersion(admin, place.siteId);
    expect(a.status).toBe(201);
    expect(a.body.message).toBe('La version 1 du document unique de « Usine de Lyon » est figée.');
    const b = await createVersion(admin, place.siteId);
    expect(b.status).toBe(201);
    [first, second] = await versions(place.siteId);
    expect([first.number, second.number]).toEqual([1, 2]);
    expect(first.previous_hash).toBeNull();
    expect(second.previous_hash).toBe(first.hash);
    for (const v of [first, second]) {
      expect(v.hash).toBe(chainHash(v.pdf_sha256, v.previous_hash, v.data_sha256));
      expect(sha256(v.data)).toBe(v.data_sha256);
      const [file] = await q('SELECT storage_key FROM stored_file WHERE id = $1', [v.pdf_file_id]);
      expect(sha256(await readAll(await historyStorage.get(file.storage_key)))).toBe(v.pdf_sha256);
    }
    const data = JSON.parse(first.data);
    expect(data.rows.map((r: any) => [r.dangerousSituation, r.priorityRisk, r.level])).toEqual([['Intervention sur le tour en rotation', 64, 'Critique'], ['Rangement des outils', 1, 'Faible']]);
  }, 60_000);

  it('lists the versions as an HTML fragment, newest first', async () => {
    const res = await admin.agent.get(`/unique-document/history?item=${place.siteId}`).set(XHR);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="du-history-table"');
    expect(res.text.indexOf('data-testid="du-version-2"')).toBeLessThan(res.text.indexOf('data-testid="du-version-1"'));
    expect(res.text).toContain(`/unique-document/history/${first.id}/sign`);
  });

  it('refuses a version without the CSRF token, to a viewer, and answers 404 for another company\'s entity', async () => {
    expect((await createVersion(admin, place.siteId, '')).status).toBe(403);
    const viewer = await actor(t, ['unique_document.view'], { company });
    const refused = await createVersion(viewer, place.siteId);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Action non autorisée.');
    const stranger = await actor(t, [], { roles: ['super_admin'] });
    expect((await createVersion(stranger, place.siteId)).status).toBe(404);
    expect((await stranger.agent.get(`/unique-document/history?item=${place.siteId}`).set(XHR)).status).toBe(404);
    expect((await versions(place.siteId)).length).toBe(2);
  });

  it('sends a visitor without an entity back to the list, where the entity is chosen', async () => {
    const res = await admin.agent.get('/unique-document/history');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/unique-document');
    const list = await admin.agent.get('/unique-document');
    expect(list.text).toContain('Choisissez une entité dans les filtres pour exporter son document ou consulter son historique signé.');
  });

  it('shows the signature island, refuses bad input in French keeping the name, then signs once', async () => {
    const form = await admin.agent.get(`/unique-document/history/${first.id}/sign`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-signature-form');
    expect(form.text).toContain('data-island="signature"');

    const noDrawing = await sign(admin, first.id, { 'signature[name]': 'Claire Martin', 'signature[image]': '' });
    expect(noDrawing.status).toBe(200);
    expect(noDrawing.body.result).toBe(false);
    expect(noDrawing.body.signatureForm).toContain('data-testid="signature-error-image"');
    expect(noDrawing.body.signatureForm).toMatch(/&#34;name&#34;:&#34;Claire Martin&#34;|"name":"Claire Martin"/);
    const noName = await sign(admin, first.id, { 'signature[name]': '  ', 'signature[image]': drawing() });
    expect(noName.body.result).toBe(false);
    expect(noName.body.signatureForm).toContain('data-testid="signature-error-name"');
    expect((await versions(place.siteId))[0].signed_at).toBeNull();

    expect((await admin.agent.post(`/unique-document/history/${first.id}/sign`).set(XHR).type('form').send({ 'signature[name]': 'X', 'signature[image]': drawing() })).status).toBe(403);
    const viewer = await actor(t, ['unique_document.view'], { company });
    expect((await sign(viewer, first.id, { 'signature[name]': 'Claire Martin', 'signature[image]': drawing() })).status).toBe(403);

    const ok = await sign(admin, first.id, { 'signature[name]': 'Claire Martin', 'signature[image]': drawing() });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ result: true, message: 'La version 1 du document unique de « Usine de Lyon » est signée.' });
    const [signed] = await versions(place.siteId);
    expect(signed.signer_name).toBe('Claire Martin');
    expect(signed.signed_by_id).toBe(admin.id);
    expect(signed.hash).toBe(first.hash);
    const again = await sign(admin, first.id, { 'signature[name]': 'Autre', 'signature[image]': drawing() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cette version est déjà signée.');
  });

  it('lets the database refuse any change of a version but its one signature, and any deletion', async () => {
    await expect(q('UPDATE du_history_version SET data = $2 WHERE id = $1', [second.id, '{}'])).rejects.toThrow(/ne peut pas être modifiée/);
    await expect(q('UPDATE du_history_version SET signer_name = $2 WHERE id = $1', [first.id, 'Faussaire'])).rejects.toThrow(/ne peut pas être modifiée/);
    await expect(q('UPDATE du_history_version SET signed_at = now(), signer_name = $2, signature_image = $3, pdf_sha256 = $4 WHERE id = $1', [second.id, 'X', 'img', '0'.repeat(64)])).rejects.toThrow(/ne peut pas être modifiée/);
    await expect(q('DELETE FROM du_history_version WHERE id = $1', [second.id])).rejects.toThrow(/ne peut pas être supprimée/);
    expect((await versions(place.siteId)).length).toBe(2);
  });

  it('lets whoever sees the entity download a version\'s frozen PDF; 404 for another company or out of scope', async () => {
    const viewer = await actor(t, ['unique_document.view'], { company });
    const res = await download(viewer, `/unique-document/history/${first.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(sha256(res.body)).toBe(first.pdf_sha256);
    expect(pdfText(res.body)).toContain('Version n° 1');
    const stranger = await actor(t, [], { roles: ['super_admin'] });
    expect((await download(stranger, `/unique-document/history/${first.id}/pdf`)).status).toBe(404);
    const scoped = await actor(t, ['unique_document.view'], { company });
    await q('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [scoped.id, place.otherSiteId, place.tenantId]);
    expect((await download(scoped, `/unique-document/history/${first.id}/pdf`)).status).toBe(404);
    expect((await scoped.agent.get(`/unique-document/history/${first.id}/sign`).set(XHR)).status).toBe(403);
  }, 60_000);

  it('the check finds the chain intact, then reports a tampered stored PDF', async () => {
    expect(await verifyHistory(t.db.dataSource, { tenantId: place.tenantId })).toEqual({ versions: 2, problems: [] });
    const [file] = await q('SELECT storage_key FROM stored_file WHERE id = $1', [second.pdf_file_id]);
    const original = await readAll(await historyStorage.get(file.storage_key));
    const tampered = Buffer.concat([original, Buffer.from('\n% altered')]);
    await historyStorage.put(file.storage_key, tampered);
    try {
      const report = await verifyHistory(t.db.dataSource, { tenantId: place.tenantId });
      expect(report.problems.map((p) => [p.number, p.kind])).toEqual([[2, 'pdf_altered']]);
      expect(report.problems[0].message).toContain('le PDF enregistré ne correspond plus à son empreinte SHA-256');
      await historyStorage.delete(file.storage_key);
      expect((await verifyHistory(t.db.dataSource, { tenantId: place.tenantId })).problems.map((p) => p.kind)).toEqual(['pdf_missing']);
    } finally {
      await historyStorage.put(file.storage_key, original);
    }
    expect((await verifyHistory(t.db.dataSource, { tenantId: place.tenantId })).problems).toEqual([]);
  });
});

describe('the yearly reminder', () => {
  it('mails the writers once the last signed version is 12 months old: not the day before, on the day, and the day after', async () => {
    // Three entities of a fresh company, signed 12 months ago plus a day, exactly, minus a day.
    const boss = await actor(t, [], { roles: ['super_admin'] });
    const other = await duPlace(t, boss.tenantId);
    const mkItem = async (name: string) => (await q('INSERT INTO hierarchy_item (tenant_id, name, type_id) SELECT $1, $2, type_id FROM hierarchy_item WHERE id = $3 RETURNING id', [boss.tenantId, name, other.siteId]))[0].id as number;
    const items = { after: await mkItem('Site J+1'), exact: await mkItem('Site J'), before: await mkItem('Site J-1') };
    // The writer holds no right of the document: he is told as the lines' supervisor.
    const w = await actor(t, [], { company: await companyOf(t, boss.tenantId) });
    const [{ email: writerMail }] = await q('SELECT email FROM app_user WHERE id = $1', [w.id]);
    for (const item of Object.values(items)) {
      const fields = await evaluationFields(other, { g: 'Grave', p: 'Possible', c: 'Moyenne' }, { hierarchyItemId: item, supervisorId: w.id });
      expect((await postForm(boss, '/unique-document/evaluations/new', 'risk_evaluation', fields)).status).toBe(201);
    }
    const clock = new FixedClock(new Date('2025-03-14T09:00:00Z'));
    const restore = useClock(clock);
    try {
      const signedOn = { after: '2025-03-14T09:00:00Z', exact: '2025-03-15T09:00:00Z', before: '2025-03-16T09:00:00Z' };
      for (const key of ['after', 'exact', 'before'] as const) {
        clock.set(new Date(signedOn[key]));
        const [{ name }] = await q('SELECT name FROM hierarchy_item WHERE id = $1', [items[key]]);
        const made = (await createVersionOf(t.db.dataSource, boss.tenantId, items[key], name, boss.id))!;
        expect(await signVersion(t.db.dataSource, boss.tenantId, made.id, { name: 'Direction', image: drawing(), userId: boss.id })).toBe(true);
      }
      const run = async () => {
        historyMailer().clear();
        await enqueue(t.db.dataSource.manager, HISTORY_REMINDER_JOB, { tenantIds: [boss.tenantId] });
        await drainJobs(t.db.dataSource, { names: [HISTORY_REMINDER_JOB] });
        return historyMailer().sent().filter((m) => m.to.includes(writerMail)).map((m) => m.subject).sort();
      };
      clock.set(new Date('2026-03-15T08:00:00Z'));
      expect(appClock.now().toISOString()).toBe('2026-03-15T08:00:00.000Z');
      // Signed 14/03/2025: due since 14/03/2026 (one day after); 15/03/2025: due today (exactly); 16/03/2025: due tomorrow.
      expect(await run()).toEqual([
        'Document unique de « Site J » : mise à jour annuelle',
        'Document unique de « Site J+1 » : mise à jour annuelle',
      ]);
      expect(await run()).toEqual([]); // once per version
      clock.set(new Date('2026-03-16T08:00:00Z'));
      expect(await run()).toEqual(['Document unique de « Site J-1 » : mise à jour annuelle']);
    } finally {
      restore();
    }
  }, 120_000);

  it('is queued at start-up once, and each run queues the next day\'s', async () => {
    await q(`DELETE FROM job WHERE name = $1 AND status = 'pending'`, [HISTORY_REMINDER_JOB]);
    await scheduleHistoryReminders(t.db.dataSource);
    await scheduleHistoryReminders(t.db.dataSource);
    const pending = async () => q(`SELECT run_at FROM job WHERE name = $1 AND status = 'pending'`, [HISTORY_REMINDER_JOB]);
    expect((await pending()).length).toBe(1);
    const clock = new FixedClock(new Date('2030-01-10T07:00:00Z'));
    const restore = useClock(clock);
    try {
      await drainJobs(t.db.dataSource, { names: [HISTORY_REMINDER_JOB], maxRounds: 1 });
      const [next] = await pending();
      expect(new Date(next.run_at).getTime()).toBe(nextReminderRun(clock.now()).getTime());
      expect(new Date(next.run_at).getTime()).toBeGreaterThan(clock.now().getTime());
    } finally {
      restore();
    }
  });
});
