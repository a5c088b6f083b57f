import type { DataSource } from 'typeorm';
import { userInTenant } from '../../../kernel/tenancy';

const CATEGORIES: Array<[string, string]> = [
  ['OUV', 'Ouvriers'], ['ETAM', 'Employés, techniciens et agents de maîtrise'], ['CAD', 'Cadres'], ['APP', 'Apprentis'], ['INT', 'Intérimaires'],
];

interface DemoEmployee {
  matricule: string; civility: 'mr' | 'mrs' | 'ms'; first: string; last: string; position: string; service: string; category: string;
  contract: string; entry: string; exit?: string; birth: string; birthPlace: string; qualification: string; coefficient: string; user?: string;
  mobile: string; rtt?: string; paidLeave?: string; booklet?: boolean; btpCard?: string;
}

const EMPLOYEES: DemoEmployee[] = [
  { matricule: 'S0001', civility: 'mrs', first: 'Claire', last: 'Martin', position: 'Responsable QHSE', service: 'QHSE', category: 'CAD', contract: 'cdi', entry: '2012-09-03', birth: '1981-04-17', birthPlace: 'Lyon', qualification: 'Ingénieure HSE', coefficient: '130', user: 'claire.martin', mobile: '06 71 23 45 10', rtt: '10', booklet: true },
  { matricule: 'S0002', civility: 'mrs', first: 'Sophie', last: 'Lefebvre', position: 'Technicienne de maintenance', service: 'Maintenance', category: 'ETAM', contract: 'cdi', entry: '2016-03-14', birth: '1990-11-02', birthPlace: 'Villeurbanne', qualification: 'BTS Maintenance des systèmes', coefficient: '400', user: 'sophie.lefebvre', mobile: '06 71 23 45 11', rtt: '8', booklet: true },
  { matricule: 'S0003', civility: 'mr', first: 'Julien', last: 'Moreau', position: 'Chef d\'équipe maintenance', service: 'Maintenance', category: 'ETAM', contract: 'cdi', entry: '2009-06-01', birth: '1978-02-25', birthPlace: 'Saint-Étienne', qualification: 'Électromécanicien', coefficient: '450', user: 'julien.moreau', mobile: '06 71 23 45 12', booklet: true, btpCard: 'BTP-69-004512' },
  { matricule: 'S0004', civility: 'mr', first: 'Karim', last: 'Benali', position: 'Cariste', service: 'Logistique', category: 'OUV', contract: 'cdi', entry: '2018-01-08', birth: '1992-07-30', birthPlace: 'Vénissieux', qualification: 'CACES R489 cat. 3 et 5', coefficient: '190', user: 'karim.benali', mobile: '06 71 23 45 13', booklet: true },
  { matricule: 'S0005', civility: 'mr', first: 'Thomas', last: 'Girard', position: 'Opérateur de production', service: 'Production', category: 'OUV', contract: 'cdi', entry: '2019-09-02', birth: '1995-05-12', birthPlace: 'Bron', qualification: 'CAP Conduite de systèmes industriels', coefficient: '170', mobile: '06 71 23 45 14', booklet: true },
  { matricule: 'S0006', civility: 'mrs', first: 'Nathalie', last: 'Roux', position: 'Conductrice de ligne', service: 'Production', category: 'OUV', contract: 'cdi', entry: '2011-04-18', birth: '1983-09-08', birthPlace: 'Givors', qualification: 'Bac pro Pilotage de lignes', coefficient: '215', mobile: '06 71 23 45 15', booklet: true },
  { matricule: 'S0007', civility: 'mr', first: 'Mehdi', last: 'Haddad', position: 'Électricien de maintenance', service: 'Maintenance', category: 'OUV', contract: 'cdd', entry: '2025-02-03', birth: '1997-12-19', birthPlace: 'Lyon', qualification: 'Habilitation électrique BR', coefficient: '210', mobile: '06 71 23 45 16' },
  { matricule: 'S0008', civility: 'ms', first: 'Léa', last: 'Fontaine', position: 'Apprentie technicienne QHSE', service: 'QHSE', category: 'APP', contract: 'apprentice', entry: '2025-09-01', birth: '2004-03-22', birthPlace: 'Villefranche-sur-Saône', qualification: 'Licence pro QHSE (en cours)', coefficient: '—', mobile: '06 71 23 45 17', booklet: true },
  { matricule: 'S0009', civility: 'mr', first: 'Antoine', last: 'Mercier', position: 'Responsable logistique', service: 'Logistique', category: 'CAD', contract: 'cdi', entry: '2014-10-06', birth: '1979-08-14', birthPlace: 'Grenoble', qualification: 'Master Supply chain', coefficient: '120', mobile: '06 71 23 45 18', rtt: '10', booklet: true },
  { matricule: 'S0010', civility: 'mrs', first: 'Isabelle', last: 'Chevalier', position: 'Préparatrice de commandes', service: 'Logistique', category: 'OUV', contract: 'cdi', entry: '2017-05-22', birth: '1988-01-05', birthPlace: 'Décines-Charpieu', qualification: 'CACES R489 cat. 1', coefficient: '175', mobile: '06 71 23 45 19', booklet: true },
  { matricule: 'S0011', civility: 'mr', first: 'Lucas', last: 'Bertrand', position: 'Opérateur de production', service: 'Production', category: 'INT', contract: 'interim', entry: '2026-06-01', birth: '2000-10-11', birthPlace: 'Meyzieu', qualification: 'Sans diplôme', coefficient: '160', mobile: '06 71 23 45 20', paidLeave: '0' },
  { matricule: 'S0012', civility: 'mr', first: 'Patrick', last: 'Lambert', position: 'Régleur', service: 'Production', category: 'ETAM', contract: 'cdi', entry: '1998-02-02', exit: '2025-12-31', birth: '1963-06-27', birthPlace: 'Lyon', qualification: 'Régleur CN', coefficient: '285', mobile: '06 71 23 45 21', booklet: true },
];

