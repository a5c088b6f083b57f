import type { DataSource } from 'typeorm';
import { GOAL_KINDS, QUARTERS } from './user-goal.entity';
import { cellName, type GoalsInput } from './user-goals.schema';
import { userInTenant } from '../../kernel/tenancy';

// Users of a company: its own and those given access to it (same rule as the users list).
const IN_TENANT = userInTenant();

/** A user of the company (id and name), or null when unknown or another company's. */
export async function findGoalUser(db: DataSource, tenantId: number, userId: number): Promise<{ id: number; name: string } | null> {
  const [u] = await db.query(`SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u WHERE u.id = $2 AND ${IN_TENANT}`, [tenantId, userId]);
  return u ? { id: u.id, name: `${u.first_name} ${u.last_name}`.trim() || u.username } : null;
}

/** The goals of a user for a year in the company, as form values (`t1_qhp`: '12', blank when none). */
export async function loadGoals(db: DataSource, tenantId: number, userId: number, year: number): Promise<Record<string, string>> {
  const rows: Array<{ quarter: number; kind: string; value: number }> = await db.query(
    'SELECT quarter, kind, value FROM user_goal WHERE tenant_id = $1 AND user_id = $2 AND year = $3',
    [tenantId, userId, year],
  );
  const values: Record<string, string> = {};
  for (const q of QUARTERS) for (const k of GOAL_KINDS) values[cellName(q, k)] = '';
  for (const r of rows) values[cellName(r.quarter, r.kind as (typeof GOAL_KINDS)[number])] = String(r.value);
  return values;
}

/** Years (ascending) in which the user has goals in the company. */
export async function goalYears(db: DataSource, tenantId: number, userId: number): Promise<number[]> {
  const rows = await db.query('SELECT DISTINCT year FROM user_goal WHERE tenant_id = $1 AND user_id = $2 ORDER BY year', [tenantId, userId]);
  return rows.map((r: { year: number }) => r.year);
}

/** Replaces the user's goals of `input.year` in the company by the filled cells, in one transaction. */
export async function saveGoals(db: DataSource, tenantId: number, userId: number, input: GoalsInput): Promise<void> {
  await db.transaction(async (m) => {
    await m.query('DELETE FROM user_goal WHERE tenant_id = $1 AND user_id = $2 AND year = $3', [tenantId, userId, input.year]);
    for (const q of QUARTERS) {
      for (const k of GOAL_KINDS) {
        const value = input[cellName(q, k)];
        if (value === null || value === undefined) continue;
        await m.query('INSERT INTO user_goal (tenant_id, user_id, year, quarter, kind, value) VALUES ($1, $2, $3, $4, $5, $6)', [tenantId, userId, input.year, q, k, value]);
      }
    }
  });
}
