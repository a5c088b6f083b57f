import type { Response } from 'superagent';

/**
 * A supertest body parser that keeps a text download (CSV ...) as one UTF-8 string, BOM included,
 * whatever its content type: `agent.get(url).buffer(true).parse(textBody)`.
 */
export function textBody(res: Response, callback: (err: Error | null, body: string) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => callback(null, Buffer.concat(chunks).toString('utf8')));
}
