import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';

/** One file written in the archive, remembered for the central directory. */
interface Entry { name: Buffer; crc: number; compressed: number; size: number; method: number; offset: number; time: number; date: number }

const PARIS = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** MS-DOS time and date of `when`, Paris wall clock (what the archive tools show). */
function dosDateTime(when: Date): { time: number; date: number } {
  const p: Record<string, number> = {};
  for (const part of PARIS.formatToParts(when)) p[part.type] = Number(part.value);
  return { time: (p.hour << 11) | (p.minute << 5) | Math.floor(p.second / 2), date: ((Math.max(p.year, 1980) - 1980) << 9) | (p.month << 5) | p.day };
}

/** A path segment safe in every archive tool and file system: no separators, control or reserved characters. */
export function zipSegment(text: string, max = 100): string {
  // Control characters are the point of this pattern: archive tools choke on them.
  // oxlint-disable-next-line no-control-regex
  const clean = text.replace(/[\\/:*?"<>|\x00-\x1f]+/g, '_').replace(/\s+/g, ' ').trim().replace(/^[. ]+|[. ]+$/g, '');
  return clean.slice(0, max).trim() || '_';
}

/**
 * A streaming ZIP writer (PKZIP 2.0: deflate or store, UTF-8 names, no ZIP64): each file is
 * written as soon as it is added, so only one file is held in memory at a time. Node has no
 * archive module and the project no zip dependency; this is the small part of the format we need.
 */
export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly names = new Set<string>();
  private readonly stamp: { time: number; date: number };

  constructor(private readonly out: Writable, when: Date) {
    this.stamp = dosDateTime(when);
  }

  /** `name`, or `name (2)`, `name (3)`… when already in the archive (case-insensitive, as Windows sees it). */
  private unique(name: string): string {
    const dot = name.lastIndexOf('.');
    const slash = name.lastIndexOf('/');
    const [stem, ext] = dot > slash + 1 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let i = 2; this.names.has(candidate.toLowerCase()); i++) candidate = `${stem} (${i})${ext}`;
    this.names.add(candidate.toLowerCase());
    return candidate;
  }

  private async write(buf: Buffer): Promise<void> {
    this.offset += buf.length;
    if (!this.out.write(buf)) await once(this.out, 'drain');
  }

  /** Adds a file at `path` (segments separated by `/`); returns the name it got in the archive. */
  async add(path: string, data: Buffer): Promise<string> {
    const finalName = this.unique(path);
    const name = Buffer.from(finalName, 'utf8');
    const deflated = deflateRawSync(data);
    // Already compressed files (PDF, images) are stored: deflating them only costs time.
    const [method, body] = deflated.length < data.length ? [8, deflated] : [0, data];
    const crc = crc32(data);
    if (this.offset + body.length + 30 + name.length > 0xffffffff || this.entries.length >= 0xffff) throw new Error('Archive trop volumineuse (ZIP64 non pris en charge).');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(body.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    this.entries.push({ name, crc, compressed: body.length, size: data.length, method, offset: this.offset, ...this.stamp });
    await this.write(Buffer.concat([header, name]));
    await this.write(body);
    return finalName;
  }

  /** Writes the central directory; the archive is complete (the stream is left open). */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      // Made on Unix (regular file, rw-r--r--): archive tools then read the names as UTF-8, not as DOS code page 437.
      h.writeUInt16LE((3 << 8) | 20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(0x0800, 8);
      h.writeUInt16LE(e.method, 10);
      h.writeUInt16LE(e.time, 12);
      h.writeUInt16LE(e.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE((0o100644 << 16) >>> 0, 38);
      h.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }
}
