/** Pixel size of an image. */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Reads the pixel width and height from a PNG (IHDR chunk) or JPEG (first SOFn marker) header;
 * null for anything else or a truncated header. No decoding, no dependency.
 */
export function readImageSize(buf: Buffer): ImageSize | null {
  if (buf.length >= 24 && buf.readUInt32BE(0) === 0x89504e47 && buf.readUInt32BE(4) === 0x0d0a1a0a && buf.toString('latin1', 12, 16) === 'IHDR') {
    return positive(buf.readUInt32BE(16), buf.readUInt32BE(20));
  }
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2;
    while (i + 4 <= buf.length) {
      if (buf[i] !== 0xff) return null;
      const marker = buf[i + 1];
      // Fill bytes, and markers without a length (RSTn, TEM).
      if (marker === 0xff) { i += 1; continue; }
      if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { i += 2; continue; }
      const length = buf.readUInt16BE(i + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        if (i + 9 > buf.length) return null;
        return positive(buf.readUInt16BE(i + 7), buf.readUInt16BE(i + 5));
      }
      if (marker === 0xda || length < 2) return null;
      i += 2 + length;
    }
  }
  return null;
}

function positive(width: number, height: number): ImageSize | null {
  return width > 0 && height > 0 ? { width, height } : null;
}
