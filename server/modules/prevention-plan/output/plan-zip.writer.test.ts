import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { ZipWriter, zipSegment } from './plan-zip.writer';

/** Writes an archive of `files` and returns its bytes. */
async function archive(files: Array<[string, Buffer | (() => Promise<Readable>)]>): Promise<{ bytes: Buffer; names: string[] }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const zip = new ZipWriter(out, new Date('2026-11-22T09:30:00Z'));
  const names: string[] = [];
  for (const [name, data] of files) names.push(zip.add(name, data));
  await zip.finish();
  out.end();
  return { bytes: Buffer.concat(chunks), names };
}

function withZip<T>(bytes: Buffer, fn: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-zip-'));
  try {
    const file = path.join(dir, 'a.zip');
    fs.writeFileSync(file, bytes);
    return fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('ZipWriter', () => {
  it('writes an archive the usual tools read: UTF-8 names, deflated text, stored binary, unique names', async () => {
    const text = Buffer.from('Consignation électrique avant intervention. '.repeat(50));
    const random = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7919) % 251));
    const { bytes, names } = await archive([['EE - Électricité/notice.txt', text], ['EE - Électricité/notice.txt', random], ['plan.pdf', random]]);
    expect(names).toEqual(['EE - Électricité/notice.txt', 'EE - Électricité/notice (2).txt', 'plan.pdf']);
    expect(bytes.length).toBeLessThan(text.length);
    withZip(bytes, (file) => {
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
      expect(execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n')).toEqual(names);
      expect(execFileSync('unzip', ['-p', file, names[0]])).toEqual(text);
      expect(execFileSync('unzip', ['-p', file, names[1]])).toEqual(random);
      // Paris wall clock: 10:30 in November.
      expect(execFileSync('zipinfo', ['-T', file, names[2]], { encoding: 'utf8', env: { ...process.env, TZ: 'Europe/Paris' } })).toContain('20261122.1030');
    });
  });

  it('reads a streamed file only when its turn comes', async () => {
    const opened: string[] = [];
    const lazy = (name: string, data: Buffer) => async () => { opened.push(name); return Readable.from([data]); };
    const text = Buffer.from('Registre des consignations');
    const { bytes, names } = await archive([['a.txt', lazy('a', text)], ['b.pdf', lazy('b', Buffer.from('%PDF-1.4'))]]);
    expect(opened).toEqual(['a', 'b']);
    withZip(bytes, (file) => {
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
      expect(execFileSync('unzip', ['-p', file, names[0]])).toEqual(text);
    });
  });

  it('fails when a file cannot be read, instead of writing a silent archive', async () => {
    const out = new PassThrough();
    out.resume();
    const zip = new ZipWriter(out, new Date());
    zip.add('absent.txt', async () => { throw new Error('fichier introuvable'); });
    await expect(zip.finish()).rejects.toThrow('fichier introuvable');
  });

  it('writes an empty archive', async () => {
    const { bytes } = await archive([]);
    expect(bytes).toHaveLength(22);
    expect(bytes.readUInt32LE(0)).toBe(0x06054b50);
  });
});

describe('zipSegment', () => {
  it('keeps accents and removes separators and reserved characters', () => {
    expect(zipSegment('EE - Électricité Durand SARL')).toBe('EE - Électricité Durand SARL');
    expect(zipSegment('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(zipSegment('a:b*c?"d"<e>|f\\g')).toBe('a_b_c_d_e_f_g');
    expect(zipSegment('  ..  ')).toBe('_');
    expect(zipSegment('x'.repeat(200), 10)).toBe('xxxxxxxxxx');
  });
});
