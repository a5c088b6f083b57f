import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import type { FieldError } from '../../kernel/http/forms';
import { recordHistory } from '../../kernel/history/history.service';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { isBlank, WORKFLOW_MESSAGES } from '../../kernel/workflow';
import type { StagedUpload } from '../../kernel/uploads';
import { findNomenclatureItem } from '../nomenclature/nomenclature.service';
import type { ActionLevel } from './action.entity';
import type { ActionSubject } from './action-plan.policy';
import { actionWorkflow, REQUIRED_FIELD_OF } from './action-plan.workflow';
import type { ActionFields } from './action-plan.schema';
import { enqueueActionMail, scheduleReminders } from './action-plan.mail';
import { checkScopeRefs, createAction, isAssignable, type ActionView } from './action-plan.service';
import { todayIso } from './action-view.helpers';
import { promoteFiles, saveFiles, type FileField, type PendingFiles } from './action-plan.uploads';

/** Column of each form field. */
const COLUMN_OF: Partial<Record<keyof ActionFields, string>> = {
  comments: 'comments', complement: 'complement', immediate: 'immediate', level: 'level', deadline: 'deadline', assignee: 'assignee_id',
  hierarchyItem: 'hierarchy_item_id', service: 'service_id', resolutionExplanation: 'resolution_explanation',
  efficiencySynthesis: 'efficiency_synthesis_id', closureDate: 'closure_date', abandonExplanation: 'abandon_explanation',
};
/** Subject property of each form field (what the workflow's `requires` reads). */
const PROPERTY_OF: Partial<Record<keyof ActionFields, keyof ActionView>> = {
  comments: 'comments', complement: 'complement', immediate: 'immediate', level: 'level', deadline: 'deadline', assignee: 'assigneeId',
  hierarchyItem: 'hierarchyItemId', service: 'serviceId', resolutionExplanation: 'resolutionExplanation',
  efficiencySynthesis: 'efficiencySynthesisId', closureDate: 'closureDate', abandonExplanation: 'abandonExplanation',
};

/** Outcome of {@link submitAction}. */
export type SubmitOutcome =
  | { kind: 'saved'; transition: string | null; followUpId: number | null }
  | { kind: 'invalid'; errors: Record<string, FieldError> }
  | { kind: 'refused'; status: 403 | 404 | 409; message: string }
  | { kind: 'stale' };

/** What the block form posted, already parsed for the fields the user may edit. */
export interface SubmitInput {
  data: Partial<ActionFields> & { version: number };
  /** Transition name; empty: just save. */
  workflow: string;
  files: Partial<Record<FileField, StagedUpload>>;
  /** Fields the user may edit now (files included). */
  editable: Set<string>;
}

class Rollback extends Error {
  constructor(readonly outcome: SubmitOutcome) { super('rollback'); }
}

/**
 * Saves the block form of an action and, when `workflow` names a transition, applies it in
 * the same transaction. The transition is checked on the values as they would be saved, so a
 * close without efficiency synthesis saves nothing ('Veuillez renseigner ce champ.' under the
 * field). A stale version saves nothing. Closing with "new action" creates the follow-up.
 */
