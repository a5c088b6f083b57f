import zlib from 'node:zlib';

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) { c ^= b; for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1)); }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGBA PNG as a signature pad exports it; `ink` paints one pixel, `noise` adds incompressible bytes (size tests). */
export function png(width: number, height: number, opts: { ink?: boolean; noise?: number } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  if (opts.ink) raw.fill(255, 1 + 4 * 3, 1 + 4 * 4);
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw))];
  if (opts.noise) parts.push(chunk('tEXt', Buffer.from(Array.from({ length: opts.noise }, (_, i) => (i * 7919) % 251))));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** A PNG as a data URL. */
export const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

/** A drawn signature (one inked pixel), or a blank canvas with `ink = false`, as the pad posts it. */
export const drawing = (ink = true): string => dataUrl(png(40, 20, { ink }));
