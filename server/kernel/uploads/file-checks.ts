import { fromBuffer } from 'file-type';

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
  if (buffer.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}

/**
 * The served type of a file whose name ends in one of `allowed` AND whose content is that type
 * (magic bytes; UTF-8 text for csv/txt); null when refused.
 */
export async function detectAllowedType(fileName: string, buffer: Buffer, allowed: readonly string[]): Promise<string | null> {
  const ext = extensionOf(fileName);
  if (!ext || !allowed.includes(ext) || !(ext in UPLOAD_TYPES)) return null;
  const found = await fromBuffer(buffer);
  if (!found) return TEXT_EXTENSIONS.has(ext) && isCleanUtf8(buffer) ? UPLOAD_TYPES[ext as UploadExtension] : null;
  const same = found.ext === ext || (found.ext === 'jpg' && ext === 'jpeg');
  return same ? UPLOAD_TYPES[ext as UploadExtension] : null;
}

/** "5 Mo", "300 Ko": a size in French units. */
export function formatBytes(bytes: number): string {
  const fmt = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${fmt.format(bytes / (1024 * 1024))} Mo`;
  if (bytes >= 1024) return `${fmt.format(bytes / 1024)} Ko`;
  return `${bytes} o`;
}
