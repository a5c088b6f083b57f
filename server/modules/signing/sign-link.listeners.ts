import { registerJobHandler } from '../../kernel/jobs';
import { defineSignLinkSubject, type SignLinkSubject } from './sign-link-subjects';
import { sendSignLinkMail } from './sign-link.mail';
import { queueDocumentSignLinks, revokeDocumentLinks, runSignLinkJob, SIGN_LINK_JOB, type SignLinkJob } from './sign-link.service';

/**
 * Makes a document type signable by e-mailed link: registers it and listens to its workflow.
 * Sent to the companies (first round or after an amendment): their links leave through the job
 * queue, committed with the transition. Back to draft (`update`, `refuse`): the links of that
 * send are void (a new send makes new ones).
 */
export function registerSignLinks(def: SignLinkSubject): SignLinkSubject {
  const s = defineSignLinkSubject(def);
  const type = s.subject.type;
  for (const transition of ['send_tiers', 'send_tiers_amend']) {
    if (!s.workflow.definition.transitions[transition]) continue;
    s.workflow.on(transition, async (event, manager) => {
      await queueDocumentSignLinks(manager, type, event.tenantId, event.subjectId, { userId: event.user.id > 0 ? event.user.id : null });
    });
  }
  for (const transition of ['update', 'refuse']) {
    if (!s.workflow.definition.transitions[transition]) continue;
    s.workflow.on(transition, async (event, manager) => {
      await revokeDocumentLinks(manager, type, event.tenantId, event.subjectId);
    });
  }
  return s;
}

let handled = false;
/** The one job handler of every type (registered once, whatever registers first). */
export function registerSignLinkJob(): void {
  if (handled) return;
  handled = true;
  registerJobHandler<SignLinkJob>(SIGN_LINK_JOB, async (payload, ctx) => {
    await runSignLinkJob(ctx.dataSource, payload, (doc, link) => sendSignLinkMail(ctx.dataSource, doc, link));
  });
}
registerSignLinkJob();
