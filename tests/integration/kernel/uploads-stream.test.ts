import { filesLeft, removeUploadDirs, STORAGE_DIR } from './uploads-env';
import http from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { listen, multipartSize, postStreamed, rawLogin, type Part } from './uploads-client';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { png } from '../../support/png';
import { HttpError } from '../../../server/kernel/http/errors';
import { LocalDiskStorage } from '../../../server/kernel/storage/local-disk-storage';
import { uploadFiles } from '../../../server/kernel/uploads/upload-files';
import { createQuestionnaire } from '../../../server/modules/questionnaire/questionnaire.service';

const MB = 1024 * 1024;
const PHOTO = png(2, 2);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const notTemporary = (files: string[]) => files.filter((f) => !f.startsWith('storage/t/'));

/** A PNG of exactly `size` bytes (the image, then padding its reader ignores). */
const photoOf = (size: number) => Buffer.concat([PHOTO, Buffer.alloc(size - PHOTO.length)]);

/** A minimal Office zip: the entry that tells a .docx comes after a large stored one. */
function docx(padding: number): Buffer {
  const entry = (name: string, data: Buffer) => {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(Buffer.byteLength(name), 26);
    return Buffer.concat([header, Buffer.from(name), data]);
  };
  return Buffer.concat([entry('docProps/thumbnail.jpeg', Buffer.alloc(padding, 7)), entry('word/document.xml', Buffer.from('<w:document/>'))]);
}

let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  t = await createTestApp();
  server = await listen(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
  removeUploadDirs();
});

describe('profile photo: one image of at most 5 Mo, streamed to disk', () => {
  it('accepts 5 Mo and one byte less; refuses one byte more in French and keeps nothing', async () => {
    const user = await makeUser(t);
    const { agent, csrf } = await loginAs(t, user);
    const send = (size: number) => agent.post('/profile/photo').set(XHR).set('X-CSRF-Token', csrf).attach('photo', photoOf(size), 'moi.png');
    expect((await send(5 * MB - 1)).status).toBe(201);
    expect((await send(5 * MB)).status).toBe(201);
    const before = filesLeft();
    const over = await send(5 * MB + 1);
    expect(over.status).toBe(200);
    expect(over.text).toContain('Le fichier est trop volumineux : « moi.png » dépasse la taille maximale de 5 Mo.');
    expect(filesLeft()).toEqual(before);
    expect(notTemporary(filesLeft())).toEqual([]);
  });

  it('stops reading a 40 Mo photo at the limit: a French 413 before the body is sent whole, nothing stored', async () => {
    const user = await makeUser(t);
    const { cookie, csrf } = await rawLogin(server.base, user);
    const before = filesLeft();
    const reply = await postStreamed(`${server.base}/profile/photo`, { Cookie: cookie, 'X-CSRF-Token': csrf, ...XHR }, [
      { name: 'photo', filename: 'moi.png', head: PHOTO, size: 40 * MB },
    ]);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text).message).toBe('Le fichier est trop volumineux : « moi.png » dépasse la taille maximale de 5 Mo.');
    expect(reply.sent).toBeLessThan(reply.total);
    expect(filesLeft()).toEqual(before);
  });
});

