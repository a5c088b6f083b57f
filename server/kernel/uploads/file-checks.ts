import { fromBuffer, fromFile, type FileTypeResult } from 'file-type';

/** Extensions the product accepts, and the type each one is served with. */
export const UPLOAD_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
} as const;

/** An extension of {@link UPLOAD_TYPES}. */
export type UploadExtension = keyof typeof UPLOAD_TYPES;

/** Every accepted extension. */
export const ALL_UPLOAD_EXTENSIONS = Object.keys(UPLOAD_TYPES) as UploadExtension[];

/** Types with no magic bytes: recognised by being clean UTF-8 text. */
const TEXT_EXTENSIONS = new Set<string>(['csv', 'txt']);

/** Lower-case extension of a file name, '' when none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** True when the buffer decodes as UTF-8 and holds no NUL byte. */
export function isCleanUtf8(buffer: Buffer): boolean {
  const check = new Utf8Check();
  check.push(buffer);
  return check.end();
}

/** {@link isCleanUtf8} chunk by chunk, for a file read as a stream. */
export class Utf8Check {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private clean = true;

  push(chunk: Buffer): void {
    if (!this.clean) return;
    if (chunk.includes(0)) this.clean = false;
    else this.decode(chunk, true);
  }

  /** True when every chunk pushed was clean UTF-8, with no sequence cut at the end. */
  end(): boolean {
    if (this.clean) this.decode(undefined, false);
    return this.clean;
  }

  private decode(chunk: Buffer | undefined, stream: boolean): void {
    try {
      this.decoder.decode(chunk, { stream });
    } catch {
      this.clean = false;
    }
  }
}

/** True when the type of `fileName` is recognised as text (csv, txt), not by magic bytes. */
export function isTextFileName(fileName: string): boolean {
  return TEXT_EXTENSIONS.has(extensionOf(fileName));
}

/** True when `fileName` ends in one of `allowed`, an extension the product knows. */
export function hasAllowedExtension(fileName: string, allowed: readonly string[]): boolean {
  const ext = extensionOf(fileName);
  return Boolean(ext) && allowed.includes(ext) && ext in UPLOAD_TYPES;
}

function servedType(fileName: string, found: FileTypeResult | undefined, cleanText: () => boolean, allowed: readonly string[]): string | null {
  if (!hasAllowedExtension(fileName, allowed)) return null;
  const ext = extensionOf(fileName) as UploadExtension;
  if (!found) return TEXT_EXTENSIONS.has(ext) && cleanText() ? UPLOAD_TYPES[ext] : null;
  const same = found.ext === ext || (found.ext === 'jpg' && ext === 'jpeg');
  return same ? UPLOAD_TYPES[ext] : null;
}

/**
 * The served type of a file whose name ends in one of `allowed` AND whose content is that type
 * (magic bytes; UTF-8 text for csv/txt); null when refused.
 */
export async function detectAllowedType(fileName: string, buffer: Buffer, allowed: readonly string[]): Promise<string | null> {
  if (!hasAllowedExtension(fileName, allowed)) return null;
  return servedType(fileName, await fromBuffer(buffer), () => isCleanUtf8(buffer), allowed);
}

/**
 * {@link detectAllowedType} for a file on disk: reads only the headers it needs (an Office zip's
 * entry headers, not their content); `cleanUtf8` is the {@link Utf8Check} made while writing it.
 */
export async function detectAllowedTypeOfFile(fileName: string, filePath: string, allowed: readonly string[], cleanUtf8: boolean): Promise<string | null> {
  if (!hasAllowedExtension(fileName, allowed)) return null;
  return servedType(fileName, await fromFile(filePath), () => cleanUtf8, allowed);
}

/** "5 Mo", "300 Ko": a size in French units. */
export function formatBytes(bytes: number): string {
  const fmt = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${fmt.format(bytes / (1024 * 1024))} Mo`;
  if (bytes >= 1024) return `${fmt.format(bytes / 1024)} Ko`;
  return `${bytes} o`;
}
