import type { DataSource, EntityManager } from 'typeorm';

/** A data source or a transaction's manager: both run `query`. */
export type Db = DataSource | EntityManager;

/**
 * The rows of a raw query's result. `UPDATE`/`DELETE ... RETURNING` answer `[rows, count]` through
 * TypeORM's postgres driver, `SELECT` and `INSERT` answer the rows.
 */
export function rowsOf<T = Record<string, any>>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/** Runs `work` in the caller's open transaction, or in a new one. */
export function inTransaction<T>(db: Db, work: (m: EntityManager) => Promise<T>): Promise<T> {
  const m = 'queryRunner' in db ? db : null;
  return m?.queryRunner?.isTransactionActive ? work(m) : db.transaction(work);
}

/**
 * Gives a company the defaults of a list once: the first read claims the mark `key` in `markTable`
 * (`tenant_id` plus `markColumn`, primary key on both) and runs `seed` in the same transaction.
 * Concurrent first reads wait on the mark's key; removed defaults never come back.
 */
export async function seedOnce(db: Db, mark: { table: string; column: string }, tenantId: number, key: string, seed: (m: EntityManager) => Promise<void>): Promise<void> {
  const [marked] = await db.query(`SELECT 1 FROM ${mark.table} WHERE tenant_id = $1 AND ${mark.column} = $2`, [tenantId, key]);
  if (marked) return;
  await inTransaction(db, async (m) => {
    const claimed = rowsOf(await m.query(
      `INSERT INTO ${mark.table} (tenant_id, ${mark.column}) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ${mark.column}`, [tenantId, key]));
    if (claimed.length) await seed(m);
  });
}
