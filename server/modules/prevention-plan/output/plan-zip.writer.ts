import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { ZipFile } from 'yazl';

/** Formats that are already compressed: stored as they are, deflating them only costs time. */
const STORED = /\.(pdf|png|jpe?g|gif|webp|zip|docx|xlsx|pptx|odt|ods|mp4|heic)$/i;

/** A path segment safe in every archive tool and file system: no separators, control or reserved characters. */
export function zipSegment(text: string, max = 100): string {
  // Control characters are the point of this pattern: archive tools choke on them.
  // oxlint-disable-next-line no-control-regex
  const clean = text.replace(/[\\/:*?"<>|\x00-\x1f]+/g, '_').replace(/\s+/g, ' ').trim().replace(/^[. ]+|[. ]+$/g, '');
  return clean.slice(0, max).trim() || '_';
}

/**
 * A streaming ZIP archive on yazl (deflate or store, UTF-8 names, ZIP64 when needed, the instant
 * in the Info-ZIP timestamp so archive tools show it in their own time zone). Each file is read
 * from its stream only when its turn comes: one file at a time passes through memory.
 */
export class ZipWriter {
  private readonly zip = new ZipFile();
  private readonly names = new Set<string>();

  constructor(out: Writable, private readonly when: Date) {
    this.zip.outputStream.pipe(out, { end: false });
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

  /**
   * Adds a file at `path` (segments separated by `/`): its bytes, or a function opening its stream
   * when the archive reaches it; returns the name it got in the archive.
   */
  add(path: string, data: Buffer | (() => Promise<Readable>)): string {
    const name = this.unique(path);
    const options = { mtime: this.when, mode: 0o100644, compress: !STORED.test(name) };
    if (Buffer.isBuffer(data)) this.zip.addBuffer(data, name, options);
    else this.zip.addReadStreamLazy(name, options, (cb) => { data().then((stream) => cb(null, stream), (err: Error) => cb(err, undefined as never)); });
    return name;
  }

  /** Writes the central directory once every file has passed; the output stream is left open. */
  async finish(): Promise<void> {
    const ended = once(this.zip.outputStream, 'end');
    // A file whose stream fails stops the archive: the caller cuts the response.
    const failed = once(this.zip, 'error').then(([err]) => { throw err; });
    this.zip.end();
    await Promise.race([ended, failed]);
  }
}
