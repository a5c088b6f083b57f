import type { DataSource, EntityManager } from 'typeorm';
import { rowsOf } from '../../../kernel/db/sql';
import { listHistory, type HistoryView } from '../../../kernel/history/history.service';
import { listAmendments, type AmendmentRow } from '../core/plan-amendment.service';
import { PLAN_HISTORY_SUBJECT } from '../core/plan-company.service';
import { planHistoryLabel } from '../core/plan-history-labels';
import { PLAN_STATES, planWorkflow } from '../core/prevention-plan.workflow';

/** A signature shown in a history row: signer, thumbnail (PNG data URL, null when unusable). */
export interface HistorySignature {
  name: string;
  image: string | null;
  /** `company`, `staff`, `internal`, `inspection`, or null for a signature kept only in the history row. */
  kind: string | null;
  superseded: boolean;
}

/** A row of the plan's history: a transition or action, with its signatures and, for 'amend', its amendment. */
export interface PlanHistoryEntry extends HistoryView {
  /** Unique within the list (history rows and signatures kept without history row). */
  key: string;
  signatures: HistorySignature[];
  amendment: { number: number; automatic: boolean } | null;
}

/** The plan's history with its amendments (for the "Avenants" section). */
export interface PlanHistory {
  entries: PlanHistoryEntry[];
  amendments: AmendmentRow[];
}

interface SignatureRow {
  id: number;
  kind: string;
  signerName: string;
  image: string;
  historyId: number | null;
  signedAt: Date;
  supersededAt: Date | null;
  userName: string;
}

/** Only images we drew ourselves are shown (the thumbnail is an `<img src>`). */
const IMAGE = /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/=]+$/;
const imageOf = (v: unknown): string | null => (typeof v === 'string' && IMAGE.test(v) ? v : null);
const STATES: readonly string[] = PLAN_STATES;

/** Labels of a row: the plan workflow's for its transitions and states, the registered ones for the parts' actions. */
function labelled(e: HistoryView): HistoryView {
  const ofWorkflow = e.workflow === planWorkflow.name && planWorkflow.transitionNames.includes(e.transition);
  const state = (s: string | null, fallback: string | null) => (s && STATES.includes(s) ? planWorkflow.placeLabel(s) : fallback);
  return {
    ...e,
    actionLabel: ofWorkflow ? planWorkflow.describe(e.transition).label : planHistoryLabel(e.transition),
    fromLabel: state(e.from, e.fromLabel),
    toLabel: state(e.to, e.toLabel),
  };
}

/** The signature kept in a workflow history row (`{ name, image }` of the signature form), if any. */
function ownSignature(signature: Record<string, unknown> | null): HistorySignature | null {
  if (!signature) return null;
  const image = imageOf(signature.image);
  const name = typeof signature.name === 'string' ? signature.name : typeof signature.signerName === 'string' ? signature.signerName : '';
  return image || name ? { name, image, kind: null, superseded: false } : null;
}

/**
 * The plan's history for the history tab and `pdp_history`, oldest first: every history row
 * (workflow transitions, the parts' actions, amendments with their number), with the signatures
 * given in it (plan_signature.history_id, else the row's own signature), and the signatures kept
 * without a history row (on-site signatures of companies and staff) as rows of their own.
 */
export async function planHistory(db: DataSource | EntityManager, tenantId: number, planId: number): Promise<PlanHistory> {
  const manager: EntityManager = 'queryRunner' in db ? (db as EntityManager) : (db as DataSource).manager;
  const rows = await listHistory(manager, tenantId, PLAN_HISTORY_SUBJECT, planId);
  const signatures = rowsOf<SignatureRow>(await manager.query(
    `SELECT s.id, s.kind, s.signer_name AS "signerName", s.image, s.history_id AS "historyId", s.signed_at AS "signedAt",
            s.superseded_at AS "supersededAt", COALESCE(NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), ''), u.username, '') AS "userName"
       FROM plan_signature s LEFT JOIN app_user u ON u.id = s.user_id
      WHERE s.tenant_id = $1 AND s.plan_id = $2 ORDER BY s.signed_at, s.id`, [tenantId, planId]));
  const amendments = await listAmendments(manager, tenantId, planId);

  const byHistory = new Map<number, HistorySignature[]>();
  const alone: SignatureRow[] = [];
  const historyIds = new Set(rows.map((r) => r.id));
  for (const s of signatures) {
    const view: HistorySignature = { name: s.signerName, image: imageOf(s.image), kind: s.kind, superseded: s.supersededAt != null };
    if (s.historyId != null && historyIds.has(Number(s.historyId))) {
      byHistory.set(Number(s.historyId), [...(byHistory.get(Number(s.historyId)) ?? []), view]);
    } else alone.push(s);
  }

  // An amendment and its 'amend' row are written in one transaction, in number order: the n-th
  // 'amend' row is the n-th amendment.
  let amendIndex = 0;
  const entries: PlanHistoryEntry[] = rows.map((r) => {
    const own = ownSignature(r.signature);
    const linked = byHistory.get(r.id) ?? (own ? [own] : []);
    const amendment = !r.workflow && r.transition === 'amend' ? amendments[amendIndex++] ?? null : null;
    return {
      ...labelled(r), key: `h${r.id}`, signatures: linked,
      amendment: amendment ? { number: amendment.number, automatic: amendment.automatic } : null,
    };
  });
  for (const s of alone) {
    entries.push({
      id: 0, key: `s${s.id}`, createdAt: new Date(s.signedAt), userId: null, userName: s.userName, workflow: null, transition: 'signature',
      actionLabel: 'plan-amendment.history.signature', from: null, to: null, fromLabel: null, toLabel: null, comment: null, signature: null,
      signatures: [{ name: s.signerName, image: imageOf(s.image), kind: s.kind, superseded: s.supersededAt != null }], amendment: null,
    });
  }
  // Stable: history rows of the same instant keep their order.
  entries.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  return { entries, amendments };
}
