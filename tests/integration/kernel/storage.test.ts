import express, { type Express } from 'express';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs } from '../../../server/kernel/jobs/runner';
import { enqueue } from '../../../server/kernel/jobs/enqueue';
import { tenantKey } from '../../../server/kernel/storage/keys';
import { LocalDiskStorage, readAll } from '../../../server/kernel/storage/local-disk-storage';
import { promoteUpload, PURGE_ORPHANS_JOB } from '../../../server/kernel/storage/promote';
import { registerPurgeOrphansJob } from '../../../server/kernel/storage/purge-orphans.job';
import { sendStoredFile } from '../../../server/kernel/storage/send-stored-file';
import { StorageNotFoundError } from '../../../server/kernel/storage/storage';
import { StoredFile } from '../../../server/kernel/storage/stored-file.entity';
import { saveStagedUpload } from '../../../server/kernel/uploads/save-upload';
import { uploadFiles } from '../../../server/kernel/uploads/upload-files';
import { openTestDatabase, type TestDatabase } from '../../support/db';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const TENANT = 900_000 + (process.pid % 1000);

let db: TestDatabase;
let dir: string;
let storage: LocalDiskStorage;
let app: Express;
let restoreClock: () => void = () => undefined;

beforeAll(async () => {
  db = await openTestDatabase(3);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-storage-'));
  storage = new LocalDiskStorage(dir);
  registerPurgeOrphansJob(storage);
  app = express();
  app.post('/documents', uploadFiles({ storage, field: 'files', maxBytes: 1024 * 1024, allowed: ['pdf', 'png', 'jpg', 'jpeg', 'csv', 'txt'] }), async (req, res) => {
    if (req.uploadErrors?.length) {
      res.status(422).json({ errors: req.uploadErrors, body: req.body });
      return;
    }
    const uploads = req.uploads ?? [];
    let files: StoredFile[];
    try {
      files = await db.dataSource.transaction(async (m) => {
        const saved = await Promise.all(uploads.map((u) => saveStagedUpload(m, u, { tenantId: TENANT, userId: 12 })));
        if (req.body.refuse) throw new Error('règle métier refusée');
        return saved;
      });
    } catch {
      res.status(409).json({ errors: [] });
      return;
    }
    for (let i = 0; i < files.length; i++) await promoteUpload(storage, uploads[i].tmpKey, files[i].storageKey);
    res.status(201).json({ ids: files.map((f) => f.id), body: req.body });
  });
  app.get('/documents/:id', async (req, res) => {
    const file = await db.dataSource.manager.findOneByOrFail(StoredFile, { id: Number(req.params.id), tenantId: TENANT });
    await sendStoredFile(res, storage, file, { inline: req.query.inline === '1' });
  });
});
afterAll(async () => {
  restoreClock();
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('storage keys and local disk', () => {
  it('makes keys under the tenant and the month, keeping a safe name', () => {
    restoreClock = useClock(new FixedClock(new Date('2026-03-12T10:00:00Z')));
    const key = tenantKey(42, 'Procès-verbal de réception (v2).PDF');
    restoreClock();
    expect(key).toMatch(/^t\/42\/2026\/03\/[0-9a-f-]{36}-proces-verbal-de-reception-v2\.pdf$/);
    expect(tenantKey(42, '../../etc/passwd')).toMatch(/^t\/42\/\d{4}\/\d{2}\/[0-9a-f-]{36}-etc-passwd$/);
  });

  it('refuses keys that would escape the storage root', async () => {
    for (const bad of ['../secret', 't/1/../../x', '/etc/passwd', 't\\1', '', 't//x', './x']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow('Clé de stockage invalide');
    }
  });

  it('puts, reads, moves and deletes objects', async () => {
    await storage.put('t/1/2026/03/a-note.txt', Buffer.from('Sécurité'));
    expect(await storage.exists('t/1/2026/03/a-note.txt')).toBe(true);
    expect((await readAll(await storage.get('t/1/2026/03/a-note.txt'))).toString()).toBe('Sécurité');
    await storage.move('t/1/2026/03/a-note.txt', 't/1/2026/04/b-note.txt');
    expect(await storage.exists('t/1/2026/03/a-note.txt')).toBe(false);
    await storage.delete('t/1/2026/04/b-note.txt');
    await expect(storage.get('t/1/2026/04/b-note.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
  });
});

describe('uploads', () => {
  it('stores checked files under the tenant and serves them as downloads', async () => {
    const res = await request(app).post('/documents')
      .field('label', 'Permis feu')
      .attach('files', PNG, 'Schéma zone ATEX.png')
      .attach('files', Buffer.from('nom;prénom\nDupont;Zoé\n'), 'liste.csv')
      .expect(201);
    expect(res.body.body).toEqual({ label: 'Permis feu' });
    const [pngId, csvId] = res.body.ids;
    const png = await db.dataSource.manager.findOneByOrFail(StoredFile, { id: pngId });
    expect(png).toMatchObject({ tenantId: TENANT, originalName: 'Schéma zone ATEX.png', mimeType: 'image/png', sizeBytes: PNG.length, createdBy: 12 });
    expect(png.storageKey).toMatch(new RegExp(`^t/${TENANT}/\\d{4}/\\d{2}/[0-9a-f-]{36}-schema-zone-atex.png$`));
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);

    const dl = await request(app).get(`/documents/${pngId}`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="Schema zone ATEX.png"; filename*=UTF-8''Sch%C3%A9ma%20zone%20ATEX.png`);
    expect(Buffer.compare(dl.body, PNG)).toBe(0);
    const inline = await request(app).get(`/documents/${csvId}?inline=1`).expect(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="liste.csv"/);
    expect(inline.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('refuses more than 10 files at a time, keeping the other fields, and stores none of them', async () => {
    const filesOnDisk = () => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
    const rowsBefore = await db.dataSource.manager.countBy(StoredFile, { tenantId: TENANT });
    const diskBefore = filesOnDisk();
    let req = request(app).post('/documents').field('label', 'Lot');
    for (let i = 0; i < 11; i++) req = req.attach('files', PDF, `doc-${i}.pdf`);
    const res = await req.expect(422);
    expect(res.body.errors).toEqual([{ key: 'upload.too_many', params: { max: 10 } }]);
    expect(res.body.body).toEqual({ label: 'Lot' });
    expect(await db.dataSource.manager.countBy(StoredFile, { tenantId: TENANT })).toBe(rowsBefore);
    expect(await db.dataSource.manager.countBy(StoredFile, { originalName: 'doc-0.pdf' })).toBe(0);
    expect(filesOnDisk()).toEqual(diskBefore);
  });

  it('refuses a file over the size limit and says the limit', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]);
    const res = await request(app).post('/documents').attach('files', big, 'gros.pdf').field('after', 'kept').expect(422);
    expect(res.body.errors).toEqual([{ key: 'upload.too_large', params: { name: 'gros.pdf', max: '1 Mo' } }]);
    expect(res.body.body).toEqual({ after: 'kept' });
    expect(await db.dataSource.manager.countBy(StoredFile, { originalName: 'gros.pdf' })).toBe(0);
  });

  it('refuses a type not allowed, by extension and by content', async () => {
    const cases: Array<[Buffer, string]> = [
      [EXE, 'facture.pdf'],
      [PDF, 'rapport.exe'],
      [PNG, 'photo.jpg'],
      [Buffer.from([0x41, 0x00, 0x42]), 'notes.txt'],
      [Buffer.from([0xc3, 0x28]), 'mauvais.csv'],
      [PDF, 'sans-extension'],
    ];
    for (const [data, name] of cases) {
      const res = await request(app).post('/documents').attach('files', data, name).expect(422);
      expect(res.body.errors).toEqual([{ key: 'upload.type_not_allowed', params: { name, allowed: 'pdf, png, jpg, jpeg, csv, txt' } }]);
    }
    expect(await db.dataSource.manager.countBy(StoredFile, { originalName: 'facture.pdf' })).toBe(0);
  });

  it('purges temporary uploads whose row never committed, after 24 hours', async () => {
    await request(app).post('/documents').field('refuse', '1').attach('files', PDF, 'orphelin.pdf').expect(409);
    expect(await db.dataSource.manager.countBy(StoredFile, { originalName: 'orphelin.pdf' })).toBe(0);
    const orphans = fs.readdirSync(path.join(dir, 'tmp'));
    expect(orphans).toHaveLength(1);
    const orphan = `tmp/${orphans[0]}`;
    const fixed = new FixedClock(new Date(Date.now() + 23 * 3600 * 1000));
    restoreClock = useClock(fixed);
    await enqueue(db.dataSource.manager, PURGE_ORPHANS_JOB, {});
    await drainJobs(db.dataSource, { names: [PURGE_ORPHANS_JOB] });
    expect(await storage.exists(orphan)).toBe(true);
    fixed.advance(2 * 3600 * 1000);
    await drainJobs(db.dataSource, { names: [PURGE_ORPHANS_JOB] });
    expect(await storage.exists(orphan)).toBe(false);
    // The purge scheduled its next run.
    const next = await db.dataSource.query(`SELECT count(*)::int AS n FROM "job" WHERE "name" = $1 AND "status" = 'pending'`, [PURGE_ORPHANS_JOB]);
    expect(next[0].n).toBe(1);
    restoreClock();
  });
});
