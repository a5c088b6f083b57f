import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import ejs from 'ejs';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import {
  conformityRate, createQuestionnaire, loadQuestionnaire, loadResponses, parseResponses, registerResponseAccess, saveResponses, validateTenantReferences,
  type QuestionnaireUpload,
} from '../../../server/modules/questionnaire/questionnaire.service';
import type { AnswerType, QuestionnaireTree } from '../../../server/modules/questionnaire/questionnaire.types';
import { storage } from '../../../server/modules/questionnaire/questionnaire.uploads';
import { VIEWS_DIR } from '../../../server/kernel/http/render';
import { translator } from '../../../server/kernel/i18n/i18n';
import { formatDate, formatDateTime } from '../../../server/kernel/i18n/format';
import { NAMED_COLORS } from '../../../server/kernel/palette';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

/** A checked answer file as `questionnaireUploads` leaves it: staged under tmp/, moved when saved. */
async function stagedPdf(questionId: number, name: string): Promise<QuestionnaireUpload> {
  const tmpKey = `tmp/${randomUUID()}`;
  await storage.put(tmpKey, PDF);
  return { fieldname: `questionnaire[q${questionId}]`, originalname: name, staged: { tmpKey, originalName: name, mimeType: 'application/pdf', extension: 'pdf', sizeBytes: PDF.length } };
}

/** A PNG data URL with a few drawn pixels, as the signature pad sends it. */
function signature(): string {
  const width = 8;
  const height = 4;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  raw.writeUInt32BE(0x1b2a4aff, 1); raw.writeUInt32BE(0x1b2a4aff, 5);
  const chunk = (type: string, data: Buffer) => { const len = Buffer.alloc(4); len.writeUInt32BE(data.length); return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]); };
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

type Ids = Record<'text' | 'date' | 'when' | 'time' | 'radio' | 'boxes' | 'who' | 'team' | 'file' | 'sign', number> & { ok: number; ko: number; na: number; helmet: number; gloves: number };

/** A questionnaire with one question of most answer types; the radio one is required. */
async function build(tenantId: number): Promise<{ id: number; ids: Ids }> {
  const db = t.db.dataSource;
  const id = await db.transaction((m) => createQuestionnaire(m, tenantId, { name: 'Visite sécurité', ownerType: 'survey', surveyType: 'safety' }));
  const [g] = await db.query(`INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, position) VALUES ($1, $2, 'Visite', 1) RETURNING id`, [tenantId, id]);
  const q = async (label: string, type: AnswerType, position: number, required = false): Promise<number> =>
    (await db.query(`INSERT INTO questionnaire_question (tenant_id, group_id, label, answer_type, position, required) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [tenantId, g.id, label, type, position, required]))[0].id;
  const a = async (questionId: number, label: string, conforming: boolean | null, color: string | null, position: number): Promise<number> =>
    (await db.query(`INSERT INTO questionnaire_answer (tenant_id, question_id, label, conforming, color, position, points, creates_action) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [tenantId, questionId, label, conforming, color, position, conforming ? 2 : 0, conforming === false]))[0].id;
  const ids = {
    text: await q('Observations', 'long', 1), date: await q('Date de la visite', 'date', 2), when: await q('Début', 'datetime', 3), time: await q('Heure de fin', 'time', 4),
    radio: await q('Balisage de la zone', 'radio', 5, true), boxes: await q('EPI constatés', 'checkbox', 6), who: await q('Accompagnant', 'user', 7),
    team: await q('Équipe', 'multi_user', 8), file: await q('Photo', 'file', 9), sign: await q('Signature du visiteur', 'signature', 10),
  } as Ids;
  ids.ok = await a(ids.radio, 'Conforme', true, 'green', 1);
  ids.ko = await a(ids.radio, 'Non conforme', false, 'red', 2);
  ids.na = await a(ids.radio, 'Sans objet', null, 'grey', 3);
  ids.helmet = await a(ids.boxes, 'Casque', true, null, 1);
  ids.gloves = await a(ids.boxes, 'Gants', false, null, 2);
  return { id, ids };
}

