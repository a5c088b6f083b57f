import type { EntityManager } from 'typeorm';
import { clock } from '../clock';
import { displayName } from '../rights/auth-user';
import { HistoryEntry } from './history-entry.entity';

/** What a history row records. */
export interface HistoryInput {
  tenantId: number;
  subjectType: string;
  subjectId: number;
  /** Workflow name; null or absent for an action outside a workflow. */
  workflow?: string | null;
  transition: string;
  from?: string | null;
  to?: string | null;
  comment?: string | null;
  signature?: Record<string, unknown> | null;
  userId: number | null;
  /** Defaults to `clock.now()`. */
  createdAt?: Date;
}

/** A history row ready for `views/partials/_history.ejs`. */
export interface HistoryView {
  id: number;
  createdAt: Date;
  userId: number | null;
  /** "Prénom Nom", the username, or '' when the user is gone. */
  userName: string;
  workflow: string | null;
  transition: string;
  /** Translation key of the action: `workflow.<wf>.transitions.<t>` or `history.actions.<t>`. */
  actionLabel: string;
  from: string | null;
  to: string | null;
  /** Translation keys of the states, null when there is no state. */
  fromLabel: string | null;
  toLabel: string | null;
  comment: string | null;
  signature: Record<string, unknown> | null;
}

/**
 * Writes one history row with `manager`, so it commits or rolls back with the step it
 * records. Returns the saved row.
 */
export async function recordHistory(manager: EntityManager, input: HistoryInput): Promise<HistoryEntry> {
  const repo = manager.getRepository(HistoryEntry);
  const entry = repo.create({
    tenantId: input.tenantId,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    workflow: input.workflow ?? null,
    transition: input.transition,
    fromState: input.from ?? null,
    toState: input.to ?? null,
    comment: input.comment ?? null,
    signature: input.signature ?? null,
    userId: input.userId,
    createdAt: input.createdAt ?? clock.now(),
  });
  return repo.save(entry);
}

function stateLabel(workflow: string | null, state: string | null): string | null {
  if (!state) return null;
  return workflow ? `workflow.${workflow}.places.${state}` : `history.states.${state}`;
}

/** The history of one record within a tenant, oldest first, with the users' names. */
export async function listHistory(manager: EntityManager, tenantId: number, subjectType: string, subjectId: number): Promise<HistoryView[]> {
  const rows = await manager.getRepository(HistoryEntry)
    .createQueryBuilder('h')
    .leftJoinAndSelect('h.user', 'u')
    .where('h.tenantId = :tenantId AND h.subjectType = :subjectType AND h.subjectId = :subjectId', { tenantId, subjectType, subjectId })
    .orderBy('h.createdAt', 'ASC')
    .addOrderBy('h.id', 'ASC')
    .getMany();
  return rows.map((h) => ({
    id: h.id,
    createdAt: h.createdAt,
    userId: h.userId,
    userName: h.user ? displayName(h.user) : '',
    workflow: h.workflow,
    transition: h.transition,
    actionLabel: h.workflow ? `workflow.${h.workflow}.transitions.${h.transition}` : `history.actions.${h.transition}`,
    from: h.fromState,
    to: h.toState,
    fromLabel: stateLabel(h.workflow, h.fromState),
    toLabel: stateLabel(h.workflow, h.toState),
    comment: h.comment,
    signature: h.signature,
  }));
}
