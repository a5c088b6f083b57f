import type { DataSource } from 'typeorm';
import { generatePassword } from '../kernel/secrets';
import { createUser } from '../modules/identity/identity.service';
import { ensureSystemRoles } from '../modules/identity/roles';
import { seedDemo, DEMO_COMPANY, type DemoAccount } from './demo-seed';

/** What the first start created, to print once. */
export interface FirstStart {
  admin: { username: string; password: string };
  demo: DemoAccount[];
}

/**
 * On an empty database: the first administrator with a generated password and, when asked,
 * the demo data. Returns null when users already exist. Not in the kernel: it creates the account
 * through the identity module and seeds every module's demo, so `main.ts` composes it.
 */
export async function firstStart(db: DataSource, opts: { withDemo: boolean }): Promise<FirstStart | null> {
  await ensureSystemRoles(db);
  const [{ count }] = await db.query('SELECT count(*)::int AS count FROM app_user');
  if (count > 0) return null;
  const password = generatePassword();
  await createUser(db, { username: 'admin', password, email: 'admin@vigie.local', roles: ['super_admin'], company: opts.withDemo ? DEMO_COMPANY : (process.env.VIGIE_COMPANY || 'Ma société'), firstName: 'Administrateur', lastName: 'Vigie' });
  const demo = opts.withDemo ? await seedDemo(db) : [];
  return { admin: { username: 'admin', password }, demo };
}
