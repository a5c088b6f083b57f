import type { DataSource } from 'typeorm';
import type { AppConfig } from './config';
import { routeTableOf, useAppRoutes } from './http/urls';
import { startJobWorker } from './jobs';
import type { ModuleDef } from './module';
import { installModules } from './extension';
import { registerMaintenanceJob, scheduleMaintenance } from './maintenance.job';
import { closePdfBrowser } from './pdf';
import { createStorage, registerPurgeOrphansJob, schedulePurgeOrphans } from './storage';

/** Starts the background work of the process (job worker, storage reconciliation, housekeeping); returns how to stop it. */
export function startBackground(db: DataSource, config: AppConfig, modules: ModuleDef[] = []): () => Promise<void> {
  // Jobs build their mails' links from the app's route table, with or without an HTTP server.
  if (modules.length) useAppRoutes(routeTableOf(modules));
  // The modules' job handlers and the listeners their jobs' transitions fire (idempotent).
  installModules(modules);
  registerPurgeOrphansJob(createStorage(config));
  void schedulePurgeOrphans(db).catch((err) => console.error('[jobs] planification impossible', err));
  registerMaintenanceJob();
  void scheduleMaintenance(db).catch((err) => console.error('[jobs] planification impossible (maintenance)', err));
  for (const m of modules) {
    if (m.schedule) void m.schedule(db).catch((err) => console.error(`[jobs] planification impossible (${m.name})`, err));
  }
  const worker = startJobWorker(db, { intervalMs: 2000 });
  return async () => {
    await worker.stop();
    await closePdfBrowser();
  };
}
