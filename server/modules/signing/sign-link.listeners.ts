import { contribute, extensionPoint, type Contribution } from '../../kernel/extension';
import { defineJobHandler, jobHandlers } from '../../kernel/jobs';
import type { WorkflowListener } from '../../kernel/workflow';
import { defineSignLinkSubject, type SignLinkSubject } from './sign-link-subjects';
import { sendSignLinkMail } from './sign-link.mail';
import { queueSigningNotice, signingNoticeHandler } from './signing-notices';
import { queueDocumentSignLinks, revokeDocumentLinks, runSignLinkJob, SIGN_LINK_JOB, type SignLinkJob } from './sign-link.service';

/** The document types signable by e-mailed link, in installation order (the plan's first). */
export const signLinkTypes = extensionPoint<SignLinkSubject>('signing:sign_link_types', (def) => { defineSignLinkSubject(def); });

/** The one job handler of every type: sends a link's mail. */
export const signLinkHandler = defineJobHandler<SignLinkJob>(SIGN_LINK_JOB, async (payload, ctx) => {
  await runSignLinkJob(ctx.dataSource, payload, (doc, link) => sendSignLinkMail(ctx.dataSource, doc, link));
});

/** The one contribution of the jobs' handlers (links, notices), shared by every type (installed once). */
const SIGN_LINK_JOB_HANDLER = contribute(jobHandlers, signLinkHandler, signingNoticeHandler);

/** The workflow listeners of a type signable by link (see {@link signLinks}). */
function signLinkListeners(def: SignLinkSubject): WorkflowListener[] {
  const type = def.subject.type;
  const transitions = def.workflow.definition.transitions;
  const listeners: WorkflowListener[] = [];
  for (const transition of ['send_tiers', 'send_tiers_amend']) {
    if (!transitions[transition]) continue;
    listeners.push({ on: transition, run: async (event, manager) => {
      await queueDocumentSignLinks(manager, type, event.tenantId, event.subjectId, { userId: event.user.id > 0 ? event.user.id : null });
    } });
  }
  for (const transition of ['update', 'refuse']) {
    if (!transitions[transition]) continue;
    listeners.push({ on: transition, run: async (event, manager) => {
      await revokeDocumentLinks(manager, type, event.tenantId, event.subjectId);
    } });
  }
  // Into operation, however it got there (validation, site signature, signed file): each company
  // receives the signed document.
  for (const [transition, spec] of Object.entries(transitions)) {
    if (spec.to !== 'in_operation') continue;
    listeners.push({ on: transition, run: async (event, manager) => {
      await queueSigningNotice(manager, { type, tenantId: event.tenantId, documentId: event.subjectId, kind: 'in_operation' });
    } });
  }
  return listeners;
}

/**
 * Makes a document type signable by e-mailed link, for its module's `contributes`: the type, its
 * workflow listeners and the job's handler. Sent to the companies (first round or after an
 * amendment): their links leave through the job queue, committed with the transition. Back to
 * draft (`update`, `refuse`): the links of that send are void (a new send makes new ones). Into
 * operation: the companies are mailed the signed document (signing-notices.ts).
 */
export function signLinks(def: SignLinkSubject): Contribution[] {
  return [contribute(signLinkTypes, def), contribute(def.workflow.listeners, ...signLinkListeners(def)), SIGN_LINK_JOB_HANDLER];
}
