// Before any other module: the compiled-code cache must be on when they load.
import './compile-cache';
import { createApp } from './kernel/app';
import { loadConfig, productionConfigErrors } from './kernel/config';
import { openDatabase } from './kernel/db/connect';
import { runMigrations } from './kernel/db/migrations';
import { firstStart } from './cli/first-start';
import { resolveSessionSecret } from './kernel/secrets';
import { createLogger } from './kernel/logger';
import { mailRecordDir } from './kernel/mail/outbox';
import { MODULES } from './modules';
import { startBackground } from './kernel/background';
import { gracefulShutdown } from './kernel/shutdown';
import { enableMetrics, startMetricsServer } from './kernel/metrics';

/** Starts Vigie: database (embedded or DATABASE_URL), migrations, first start, HTTP server, job worker. */
async function main(): Promise<void> {
  const missing = productionConfigErrors(process.env);
  if (missing.length) throw new Error(`configuration incomplète :\n  - ${missing.join('\n  - ')}`);
  const config = loadConfig();
  config.sessionSecret = resolveSessionSecret(config);
  const logger = createLogger({ ...config, logLevel: config.logLevel === 'silent' ? 'silent' : 'info' });
  const db = await openDatabase(config, { onPoolError: (err) => logger.warn({ err: err.message }, 'pool error') });
  // Several instances leave the migrations to one run before them (docs/deployment.md).
  if (process.env.MIGRATE_ON_START !== '0') {
    const applied = await runMigrations(db.dataSource);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
  }
  const created = await firstStart(db.dataSource, { withDemo: db.embedded || process.env.VIGIE_DEMO === '1' });
  const { app, ctx } = createApp({ config, dataSource: db.dataSource, modules: MODULES });
  const stopBackground = startBackground(db.dataSource, config, MODULES);
  if (config.metrics.port || config.metrics.token) await enableMetrics(db.dataSource);
  const metricsServer = config.metrics.port ? startMetricsServer(config.metrics.port) : null;
  const server = app.listen(config.port, () => {
    const lines = [`\nVigie est démarré : ${config.baseUrl}  (${db.embedded ? 'base embarquée var/pglite' : 'PostgreSQL DATABASE_URL'})`];
    const outbox = mailRecordDir(config);
    if (outbox) lines.push(`Les courriels ne partent pas : lisez-les sur ${config.baseUrl}/admin/outbox (super administrateur), fichiers dans ${outbox}.`);
    if (created) {
      lines.push('', 'Premier démarrage : compte administrateur créé.', `  Identifiant : ${created.admin.username}`, `  Mot de passe : ${created.admin.password}`);
      if (created.demo.length) {
        lines.push('', 'Comptes de démonstration (société « Démo Industrie SAS ») :');
        for (const a of created.demo) lines.push(`  ${a.username.padEnd(18)} ${a.password}   (${a.roles.join(', ')})`);
      }
      lines.push('', 'Notez ces mots de passe : ils ne seront plus affichés.');
    }
    console.log(lines.join('\n') + '\n');
  });
  let stopping = false;
  const shutdown = async () => {
    // A second signal while draining means « now ».
    if (stopping) process.exit(1);
    stopping = true;
    metricsServer?.close();
    await gracefulShutdown({
      server, ctx, stopBackground, closeDatabase: () => db.close(), timeoutMs: config.shutdownTimeoutMs,
      log: (message) => logger.info(message),
    }).catch((err) => logger.error({ err: String(err) }, 'arrêt incomplet'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err) => {
  console.error('Échec du démarrage :', err);
  process.exit(1);
});
