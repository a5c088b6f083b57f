import type { Request, Response } from 'express';
import { clock } from '../../kernel/clock';
import { csrfToken } from '../../kernel/http/csrf';
import { renderView } from '../../kernel/http/render';
import { displayName } from '../../kernel/rights/auth-user';
import { renderActions, workflowReply, WORKFLOW_MESSAGES, type ApplyResult, type Workflow } from '../../kernel/workflow';
import { hasSignatureForm, parseSignatureForm, signatureFormLocals, SIGNATURE_FORM_VIEW, type SignatureFormErrors } from '../user-signature/signature-form';
import type { SigningWorkflowSubject } from './signing-workflow';

/** A document as the transition route sees it, once the module's access rule let the user see it. */
export interface SigningDocumentRef {
  id: number;
  tenantId: number;
  /** Its number and subject, for the signature form's intro. */
  number: string;
  title: string;
}

/** What a module gives to get its `<prefix>_apply_transition` route. */
export interface TransitionRouteOptions {
  workflow: Workflow<SigningWorkflowSubject>;
  /** The document for the request's user: throws the module's 404 / 403 (view is enough to try a transition). */
  resolve: (req: Request, id: string | number) => Promise<SigningDocumentRef>;
  /** Name of the transition route (`pdp_apply_transition`, `pds_apply_transition` ...). */
  routeName: string;
  /** Translation key prefix of the buttons (the signature form's title) and key of its intro ({number, subject}). */
  transitionLabels: string;
  introKey: string;
  /** Forgets what the module cached for the request once the state changed. */
  afterApply?: (req: Request) => void;
}

/** The workflow buttons `req`'s user may press on the document (views/partials/_actions.ejs). */
export async function signingButtons(req: Request, o: Pick<TransitionRouteOptions, 'workflow' | 'routeName'>, doc: { id: number; tenantId: number }): Promise<string> {
  const subject = await o.workflow.load(req.ctx.db, { id: doc.id, tenantId: doc.tenantId });
  if (!subject) return '';
  return renderActions({
    workflow: o.workflow, subject, user: req.authUser!, t: req.t, csrfToken: csrfToken(req),
    transitionUrl: (transition) => req.ctx.routes.path(o.routeName, { id: doc.id, transition }),
  });
}

/**
 * The handler of `POST /<document>/{id}/apply/{transition}`: applies a transition of the
 * document's signing workflow. JSON `{state, buttons, result}`; a signing transition first answers
 * `{result: false, signatureForm}`, and the form posted back here answers the same JSON, or the
 * form again with its errors (nothing kept).
 */
export function transitionHandler(o: TransitionRouteOptions) {
  const signatureForm = async (req: Request, res: Response, doc: SigningDocumentRef, transition: string, comment: string,
    state: { errors?: SignatureFormErrors; values?: { name?: string; useSaved?: boolean } } = {}): Promise<string> => {
    const locals = await signatureFormLocals(req, {
      action: req.ctx.routes.path(o.routeName, { id: doc.id, transition }),
      title: req.t(`${o.transitionLabels}.${transition}`),
      intro: req.t(o.introKey, { number: doc.number, subject: doc.title }),
      signerName: displayName(req.authUser!),
      nameEnabled: true,
      offerSaved: true,
      hidden: { comment },
      ...state,
    });
    return renderView(res, SIGNATURE_FORM_VIEW, locals);
  };

  return async function applyTransition(req: Request, res: Response): Promise<void> {
    const doc = await o.resolve(req, req.routeParams.id);
    const user = req.authUser!;
    const name = String(req.routeParams.transition ?? '');
    const ref = { id: doc.id, tenantId: doc.tenantId };
    const comment = typeof req.body?.comment === 'string' ? req.body.comment.slice(0, 5000) : '';
    const reply = async (outcome: ApplyResult<SigningWorkflowSubject>, form?: string) => {
      const subject = await o.workflow.load(req.ctx.db, ref);
      const fresh = outcome.result && subject ? { ...outcome, subject } : outcome;
      await workflowReply(res, {
        workflow: o.workflow, outcome: fresh, subject, user, t: req.t, csrfToken: csrfToken(req), signatureForm: form, transition: name,
        transitionUrl: (transition) => req.ctx.routes.path(o.routeName, { id: doc.id, transition }),
      });
    };
    if (!Object.prototype.hasOwnProperty.call(o.workflow.definition.transitions, name)) {
      res.status(404).json({ result: false, message: req.t(WORKFLOW_MESSAGES.unknownTransition) });
      return;
    }
    let signature: Record<string, unknown> | null = null;
    if (o.workflow.describe(name).signature && hasSignatureForm(req)) {
      const parsed = await parseSignatureForm(req, { nameEnabled: true, defaultName: displayName(user), watermark: false });
      if (!parsed.ok) {
        const form = await signatureForm(req, res, doc, name, comment, { errors: parsed.errors, values: parsed.values });
        await reply({ result: false, reason: WORKFLOW_MESSAGES.signatureRequired, status: 200, signatureRequired: true, subject: (await o.workflow.load(req.ctx.db, ref))! }, form);
        return;
      }
      signature = { ...parsed.signature, signedAt: clock.now().toISOString() };
    }
    const outcome = await o.workflow.apply(req.ctx.db, ref, name, { user, comment, signature });
    o.afterApply?.(req);
    const form = !outcome.result && 'signatureRequired' in outcome ? await signatureForm(req, res, doc, name, comment) : undefined;
    await reply(outcome, form);
  };
}
