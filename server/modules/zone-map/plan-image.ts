import zlib from 'node:zlib';

/** A colour as [r, g, b]. */
export type Rgb = readonly [number, number, number];

/** A rectangle of the drawing, in image pixels (x right, y down). */
export interface PlanRect { x: number; y: number; w: number; h: number; fill: Rgb; border?: Rgb }

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A site plan as an RGB PNG (`width` x `height`): a background with a 50 px grid and the given
 * rectangles (buildings, roads, areas) with their borders. Used by the demo to give sectors a map.
 */
export function drawPlanPng(width: number, height: number, background: Rgb, rects: PlanRect[]): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  const set = (x: number, y: number, c: Rgb) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const at = y * stride + 1 + x * 3;
    raw[at] = c[0]; raw[at + 1] = c[1]; raw[at + 2] = c[2];
  };
  const grid: Rgb = [Math.max(0, background[0] - 14), Math.max(0, background[1] - 14), Math.max(0, background[2] - 14)];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) set(x, y, x % 50 === 0 || y % 50 === 0 ? grid : background);
  for (const r of rects) {
    for (let y = r.y; y < r.y + r.h; y++) {
      for (let x = r.x; x < r.x + r.w; x++) {
        const edge = x < r.x + 3 || y < r.y + 3 || x >= r.x + r.w - 3 || y >= r.y + r.h - 3;
        set(x, y, edge && r.border ? r.border : r.fill);
      }
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2;
  return Buffer.concat([SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', zlib.deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}
