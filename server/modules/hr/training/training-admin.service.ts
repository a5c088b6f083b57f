import type { DataSource } from 'typeorm';
import type { FieldError } from '../../../kernel/http/forms';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { softDelete } from '../../../kernel/trash/trash';
import { userInTenant } from '../../../kernel/tenancy';
import type { FormationInput, ThemeInput, TrainerInput } from './training.schema';
import { personName } from '../../../kernel/person-name';

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };
/** Outcome of a removal. */
export type RemoveResult = 'removed' | 'in_use' | 'not_found';

/** A theme as listed and edited. */
export interface ThemeRow { id: number; name: string; version: number; formations: number }
/** A formation as listed and edited. */
export interface FormationRow {
  id: number; name: string; themeId: number | null; themeName: string | null; validityMonths: number | null; alertDays: number | null;
  permanent: boolean; displayed: boolean; employerAuthorization: boolean; version: number; trainerIds: number[]; trainerNames: string[];
}
/** A trainer as listed and edited. */
export interface TrainerRow { id: number; name: string; company: string | null; email: string | null; phone: string | null; userId: number | null; userName: string | null; version: number }

async function trashRow(db: DataSource, table: 'formation_theme' | 'formation' | 'trainer', tenantId: number, id: number, userId: number | null, usedSql: string): Promise<RemoveResult> {
  return db.transaction(async (m) => {
    const [r] = await m.query(`SELECT x.name, ${usedSql} AS used FROM "${table}" x WHERE x.id = $1 AND x.tenant_id = $2 AND x.deleted_at IS NULL FOR UPDATE`, [id, tenantId]);
    if (!r) return 'not_found';
    if (r.used) return 'in_use';
    return (await softDelete(m, { table, id, tenantId, title: r.name, userId })) ? 'removed' : 'not_found';
  });
}

// ---------------------------------------------------------------- themes

/** The company's themes with their count of formations. */
export async function listThemes(db: Db, tenantId: number): Promise<ThemeRow[]> {
  const rows = await db.query(
    `SELECT t.id, t.name, t.version, (SELECT count(*)::int FROM formation f WHERE f.theme_id = t.id AND f.deleted_at IS NULL) AS formations
       FROM formation_theme t WHERE t.tenant_id = $1 AND t.deleted_at IS NULL ORDER BY lower(t.name), t.id`, [tenantId]);
  return rows.map((r: any) => ({ id: r.id, name: r.name, version: r.version, formations: r.formations }));
}

/** One theme of the company, or null. */
export async function findTheme(db: Db, tenantId: number, id: number): Promise<ThemeRow | null> {
  return (await listThemes(db, tenantId)).find((t) => t.id === id) ?? null;
}

