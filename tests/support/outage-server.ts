// The app as `npm start` builds it (openDatabase, createApp, a job worker), in a process of its
// own, so a test sees whether the process itself survives a database fault. It adds one job,
// `test.slow_transaction`, that holds a transaction open for a moment.
import { createApp } from '../../server/kernel/app';
import { loadConfig } from '../../server/kernel/config';
import { openDatabase } from '../../server/kernel/db/connect';
import { registerJobHandler, startJobWorker } from '../../server/kernel/jobs';
import { MODULES } from '../../server/modules';

/** Name of the job this server adds for the test. */
export const SLOW_JOB = 'test.slow_transaction';

async function main(): Promise<void> {
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), sessionSecret: 'outage-server' };
  // The embedded database's socket serves one backend: one pooled connection there (connect.ts).
  const db = await openDatabase(config, { poolSize: Number(process.env.OUTAGE_POOL_SIZE || 10), onPoolError: () => undefined });
  registerJobHandler(SLOW_JOB, async (_payload, ctx) => {
    await ctx.dataSource.transaction((m) => m.query('SELECT pg_sleep(0.05)'));
  });
  const { app } = createApp({ config, dataSource: db.dataSource, modules: MODULES });
  startJobWorker(db.dataSource, { intervalMs: 20, limit: 2, onError: () => undefined });
  const server = app.listen(config.port, '127.0.0.1', () => process.stdout.write(`ready ${config.port}\n`));
  process.on('SIGTERM', () => { server.close(); process.exit(0); });
}

void main();
