import type { DataSource } from 'typeorm';
import { generatePassword } from '../kernel/secrets';
import { createUser } from '../modules/identity/identity.service';
import { ensureSystemRoles, grantSystemRole } from '../modules/identity/roles';
import { MODULES } from '../modules';
import { installModules } from '../kernel/extension';

/** Name of the demo company. */
export const DEMO_COMPANY = 'Démo Industrie SAS';

/** A demo account and its generated password, printed once. */
export interface DemoAccount {
  username: string;
  password: string;
  roles: string[];
}

const PEOPLE = [
  { username: 'claire.martin', firstName: 'Claire', lastName: 'Martin', roles: ['hsqe', 'manager'] },
  { username: 'karim.benali', firstName: 'Karim', lastName: 'Benali', roles: ['order_giver', 'user'] },
  { username: 'sophie.lefebvre', firstName: 'Sophie', lastName: 'Lefebvre', roles: ['hr_manager', 'user'] },
  { username: 'julien.moreau', firstName: 'Julien', lastName: 'Moreau', roles: ['head_of_service', 'user'] },
];

/**
 * Fills a demo company with realistic French data for every module that exists. Skips
 * (returns []) when the demo people already exist.
 */
export async function seedDemo(db: DataSource): Promise<DemoAccount[]> {
  // Demo data goes through the modules' workflows: their listeners must be there (idempotent).
  installModules(MODULES);
  await ensureSystemRoles(db);
  const [exists] = await db.query('SELECT 1 FROM app_user WHERE username = $1', [PEOPLE[0].username]);
  if (exists) return [];
  const accounts: DemoAccount[] = [];
  let tenantId = 0;
  for (const p of PEOPLE) {
    const password = generatePassword();
    const created = await createUser(db, { ...p, password, email: `${p.username}@demo-industrie.fr`, company: DEMO_COMPANY });
    tenantId = created.tenantId;
    accounts.push({ username: p.username, password, roles: p.roles });
  }
  // A second company, so the company switcher has something to switch to; Claire holds there the
  // roles she holds in the first one (each company gives its own roles).
  const [second] = await db.query(`INSERT INTO tenant (name) VALUES ('Démo BTP Construction') ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`);
  const claire = PEOPLE[0];
  await db.query(`INSERT INTO user_tenant (user_id, tenant_id) SELECT u.id, $1 FROM app_user u WHERE u.username = $2 ON CONFLICT DO NOTHING`, [second.id, claire.username]);
  const [{ id: claireId }] = await db.query('SELECT id FROM app_user WHERE username = $1', [claire.username]);
  for (const code of claire.roles) await grantSystemRole(db, claireId, second.id, code);
  for (const m of MODULES) if (m.demo) await m.demo(db, tenantId);
  return accounts;
}
