import type { Request, Response } from 'express';
import { listHistory } from '../../kernel/history/history.service';
import { renderScreen } from '../../kernel/http/render';
import type { Workflow } from '../../kernel/workflow';
import type { SigningSubject } from './signing-subject';
import type { SigningWorkflowSubject } from './signing-workflow';
import type { SigningDocumentRef } from './transition.handler';

/** What a module gives to get its `<prefix>_history` route. */
export interface HistoryRouteOptions {
  workflow: Workflow<SigningWorkflowSubject>;
  subject: SigningSubject;
  resolve: (req: Request, id: string | number) => Promise<SigningDocumentRef>;
  /** Translation key of the title ({number}) and of rows outside the workflow (`<key>.<transition>`: amend ...). */
  titleKey: string;
  actionLabels: string;
}

/**
 * `GET /<document>/{id}/history`: the document's history (transitions with their comments and
 * signers, amendments) as an HTML fragment for a modal, labelled with the workflow's own keys.
 */
export function historyHandler(o: HistoryRouteOptions) {
  return async function history(req: Request, res: Response): Promise<void> {
    const doc = await o.resolve(req, req.routeParams.id);
    const rows = await listHistory(req.ctx.db.manager, doc.tenantId, o.subject.type, doc.id);
    const known = (t: string) => Object.prototype.hasOwnProperty.call(o.workflow.definition.transitions, t);
    const entries = rows.map((e) => ({
      ...e,
      actionLabel: known(e.transition) ? o.workflow.describe(e.transition).label : `${o.actionLabels}.${e.transition}`,
      fromLabel: e.from ? o.workflow.placeLabel(e.from) : null,
      toLabel: e.to ? o.workflow.placeLabel(e.to) : null,
      signerName: typeof e.signature?.name === 'string' ? e.signature.name : null,
      signatureImage: typeof e.signature?.image === 'string' ? e.signature.image : null,
    }));
    await renderScreen(req, res, 'signing/history', { title: req.t(o.titleKey, { number: doc.number }), entries });
  };
}
