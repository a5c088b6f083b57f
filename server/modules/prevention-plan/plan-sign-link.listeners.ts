import { registerJobHandler } from '../../kernel/jobs';
import { sendSignLinkMail } from './plan-sign-link.mail';
import { queueSignLinks, revokePlanLinks, runSignLinkJob, SIGN_LINK_JOB, type SignLinkJob } from './plan-sign-link.service';
import { planWorkflow } from './prevention-plan.workflow';

// Sent to the companies (first round or after an amendment): their links leave through the job
// queue, committed with the transition.
for (const transition of ['send_tiers', 'send_tiers_amend']) {
  planWorkflow.on(transition, async (event, manager) => {
    await queueSignLinks(manager, event.tenantId, event.subjectId, { userId: event.user.id > 0 ? event.user.id : null });
  });
}

// Back to draft: the links of that send are void (a new send makes new ones).
for (const transition of ['update', 'refuse']) {
  planWorkflow.on(transition, async (event, manager) => {
    await revokePlanLinks(manager, event.tenantId, event.subjectId);
  });
}

registerJobHandler<SignLinkJob>(SIGN_LINK_JOB, async (payload, ctx) => {
  await runSignLinkJob(ctx.dataSource, payload, (plan, link) => sendSignLinkMail(ctx.dataSource, plan, link));
});