describe('questionnaire answer files: streamed too, 10 Mo each', () => {
  /** A questionnaire with a text question and a file question, previewed by an admin. */
  async function previewed(): Promise<{ url: string; text: string; file: string; cookie: string; csrf: string }> {
    const user = await makeUser(t, { rights: ['admin.nomenclatures'] });
    const db = t.db.dataSource;
    const id = await db.transaction((m) => createQuestionnaire(m, user.tenantId, { name: 'Visite', ownerType: 'survey', surveyType: 'safety' }));
    const [g] = await db.query(`INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, position) VALUES ($1, $2, 'Visite', 1) RETURNING id`, [user.tenantId, id]);
    const question = async (label: string, type: string, position: number): Promise<number> =>
      (await db.query(`INSERT INTO questionnaire_question (tenant_id, group_id, label, answer_type, position, required) VALUES ($1, $2, $3, $4, $5, false) RETURNING id`, [user.tenantId, g.id, label, type, position]))[0].id;
    const text = await question('Observations', 'long', 1);
    const file = await question('Photo', 'file', 2);
    const { cookie, csrf } = await rawLogin(server.base, user);
    return { url: `${server.base}/admin/questionnaires/${id}/preview`, text: `questionnaire[q${text}]`, file: `questionnaire[q${file}]`, cookie, csrf };
  }

  it('takes an answer of 10 Mo; refuses 10 Mo and one byte on its question, keeping the other answers', async () => {
    const q = await previewed();
    const headers = { Cookie: q.cookie, 'X-CSRF-Token': q.csrf, ...XHR };
    const send = (size: number) => postStreamed(q.url, headers, [{ name: q.text, value: 'Chantier propre' }, { name: q.file, filename: 'rapport.pdf', head: PDF, size }]);
    const exact = await send(10 * MB);
    expect(exact.text).toContain('Les réponses sont valides');
    const before = filesLeft();
    const over = await send(10 * MB + 1);
    expect(over.status).toBe(200);
    expect(over.text).toContain('Le fichier dépasse la taille maximale de 10 Mo.');
    expect(over.text).toContain('Chantier propre</textarea>');
    expect(notTemporary(filesLeft()).filter((f) => !before.includes(f))).toEqual([]);
  });

  it('stops reading a request far bigger than ten answers: a French 413 before it is sent whole', async () => {
    const q = await previewed();
    const reply = await postStreamed(q.url, { Cookie: q.cookie, 'X-CSRF-Token': q.csrf, ...XHR }, [{ name: q.file, filename: 'rapport.pdf', head: PDF, size: 120 * MB }]);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text).message).toBe('Le fichier est trop volumineux : « rapport.pdf » dépasse la taille maximale de 10 Mo.');
    expect(reply.sent).toBeLessThan(reply.total);
  });

  it('keeps the connection open a moment after the 413, so a client still sending reads it instead of a reset', async () => {
    const q = await previewed();
    const reply = await postStreamed(q.url, { Cookie: q.cookie, 'X-CSRF-Token': q.csrf, ...XHR }, [{ name: q.file, filename: 'rapport.pdf', head: PDF, size: 120 * MB }], { keepSendingMs: 300 });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text).message).toBe('Le fichier est trop volumineux : « rapport.pdf » dépasse la taille maximale de 10 Mo.');
    expect(reply.lateError).toBeUndefined();
  });
});

