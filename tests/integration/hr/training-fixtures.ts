import type { TestApp } from '../../support/app';

/** Inserts an employee of the company straight in the table (the employee screens are another part's). */
export async function insertEmployee(t: TestApp, tenantId: number, lastName: string, opts: { firstName?: string; email?: string | null; userId?: number | null } = {}): Promise<number> {
  const [row] = await t.db.dataSource.query('INSERT INTO employee (tenant_id, last_name, first_name, email, user_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [tenantId, lastName, opts.firstName ?? 'Alex', opts.email === undefined ? `${lastName.toLowerCase()}@exemple.fr` : opts.email, opts.userId ?? null]);
  return row.id;
}

/** A theme, a formation of it (validity in months, null = permanent) and a trainer giving it, inserted directly. */
export async function insertFormation(t: TestApp, tenantId: number, opts: { theme?: string; name?: string; validityMonths?: number | null; alertDays?: number | null } = {}): Promise<{ themeId: number; formationId: number; trainerId: number }> {
  const db = t.db.dataSource;
  const [theme] = await db.query('INSERT INTO formation_theme (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, opts.theme ?? 'Sécurité']);
  const validity = opts.validityMonths === undefined ? 24 : opts.validityMonths;
  const [formation] = await db.query('INSERT INTO formation (tenant_id, name, theme_id, validity_months, permanent, alert_days) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [tenantId, opts.name ?? 'SST', theme.id, validity, validity === null, opts.alertDays ?? null]);
  const [trainer] = await db.query('INSERT INTO trainer (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, 'Julie Marchand']);
  await db.query('INSERT INTO formation_trainer (formation_id, trainer_id) VALUES ($1, $2)', [formation.id, trainer.id]);
  return { themeId: theme.id, formationId: formation.id, trainerId: trainer.id };
}

/** A session (Paris times given as ISO instants) with its employees, inserted directly; `present` marks them present without making records. */
export async function insertSession(t: TestApp, tenantId: number, f: { themeId: number; formationId: number; trainerId: number | null }, startIso: string, endIso: string, employees: number[] = [], opts: { hours?: number; present?: boolean } = {}): Promise<number> {
  const db = t.db.dataSource;
  const [s] = await db.query(`INSERT INTO training_session (tenant_id, theme_id, formation_id, trainer_id, start_at, end_at, location, hours)
    VALUES ($1, $2, $3, $4, $5, $6, 'Salle A', $7) RETURNING id`, [tenantId, f.themeId, f.formationId, f.trainerId, startIso, endIso, opts.hours ?? 7]);
  for (const e of employees) await db.query('INSERT INTO session_employee (tenant_id, session_id, employee_id, present) VALUES ($1, $2, $3, $4)', [tenantId, s.id, e, !!opts.present]);
  return s.id;
}
