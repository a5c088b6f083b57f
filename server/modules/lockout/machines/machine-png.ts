import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A small RGB PNG of a machine for the demo (`width` x `height`): a grey frame, a body of
 * `colour` and a red-and-yellow isolation point box, so the slip's PDF has a picture to print.
 */
export function machinePng(width: number, height: number, colour: readonly [number, number, number]): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const frame = x < 4 || y < 4 || x >= width - 4 || y >= height - 4;
      const body = x > width * 0.15 && x < width * 0.65 && y > height * 0.25 && y < height * 0.85;
      const box = x > width * 0.72 && x < width * 0.9 && y > height * 0.3 && y < height * 0.55;
      const stripe = box && Math.floor((x + y) / 6) % 2 === 0;
      const c = frame ? [90, 98, 110] : box ? (stripe ? [220, 53, 69] : [255, 193, 7]) : body ? colour : [240, 242, 245];
      const at = y * stride + 1 + x * 3;
      raw[at] = c[0]; raw[at + 1] = c[1]; raw[at + 2] = c[2];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
