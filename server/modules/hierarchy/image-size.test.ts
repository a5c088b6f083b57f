import { readImageSize } from './image-size';

/** A minimal PNG header: signature + IHDR with the given size. */
function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

/** A JPEG start: SOI, an APP0 segment, then SOF0 with the given size. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(10)]);
}

describe('readImageSize', () => {
  it('reads PNG and JPEG sizes from the header', () => {
    expect(readImageSize(png(1200, 800))).toEqual({ width: 1200, height: 800 });
    expect(readImageSize(jpeg(640, 480))).toEqual({ width: 640, height: 480 });
  });

  it('answers null for other or truncated content', () => {
    expect(readImageSize(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(readImageSize(png(1, 1).subarray(0, 20))).toBeNull();
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
  });
});
