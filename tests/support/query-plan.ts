import type { DataSource, EntityManager } from 'typeorm';

/** A node of a PostgreSQL `EXPLAIN (FORMAT JSON)` plan. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** The condition an index scan looks up by; absent when it reads the whole index. */
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** One query a list function sent, with its plan. */
export interface PlannedQuery { sql: string; plan: PlanNode }

/** Every node of a plan, depth first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/**
 * Runs a list function on a connection that also EXPLAINs each query it sends, with sequential
 * scans and sorts disabled: what the planner still sorts or scans then, no index can spare it, on
 * a table of any size. Test data stays small; the plan is the one a large table would get.
 * Everything runs in a transaction rolled back at the end.
 */
export async function plansOf(ds: DataSource, list: (db: EntityManager) => Promise<unknown>): Promise<PlannedQuery[]> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  const planned: PlannedQuery[] = [];
  try {
    await runner.startTransaction();
    await runner.query('SET LOCAL enable_seqscan = off');
    await runner.query('SET LOCAL enable_sort = off');
    const recording = new Proxy(runner.manager, {
      get(target, prop, receiver) {
        if (prop !== 'query') return Reflect.get(target, prop, receiver);
        return async (sql: string, params?: unknown[]) => {
          const [row] = await runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
          const json = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
          planned.push({ sql, plan: json[0].Plan });
          return runner.query(sql, params);
        };
      },
    });
    await list(recording);
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
  return planned;
}
