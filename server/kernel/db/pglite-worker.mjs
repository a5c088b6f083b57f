// Runs PGlite (PostgreSQL in WASM) and its socket server off the main thread:
// in the main thread every query would stall the event loop for its whole length.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, port, maxConnections } = workerData;
const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections });
await server.start();
parentPort.postMessage({ ready: true, port });
parentPort.on('message', async (msg) => {
  if (msg === 'stop') {
    await server.stop();
    await db.close();
    parentPort.postMessage({ stopped: true });
  }
});
