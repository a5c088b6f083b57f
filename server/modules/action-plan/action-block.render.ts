import type { Request, Response } from 'express';
import type { FieldError } from '../../kernel/http/forms';
import { renderView } from '../../kernel/http/render';
import { listHistory } from '../../kernel/history/history.service';
import { renderHistory } from '../../kernel/history/render-history';
import { findNomenclatureItem, listNomenclature } from '../nomenclature/nomenclature.service';
import { itemOptions } from '../hierarchy/hierarchy.service';
import { serviceOptions } from '../hierarchy/user-organisation.service';
import { describeSource } from './action-sources';
import { editableFields, mayComment, ownClosureRefusal } from './action-plan.policy';
import { actionWorkflow, REQUIRED_FIELD_OF } from './action-plan.workflow';
import { followUpsOf, formValues, listProgressComments, type ActionView } from './action-plan.service';
import { ACTION_FORM } from './action-plan.schema';
import { FILE_FIELDS } from './action-plan.uploads';
import { deadlineState, frDate, LEVEL_COLORS, STATUS_COLORS, todayIso } from './action-view.helpers';

/** A message shown at the top of the block after a submission. */
export interface BlockNotice { type: 'success' | 'warning' | 'danger'; message: string }

/** What a block is drawn with besides the stored action. */
export interface BlockOptions {
  index: number;
  /** What the user typed (shown instead of the stored values after a refusal). */
  values?: Record<string, unknown>;
  errors?: Record<string, FieldError>;
  notice?: BlockNotice | null;
  /** Typed progress comment and its error. */
  comment?: { value: string; error: FieldError | null };
  /** Drawn on the action's own page (no link to that page; the history inside the block). */
  onPage?: boolean;
}

/** How a step's section of the block shows. */
export type SectionMode =
  /** its fields, editable (the current step) */
  | 'open'
  /** hidden until its button is pressed (a way out of the current step: abandon, close early) */
  | 'reveal'
  /** the values written in an earlier step */
  | 'readonly'
  | 'none';

/** Fields of each step section (what decides whether a refused or typed section stays open). */
const SECTION_FIELDS = {
  resolution: ['resolutionExplanation'],
  closing: ['efficiencySynthesis', 'closureDate', 'closeFile', 'newAction'],
  abandon: ['abandonExplanation', 'abandonFile'],
} as const;
type Section = keyof typeof SECTION_FIELDS;

/**
 * Which step sections the block shows (issue 25): only the fields of the current step, and the
 * values earlier steps wrote. The resolution is written once taken into account; the closing
 * fields are the step of a processed action (from IN_PROGRESS, behind « Clôturer »); the
 * abandon reason only behind « Abandonner ». A section with an error or a typed value stays open.
 */
export function sectionModes(
  action: Pick<ActionView, 'status' | 'resolutionExplanation'>,
  editable: Set<string>,
  transitionNames: string[],
  typed: { values?: Record<string, unknown>; errors?: Record<string, unknown> } = {},
): Record<Section, SectionMode> {
  const has = (name: string) => transitionNames.includes(name);
  const closingEditable = SECTION_FIELDS.closing.some((f) => editable.has(f));
  const modes: Record<Section, SectionMode> = {
    resolution: editable.has('resolutionExplanation') ? 'open' : action.resolutionExplanation ? 'readonly' : 'none',
    closing: action.status === 'CLOSED' ? 'readonly'
      : closingEditable && action.status === 'PROCESSED' ? 'open'
        : closingEditable && has('close') ? 'reveal' : 'none',
    abandon: action.status === 'ABANDONED' ? 'readonly' : editable.has('abandonExplanation') && has('abandon') ? 'reveal' : 'none',
  };
  for (const section of Object.keys(SECTION_FIELDS) as Section[]) {
    if (modes[section] !== 'reveal') continue;
    const touched = SECTION_FIELDS[section].some((f) => typed.errors?.[f] || isFilled(typed.values?.[f]));
    if (touched) modes[section] = 'open';
  }
  return modes;
}

function isFilled(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(isFilled);
  return typeof v === 'string' ? v.trim() !== '' && v !== '0' : v !== undefined && v !== null && v !== false;
}

