import zlib from 'node:zlib';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** Decodes `data:image/png;base64,...` into bytes that really start like a PNG, or null. */
export function decodePngDataUrl(text: unknown): Buffer | null {
  if (typeof text !== 'string') return null;
  const m = DATA_URL.exec(text.trim());
  if (!m) return null;
  const bytes = Buffer.from(m[1], 'base64');
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return bytes;
}

/** Width, height, bit depth and colour type from the IHDR chunk. */
export function pngHeader(png: Buffer): { width: number; height: number; bitDepth: number; colorType: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), bitDepth: png[24], colorType: png[25] };
}

/**
 * True when an 8-bit RGBA PNG holds only fully transparent black pixels: what a canvas
 * exports when nothing was drawn. Every PNG filter maps an all-zero image to all-zero bytes
 * (and back), so the inflated scanlines are checked without unfiltering them.
 * Other colour types are never considered blank. A PNG that does not inflate counts as blank
 * (it is refused either way).
 */
export function isBlankPng(png: Buffer): boolean {
  const { width, height, bitDepth, colorType } = pngHeader(png);
  if (bitDepth !== 8 || colorType !== 6) return false;
  const idat: Buffer[] = [];
  for (let pos = 8; pos + 8 <= png.length;) {
    const length = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    if (type === 'IDAT') idat.push(png.subarray(pos + 8, pos + 8 + length));
    if (type === 'IEND') break;
    pos += 12 + length;
  }
  let raw: Buffer;
  try {
    raw = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: 64 * 1024 * 1024 });
  } catch {
    return true;
  }
  const stride = width * 4 + 1;
  if (raw.length < stride * height) return true;
  for (let row = 0; row < height; row++) {
    const start = row * stride + 1;
    for (let i = start; i < start + width * 4; i++) if (raw[i] !== 0) return false;
  }
  return true;
}
