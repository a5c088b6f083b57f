import type { DataSource } from 'typeorm';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { recordHistory } from '../../../kernel/history/history.service';
import { PLAN_HISTORY_SUBJECT } from './plan-company.service';
import { recordSignature } from './plan-signers.service';

/** History transition of a signature collected at the prior joint inspection. */
export const INSPECTION_SIGN_TRANSITION = 'inspection_sign';
/** Its label in the plan's history (contributed by the inspection part). */
export const INSPECTION_SIGN_HISTORY_LABELS: Record<string, string> = { [INSPECTION_SIGN_TRANSITION]: 'plan-inspection.history.inspection_sign' };

/** The signer key of a participant of the prior joint inspection. */
export const inspectionSignerKey = (participantId: number) => `inspection:${participantId}`;

/** A participant of the prior inspection, with the plan he belongs to. */
export interface InspectionParticipant { id: number; planId: number; kind: string; userId: number | null; name: string }

/** The participant `id` of the tenant, or null. */
export async function findParticipant(db: Db, tenantId: number, id: number): Promise<InspectionParticipant | null> {
  if (!Number.isSafeInteger(id)) return null;
  const [row] = rowsOf<InspectionParticipant>(await db.query(
    `SELECT x.id, x.plan_id AS "planId", x.kind, x.user_id AS "userId",
            coalesce(x.name, NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username, '') AS name
       FROM plan_inspection_participant x LEFT JOIN app_user u ON u.id = x.user_id
      WHERE x.id = $1 AND x.tenant_id = $2`, [id, tenantId]));
  return row ? { ...row, id: Number(row.id), planId: Number(row.planId), userId: row.userId == null ? null : Number(row.userId) } : null;
}

/** A collected inspection signature, as the tab shows it. */
export interface InspectionSignature { participantId: number; signerName: string; image: string; signedAt: Date }

/** The latest live inspection signature of each participant of the plan, by participant id. */
export async function inspectionSignatures(db: Db, tenantId: number, planId: number): Promise<Record<number, InspectionSignature>> {
  const rows = rowsOf<{ signerKey: string; signerName: string; image: string; signedAt: Date }>(await db.query(
    `SELECT DISTINCT ON (s.signer_key) s.signer_key AS "signerKey", s.signer_name AS "signerName", s.image, s.signed_at AS "signedAt"
       FROM plan_signature s
      WHERE s.plan_id = $1 AND s.tenant_id = $2 AND s.kind = 'inspection' AND s.superseded_at IS NULL
      ORDER BY s.signer_key, s.round DESC, s.signed_at DESC`, [planId, tenantId]));
  const out: Record<number, InspectionSignature> = {};
  for (const r of rows) {
    const id = Number(r.signerKey.split(':')[1]);
    out[id] = { participantId: id, signerName: r.signerName, image: r.image, signedAt: r.signedAt };
  }
  return out;
}

/**
 * Keeps the signature of a participant collected on site, once (a double submit keeps the first),
 * with a row in the plan's history for the first one.
 */
export async function signInspection(db: DataSource, input: {
  tenantId: number; participant: InspectionParticipant; userId: number; signerName: string; image: string; hasWatermark: boolean;
}): Promise<{ id: number; created: boolean }> {
  return db.transaction(async (m) => {
    // Concurrent submits of the same participant wait here, so only one writes the history row.
    await m.query('SELECT id FROM plan_inspection_participant WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [input.participant.id, input.tenantId]);
    const out = await recordSignature(m, {
      tenantId: input.tenantId, planId: input.participant.planId, kind: 'inspection', signerKey: inspectionSignerKey(input.participant.id),
      userId: input.userId || null, signerName: input.signerName, image: input.image, hasWatermark: input.hasWatermark, channel: 'site',
    });
    if (out.created) {
      const history = await recordHistory(m, {
        tenantId: input.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: input.participant.planId, transition: INSPECTION_SIGN_TRANSITION,
        comment: input.signerName, userId: input.userId || null,
      });
      await m.query('UPDATE plan_signature SET history_id = $2 WHERE id = $1', [out.id, history.id]);
    }
    return out;
  });
}