/** The history of an action, with the labels of this workflow. */
export async function historyHtml(req: Request, id: number): Promise<string> {
  const entries = (await listHistory(req.ctx.db.manager, req.authUser!.tenantId, 'action', id)).map((e) => ({
    ...e,
    actionLabel: e.workflow ? actionWorkflow.describe(e.transition).label : `action-plan.history.${e.transition}`,
    fromLabel: e.from ? actionWorkflow.placeLabel(e.from) : null,
    toLabel: e.to ? actionWorkflow.placeLabel(e.to) : null,
    comment: e.transition === 'follow_up' && e.comment ? req.t('action-plan.history.follow_up_comment', { id: e.comment.replace('#', '') }) : e.comment,
  }));
  return renderHistory({ entries, t: (k) => req.t(k) });
}

/** Reads the block position posted by the client (0 when missing or odd). */
export function blockIndex(raw: unknown): number {
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(n) && n >= 0 && n < 10_000 ? n : 0;
}

/**
 * HTML of the action block (views/action-plan/_block.ejs): the form with the fields of the
 * current step the user may edit (the others read-only), the transition buttons the workflow
 * offers, the progress comments, the source, parent and follow-up links, and on the action's
 * page its history (swapped with the block, so it follows every transition).
 */
export async function renderBlock(req: Request, res: Response, action: ActionView, opts: BlockOptions): Promise<string> {
  const user = req.authUser!;
  const db = req.ctx.db;
  const editable = editableFields(user, action);
  const transitions = actionWorkflow.transitions(action, user);
  // Fields a button needs: the client sets `required` on them for that button only.
  const requiredWhen: Record<string, string[]> = {};
  for (const tr of transitions) {
    for (const property of tr.requires) {
      const field = REQUIRED_FIELD_OF[property] ?? property;
      (requiredWhen[field] ??= []).push(tr.name);
    }
  }
  const efficiency = await listNomenclature(db, user.tenantId, 'efficiency_synthesis');
  if (action.efficiencySynthesisId && !efficiency.some((o) => o.id === action.efficiencySynthesisId)) {
    const retired = await findNomenclatureItem(db, user.tenantId, 'efficiency_synthesis', action.efficiencySynthesisId, { withRetired: true });
    if (retired) efficiency.push(retired);
  }
  const parent = action.parentActionId ? await db.query('SELECT id, status FROM action WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [action.parentActionId, user.tenantId]).then((r: any[]) => r[0] ?? null) : null;
  const today = todayIso();
  return renderView(res, 'action-plan/_block', {
    action,
    index: opts.index,
    onPage: !!opts.onPage,
    form: ACTION_FORM,
    values: { ...formValues(action), ...opts.values },
    errors: opts.errors ?? {},
    notice: opts.notice ?? null,
    comment: opts.comment ?? { value: '', error: null },
    editable,
    transitions,
    sections: sectionModes(action, editable, transitions.map((tr) => tr.name), { values: opts.values, errors: opts.errors }),
    // Read after the transition committed: the history shows the step just made.
    historyHtml: opts.onPage ? await historyHtml(req, action.id) : null,
    // Why the close button is missing for the user, when it is their own action (separation of duties).
    ownCloseNotice: actionWorkflow.describe('close').from.includes(action.status) ? ownClosureRefusal(user, action) : null,
    requiredWhen,
    canSave: editable.size > 0,
    efficiencyOptions: efficiency,
    efficiencyLabel: efficiency.find((o) => o.id === action.efficiencySynthesisId)?.label ?? '',
    itemOptions: editable.has('hierarchyItem') ? await itemOptions(db, user.tenantId) : [],
    serviceOptions: editable.has('service') ? await serviceOptions(db, user.tenantId) : [],
    progressComments: await listProgressComments(db, user.tenantId, action.id),
    mayComment: mayComment(user, action),
    source: await describeSource(db, user.tenantId, action.sourceType, action.sourceId, user.locale),
    parent,
    followUps: await followUpsOf(db, user.tenantId, action.id),
    fileFields: Object.keys(FILE_FIELDS),
    deadlineState: deadlineState(action.status, action.deadline, today),
    today: frDate(today),
    frDate,
    statusColors: STATUS_COLORS,
    levelColors: LEVEL_COLORS,
  });
}
