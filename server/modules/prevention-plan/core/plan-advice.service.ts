import { z } from 'zod';
import type { DataSource, EntityManager } from 'typeorm';
import { recordHistory } from '../../../kernel/history/history.service';
import { requiredText } from '../../../kernel/http/fields';
import { ADVICE_KINDS } from './plan-advice.entity';
import { PLAN_HISTORY_SUBJECT } from './prevention-plan.service';

type Db = DataSource | EntityManager;

/** A notice or a comment on a plan (`plan_advice[...]`). */
export const adviceSchema = z.object({
  kind: z.enum(ADVICE_KINDS, { error: 'validation.selection' }),
  content: requiredText(10_000),
});
export type AdviceInput = z.infer<typeof adviceSchema>;

/** A row of the advice tab. */
export interface AdviceRow { id: number; kind: string; content: string; authorName: string | null; createdAt: Date }

/** The notices and comments of a plan, newest first. */
export async function listAdvice(db: Db, tenantId: number, planId: number): Promise<AdviceRow[]> {
  return db.query(
    `SELECT a.id, a.kind, a.content, a.created_at AS "createdAt",
            coalesce(NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) AS "authorName"
       FROM plan_advice a LEFT JOIN app_user u ON u.id = a.author_id
      WHERE a.tenant_id = $1 AND a.plan_id = $2 ORDER BY a.created_at DESC, a.id DESC`, [tenantId, planId]);
}

/** Posts an advice, with a history row. */
export async function addAdvice(db: DataSource, tenantId: number, planId: number, authorId: number, d: AdviceInput): Promise<number> {
  return db.transaction(async (m) => {
    const [row] = await m.query(
      'INSERT INTO plan_advice (tenant_id, plan_id, author_id, kind, content) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [tenantId, planId, authorId, d.kind, d.content]);
    await recordHistory(m, { tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: planId, userId: authorId, transition: `advice_${d.kind}` });
    return row.id;
  });
}