/**
 * The demo company's employees (about a dozen, across its services, each demo user linked to their
 * record so that they can ask for leave and show on the calendar) and activity categories.
 * Idempotent per company; a company seeded before the links gets them on the next run.
 */
export async function seedEmployeeDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM employee WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) {
    await linkDemoUsers(db, tenantId);
    return;
  }
  await db.transaction(async (m) => {
    const categories = new Map<string, number>();
    for (const [code, name] of CATEGORIES) {
      const [existing] = await m.query('SELECT id FROM activity_category WHERE tenant_id = $1 AND code = $2 AND deleted_at IS NULL', [tenantId, code]);
      const id = existing?.id ?? (await m.query('INSERT INTO activity_category (tenant_id, code, name) VALUES ($1, $2, $3) RETURNING id', [tenantId, code, name]))[0].id;
      categories.set(code, id);
    }
    const services: Array<{ id: number; name: string }> = await m.query('SELECT id, name FROM service WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId]);
    const users: Array<{ id: number; username: string }> = await m.query(
      `SELECT u.id, u.username FROM app_user u WHERE u.username = ANY($1::text[]) AND ${userInTenant('u', '$2')}
          AND NOT EXISTS (SELECT 1 FROM employee e WHERE e.user_id = u.id)`, [DEMO_USERS, tenantId]);
    for (const e of EMPLOYEES) {
      const email = `${e.first}.${e.last}`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z.]/g, '') + '@demo-industrie.fr';
      await m.query(
        `INSERT INTO employee (tenant_id, matricule, civility, first_name, last_name, email, mobile, position, service_id, activity_category_id, contract,
            entry_date, exit_date, birth_date, birth_place, nationality, qualification, coefficient, user_id, rtt, paid_leave_number, paid_leave_reset_date,
            welcome_booklet, btp_card, marital_status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'Française', $16, $17, $18, $19, $20, '2026-06-01', $21, $22, $23)`,
        [tenantId, e.matricule, e.civility, e.first, e.last, email, e.mobile, e.position, services.find((s) => s.name === e.service)?.id ?? null,
          categories.get(e.category), e.contract, e.entry, e.exit ?? null, e.birth, e.birthPlace, e.qualification, e.coefficient,
          users.find((u) => u.username === e.user)?.id ?? null, e.rtt ?? null, e.paidLeave ?? '25', e.booklet ?? false, e.btpCard ?? null,
          e.civility === 'mr' ? 'married' : 'single'],
      );
    }
  });
}

const DEMO_USERS = EMPLOYEES.flatMap((e) => (e.user ? [e.user] : []));

/**
 * Links the demo users to their employee record (by matricule) in a company whose employees were
 * seeded before those links existed: a record already linked and a user already linked stay as they are.
 */
async function linkDemoUsers(db: DataSource, tenantId: number): Promise<void> {
  for (const e of EMPLOYEES.filter((x) => x.user)) {
    await db.query(
      `UPDATE employee e SET user_id = u.id FROM app_user u
        WHERE e.tenant_id = $1 AND e.matricule = $2 AND e.user_id IS NULL AND e.deleted_at IS NULL AND u.username = $3 AND ${userInTenant('u', '$1')}
          AND NOT EXISTS (SELECT 1 FROM employee o WHERE o.user_id = u.id)`, [tenantId, e.matricule, e.user]);
  }
}
