import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { csvText, sendExport, type ExportCell, type ExportFormat } from './table-export';

describe('cells of a table export as CSV text', () => {
  it('writes days DD/MM/YYYY (an instant as its day in Paris), numbers with a decimal comma, nothing for null', () => {
    expect(csvText({ header: 'Échéance', type: 'date' }, '2031-05-20')).toBe('20/05/2031');
    // 23:30 UTC on 31/12 is already 01/01 in Paris.
    expect(csvText({ header: 'Créée le', type: 'date' }, new Date('2026-12-31T23:30:00Z'))).toBe('01/01/2027');
    expect(csvText({ header: 'Échéance', type: 'date' }, null)).toBe('');
    expect(csvText({ header: 'TF', type: 'number' }, 1831.7)).toBe('1831,70');
    expect(csvText({ header: 'Quantité', type: 'number', digits: 3 }, 2.005)).toBe('2,005');
    expect(csvText({ header: 'N°', type: 'integer' }, 42)).toBe('42');
    expect(csvText({ header: 'Matricule' }, '00042')).toBe('00042');
    expect(csvText({ header: 'TF', type: 'number' }, undefined)).toBe('');
  });
});

describe('a table export whose client leaves', () => {
  /** Serves an endless export; resolves with how the handler ended once the client has gone. */
  async function endlessExport(format: ExportFormat): Promise<{ ended: 'resolved' | 'rejected'; batchesStopped: boolean }> {
    let batchesStopped = false;
    let settled: (v: 'resolved' | 'rejected') => void;
    const handlerDone = new Promise<'resolved' | 'rejected'>((r) => { settled = r; });
    async function* endless(): AsyncGenerator<ExportCell[][]> {
      try {
        for (let i = 0; ; i++) yield Array.from({ length: 500 }, (_, j) => [i * 500 + j, `Ligne ${'x'.repeat(200)} ${Math.random()}`, '2026-11-27']);
      } finally {
        batchesStopped = true;
      }
    }
    const app = express();
    app.get('/export', (_req, res) => {
      sendExport(res, format, { base: 'essai', sheet: 'Essai', columns: [{ header: 'N°', type: 'integer' }, { header: 'Texte' }, { header: 'Jour', type: 'date' }], batches: endless() })
        .then(() => settled('resolved'), () => settled('rejected'));
    });
    const server = http.createServer(app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    // Reads the first bytes, then stops reading and goes away.
    await new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/export' }, (res) => {
        res.once('data', () => { req.destroy(); resolve(); });
      });
      req.on('error', () => undefined);
    });
    const ended = await handlerDone;
    server.close();
    return { ended, batchesStopped };
  }

  it.each(['csv', 'xlsx'] as const)('%s: the handler ends and stops reading rows', async (format) => {
    expect(await endlessExport(format)).toEqual({ ended: 'resolved', batchesStopped: true });
  });
});
