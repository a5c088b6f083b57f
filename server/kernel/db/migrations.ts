import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { ROOT_DIR } from '../config';

/** Runs the pending migrations, each in its own transaction; returns their names. */
export async function runMigrations(ds: DataSource): Promise<string[]> {
  for (const migration of ds.migrations) {
    if (unlimited.has(migration)) continue;
    unlimited.add(migration);
    const up = migration.up.bind(migration);
    // An index built on a large table may run longer than a page's statement timeout
    // (DB_STATEMENT_TIMEOUT_MS): inside its own transaction, a migration has no limit.
    migration.up = async (runner) => {
      await runner.query('SET LOCAL statement_timeout = 0');
      return up(runner);
    };
  }
  const done = await ds.runMigrations({ transaction: 'each' });
  return done.map((m) => m.name);
}

const unlimited = new WeakSet<object>();

/** The SQL that would bring the schema in line with the entities (empty when in sync). */
export async function pendingSchemaChanges(ds: DataSource): Promise<{ up: string[]; down: string[] }> {
  const log = await ds.driver.createSchemaBuilder().log();
  return {
    up: log.upQueries.map((q) => q.query),
    down: log.downQueries.reverse().map((q) => q.query),
  };
}

/** Writes `migrations/<timestamp>-<Name>.ts` from the entity diff; returns its path, or null when in sync. */
export async function generateMigration(ds: DataSource, name: string, now = Date.now()): Promise<string | null> {
  const { up, down } = await pendingSchemaChanges(ds);
  if (up.length === 0) return null;
  const cls = `${name}${now}`;
  const q = (s: string) => '`' + s.replace(/`/g, '\\`') + '`';
  const body = `import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ${name} (generated, then read by hand). */
export class ${cls} implements MigrationInterface {
  name = '${cls}';

  async up(queryRunner: QueryRunner): Promise<void> {
${up.map((s) => `    await queryRunner.query(${q(s)});`).join('\n')}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${down.map((s) => `    await queryRunner.query(${q(s)});`).join('\n')}
  }
}
`;
  const file = path.join(ROOT_DIR, 'migrations', `${now}-${name}.ts`);
  fs.writeFileSync(file, body);
  return file;
}