describe('uploadFiles limits (count, size per file, size per request)', () => {
  const storage = new LocalDiskStorage(STORAGE_DIR);
  const app = express();
  let failed: (err: unknown) => void = () => undefined;
  app.post('/files', uploadFiles({ storage, field: 'files', maxFiles: 3, maxBytes: 1000, maxRequestBytes: 10_000, allowed: ['pdf', 'docx'] }), async (req, res) => {
    const uploads = req.uploads ?? [];
    await Promise.all(uploads.map((u) => storage.delete(u.tmpKey)));
    res.status(req.uploadErrors?.length ? 422 : 201).json({ errors: req.uploadErrors, body: req.body, files: uploads.map((u) => [u.originalName, u.mimeType, u.sizeBytes]) });
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    failed(err);
    const e = err instanceof HttpError ? err : null;
    res.status(e?.status ?? 500).json({ key: e?.messageKey, params: e?.params });
  });

  const files = (n: number) => Array.from({ length: n }, (_, i): Part => ({ name: 'files', filename: `doc-${i}.pdf`, head: PDF, size: 500 }));
  let base = '';
  let close = async () => undefined as void;
  beforeAll(async () => { ({ base, close } = await listen(app)); });
  afterAll(async () => { await close(); });

  it('takes 3 files, and 2; refuses 4 without writing one, keeping the other fields', async () => {
    for (const n of [2, 3]) {
      const res = await postStreamed(`${base}/files`, {}, [{ name: 'label', value: 'Lot' }, ...files(n)]);
      expect(res.status).toBe(201);
      expect(JSON.parse(res.text).files).toHaveLength(n);
    }
    const before = filesLeft();
    const four = await postStreamed(`${base}/files`, {}, [{ name: 'label', value: 'Lot' }, ...files(4), { name: 'after', value: 'gardé' }]);
    expect(four.status).toBe(422);
    expect(JSON.parse(four.text)).toMatchObject({ errors: [{ key: 'upload.too_many', params: { max: 3 } }], body: { label: 'Lot', after: 'gardé' } });
    expect(filesLeft()).toEqual(before);
  });

  it('takes a file of 1000 bytes and 999; refuses 1001 bytes, keeping the fields sent after it', async () => {
    for (const size of [999, 1000]) {
      const res = await postStreamed(`${base}/files`, {}, [{ name: 'files', filename: 'plan.pdf', head: PDF, size }]);
      expect(JSON.parse(res.text).files).toEqual([['plan.pdf', 'application/pdf', size]]);
    }
    const before = filesLeft();
    const res = await postStreamed(`${base}/files`, {}, [{ name: 'files', filename: 'plan.pdf', head: PDF, size: 1001 }, { name: 'after', value: 'gardé' }]);
    expect(res.status).toBe(422);
    expect(JSON.parse(res.text)).toMatchObject({ errors: [{ key: 'upload.too_large', params: { name: 'plan.pdf', max: '1000 o' } }], body: { after: 'gardé' } });
    expect(filesLeft()).toEqual(before);
  });

  it('reads a request of 10 000 bytes and 9 999; stops one of 10 001 bytes with a French 413', async () => {
    const padded = (size: number): Part[] => {
      const head: Part[] = [{ name: 'files', filename: 'plan.pdf', head: PDF, size: 100 }, { name: 'note', value: '' }];
      return [head[0], { name: 'note', value: 'n'.repeat(size - multipartSize(head)) }];
    };
    for (const size of [9_999, 10_000]) {
      const parts = padded(size);
      expect(multipartSize(parts)).toBe(size);
      expect((await postStreamed(`${base}/files`, {}, parts)).status).toBe(201);
    }
    for (const chunked of [false, true]) {
      const before = filesLeft();
      const res = await postStreamed(`${base}/files`, {}, padded(10_001), { chunked });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.text)).toEqual({ key: 'errors.too_large', params: {} });
      expect(filesLeft()).toEqual(before);
    }
  });

  it('stops a file far over its limit at once when the request is bigger than allowed', async () => {
    const before = filesLeft();
    const res = await postStreamed(`${base}/files`, {}, [{ name: 'files', filename: 'énorme.pdf', head: PDF, size: 30 * MB }]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ key: 'upload.too_large', params: { name: 'énorme.pdf', max: '1000 o' } });
    expect(res.sent).toBeLessThan(res.total);
    expect(filesLeft()).toEqual(before);
  });

  it('recognises an Office document by its entries, however far they are in the file', async () => {
    const res = await request(app).post('/files').attach('files', docx(800), 'rapport.docx');
    expect(res.body.files).toEqual([['rapport.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docx(800).length]]);
  });

  it('leaves no temporary file when the client gives up half way', async () => {
    const before = filesLeft();
    const gaveUp = new Promise<unknown>((resolve) => { failed = resolve; });
    const u = new URL(`${base}/files`);
    const raw = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=b', 'Content-Length': '5000' } });
    raw.on('error', () => undefined);
    // Half a file reaches the server, then the connection closes.
    raw.write(`--b\r\nContent-Disposition: form-data; name="files"; filename="plan.pdf"\r\n\r\n${PDF.toString('latin1')}${'x'.repeat(400)}`, () => raw.destroy());
    expect(await gaveUp).toBeInstanceOf(Error);
    expect(filesLeft()).toEqual(before);
  });
});