/** Creates or renames a theme (optimistic lock). */
export async function saveTheme(db: Db, tenantId: number, id: number | null, input: ThemeInput): Promise<SaveResult> {
  const [taken] = await db.query('SELECT 1 FROM formation_theme WHERE tenant_id = $1 AND lower(name) = lower($2) AND deleted_at IS NULL AND id <> $3', [tenantId, input.name, id ?? 0]);
  if (taken) return { ok: false, errors: { name: 'hr-training.validation.name_taken' } };
  if (id === null) {
    const [row] = await db.query('INSERT INTO formation_theme (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, input.name]);
    return { ok: true, id: row.id };
  }
  const done = rowsOf(await db.query('UPDATE formation_theme SET name = $1, version = version + 1, updated_at = now() WHERE id = $2 AND tenant_id = $3 AND version = $4 AND deleted_at IS NULL RETURNING id',
    [input.name, id, tenantId, input.version]));
  return done.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Moves a theme to the trash unless a formation or a session uses it. */
export function removeTheme(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<RemoveResult> {
  return trashRow(db, 'formation_theme', tenantId, id, userId,
    `(EXISTS (SELECT 1 FROM formation f WHERE f.theme_id = x.id AND f.deleted_at IS NULL) OR EXISTS (SELECT 1 FROM training_session s WHERE s.theme_id = x.id AND s.deleted_at IS NULL))`);
}

// ---------------------------------------------------------------- formations

const FORMATION_SELECT = `SELECT f.id, f.name, f.theme_id, t.name AS theme_name, f.validity_months, f.alert_days, f.permanent, f.displayed,
    f.employer_authorization, f.version,
    coalesce(array_agg(tr.id ORDER BY lower(tr.name)) FILTER (WHERE tr.id IS NOT NULL), '{}') AS trainer_ids,
    coalesce(array_agg(tr.name ORDER BY lower(tr.name)) FILTER (WHERE tr.id IS NOT NULL), '{}') AS trainer_names
  FROM formation f
  LEFT JOIN formation_theme t ON t.id = f.theme_id
  LEFT JOIN formation_trainer ft ON ft.formation_id = f.id
  LEFT JOIN trainer tr ON tr.id = ft.trainer_id AND tr.deleted_at IS NULL`;
const toFormation = (r: any): FormationRow => ({
  id: r.id, name: r.name, themeId: r.theme_id, themeName: r.theme_name, validityMonths: r.validity_months, alertDays: r.alert_days,
  permanent: r.permanent, displayed: r.displayed, employerAuthorization: r.employer_authorization, version: r.version,
  trainerIds: r.trainer_ids.map(Number), trainerNames: r.trainer_names,
});

/** The company's formations (theme filter optional), by theme then name. */
export async function listFormations(db: Db, tenantId: number, opts: { themeId?: number | null; displayedOnly?: boolean } = {}): Promise<FormationRow[]> {
  const rows = await db.query(
    `${FORMATION_SELECT} WHERE f.tenant_id = $1 AND f.deleted_at IS NULL AND ($2::int IS NULL OR f.theme_id = $2) AND (NOT $3 OR f.displayed)
      GROUP BY f.id, t.name ORDER BY lower(coalesce(t.name, '')), lower(f.name), f.id`, [tenantId, opts.themeId ?? null, !!opts.displayedOnly]);
  return rows.map(toFormation);
}

/** One formation of the company (not in the trash), or null. */
export async function findFormation(db: Db, tenantId: number, id: number): Promise<FormationRow | null> {
  const [r] = await db.query(`${FORMATION_SELECT} WHERE f.id = $1 AND f.tenant_id = $2 AND f.deleted_at IS NULL GROUP BY f.id, t.name`, [id, tenantId]);
  return r ? toFormation(r) : null;
}

/** Creates or updates a formation and its trainers (theme and trainers must be the company's). */
export async function saveFormation(db: DataSource, tenantId: number, id: number | null, input: FormationInput): Promise<SaveResult> {
  if (input.theme !== null && !(await findTheme(db, tenantId, input.theme))) return { ok: false, errors: { theme: 'validation.choice' } };
  const trainers: number[] = input.trainers.length
    ? (await db.query('SELECT id FROM trainer WHERE tenant_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL', [tenantId, input.trainers])).map((r: any) => r.id)
    : [];
  if (trainers.length !== new Set(input.trainers).size) return { ok: false, errors: { trainers: 'validation.choice' } };
  return db.transaction(async (m) => {
    const values = [input.name, input.theme, input.validityMonths, input.alertDays, input.permanent, input.displayed, input.employerAuthorization];
    let formationId: number;
    if (id === null) {
      const [row] = await m.query(`INSERT INTO formation (name, theme_id, validity_months, alert_days, permanent, displayed, employer_authorization, tenant_id)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, [...values, tenantId]);
      formationId = row.id;
    } else {
      const done = rowsOf(await m.query(`UPDATE formation SET name = $1, theme_id = $2, validity_months = $3, alert_days = $4, permanent = $5, displayed = $6,
          employer_authorization = $7, version = version + 1, updated_at = now() WHERE id = $8 AND tenant_id = $9 AND version = $10 AND deleted_at IS NULL RETURNING id`,
        [...values, id, tenantId, input.version]));
      if (!done.length) return { ok: false, stale: true } as const;
      formationId = id;
      await m.query('DELETE FROM formation_trainer WHERE formation_id = $1', [id]);
    }
    if (trainers.length) await m.query('INSERT INTO formation_trainer (formation_id, trainer_id) SELECT $1, unnest($2::int[])', [formationId, trainers]);
    return { ok: true, id: formationId } as const;
  });
}

/** Moves a formation to the trash unless a session or an employee's record uses it. */
export function removeFormation(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<RemoveResult> {
  return trashRow(db, 'formation', tenantId, id, userId,
    `(EXISTS (SELECT 1 FROM training_session s WHERE s.formation_id = x.id AND s.deleted_at IS NULL) OR EXISTS (SELECT 1 FROM employee_formation ef WHERE ef.formation_id = x.id))`);
}

// ---------------------------------------------------------------- trainers

const TRAINER_SELECT = `SELECT tr.id, tr.name, tr.company, tr.email, tr.phone, tr.user_id, tr.version,
    nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS user_name
  FROM trainer tr LEFT JOIN app_user u ON u.id = tr.user_id`;
const toTrainer = (r: any): TrainerRow => ({ id: r.id, name: r.name, company: r.company, email: r.email, phone: r.phone, userId: r.user_id, userName: r.user_name, version: r.version });

/** The company's trainers by name. */
export async function listTrainers(db: Db, tenantId: number): Promise<TrainerRow[]> {
  return (await db.query(`${TRAINER_SELECT} WHERE tr.tenant_id = $1 AND tr.deleted_at IS NULL ORDER BY lower(tr.name), tr.id`, [tenantId])).map(toTrainer);
}

/** One trainer of the company, or null. */
export async function findTrainer(db: Db, tenantId: number, id: number): Promise<TrainerRow | null> {
  const [r] = await db.query(`${TRAINER_SELECT} WHERE tr.id = $1 AND tr.tenant_id = $2 AND tr.deleted_at IS NULL`, [id, tenantId]);
  return r ? toTrainer(r) : null;
}

/** The company's enabled users, for the trainer's optional account. */
export async function userOptions(db: Db, tenantId: number): Promise<Array<{ id: number; name: string }>> {
  const rows = await db.query(`SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u WHERE u.enabled AND ${userInTenant('u', '$1')} ORDER BY u.last_name, u.first_name, u.id`, [tenantId]);
  return rows.map((r: any) => ({ id: r.id, name: personName(r.first_name, r.last_name, r.username) }));
}

/** Creates or updates a trainer. */
export async function saveTrainer(db: Db, tenantId: number, id: number | null, input: TrainerInput): Promise<SaveResult> {
  if (input.user !== null && !(await userOptions(db, tenantId)).some((u) => u.id === input.user)) return { ok: false, errors: { user: 'validation.choice' } };
  const values = [input.name, input.company, input.email, input.phone, input.user];
  if (id === null) {
    const [row] = await db.query('INSERT INTO trainer (name, company, email, phone, user_id, tenant_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id', [...values, tenantId]);
    return { ok: true, id: row.id };
  }
  const done = rowsOf(await db.query(`UPDATE trainer SET name = $1, company = $2, email = $3, phone = $4, user_id = $5, version = version + 1, updated_at = now()
      WHERE id = $6 AND tenant_id = $7 AND version = $8 AND deleted_at IS NULL RETURNING id`, [...values, id, tenantId, input.version]));
  return done.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Moves a trainer to the trash unless a session names them. */
export function removeTrainer(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<RemoveResult> {
  return trashRow(db, 'trainer', tenantId, id, userId, `EXISTS (SELECT 1 FROM training_session s WHERE s.trainer_id = x.id AND s.deleted_at IS NULL)`);
}
