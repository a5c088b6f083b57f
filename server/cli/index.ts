import { parseArgs } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { collectWorkflows } from '../kernel/workflow/collect-workflows';
import { renderWorkflowsMarkdown } from '../kernel/workflow/workflow-doc';
import { loadConfig, ROOT_DIR } from '../kernel/config';
import { openDatabase } from '../kernel/db/connect';
import { generateMigration, runMigrations } from '../kernel/db/migrations';
import { RouteTable } from '../kernel/http/route-table';
import { createUser } from '../modules/identity/identity.service';
import { ensureSystemRoles, isSystemRole } from '../modules/identity/roles';
import { MODULES } from '../modules';
import { seedDemo } from './demo-seed';
import { verifyHistory } from '../modules/risk-evaluation/history/history-check';

type Command = (args: string[]) => Promise<number>;

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const db = await openDatabase(loadConfig(), { poolSize: 2 });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const commands: Record<string, Command> = {
  /** Applies pending migrations. */
  async migrate() {
    const names = await withDb((db) => runMigrations(db.dataSource));
    console.log(names.length ? `Migrations appliquées :\n  ${names.join('\n  ')}` : 'Aucune migration en attente.');
    return 0;
  },
  /** Writes a migration from the entity diff (after applying the pending ones). */
  async 'migration:generate'(args) {
    const name = args[0];
    if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
      console.error('Usage : npm run migration:generate -- NomEnPascalCase (ex. CreatePreventionPlan)');
      return 2;
    }
    const file = await withDb(async (db) => { await runMigrations(db.dataSource); return generateMigration(db.dataSource, name); });
    console.log(file ? `Migration écrite : ${path.relative(ROOT_DIR, file)} (relisez-la et ajoutez-la au commit)` : 'Le schéma est à jour : aucune migration générée.');
    return 0;
  },
  /** Prints the route table like Symfony's debug:router. */
  async routes() {
    const table = new RouteTable();
    for (const m of MODULES) table.add(m.routes);
    const rows = table.publicTable().map((r) => [r.name, r.methods.join('|'), r.path, r.right]);
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), ['Nom', 'Méthode', 'Chemin', 'Droit'][i].length));
    const line = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i])).join('  ');
    console.log(line(['Nom', 'Méthode', 'Chemin', 'Droit']));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const r of rows) console.log(line(r));
    console.log(`\n${rows.length} routes`);
    return 0;
  },
  /** Creates an account: --username --password --email --role (repeatable) --company. */
  async 'user:create'(args) {
    const { values } = parseArgs({ args, options: {
      username: { type: 'string' }, password: { type: 'string' }, email: { type: 'string' },
      role: { type: 'string', multiple: true }, company: { type: 'string' },
      'first-name': { type: 'string' }, 'last-name': { type: 'string' }, locale: { type: 'string' },
    } });
    const missing = ['username', 'password', 'email', 'company'].filter((k) => !values[k as keyof typeof values]);
    if (missing.length) {
      console.error(`Options manquantes : ${missing.map((m) => `--${m}`).join(', ')}`);
      return 2;
    }
    const roles = values.role ?? ['user'];
    const unknown = roles.filter((r) => !isSystemRole(r));
    if (unknown.length) {
      console.error(`Rôle(s) inconnu(s) : ${unknown.join(', ')}`);
      return 2;
    }
    const created = await withDb(async (db) => {
      await runMigrations(db.dataSource);
      await ensureSystemRoles(db.dataSource);
      const [taken] = await db.dataSource.query('SELECT 1 FROM app_user WHERE lower(username) = lower($1) OR lower(email) = lower($2)', [values.username, values.email]);
      if (taken) return null;
      return createUser(db.dataSource, {
        username: values.username!, password: values.password!, email: values.email!, roles, company: values.company!,
        firstName: values['first-name'], lastName: values['last-name'], locale: values.locale,
      });
    });
    if (!created) {
      console.error('Ce nom d\'utilisateur ou cet e-mail est déjà utilisé.');
      return 1;
    }
    console.log(`Utilisateur « ${values.username} » créé (n° ${created.id}) dans la société « ${values.company} » avec les rôles : ${roles.join(', ')}.`);
    return 0;
  },
  /** Writes docs/workflows.md (Mermaid) from every `*.workflow.ts` definition. */
  async 'workflows:doc'() {
    const workflows = await collectWorkflows();
    let md = renderWorkflowsMarkdown(workflows);
    if (!workflows.length) {
      // Until the first business module lands, document the engine's test definition as the example.
      const { sampleWorkflow } = await import('../../tests/fixtures/sample-workflow');
      md = renderWorkflowsMarkdown([sampleWorkflow]).replace('# Workflows\n', '# Workflows\n\nAucun workflow métier pour l\'instant : l\'exemple ci-dessous est la définition d\'essai du moteur (`tests/fixtures/sample-workflow.ts`).\n');
    }
    fs.writeFileSync(path.join(ROOT_DIR, 'docs', 'workflows.md'), md);
    console.log(`docs/workflows.md écrit (${workflows.length} workflow(s) métier).`);
    return 0;
  },
  /**
   * Verifies the signed history of the unique risk document (issue 23 item 5): every stored PDF and
   * frozen data still match their SHA-256 and every version's hash chains to the previous one.
   * `--company <id>` checks one company. Exit code 1 when a problem is found.
   */
  async 'du:verify-history'(args) {
    const { values } = parseArgs({ args, options: { company: { type: 'string' } } });
    const tenantId = values.company ? Number(values.company) : undefined;
    if (tenantId !== undefined && !(Number.isInteger(tenantId) && tenantId > 0)) {
      console.error('Usage : npm run cli -- du:verify-history [--company <id>]');
      return 2;
    }
    const report = await withDb((db) => verifyHistory(db.dataSource, { tenantId }));
    for (const p of report.problems) console.error(p.message);
    console.log(report.problems.length
      ? `${report.problems.length} problème(s) dans l'historique signé du document unique (${report.versions} version(s) vérifiée(s)).`
      : `Historique signé du document unique intact : ${report.versions} version(s) vérifiée(s).`);
    return report.problems.length ? 1 : 0;
  },
  /** Fills the demo company (idempotent). */
  async 'demo:seed'() {
    const accounts = await withDb(async (db) => { await runMigrations(db.dataSource); return seedDemo(db.dataSource); });
    if (!accounts.length) console.log('Les données de démonstration sont déjà présentes.');
    else {
      console.log('Données de démonstration chargées. Comptes :');
      for (const a of accounts) console.log(`  ${a.username.padEnd(18)} ${a.password}   (${a.roles.join(', ')})`);
    }
    return 0;
  },
};

async function run(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(`Commandes : ${Object.keys(commands).join(', ')}`);
    process.exit(name ? 2 : 0);
  }
  process.exit(await command(args));
}

void run().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
