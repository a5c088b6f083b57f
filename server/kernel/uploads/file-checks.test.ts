import { detectAllowedType, extensionOf, formatBytes, isCleanUtf8 } from './file-checks';

const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');

describe('upload file checks', () => {
  it('accepts a file only when its name and its content agree', async () => {
    expect(await detectAllowedType('Rapport.PDF', PDF, ['pdf'])).toBe('application/pdf');
    expect(await detectAllowedType('rapport.pdf', PDF, ['png'])).toBeNull();
    expect(await detectAllowedType('image.png', PDF, ['png', 'pdf'])).toBeNull();
    expect(await detectAllowedType('script.exe', PDF, ['pdf'])).toBeNull();
  });

  it('accepts csv and txt only as clean UTF-8', async () => {
    expect(await detectAllowedType('liste.csv', Buffer.from('nom;ville\nZoé;Évry\n'), ['csv'])).toBe('text/csv; charset=utf-8');
    expect(await detectAllowedType('notes.txt', Buffer.from([0x61, 0x00]), ['txt'])).toBeNull();
    expect(await detectAllowedType('notes.txt', PDF, ['txt'])).toBeNull();
    expect(isCleanUtf8(Buffer.from([0xff, 0xfe]))).toBe(false);
  });

  it('reads extensions and speaks sizes in French', () => {
    expect(extensionOf('archive.tar.GZ')).toBe('gz');
    expect(extensionOf('.bashrc')).toBe('');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 Mo');
    expect(formatBytes(1536 * 1024)).toBe('1,5 Mo');
    expect(formatBytes(300 * 1024)).toBe('300 Ko');
  });
});
