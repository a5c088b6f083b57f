import type { Request, Response } from 'express';
import { clock } from '../../kernel/clock';
import { recordHistory } from '../../kernel/history/history.service';
import { csrfToken } from '../../kernel/http/csrf';
import { rowsOf } from '../../kernel/db/sql';
import { workflowReply, WORKFLOW_MESSAGES, type ApplyResult, type Workflow } from '../../kernel/workflow';
import { supersedeSignatures } from './signers.service';
import type { SigningSubject } from './signing-subject';
import type { SigningWorkflowSubject } from './signing-workflow';
import type { SigningDocumentRef } from './transition.handler';

/** States from which a signed document may be amended. */
export const AMENDABLE_STATES = ['waiting_internal', 'in_operation'];

/**
 * Amends a signed document in one transaction: the round goes up, the companies' and internal
 * signatures are superseded (kept for history), the document goes back to draft, and the
 * justification is the history row's comment. Returns false when the state does not allow it.
 */
export async function amendDocument(db: Request['ctx']['db'], s: SigningSubject, input: { tenantId: number; id: number; userId: number; reason: string }): Promise<boolean> {
  return db.transaction(async (m) => {
    const row = rowsOf<{ status: string; archived: boolean }>(await m.query(
      `SELECT status, archived FROM "${s.table}" WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE`, [input.id, input.tenantId]))[0];
    if (!row || row.archived || !AMENDABLE_STATES.includes(row.status)) return false;
    await m.query(`UPDATE "${s.table}" SET amendment_number = amendment_number + 1, status = 'draft', version = version + 1 WHERE id = $1 AND tenant_id = $2`, [input.id, input.tenantId]);
    await supersedeSignatures(m, s, input.tenantId, input.id, ['company', 'internal']);
    await recordHistory(m, {
      tenantId: input.tenantId, subjectType: s.type, subjectId: input.id, workflow: null, transition: 'amend',
      from: row.status, to: 'draft', comment: input.reason, userId: input.userId, createdAt: clock.now(),
    });
    return true;
  });
}

/** What a module gives to get its `<prefix>_amend` route. */
export interface AmendRouteOptions {
  workflow: Workflow<SigningWorkflowSubject>;
  subject: SigningSubject;
  resolve: (req: Request, id: string | number) => Promise<SigningDocumentRef>;
  /** May the user amend this document (the module's rule: right, or the people who always may)? */
  mayAmend: (req: Request, doc: SigningDocumentRef) => Promise<boolean>;
  /** Name of the transition route, for the buttons of the reply. */
  routeName: string;
}

/**
 * `POST /<document>/{id}/amend` with `comment` (the justification, required): answers like a
 * transition (`{state, buttons, result}`), so the page's workflow bar offers it as a button whose
 * comment is required; an empty justification is refused with the comment field flagged.
 */
export function amendHandler(o: AmendRouteOptions) {
  return async function amend(req: Request, res: Response): Promise<void> {
    const doc = await o.resolve(req, req.routeParams.id);
    const user = req.authUser!;
    const reason = typeof req.body?.comment === 'string' ? req.body.comment.trim().slice(0, 5000) : '';
    const subject = () => o.workflow.load(req.ctx.db, { id: doc.id, tenantId: doc.tenantId });
    const send = async (outcome: ApplyResult<SigningWorkflowSubject>) => workflowReply(res, {
      workflow: o.workflow, outcome, subject: await subject(), user, t: req.t, csrfToken: csrfToken(req),
      transitionUrl: (transition) => req.ctx.routes.path(o.routeName, { id: doc.id, transition }),
    });
    if (!(await o.mayAmend(req, doc))) return send({ result: false, reason: 'signing.refusal.amend_forbidden', status: 403 });
    if (!reason) return send({ result: false, reason: WORKFLOW_MESSAGES.required, status: 403, field: 'comment' });
    const done = await amendDocument(req.ctx.db, o.subject, { tenantId: doc.tenantId, id: doc.id, userId: user.id, reason });
    if (!done) return send({ result: false, reason: 'signing.refusal.amend_failed', status: 409 });
    const fresh = await subject();
    return send({ result: true, state: o.workflow.state(fresh!), subject: fresh!, historyId: 0 });
  };
}
