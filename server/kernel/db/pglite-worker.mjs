// Runs PGlite (PostgreSQL in WASM) and its socket server off the main thread:
// in the main thread every query would stall the event loop for its whole length.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, port, maxConnections } = workerData;
const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections });
keepBatchesWhole(server.queryQueue);
await server.start();
parentPort.postMessage({ ready: true, port });
parentPort.on('message', async (msg) => {
  if (msg === 'stop') {
    await server.stop();
    await db.close();
    parentPort.postMessage({ stopped: true });
  }
});

// Extended-protocol messages that leave a batch open until the client's Sync: Parse, Bind,
// Describe, Execute, Close, Flush.
const IN_BATCH = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));

/**
 * pglite-socket serves every connection from one backend and runs their messages in arrival
 * order. It keeps a transaction's messages together, but not a Parse/Bind/Execute/Sync batch:
 * two connections sending parameterised queries at once got each other's unnamed statement
 * ("bind message supplies 1 parameters, but prepared statement requires 2"). This queue also
 * keeps a batch whole, so a second connection (a test seeding data, psql, the CLI) may work next
 * to the app's. Its other change: a failed message no longer leaves the queue stopped for good.
 */
function keepBatchesWhole(queue) {
  let batchOwner = null;
  // Connections that went away. One may still become the owner after it left (its BEGIN was running
  // when it disconnected): the others must not wait for it for ever, so its transaction is rolled back.
  const gone = new Set();
  queue.processQueue = async function processQueue() {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        if (this.lastHandlerId !== null && gone.has(this.lastHandlerId)) {
          if (this.db.isInTransaction()) await this.db.runExclusive(() => this.db.exec('ROLLBACK')).catch(() => undefined);
          this.lastHandlerId = null;
        }
        if (batchOwner !== null && gone.has(batchOwner)) batchOwner = null;
        for (const id of gone) if (!this.queue.some((q) => q.handlerId === id)) gone.delete(id);
        const owner = this.db.isInTransaction() && this.lastHandlerId ? this.lastHandlerId : batchOwner;
        let item;
        if (owner !== null) {
          const i = this.queue.findIndex((q) => q.handlerId === owner);
          // The owner's next message has not arrived yet: the others wait for it.
          if (i === -1) break;
          item = this.queue.splice(i, 1)[0];
        } else {
          item = this.queue.shift();
        }
        batchOwner = IN_BATCH.has(item.message[0]) ? item.handlerId : null;
        try {
          const bytes = await this.db.runExclusive(async () => {
            let n = 0;
            await this.db.execProtocolRawStream(item.message, { onRawData: (d) => { n += d.length; item.onData(d); } });
            return n;
          });
          this.lastHandlerId = item.handlerId;
          item.resolve(bytes);
        } catch (e) {
          batchOwner = null;
          item.reject(e);
        }
      }
    } finally {
      this.processing = false;
    }
  };
  // A connection that goes away mid-batch must not hold the others back.
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (id) => {
    clear(id);
    gone.add(id);
    if (batchOwner === id) batchOwner = null;
    void queue.processQueue();
  };
}