async function admin() {
  const user = await makeUser(t, { rights: ['admin.nomenclatures'] });
  const { agent, csrf } = await loginAs(t, user);
  return { user, agent, csrf };
}

function renderShow(tree: QuestionnaireTree, values: Record<number, unknown>): Promise<string> {
  return ejs.renderFile(path.join(VIEWS_DIR, 'questionnaire', '_show.ejs'), {
    tree, values, t: translator('fr'), locale: 'fr', palette: { named: NAMED_COLORS }, formatDate, formatDateTime,
    path: (name: string, params?: Record<string, string>) => t.ctx.routes.path(name, params), json: JSON.stringify, csrfToken: () => 'jeton',
  }, { root: VIEWS_DIR });
}

describe('answers: parse, check, store, load', () => {
  it('stores every answer type per subject, with the file and the signature in the storage, and loads them back', async () => {
    const { user, agent } = await admin();
    const colleague = await makeUser(t);
    const [{ name: companyName }] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [user.tenantId]);
    const teammate = await makeUser(t, { company: companyName });
    const { id, ids } = await build(user.tenantId);
    const tree = (await loadQuestionnaire(t.db.dataSource, user.tenantId, id))!;
    const drawn = signature();
    const body = {
      questionnaire: {
        [`q${ids.text}`]: 'Chantier propre.\nRAS.', [`q${ids.date}`]: '05/03/2026', [`q${ids.when}`]: '05/03/2026 08:30', [`q${ids.time}`]: '11:45',
        [`q${ids.radio}`]: String(ids.ok), [`q${ids.boxes}`]: [String(ids.helmet), String(ids.gloves)], [`q${ids.who}`]: String(user.id), [`q${ids.who}_label`]: 'tapé à la main',
        [`q${ids.team}`]: [String(user.id), String(teammate.id), ''], [`q${ids.sign}`]: { image: drawn },
      },
    };
    const files = [await stagedPdf(ids.file, 'Clôture nord.pdf')];
    const { values, errors } = parseResponses(tree, body, files);
    expect(errors).toEqual({});
    // A user of another company is refused.
    const foreign = parseResponses(tree, { questionnaire: { ...body.questionnaire, [`q${ids.who}`]: String(colleague.id) } }, files);
    expect(await validateTenantReferences(t.db.dataSource.manager, user.tenantId, tree, foreign.values)).toEqual({ [ids.who]: 'questionnaire.errors.user' });
    expect(await validateTenantReferences(t.db.dataSource.manager, user.tenantId, tree, values)).toEqual({});

    // A file is served by the rule of the module owning its subject: this test's subject lets the company in.
    registerResponseAccess('qtest_visit', async () => true);
    await t.db.dataSource.transaction((m) => saveResponses(m, user.tenantId, tree, 'qtest_visit', 4242, values));
    const loaded = await loadResponses(t.db.dataSource, user.tenantId, 'qtest_visit', 4242);
    expect(loaded).toMatchObject({
      [ids.text]: 'Chantier propre.\nRAS.', [ids.date]: '2026-03-05', [ids.when]: '2026-03-05T08:30', [ids.time]: '11:45',
      [ids.radio]: [ids.ok], [ids.boxes]: [ids.helmet, ids.gloves], [ids.who]: user.id, [ids.team]: [user.id, teammate.id],
      [ids.file]: { name: 'Clôture nord.pdf', mimeType: 'application/pdf', sizeBytes: PDF.length },
      [ids.sign]: { signedAt: expect.any(String) },
    });
    expect(await loadResponses(t.db.dataSource, user.tenantId, 'qtest_visit', 4243)).toEqual({});
    expect(conformityRate(tree, loaded)).toBe(66.7);

    const file = loaded[ids.file] as { fileId: number; key: string };
    const sign = loaded[ids.sign] as { fileId: number; image: string };
    expect(sign.image).toMatch(/^t\/\d+\//);
    const download = await agent.get(`/questionnaire/files/${file.fileId}`).buffer(true).parse((res, cb) => { const chunks: Buffer[] = []; res.on('data', (c: Buffer) => chunks.push(c)); res.on('end', () => cb(null, Buffer.concat(chunks))); });
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body as Buffer, PDF)).toBe(0);
    expect(download.headers['content-disposition']).toContain('attachment');
    const image = await agent.get(`/questionnaire/files/${sign.fileId}?inline=1`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toContain('inline');

    // What another company sees: nothing.
    const other = await admin();
    expect((await other.agent.get(`/questionnaire/files/${file.fileId}`)).status).toBe(404);
    expect(await loadResponses(t.db.dataSource, other.user.tenantId, 'qtest_visit', 4242)).toEqual({});

    // The read-only partial shows the answers, the names of the users and the rate.
    const html = await renderShow(tree, loaded);
    expect(html).toContain('66,7/100');
    expect(html).toContain('05/03/2026 08:30');
    expect(html).toContain('Camille Test, Camille Test');
    expect(html).toContain('Clôture nord.pdf');
    expect(html).toContain(`/questionnaire/files/${sign.fileId}?inline=1`);
    expect(html).not.toContain('tapé à la main');

    // Saving again: kept file and signature stay, a cleared answer goes, a new one replaces the old.
    const again = parseResponses(tree, { questionnaire: {
      [`q${ids.radio}`]: String(ids.ko), [`q${ids.file}`]: { keep: String(file.fileId) }, [`q${ids.sign}`]: { image: '', keep: String(sign.fileId) },
    } }, []);
    expect(again.errors).toEqual({});
    expect(await validateTenantReferences(t.db.dataSource.manager, user.tenantId, tree, again.values)).toEqual({});
    await t.db.dataSource.transaction((m) => saveResponses(m, user.tenantId, tree, 'qtest_visit', 4242, again.values));
    const reloaded = await loadResponses(t.db.dataSource, user.tenantId, 'qtest_visit', 4242);
    expect(Object.keys(reloaded).map(Number).sort((a, b) => a - b)).toEqual([ids.radio, ids.file, ids.sign].sort((a, b) => a - b));
    expect(reloaded[ids.file]).toEqual(loaded[ids.file]);
    expect(reloaded[ids.sign]).toEqual(loaded[ids.sign]);
    expect(conformityRate(tree, reloaded)).toBe(0);
    // A kept file must be one answered to that question in this company.
    const forged = parseResponses(tree, { questionnaire: { [`q${ids.radio}`]: String(ids.ok), [`q${ids.file}`]: { keep: String(sign.fileId + 100000) } } }, []);
    expect(await validateTenantReferences(t.db.dataSource.manager, user.tenantId, tree, forged.values)).toEqual({ [ids.file]: 'validation.invalid' });
  });

  it('lets the module owning a subject refuse the download of its files', async () => {
    const { user, agent } = await admin();
    const { id, ids } = await build(user.tenantId);
    const tree = (await loadQuestionnaire(t.db.dataSource, user.tenantId, id))!;
    registerResponseAccess('confidential_visit', async (_req, subjectId) => subjectId !== 13);
    for (const subject of [12, 13]) {
      const files = [await stagedPdf(ids.file, 'rapport.pdf')];
      const { values } = parseResponses(tree, { questionnaire: { [`q${ids.radio}`]: String(ids.na) } }, files);
      await t.db.dataSource.transaction((m) => saveResponses(m, user.tenantId, tree, 'confidential_visit', subject, values));
    }
    const open = (await loadResponses(t.db.dataSource, user.tenantId, 'confidential_visit', 12))[ids.file] as { fileId: number };
    const closed = (await loadResponses(t.db.dataSource, user.tenantId, 'confidential_visit', 13))[ids.file] as { fileId: number };
    expect((await agent.get(`/questionnaire/files/${open.fileId}`)).status).toBe(200);
    expect((await agent.get(`/questionnaire/files/${closed.fileId}`)).status).toBe(403);
  });
});

