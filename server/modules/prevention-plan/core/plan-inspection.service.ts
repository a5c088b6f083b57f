import { z } from 'zod';
import type { DataSource, EntityManager } from 'typeorm';
import { optionalId, text } from '../../../kernel/http/fields';
import { userInTenant } from '../../../kernel/tenancy';
import { INSPECTION_PARTICIPANT_KINDS } from './plan-inspection.entity';

type Db = DataSource | EntityManager;

/**
 * A participant of the prior joint inspection (`plan_inspection_participant[...]`): for the
 * user company a user of the application, for an outside company or a subcontractor a name.
 */
export const participantSchema = z.object({
  kind: z.enum(INSPECTION_PARTICIPANT_KINDS, { error: 'validation.selection' }),
  userId: optionalId(),
  name: text(180),
}).superRefine((d, ctx) => {
  if (d.kind === 'user' && d.userId == null) ctx.addIssue({ code: 'custom', path: ['userId'], message: 'validation.required' });
  if (d.kind !== 'user' && !d.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.required' });
});
export type ParticipantInput = z.infer<typeof participantSchema>;

/** A row of the inspection tab. */
export interface ParticipantRow { id: number; kind: string; userId: number | null; name: string }

/** The prior inspection's participants: user company first, then outside companies, then subcontractors. */
export async function listParticipants(db: Db, tenantId: number, planId: number): Promise<ParticipantRow[]> {
  return db.query(
    `SELECT x.id, x.kind, x.user_id AS "userId",
            coalesce(x.name, NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) AS name
       FROM plan_inspection_participant x LEFT JOIN app_user u ON u.id = x.user_id
      WHERE x.tenant_id = $1 AND x.plan_id = $2 ORDER BY CASE x.kind WHEN 'user' THEN 0 WHEN 'outside' THEN 1 ELSE 2 END, x.id`, [tenantId, planId]);
}

/** Adds a participant; false when the user is not of the tenant. */
export async function addParticipant(db: Db, tenantId: number, planId: number, d: ParticipantInput): Promise<boolean> {
  if (d.kind === 'user') {
    const ok = await db.query(`SELECT 1 FROM app_user u WHERE u.id = $2 AND ${userInTenant('u', '$1')}`, [tenantId, d.userId]);
    if (!ok.length) return false;
  }
  await db.query(
    'INSERT INTO plan_inspection_participant (tenant_id, plan_id, kind, user_id, name) VALUES ($1, $2, $3, $4, $5)',
    [tenantId, planId, d.kind, d.kind === 'user' ? d.userId : null, d.kind === 'user' ? null : d.name]);
  return true;
}