export async function submitAction(db: DataSource, user: AuthUser, action: ActionView, input: SubmitInput): Promise<SubmitOutcome> {
  const { data, workflow } = input;
  const tenantId = user.tenantId;
  const errors: Record<string, FieldError> = {};
  const changes: Record<string, unknown> = {};
  const next: Record<string, unknown> = { ...action };
  if (workflow && !actionWorkflow.transitionNames.includes(workflow)) return { kind: 'refused', status: 404, message: WORKFLOW_MESSAGES.unknownTransition };
  // A transition from another state is refused as such, before any field is looked at.
  if (workflow && !actionWorkflow.describe(workflow).from.includes(action.status)) return { kind: 'refused', status: 409, message: WORKFLOW_MESSAGES.staleState };
  for (const [field, value] of Object.entries(data)) {
    const column = COLUMN_OF[field as keyof ActionFields];
    const property = PROPERTY_OF[field as keyof ActionFields];
    if (!column || !property || !input.editable.has(field)) continue;
    const stored = value === '' && field !== 'comments' ? null : value;
    changes[column] = stored;
    next[property] = stored;
  }
  const reassigning = workflow === 'reassign';
  if (workflow) {
    // Who may press it is checked first: a refused user learns nothing about the fields.
    // Reassigning is checked (and applied) on the current assignee: the rule "the assignee may
    // hand the action over" must see the one handing over, not the one receiving.
    const subject = reassigning ? { ...next, assigneeId: action.assigneeId } : next;
    const check = actionWorkflow.can(subject as unknown as ActionSubject, workflow, user);
    if (!check.ok && !check.field) return { kind: 'refused', status: check.status, message: check.reason };
    // Every missing field is reported at once, not only the first the engine stops at.
    for (const property of actionWorkflow.describe(workflow).requires) {
      if (isBlank((subject as Record<string, unknown>)[property])) errors[REQUIRED_FIELD_OF[property] ?? property] = 'validation.required';
    }
  }
  if (reassigning && next.assigneeId == null) errors.assignee = 'validation.required';
  const assigneeChanged = 'assignee_id' in changes && (changes.assignee_id ?? null) !== (action.assigneeId ?? null);
  if (assigneeChanged && changes.assignee_id !== null && !(await isAssignable(db, tenantId, Number(changes.assignee_id)))) errors.assignee = 'action-plan.validation.assignee';
  if (action.status !== 'DRAFT' && assigneeChanged && workflow !== 'reassign') errors.assignee = 'action-plan.validation.use_reassign';
  if (workflow === 'reassign' && !assigneeChanged && (action.assigneeId ?? null) !== null) errors.assignee = 'action-plan.validation.reassign_same';
  Object.assign(errors, await checkScopeRefs(db, tenantId, changes.hierarchy_item_id as number | null | undefined, changes.service_id as number | null | undefined));
  if (changes.efficiency_synthesis_id != null && changes.efficiency_synthesis_id !== action.efficiencySynthesisId
    && !(await findNomenclatureItem(db, tenantId, 'efficiency_synthesis', Number(changes.efficiency_synthesis_id)))) errors.efficiencySynthesis = 'validation.choice';
  if (typeof changes.closure_date === 'string' && changes.closure_date > todayIso()) errors.closureDate = 'action-plan.validation.closure_future';

  if (Object.keys(errors).length) return { kind: 'invalid', errors };

  const pending: PendingFiles = { saved: [] };
  try {
    const outcome = await db.transaction(async (m): Promise<SubmitOutcome> => {
      Object.assign(changes, await saveFiles(m, { tenantId, userId: user.id }, input.files, input.editable, pending));
      const newAssignee = reassigning ? changes.assignee_id as number : null;
      if (reassigning) delete changes.assignee_id;
      const now = clock.now();
      const cols = Object.keys(changes);
      const sets = [...cols.map((c, i) => `"${c}" = $${i + 5}`), '"version" = "version" + 1', '"updated_at" = $4'];
      const updated = await m.query(
        `UPDATE action SET ${sets.join(', ')} WHERE id = $1 AND tenant_id = $2 AND version = $3 AND deleted_at IS NULL RETURNING id`,
        [action.id, tenantId, data.version, now, ...cols.map((c) => changes[c])]);
      if (!(Array.isArray(updated[0]) ? updated[0] : updated).length) throw new Rollback({ kind: 'stale' });

      let followUpId: number | null = null;
      if (workflow) {
        const applied = await actionWorkflow.apply(m, { id: action.id, tenantId }, workflow, { user });
        if (!applied.result) {
          throw new Rollback('field' in applied && applied.field
            ? { kind: 'invalid', errors: { [REQUIRED_FIELD_OF[applied.field] ?? applied.field]: 'validation.required' } }
            : { kind: 'refused', status: applied.status === 200 ? 403 : applied.status, message: applied.reason });
        }
        if (reassigning && newAssignee) await handOver(m, user, action.id, newAssignee, (next.deadline as string | null) ?? null);
        if (workflow === 'close' && data.newAction && input.editable.has('newAction')) followUpId = await createFollowUp(m, user, action, next);
      } else if (PENDING_STATUSES_SENT.includes(action.status) && ('deadline' in changes || assigneeChanged)) {
        await scheduleReminders(m, { id: action.id, tenantId, status: action.status, deadline: (next.deadline as string | null) ?? null, assigneeId: (next.assigneeId as number | null) ?? null });
      }
      return { kind: 'saved', transition: workflow || null, followUpId };
    });
    await promoteFiles(pending);
    return outcome;
  } catch (err) {
    if (err instanceof Rollback) return err.outcome;
    throw err;
  }
}

const PENDING_STATUSES_SENT = ['WAITING', 'REASSIGNED', 'IN_PROGRESS'];

/** After the reassign transition: the new assignee takes the action, is mailed, and gets the reminders. */
async function handOver(m: EntityManager, user: AuthUser, actionId: number, assigneeId: number, deadline: string | null): Promise<void> {
  await m.query('UPDATE action SET assignee_id = $3 WHERE id = $1 AND tenant_id = $2', [actionId, user.tenantId, assigneeId]);
  if (assigneeId !== user.id) await enqueueActionMail(m, { tenantId: user.tenantId, actionId, kind: 'assigned', userId: assigneeId });
  await scheduleReminders(m, { id: actionId, tenantId: user.tenantId, status: 'REASSIGNED', deadline, assigneeId });
}

/** The follow-up of a closed action: same assignee, level, scope and source; a DRAFT of the closer. */
async function createFollowUp(m: EntityManager, user: AuthUser, parent: ActionView, next: Record<string, unknown>): Promise<number> {
  const id = await createAction(m, user.tenantId, user.id, {
    comments: String(next.comments ?? parent.comments),
    level: (next.level as ActionLevel) ?? (parent.level as ActionLevel),
    assigneeId: (next.assigneeId as number | null) ?? parent.assigneeId,
    sourceType: parent.sourceType,
    sourceId: parent.sourceId,
    hierarchyItemId: (next.hierarchyItemId as number | null) ?? parent.hierarchyItemId,
    serviceId: (next.serviceId as number | null) ?? parent.serviceId,
    parentActionId: parent.id,
    status: 'DRAFT',
  });
  await recordHistory(m, { tenantId: user.tenantId, subjectType: 'action', subjectId: parent.id, transition: 'follow_up', comment: `#${id}`, userId: user.id });
  return id;
}