describe('preview: the real form checks, nothing stored', () => {
  it('asks for the required answer, refuses a bad file, a forged user and a blank signature, and gives the rate of valid answers', async () => {
    const { user, agent, csrf } = await admin();
    const outsider = await makeUser(t);
    const { id, ids } = await build(user.tenantId);
    const page = await agent.get(`/admin/questionnaires/${id}/preview`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`name="questionnaire[q${ids.radio}]"`);
    expect(page.text).toContain(`name="questionnaire[q${ids.boxes}][]"`);
    expect(page.text).toContain('data-island="signature"');
    expect(page.text).toContain('data-datepicker="datetime"');
    expect(page.text).toContain('data-autocomplete-url="/users/autocomplete"');

    const empty = await agent.post(`/admin/questionnaires/${id}/preview`).set(XHR).field('_csrf_token', csrf).field(`questionnaire[q${ids.text}]`, 'Texte gardé');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Une réponse est nécessaire');
    expect(empty.text).toContain('Texte gardé</textarea>');

    const draft = await agent.post(`/admin/questionnaires/${id}/preview`).set(XHR).field('_csrf_token', csrf).field('_submit', 'DRAFT');
    expect(draft.text).not.toContain('Une réponse est nécessaire');
    expect(draft.text).toContain('Les réponses sont valides');

    const bad = await agent.post(`/admin/questionnaires/${id}/preview`).set(XHR).field('_csrf_token', csrf)
      .field(`questionnaire[q${ids.radio}]`, String(ids.ok)).field(`questionnaire[q${ids.date}]`, '31/02/2026')
      .field(`questionnaire[q${ids.who}]`, String(outsider.id)).field(`questionnaire[q${ids.who}_label]`, 'Inconnu')
      .field(`questionnaire[q${ids.sign}][image]`, 'data:image/png;base64,AAAA')
      .attach(`questionnaire[q${ids.file}]`, Buffer.from('MZ\x90\x00\x03'), 'rapport.pdf');
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Ce type de fichier n&#39;est pas autorisé.');
    expect(bad.text).toContain('Cette date n&#39;est pas valide (format JJ/MM/AAAA).');
    expect(bad.text).toContain('value="31/02/2026"');
    expect(bad.text).toContain('Choisissez un utilisateur de la société dans la liste.');
    expect(bad.text).toContain('La signature n&#39;est pas valide : dessinez-la de nouveau.');
    expect(bad.text).toMatch(new RegExp(`value="${ids.ok}" checked`));

    const good = await agent.post(`/admin/questionnaires/${id}/preview`).set(XHR).field('_csrf_token', csrf)
      .field(`questionnaire[q${ids.radio}]`, String(ids.ko)).field(`questionnaire[q${ids.boxes}][]`, String(ids.helmet))
      .field(`questionnaire[q${ids.who}]`, String(user.id)).field(`questionnaire[q${ids.sign}][image]`, signature())
      .attach(`questionnaire[q${ids.file}]`, PDF, 'rapport.pdf');
    expect(good.status).toBe(200);
    expect(good.text).toContain('Les réponses sont valides (rien n&#39;a été enregistré).');
    expect(good.text).toContain('50,0/100');
    expect(good.text).toContain('Balisage de la zone : Non conforme');
    expect(good.text).toContain('Le fichier « rapport.pdf » n&#39;a pas été enregistré');
    expect((await t.db.dataSource.query('SELECT count(*)::int AS n FROM questionnaire_response WHERE tenant_id = $1', [user.tenantId]))[0].n).toBe(0);
  });
});
